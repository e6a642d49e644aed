"""Scheherazade: reading and checking its content pack (pydantic models; every problem as
file:line, what is wrong, how to fix it)."""
