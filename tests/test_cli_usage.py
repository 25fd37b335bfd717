"""Bad command lines get the command's own one-line error (issue 17 item 11)."""

from __future__ import annotations

import argparse

import pytest

from pmtui.cli import build_parser, main
from pmtui.table.registry import ruleset


def test_an_unknown_option_names_the_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert "usage: pmtui play" in err
    assert "pmtui play: error: unrecognized arguments: --bogus" in err


def test_simulate_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--level", "extreme"]) == 2
    assert "invalid choice: 'extreme'" in capsys.readouterr().err


def _parsers(parser: argparse.ArgumentParser, name: str = "pmtui"):
    """Every parser of the command line with its name (`pmtui deck validate`)."""
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                yield from _parsers(sub, f"{name} {sub_name}")


def test_every_argument_of_every_command_says_what_it_is() -> None:
    missing = []
    for name, parser in _parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [f"{name} {c.dest}" for c in action._choices_actions if not c.help]
            elif not action.help:
                missing.append(f"{name} {action.option_strings or action.dest}")
    assert missing == []


def test_deck_options_point_to_the_list_of_built_in_decks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("play", "simulate"):
        assert main([command, "--help"]) == 0
        assert "`pmtui deck list`" in " ".join(capsys.readouterr().out.split())
    assert main(["deck", "list"]) == 0
    out = capsys.readouterr().out
    for game in ("precious_memories", "pso", "sengoku_yugi"):
        rs = ruleset(game)
        assert f"{game} ({rs.name}):" in out
        for deck in rs.builtin_decks():
            assert f"  {deck} " in out


def test_deck_list_of_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "list", "--game", "pso"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pso (") and "precious_memories" not in out
    assert main(["deck", "list", "--game", "nope"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
