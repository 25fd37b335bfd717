"""Headless table services between the engine and the front ends (no Textual, no network)."""
