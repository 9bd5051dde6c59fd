"""Composition root: settings, the table service, the Discord client and the offline table."""
