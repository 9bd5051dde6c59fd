"""Persistence: numbered SQL migrations and the TableStore (SQLite through aiosqlite)."""
