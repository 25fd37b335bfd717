"""Headless table services between the engine and the front ends (no Textual, no network):
the ruleset registry, the `Table` protocol the screens use and the local table
(session.py), saves and their verify path, undo, simulate, transcripts, the log
renderer, scenario files, the replay model and the sandbox model."""
