"""What a player may take back, by mode, and taking it back.

An undo is `Game.undo(keep)`: an appended record after which the game is
exactly the state after its first `keep` effective decisions, randomness
included (the RNG counter is part of the state, so nothing is re-rolled and
a card drawn again is the same card). This module only decides which `keep`
values a player may ask for:

- local modes (against the computer, hot seat, sandbox, simulations): back to
  any earlier decision of that player's; decisions made after it, the
  computer's included, go with it;
- between two people over the network: only the player's own decisions since
  new information last reached them (a card drawn into their hand, a look, a
  reveal, any card coming out of a zone they cannot see, a card turned face
  up, a die roll or a coin flip), none past a decision of the opponent's, and
  only when the opponent accepts.

An unknown mode gets the network rule: the strict one is the safe guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pmtui.engine.decision import IllegalAction
from pmtui.engine.game import Game, Record
from pmtui.engine.replay import effective_decisions
from pmtui.engine.ruleset import Ruleset
from pmtui.engine.views import visible

LOCAL_MODES = frozenset({"computer", "hotseat", "sandbox", "simulate", "scenario"})

Consent = bool | Callable[[int, int], bool] | None


class UndoRefused(IllegalAction):
    """The undo is not allowed (one-line reason for the player)."""


def game_mode(game: Game, mode: str | None = None) -> str:
    return str(mode if mode is not None else game.header.get("mode", "computer"))


def is_local(mode: str) -> bool:
    return mode in LOCAL_MODES


def reveals_to(ruleset: Ruleset, event: dict[str, Any], player: int) -> bool:
    """Whether `event` shows `player` something they could not know before: a card they
    could not see, or a random outcome (taking it back would let them try again)."""
    t = event.get("t")
    if t == "roll":
        return True
    if "concealed" in event or "unveiled" in event:  # noted by the engine (face-down cards)
        return str(player) in event.get("unveiled", {})
    if t == "move":
        return not visible(ruleset, str(event.get("from", "")), player) and visible(
            ruleset, str(event.get("to", "")), player
        )
    if t == "look":
        return event.get("player") in (None, player)
    if t == "reveal":
        return event.get("to", player) in (None, player)
    if t == "create":
        return any(visible(ruleset, str(c[3]), player) for c in event.get("cards", ()))
    return False


def _events_of(records: Sequence[Record], index: int) -> list[dict[str, Any]]:
    """The events logged right after the decision record at `index`."""
    events = []
    for rec in records[index + 1 :]:
        kind = rec.get("type")
        if kind in ("decision", "undo"):
            break
        if kind == "event":
            events.append(rec["event"])
    return events


def undo_targets(game: Game, player: int | None, mode: str | None = None) -> list[int]:
    """The `keep` values `player` may undo to now, ascending (empty: nothing to undo).

    `keep = k` returns to the moment decision k (0-based, counting decisions
    still in effect) was asked, which is always one of `player`'s own.
    `player=None` (the sandbox's omniscient seat) may go back to any decision.
    """
    moves = game.moves
    mode = game_mode(game, mode)
    if is_local(mode):
        return [k for k, (p, _) in enumerate(moves) if player is None or p == player]
    if player is None:
        return []
    where = effective_decisions(game.records)
    targets: list[int] = []
    for k in range(len(moves) - 1, -1, -1):
        if moves[k][0] != player:
            break  # the opponent decided since: their decision is not ours to take back
        if any(reveals_to(game.ruleset, ev, player) for ev in _events_of(game.records, where[k])):
            break  # that decision showed us something: it stays
        targets.append(k)
    return targets[::-1]


def can_undo(game: Game, player: int | None, mode: str | None = None) -> bool:
    return bool(undo_targets(game, player, mode))


def undo(
    game: Game,
    player: int | None,
    mode: str | None,
    keep: int,
    consent: Consent = None,
) -> Record:
    """Undo to `keep` if the mode allows it; returns the appended undo record.

    Over the network the opponent must accept: `consent` is their answer
    (True/False) or a callable `(player, keep) -> bool` that asks them.
    Raises UndoRefused with a one-line reason otherwise. The record reaches the
    save through `game.on_records` before this returns.
    """
    mode = game_mode(game, mode)
    targets = undo_targets(game, player, mode)
    if keep not in targets:
        if not targets:
            raise UndoRefused("nothing you may take back now")
        if is_local(mode):
            raise UndoRefused(f"decision {keep} is not one of yours to go back to")
        raise UndoRefused(
            "you may only take back your own decisions since you last saw a hidden card"
        )
    if not is_local(mode):
        agreed = consent(player, keep) if callable(consent) else bool(consent)
        if not agreed:
            raise UndoRefused("the opponent did not accept the undo")
    game.undo(keep)
    return game.records[-1]


def undo_last(
    game: Game, player: int | None, mode: str | None = None, consent: Consent = None
) -> Record:
    """Take back `player`'s latest decision that may be taken back (the `u` key)."""
    targets = undo_targets(game, player, mode)
    if not targets:
        raise UndoRefused("nothing you may take back now")
    return undo(game, player, mode, targets[-1], consent)
