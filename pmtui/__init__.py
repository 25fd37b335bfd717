"""pmtui: a terminal table for the Precious Memories trading card game."""

__version__ = "0.1.0"
