"""The Discord front end: slash commands, buttons, forms and the scheduler, over the service."""
