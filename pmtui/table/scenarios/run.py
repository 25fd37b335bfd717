"""Playing a scenario: its actions in order, its expectations checked after each."""

from __future__ import annotations

from dataclasses import dataclass

from pmtui.engine.decision import IllegalAction
from pmtui.engine.fixed import FixError
from pmtui.engine.game import Game
from pmtui.engine.notation import Ambiguous, NoMatch, NotationError

from .expect import check_expect, place, why_not
from .load import Scenario, where


@dataclass
class Result:
    ok: bool
    failures: list[str]
    notes: list[str]
    applied: list[str]
    game: Game
    checked: int = 0


def new_game(sc: Scenario) -> Game:
    return Game(sc.rs, sc.header, hashing=False)


def result_text(game: Game) -> str:
    over = game.over or {}
    w = over.get("winner")
    who_ = "a draw" if w is None else f"P{w + 1} won"
    return f"{who_}: {over.get('reason', '')}".strip()


def run(sc: Scenario) -> Result:
    game = new_game(sc)
    failures: list[str] = []
    notes: list[str] = []
    applied: list[str] = []
    checked = 0

    def check(after: int) -> None:
        nonlocal checked
        for e in sc.expects:
            if e.after == after:
                checked += 1
                for problem in check_expect(sc, game, e):
                    failures.append(f"{where(sc.path, e.line)}: {problem}")

    check(0)
    for i, act in enumerate(sc.actions, start=1):
        at = where(sc.path, act.line)
        d = game.pending()
        if d is None:
            failures.append(f"{at}: {act.text}: the game is over ({result_text(game)})")
            break
        if act.player is not None and act.player != d.player:
            who_ = sc.seat_name(d.player).upper()
            failures.append(
                f"{at}: {sc.players[act.player]}: {act.text}: it is {who_}'s "
                f"decision ({d.kind}), not P{act.player + 1}'s"
            )
            break
        try:
            found = sc.rs.notation.resolve(d.texts, act.text, place(game.state))
        except (NoMatch, Ambiguous, NotationError) as exc:
            reason = str(exc) if isinstance(exc, Ambiguous) else why_not(sc, game, act.text, exc)
            failures.append(f"{at}: {act.text}: {reason}")
            break
        if found.note:
            notes.append(f"{at}: {found.note}")
        try:
            game.act(found.text, d.player)
        except FixError as exc:  # a fixed outcome that does not fit the draw it came to
            line = sc.fix_lines[exc.index] if exc.index < len(sc.fix_lines) else None
            failures.append(f"{where(sc.path, line)}: fix: {exc} (at {act.text!r})")
            break
        except IllegalAction as exc:  # pragma: no cover - resolve only returns offered texts
            failures.append(f"{at}: {act.text}: {exc}")
            break
        applied.append(found.text)
        check(i)
    return Result(not failures, failures, notes, applied, game, checked)
