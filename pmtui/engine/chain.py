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

Some games resolve one link at a time: two passes resolve only the newest entry
(`pass_response(..., newest=True)`) and the ruleset opens the next window over the
entry below when it is ready (`open_window`). A window may also stand over no entry
at all (`open_window(..., bare=True)`: a step's start, a spell where only one kind of
answer may be given); closing it resolves nothing. Entries the rules put on the
chain without a window of their own (several triggers at once) are `stack`ed, and a
link nothing may answer is taken off with `take`.
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


def stack(ctx: Context, entries: list[dict[str, Any]], why: str = "waiting") -> None:
    """Add entries (each naming its player under "by") with no window: the last given
    is the newest. The ruleset opens a window over the newest when it is ready."""
    if entries:
        chain = [*(ctx.state.vars.get("chain") or ()), *entries]
        ctx.emit({"t": "var", "set": {"chain": chain}, "why": why})


def open_window(ctx: Context, player: int, why: str = "window", mode: str = "",
                bare: bool = False) -> None:
    """Open a window for `player` (the other answers next) over the chain as it stands:
    over its newest entry, or, `bare`, over no entry (closing it resolves nothing)."""
    ctx.emit({"t": "var", "set": {"resp": _resp(player, 0, mode, bare)}, "why": why})


def take(ctx: Context, why: str = "resolves") -> dict[str, Any]:
    """The newest entry, off the chain, with no window (a link nothing may answer)."""
    chain = list(ctx.state.vars["chain"])
    top = chain.pop()
    ctx.emit({"t": "var", "set": {"chain": chain or None, "resp": None}, "why": why})
    return top


def answered(ctx: Context, player: int, why: str = "answered") -> None:
    """`player` answered in the open window with something that applied at once (a
    restricted window's answers may): the window stays open, in its mode, and the
    other player may answer next; passes start counting again."""
    vars = ctx.state.vars
    ctx.emit({"t": "var", "set": {"resp": _resp(1 - player, 0, window_mode(vars),
                                                bare(vars))}, "why": why})


def holder(vars: Mapping[str, Any]) -> int:
    return int(vars["resp"]["prio"])


def window_mode(vars: Mapping[str, Any]) -> str:
    """The open window's mode: the one kind of answer it allows ("" : any, or no window)."""
    resp = vars.get("resp")
    return str(resp.get("mode") or "") if isinstance(resp, Mapping) else ""


def window(player: int, mode: str = "", bare: bool = False) -> dict[str, Any]:
    """The record of a window just opened for `player`, for a position written by hand
    (a ruleset's own positions); play opens windows with `push` and `open_window`."""
    return _resp(player, 0, mode, bare)


def bare(vars: Mapping[str, Any]) -> bool:
    """Whether the open window stands over no entry (`open_window(..., bare=True)`)."""
    resp = vars.get("resp")
    return isinstance(resp, Mapping) and bool(resp.get("bare"))


def _resp(prio: int, passes: int, mode: str, over_none: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"prio": prio, "passes": passes}
    if mode:  # an unrestricted window's record stays as it always was (saves, digests)
        out["mode"] = mode
    if over_none:
        out["bare"] = True
    return out


def pass_response(ctx: Context, last_word: int | None = None,
                  newest: bool = False) -> list[dict[str, Any]] | None:
    """A pass. Returns the entries to resolve, last in first, and closes the chain;
    None while it stays open. Without `last_word` two passes in a row close it;
    with it, only a pass by `last_word` right after the other player's pass does
    (a game where one player always has the last word). With `newest` only the
    newest entry resolves and the rest of the chain waits, with no window open. A
    bare window closes with [] and leaves the chain as it is."""
    vars = ctx.state.vars
    resp = vars["resp"]
    passer = resp["prio"]
    closes = resp["passes"] >= 1 and (last_word is None or passer == last_word)
    if not closes:
        nxt = _resp(1 - passer, resp["passes"] + 1, window_mode(vars), bare(vars))
        ctx.emit({"t": "var", "set": {"resp": nxt}, "why": "pass"})
        return None
    if bare(vars):
        ctx.emit({"t": "var", "set": {"resp": None}, "why": "window closes"})
        return []
    if newest:
        return [take(ctx, "the newest resolves")]
    entries = list(reversed(vars["chain"]))
    ctx.emit({"t": "var", "set": {"chain": None, "resp": None}, "why": "chain resolves"})
    return entries
