"""A tests-only toy ruleset (never shipped): it proves the ruleset contract carries a game
that is not Precious Memories. See docs/rulesets.md, "Worked example: the toy ruleset"."""
