"""pmtui: a terminal table for trading card games, each game's rules in its own ruleset."""

__version__ = "0.1.0"
