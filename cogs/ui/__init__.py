"""What every game cog shares (components, the table hub, translation), kept apart from the cogs
themselves so that the bot can load every module of ``cogs/`` as an extension."""
