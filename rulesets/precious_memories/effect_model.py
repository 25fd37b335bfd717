"""The data shape of card effects and keywords, checked when cards load.

A card's `effects` is a list of tables (see docs/cards.md). This module turns
each table into an `Effect` and says, in one line, what is wrong with a bad
one. It holds no rules: effects.py runs them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

PHASES = ("main", "approach", "decline")
SIDES = ("self", "opponent", "both")
TRIGGERS = (
    "on_summon",  # this card was summoned (or appeared) into the Area
    "on_approach",  # this chara was assigned to approach
    "on_interfere",  # this chara was assigned to interfere
    "on_eliminated",  # this chara was eliminated in a judgement
    "on_point",  # this card was placed in the Point Zone
    "turn_start",  # the owner's Turn Start, after draw and Active
    "turn_end",  # the owner's Turn End, before hand adjustment
)
TARGET_KEYS = {
    "side": ("own", "opponent", "any"),
    "zone": ("main", "support", "area", "hand", "discard"),
    "type": ("chara", "event", "support"),
    "state": ("active", "rest"),
}
CONDITIONS = ("points_min", "points_max", "hand_min", "hand_max", "charas_min", "opp_points_min")
COLOURS = ("red", "blue", "yellow", "green", "purple", "white")

# step name -> allowed parameters
STEPS: dict[str, tuple[str, ...]] = {
    "draw": ("n", "side"),
    "discard": ("n", "side", "mode"),  # mode: choose | random | all
    "search": ("zone", "n", "filter", "to"),  # look through a zone, take up to n
    "look": ("n",),  # look at the top n of your deck (then put back)
    "reveal": ("n", "side"),  # reveal the top n of a deck to both players
    "shuffle": ("side",),
    "put_point": ("n", "side", "break"),
    "move_area": ("to", "on"),
    "bounce": ("to", "on"),  # to: hand | deck_top | deck_bottom
    "trash": ("on",),  # discard a chara from the Area
    "rest": ("on",),
    "activate": ("on",),
    "modify": ("ap", "dp", "duration", "on"),
    "coin": ("kind", "n", "on"),  # kind: plus | inert
    "remove_coin": ("n", "on"),
    "summon": ("zone", "filter", "rest", "purple"),  # appear in Area from a zone
    "remove": ("on",),  # remove from play
    "ex": ("filter",),  # take an EX card from the EX deck to hand
    "disable": (),  # disable the play or effect this one answers
    "gain": (),  # Cardcaptor: gain the discarded card's effects until end of turn
}
ON = ("target", "self")
# a step's `side`: whose deck, hand or Point Zone; "both" acts on the two at once
SIDES_ONE = ("self", "opponent")
SIDES_BOTH = (*SIDES_ONE, "both")
BOTH_SIDES = ("put_point",)  # steps that may act on both players at the same time (p.07)


class EffectError(ValueError):
    """(field, problem) of a malformed effect."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Step:
    do: str
    args: Mapping[str, Any]
    cond: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Effect:
    index: int  # 1-based, as in notation: "use STA-001@4 1"
    timing: str  # "main/self", "approach+decline/both", "on_summon", "permanent", "backup"
    phases: tuple[str, ...] = ()
    side: str = ""
    backup: str = ""  # for backup: the window timing in which it may be used, "approach/opponent"
    cost: int = 0
    colour: str = "white"
    rest: bool = False
    discard_name: str = ""
    requires: Mapping[str, Any] = field(default_factory=dict)
    target: Mapping[str, Any] | None = None
    steps: tuple[Step, ...] = ()
    every: bool = False  # triggers: every time, not once per turn
    level: int = 1  # active from this level up
    adversity: bool = False  # active only while Adversity is met
    once_per_player: bool = False  # Cardcaptor: once per turn per player

    @property
    def trigger(self) -> bool:
        return self.timing in TRIGGERS

    @property
    def permanent(self) -> bool:
        return self.timing == "permanent"

    @property
    def movement(self) -> bool:
        return bool(self.phases)


