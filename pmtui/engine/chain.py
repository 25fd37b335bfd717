"""A response chain, for rulesets where a player may answer the other's play.

An entry (whatever the ruleset needs to resolve it later) is pushed; the other
player may respond, the right alternating; two passes in a row (or, when the
ruleset names one, a pass by the player with the last word right after the
other's) resolve the whole chain last in, first out. The chain lives in the
game variables ("chain", "resp"), so it is saved, replayed and undone like
everything else.

A window may be restricted to one kind of answer: its `mode` is a word the
ruleset names ("recall": only recalls may be played now). The mode is kept with
the right to answer, so a ruleset's options, the screen's window (its stop, what
alone may answer) and the table's passes all read it from the same place. In a
restricted window an answer may apply at once instead of waiting on the chain
(`answered`): the window stays open and the other player may answer next.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .context import Context


def push(ctx: Context, entry: dict[str, Any], player: int, why: str = "declared",
         mode: str | None = None) -> None:
    """Add an entry to the chain; the other player may respond first. `mode` restricts
    the window to one kind of answer; None keeps the open window's mode (an answer in
    a restricted window leaves it restricted), "" opens an unrestricted one."""
    chain = list(ctx.state.vars.get("chain", ())) + [dict(entry, by=player)]
    if mode is None:
        mode = window_mode(ctx.state.vars)
    ctx.emit({"t": "var", "set": {"chain": chain, "resp": _resp(1 - player, 0, mode)},
              "why": why})


def answered(ctx: Context, player: int, why: str = "answered") -> None:
    """`player` answered in the open window with something that applied at once (a
    restricted window's answers may): the window stays open, in its mode, and the
    other player may answer next; passes start counting again."""
    ctx.emit({"t": "var", "set": {"resp": _resp(1 - player, 0, window_mode(ctx.state.vars))},
              "why": why})


def holder(vars: Mapping[str, Any]) -> int:
    return int(vars["resp"]["prio"])


def window_mode(vars: Mapping[str, Any]) -> str:
    """The open window's mode: the one kind of answer it allows ("" : any, or no window)."""
    resp = vars.get("resp")
    return str(resp.get("mode") or "") if isinstance(resp, Mapping) else ""


def _resp(prio: int, passes: int, mode: str) -> dict[str, Any]:
    out: dict[str, Any] = {"prio": prio, "passes": passes}
    if mode:  # an unrestricted window's record stays as it always was (saves, digests)
        out["mode"] = mode
    return out


def pass_response(ctx: Context, last_word: int | None = None) -> list[dict[str, Any]] | None:
    """A pass. Returns the entries to resolve, last in first, and closes the chain;
    None while it stays open. Without `last_word` two passes in a row close it;
    with it, only a pass by `last_word` right after the other player's pass does
    (a game where one player always has the last word)."""
    resp = ctx.state.vars["resp"]
    passer = resp["prio"]
    closes = resp["passes"] >= 1 and (last_word is None or passer == last_word)
    if not closes:
        nxt = _resp(1 - passer, resp["passes"] + 1, window_mode(ctx.state.vars))
        ctx.emit({"t": "var", "set": {"resp": nxt}, "why": "pass"})
        return None
    entries = list(reversed(ctx.state.vars["chain"]))
    ctx.emit({"t": "var", "set": {"chain": None, "resp": None}, "why": "chain resolves"})
    return entries
