"""Reading a game's log as one seat reads it, for the tests of every ruleset: the log
panel's lines (the one renderer, logtext) and the replay's step lines."""

from __future__ import annotations

from collections.abc import Sequence

from pmtui.engine.game import Game
from pmtui.engine.views import redact, redact_decision
from pmtui.table.logtext import LogLine, card_namer, log_lines
from pmtui.table.replay import ReplayModel

NAMES = ("You", "CPU")


def log_of(game: Game, reader: int | None, names: Sequence[str] = NAMES) -> list[LogLine]:
    rs = game.ruleset
    return [line for _, line in log_lines(
        game.records[1:], event=lambda ev: redact(rs, ev, reader),
        decision=lambda rec: redact_decision(rec, reader), card_name=card_namer(rs.cards),
        names=names, said=rs.screen.event_line)]


def log_texts(game: Game, reader: int | None, names: Sequence[str] = NAMES) -> list[str]:
    return [line.text.strip() for line in log_of(game, reader, names)]


def step_lines(game: Game, reader: int | None, names: Sequence[str] = NAMES) -> list[str]:
    """Each record's line in the replay viewer (its step line), as `reader` reads it."""
    model = ReplayModel(game.header, game.records[1:], ruleset=game.ruleset)
    return [model.step_text(i, reader, names) for i in range(len(model))]
