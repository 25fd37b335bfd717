"""Chance decisions: random outcomes that a scenario may fix and a search may branch on.

A ruleset asks for a random outcome by making its pending decision a chance
decision (`Decision(CHANCE, kind, options)`, one option per outcome, each with
a relative `weight`). The game resolves it at once with its own RNG unless the
header asks for chance decisions to be answered (`"chance": "ask"`); either
way the outcome is logged as a `roll` event before the ruleset applies it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from .context import Context
from .decision import CHANCE, Decision, Option
from .ruleset import Ruleset


def outcomes(decision: Decision) -> list[tuple[Option, float]]:
    """Each outcome with its probability (for a search that branches on all of them)."""
    total = sum(max(o.weight, 0) for o in decision.options)
    if total <= 0:
        raise ValueError(f"chance decision {decision.kind!r} has no possible outcome")
    return [(o, max(o.weight, 0) / total) for o in decision.options if o.weight > 0]


def sample(decision: Decision, r: random.Random) -> Option:
    """One outcome drawn by weight (integer arithmetic: the same on every platform)."""
    total = sum(max(o.weight, 0) for o in decision.options)
    if total <= 0:
        raise ValueError(f"chance decision {decision.kind!r} has no possible outcome")
    x = r.randrange(total)
    for o in decision.options:
        x -= max(o.weight, 0)
        if x < 0:
            return o
    raise AssertionError("unreachable: x < total")


def roll_text(ev: Mapping[str, object]) -> str:
    """A roll event in words for a log: "d6: 4", "2d6: 3 5", "coin: heads", "hit: roll 4"."""
    why = f" ({ev['why']})" if ev.get("why") and ev.get("why") != ev.get("chance") else ""
    if "outcome" in ev:
        fixed = ", fixed" if ev.get("fixed") else ""
        return f"{ev.get('chance', 'chance')}: {ev['outcome']}{why}{fixed}"
    if "pick" in ev:
        return f"random pick: {ev['pick']} of {ev.get('of', '?')}{why}, fixed"
    faces = ev.get("faces")
    shown = " ".join(str(f) for f in faces) if isinstance(faces, list) else "?"
    fixed = ", fixed" if ev.get("fixed") else ""
    if ev.get("coin"):
        return f"coin: {'heads' if faces == [1] else 'tails'}{why}{fixed}"
    n = len(faces) if isinstance(faces, list) else 1
    return f"{n if n > 1 else ''}d{ev.get('sides', '?')}: {shown}{why}{fixed}"


def resolve(
    ruleset: Ruleset, ctx: Context, decision: Decision, option: Option | None = None
) -> Option:
    """Log and apply a chance outcome: `option` when it is fixed, else drawn with the game's RNG."""
    if decision.player != CHANCE:
        raise ValueError(f"not a chance decision: {decision.kind!r} is player {decision.player}'s")
    ev: dict[str, object] = {"t": "roll", "chance": decision.kind}
    fixed = None if option is not None or ctx.fixed is None \
        else ctx.fixed.option(ctx.state, decision.texts, decision.kind)
    if fixed is not None:  # decided in advance (the header's "fix")
        option = decision.options[fixed[0]]
        ev |= {"outcome": option.text, "fixed": True, "fix": fixed[1]}
    elif option is None:
        r, n = ctx.rng()
        option = sample(decision, r)
        ev |= {"outcome": option.text, "rng": n}
    else:
        ev |= {"outcome": option.text, "fixed": True}
    ev["why"] = decision.prompt or decision.kind
    ctx.emit(ev)
    ruleset.apply(ctx, decision, option)
    return option
