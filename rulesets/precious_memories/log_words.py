"""The game log's own lines for an approach's judgement, an effect and what it changed
(the screen's `event_line`): in our words, the cards named as the reader knows them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pmtui.engine.screen import leaving, whose

from .effect_model import Effect, Step

Namer = Callable[[object], str]

# what an effect's step does, in words ({n}: its count; {to}: where to)
STEP_WORDS = {
    "draw": "draw {n}",
    "discard": "discard {n} from the hand",
    "search": "search the {zone} for {n}",
    "look": "look at the top {n} of the deck",
    "reveal": "show the top {n} of the deck",
    "shuffle": "shuffle the deck",
    "put_point": "{n} from the deck to the Point Zone",
    "move_area": "move to the {to} Area",
    "bounce": "return to the {to}",
    "trash": "discard from the Area",
    "rest": "rest",
    "activate": "make Active",
    "coin": "{n} coin",
    "remove_coin": "remove {n} coin",
    "summon": "a chara appears from the {zone}",
    "remove": "remove from play",
    "ex": "an EX card to the hand",
    "disable": "disable what it answers",
    "gain": "gain the discarded card's texts",
}
_SIDES = {"opponent": "the opponent: ", "both": "both players: "}
_DEFAULTS = {"n": 1, "zone": "deck", "to": "hand"}


def step_words(step: Step) -> str:
    """One step of an effect in words: "draw 2", "AP+20 until end of turn"."""
    if step.do == "modify":
        return _change(step.args.get("ap", 0), step.args.get("dp", 0),
                       "permanent" if step.args.get("duration") == "permanent" else "t")
    args = {**_DEFAULTS, **{k: str(v).replace("_", " ") for k, v in step.args.items()}}
    text = STEP_WORDS.get(step.do, step.do).format_map(args)
    return _SIDES.get(str(step.args.get("side", "")), "") + text


def effect_words(eff: Effect) -> str:
    return "; ".join(step_words(s) for s in eff.steps)


def _change(ap: object, dp: object, duration: object) -> str:
    parts = [f"{k}{int(v):+d}" for k, v in (("AP", ap), ("DP", dp))
             if isinstance(v, int) and v]
    until = "" if duration == "p" else " until end of turn"
    return ("/".join(parts) or "AP/DP +0") + until


def battle_line(ev: Mapping[str, Any], card: Namer, names: Sequence[str]) -> str:
    """ "Your Ren (AP 50, DP 60) against CPU's Umi (AP 30, DP 40): CPU's Umi leaves";
    with Reinforcement the AP is the approachers' together (p.23)."""
    by = int(ev.get("by", 0))
    mine, theirs = whose(names[by]), whose(names[1 - by])
    side = {u: mine for u in ev.get("a") or ()} | {ev.get("i"): theirs}
    att = " and ".join(card(u) for u in ev.get("a") or ())
    dps = ", ".join(str(d) for d in ev.get("dp") or ())
    together = " together" if len(ev.get("a") or ()) > 1 else ""
    out = [f"{side.get(u, 'a')} {card(u)}" for u in ev.get("out") or ()]
    return (f"{whose(names[by], start=True)} {att} (AP {ev.get('ap')}{together}, DP {dps}) "
            f"against {theirs} {card(ev.get('i'))} (AP {ev.get('iap')}, DP {ev.get('idp')}): "
            f"{leaving(out)}")


def effect_line(ev: Mapping[str, Any], effects: Mapping[str, Sequence[Effect]],
                card: Namer, names: Sequence[str]) -> str:
    """ "CPU's Ren Kuzunoha, effect 2 on your Umi: AP+20 until end of turn"."""
    by = int(ev.get("by", 0))
    text = f"{whose(names[by], start=True)} {card(ev.get('card'))}, effect {ev.get('eff')}"
    owners = dict(enumerate(ev.get("tgby") or ()))  # whose each target is
    targets = [f"{whose(names[owners[n]])} {card(u)}" if owners.get(n) in (0, 1) else card(u)
               for n, u in enumerate(ev.get("tg") or ())]
    if targets:
        text += f" on {', '.join(targets)}"
    effs, index = effects.get(str(ev.get("cid")), ()), ev.get("eff")
    if isinstance(index, int) and 0 < index <= len(effs):  # the id only for a card in view
        text += f": {effect_words(effs[index - 1])}"
    return text
