"""Pure game engines: stdlib and pydantic only (no discord, no database, no clock)."""