def parse_timing(text: str) -> tuple[tuple[str, ...], str]:
    phases, _, side = text.partition("/")
    ph = tuple(phases.split("+"))
    if not ph or any(p not in PHASES for p in ph) or side not in SIDES:
        raise EffectError("timing", f"{text!r} is not <phase>/<side> (e.g. main/self)")
    return ph, side


def _int(raw: Mapping[str, Any], key: str, where: str, lo: int = 0, default: int = 0) -> int:
    v = raw.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise EffectError(f"{where}{key}", f"must be an integer >= {lo}")
    return v


def check_filter(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise EffectError(where, "must be a table")
    for k, v in raw.items():
        if k in TARGET_KEYS:
            if v not in TARGET_KEYS[k]:
                raise EffectError(f"{where}.{k}", f"must be one of {', '.join(TARGET_KEYS[k])}")
        elif k in ("cost_max", "count"):
            _int(raw, k, f"{where}.", lo=0 if k == "cost_max" else 1)
        elif k == "properties":
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise EffectError(f"{where}.{k}", "must be a list of strings")
        elif k in ("name", "series", "property", "colour"):
            if not isinstance(v, str) or not v:
                raise EffectError(f"{where}.{k}", "must be a non-empty string")
        elif k in ("ex", "other"):
            if not isinstance(v, bool):
                raise EffectError(f"{where}.{k}", "must be true or false")
        else:
            raise EffectError(f"{where}.{k}", "unknown filter field")
    return dict(raw)


def _conditions(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise EffectError(where, "must be a table")
    out: dict[str, Any] = {}
    for k, v in raw.items():
        if k == "charas_with":
            if not isinstance(v, str):
                raise EffectError(f"{where}.{k}", "must be a property name")
            out[k] = v
        elif k in CONDITIONS:
            out[k] = _int(raw, k, f"{where}.")
        else:
            raise EffectError(f"{where}.{k}", f"unknown condition (use {', '.join(CONDITIONS)})")
    return out


def parse_step(raw: Any, i: int) -> Step:
    where = f"steps[{i}]"
    if not isinstance(raw, dict) or "do" not in raw:
        raise EffectError(where, "must be a table with 'do'")
    do = raw["do"]
    if do not in STEPS:
        raise EffectError(f"{where}.do", f"unknown step {do!r}")
    args = {k: v for k, v in raw.items() if k not in ("do", "if")}
    for k, v in args.items():
        if k not in STEPS[do]:
            raise EffectError(f"{where}.{k}", f"not a parameter of {do}")
        if k in ("n", "ap", "dp") and (isinstance(v, bool) or not isinstance(v, int)):
            raise EffectError(f"{where}.{k}", "must be an integer")
        if k == "on" and v not in ON:
            raise EffectError(f"{where}.on", "must be 'target' or 'self'")
        if k == "side":
            sides = SIDES_BOTH if do in BOTH_SIDES else SIDES_ONE
            if v not in sides:
                raise EffectError(f"{where}.side", f"must be one of {', '.join(sides)}")
        if k == "filter":
            check_filter(v, f"{where}.filter")
    cond = _conditions(raw["if"], f"{where}.if") if "if" in raw else {}
    return Step(do, args, cond)


def parse_effect(raw: Any, index: int) -> Effect:
    if not isinstance(raw, dict):
        raise EffectError("effects", "each effect must be a table")
    known = {
        "timing",
        "cost",
        "colour",
        "rest",
        "discard_name",
        "requires",
        "target",
        "steps",
        "every",
        "level",
        "adversity",
        "backup",
        "once_per_player",
    }
    for k in raw:
        if k not in known:
            raise EffectError(k, "unknown effect field")
    timing = raw.get("timing")
    if not isinstance(timing, str):
        raise EffectError("timing", "missing or not a string")
    phases: tuple[str, ...] = ()
    side = ""
    backup = ""
    if timing == "backup":
        b = raw.get("backup")
        if not isinstance(b, str):
            raise EffectError(
                "backup", "a backup effect names its window, e.g. 'approach/opponent'"
            )
        parse_timing(b)
        backup = b
    elif timing not in TRIGGERS and timing != "permanent":
        phases, side = parse_timing(timing)
    colour = raw.get("colour", "white")
    if colour not in COLOURS:
        raise EffectError("colour", f"must be one of {', '.join(COLOURS)}")
    steps_raw = raw.get("steps", [])
    if not isinstance(steps_raw, list) or not steps_raw:
        raise EffectError("steps", "must be a non-empty array of step tables")
    steps = tuple(parse_step(s, i) for i, s in enumerate(steps_raw))
    target = check_filter(raw["target"], "target") if "target" in raw else None
    if target is None and any(s.args.get("on") == "target" for s in steps):
        raise EffectError("target", "a step acts on the target but the effect has none")
    if timing == "permanent" and any(s.do != "modify" for s in steps):
        raise EffectError("steps", "a permanent effect may only modify AP/DP")
    for flag in ("rest", "every", "adversity", "once_per_player"):
        if not isinstance(raw.get(flag, False), bool):
            raise EffectError(flag, "must be true or false")
    dn = raw.get("discard_name", "")
    if not isinstance(dn, str):
        raise EffectError("discard_name", "must be a card name")
    return Effect(
        index=index,
        timing=timing,
        phases=phases,
        side=side,
        backup=backup,
        cost=_int(raw, "cost", ""),
        colour=colour,
        rest=bool(raw.get("rest", False)),
        discard_name=dn,
        requires=_conditions(raw.get("requires", {}), "requires"),
        target=target,
        steps=steps,
        every=bool(raw.get("every", False)),
        level=_int(raw, "level", "", lo=1, default=1),
        adversity=bool(raw.get("adversity", False)),
        once_per_player=bool(raw.get("once_per_player", False)),
    )


def parse_effects(raws: Any, fail: Callable[[str, str], Exception]) -> tuple[Effect, ...]:
    """Every effect of a card, or `fail(field, problem)` raised for the first bad one."""
    out = []
    for i, raw in enumerate(raws or (), start=1):
        try:
            out.append(parse_effect(raw, i))
        except EffectError as exc:
            raise fail(f"effects[{i}].{exc.field}", exc.problem) from None
    return tuple(out)


# -- keywords --

KEYWORDS = (
    "active",
    "ignore",
    "break",
    "combo",
    "adversity",
    "reinforcement",
    "cardcaptor",
    "levelup",
    "untargetable",
)


@dataclass(frozen=True, slots=True)
class Keywords:
    active: bool = False
    ignore: int = -1  # Ignore X: interferers of usage cost <= X cannot interfere
    brk: bool = False
    combo: tuple[str, str] | None = None  # the left and right names
    adversity: tuple[int, int, int] | None = None  # (points, ap, dp)
    reinforcement: str = ""  # a name, or "[Property]"
    cardcaptor: bool = False
    levelup: bool = False
    untargetable: bool = False


def parse_keywords(
    words: tuple[str, ...], name: str, fail: Callable[[str, str], Exception]
) -> Keywords:
    kw: dict[str, Any] = {}
    for w in words:
        head, _, arg = w.partition(":")
        if head not in KEYWORDS:
            raise fail("keywords", f"unknown keyword {head!r} (use {', '.join(KEYWORDS)})")
        if head == "ignore":
            if not arg.isdigit():
                raise fail("keywords", "write Ignore X as 'ignore:X'")
            kw["ignore"] = int(arg)
        elif head == "break":
            kw["brk"] = True
        elif head == "combo":
            left, amp, right = name.partition("&")
            if not amp or not left.strip() or not right.strip():
                raise fail("keywords", "a combo card's name must be 'Left&Right'")
            kw["combo"] = (left.strip(), right.strip())
        elif head == "adversity":
            parts = arg.split(":")
            try:
                pts, ap, dp = (int(x) for x in (parts + ["0", "0"])[:3])
            except ValueError:
                raise fail(
                    "keywords", "write Adversity as 'adversity:X' or 'adversity:X:AP:DP'"
                ) from None
            kw["adversity"] = (pts, ap, dp)
        elif head == "reinforcement":
            if not arg:
                raise fail("keywords", "write 'reinforcement:Name' or 'reinforcement:[Property]'")
            kw["reinforcement"] = arg
        else:
            kw[head] = True
    return Keywords(**kw)
