"""An offline, voice-driven companion for storytelling board games."""

__version__ = "0.1.0"
