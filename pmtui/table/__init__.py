"""Headless table services between the engine and the front ends (no Textual, no network):
the ruleset registry, the `Table` protocol the screens use, the log renderer,
scenario files and the sandbox model."""
