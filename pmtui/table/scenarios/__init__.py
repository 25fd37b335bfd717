"""Scenario files and `pmtui check`: set up a position, play actions, check expectations.

A scenario is TOML (docs/scenarios.md): the position (its tables belong to the
ruleset the file names), a list of actions in notation (docs/notation.md) and
`[[expect]]` tables. `load` turns a file into a `Scenario` (or raises
ScenarioError, one line naming the file and line), `run` plays it and checks
every expectation, `describe` and `position` show the result.
"""

from .describe import describe, position
from .expect import check_expect, place
from .load import Action, Expect, Scenario, ScenarioError, load, loads
from .run import Result, new_game, result_text, run

__all__ = [
    "Action", "Expect", "Result", "Scenario", "ScenarioError", "check_expect", "describe",
    "load", "loads", "new_game", "place", "position", "result_text", "run",
]
