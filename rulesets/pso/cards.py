"""PSO card definitions: the TOML card files of cards/pso/ and their effect vocabulary.

Pure data: from the engine only its generic card pool. Every problem in a card file is a one-line
CardError naming the file, the card and the field. The vocabulary is
documented in docs/cards-pso.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pmtui.engine.cardquery import CardField
from pmtui.engine.pool import CardPool as EnginePool
from pmtui.engine.pool import gather, read_card_file
from pmtui.engine.tomlfile import read_toml, toml_files

RULESET_DIR = "pso"

TYPES = ("character", "monster", "area", "event", "spell", "weapon", "item")
KINDS = {
    "character": ("normal", "npc"),
    "area": ("normal", "boss", "quest"),
    "event": ("normal", "trap", "blast"),
}
CLASSES = ("HU", "RA", "FO")
RACES = ("human", "newman", "android")
STATS = ("hp", "atp", "mst", "dfp", "evp")
STATUSES = ("paralysis", "poison")
# Chosen targets: the player picks `count` of them. The others need no choice.
CHOSEN = ("foe", "ally", "any", "fallen")
UNCHOSEN = ("foes", "foe_monsters", "allies", "self", "none")
TARGETS = CHOSEN + UNCHOSEN
WHEN = ("always", "played", "dies", "turn_end")
FORBID = ("spell", "ability", "blast", "weapon", "item")
APPLIES = ("all", "characters", "monsters")
COUNTED = ("monsters", "characters", "hand")


class CardError(ValueError):
    """A card file problem. The message is always one line."""


@dataclass(frozen=True)
class Effect:
    """What a card or a creature's ability/spell/power does (docs/cards-pso.md)."""

    target: str = "none"
    count: int = 1
    damage: int | None = None  # None: "No damage"; 0 still adds the user's stat
    add: str = ""  # "atp" | "mst": the user's stat added to the damage
    divided: bool = False
    evade: bool = True  # the target's EVP may evade the damage
    defend: bool = True  # the target's DFP is subtracted
    status: str = ""
    heal: int = 0
    cure: tuple[str, ...] = ()
    revive: bool = False
    boost: tuple[tuple[str, int], ...] = ()  # additions (a coloured bar)
    set: tuple[tuple[str, int], ...] = ()  # replacements (plain text)
    until: str = "turn"  # "turn": end of this turn; "next": end of the next turn
    draw: int = 0
    discard: int = 0  # random cards from the user's hand
    search: str = ""  # a card type taken from the deck (then the deck is shuffled)

    @property
    def chosen(self) -> bool:
        return self.target in CHOSEN


@dataclass(frozen=True)
class Power:
    when: str
    effect: Effect
    area: str = ""  # works only while the current Area has this tag


@dataclass(frozen=True)
class Condition:
    """A quest condition about the player checked: count of `what` in a range."""

    what: str
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    type: str
    kind: str = "normal"
    text: str = ""
    cls: str = ""
    race: str = ""
    hp: int = 0
    atp: int = 0
    mst: int | None = None
    dfp: int = 0
    evp: int = 0
    ability: Effect | None = None
    ability_area: str = ""
    spell: Effect | None = None
    power: Power | None = None
    effect: Effect | None = None
    classes: tuple[str, ...] = ()  # weapons: the classes that may use it
    tags: tuple[str, ...] = ()  # areas: what ability/power conditions name
    bar: tuple[tuple[str, int], ...] = ()  # areas: additions (evp: a replacement)
    applies: str = "all"
    forbid: tuple[str, ...] = ()
    quest_pass: Condition | None = None
    quest_fail: Condition | None = None
    npc: str = ""  # quests: the main NPC's name
    reward: Effect | None = None
    punishment: Effect | None = None
    limit: int | None = None
    limit_of: tuple[str, int, int] | None = None  # (card id, numerator, denominator)
    flavour: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def creature(self) -> bool:
        return self.type in ("character", "monster")

    @property
    def boss(self) -> bool:
        return self.type == "area" and self.kind == "boss"

    @property
    def quest(self) -> bool:
        return self.type == "area" and self.kind == "quest"


class CardPool(EnginePool[CardDef]):
    """Ordered, immutable mapping id -> CardDef. Unknown ids raise CardError."""

    __slots__ = ()
    error = CardError

    def haystack(self, card: CardDef) -> tuple[str, ...]:
        return (card.id, card.name, card.type, card.kind, card.cls, card.race, card.text)


# The filter fields of `pmtui cards` and the sandbox search (docs/cards.md, "Finding
# cards"): the data printed on each card type (docs/cards-pso.md). The game
# has no colours, costs, series or keywords.
CARD_FIELDS: tuple[CardField[CardDef], ...] = (
    CardField("type", "the card type", lambda c: c.type),
    CardField("kind", "the kind within a type (an NPC, a boss or quest area, a trap)",
              lambda c: c.kind),
    CardField("class", "a character's class, or the classes a weapon allows",
              lambda c: (c.cls,) if c.cls else c.classes),
    CardField("race", "a character's race", lambda c: c.race),
    CardField("hp", "printed HP", lambda c: c.hp if c.creature or c.boss else None,
              number=True),
    CardField("atp", "printed ATP", lambda c: c.atp if c.creature else None, number=True),
    CardField("mst", "printed MST", lambda c: c.mst, number=True),
    CardField("dfp", "printed DFP", lambda c: c.dfp if c.creature or c.boss else None,
              number=True),
    CardField("evp", "printed EVP (out of 5)", lambda c: c.evp if c.creature or c.boss else None,
              number=True),
)


def data_dir() -> Traversable:
    """The folder holding this ruleset's card files (cards/pso)."""
    return files("cards").joinpath(RULESET_DIR)


def load_pool(paths: Iterable[Path] | None = None, extra: Iterable[Path] = ()) -> CardPool:
    """Load card files (default: every cards/pso/*.toml), then `extra` (made-up cards of
    a scenario); CardError on any problem."""
    sources: list[tuple[str, Traversable | Path]]
    if paths is None:
        sources = list(toml_files(data_dir(), f"cards/{RULESET_DIR}"))
    else:
        sources = [(str(p), Path(p)) for p in paths]
    sources += [(str(p), Path(p)) for p in extra]
    cards, origin = gather(((label, _load_file(label, src)) for label, src in sources), CardError)
    pool = CardPool(cards)
    for c in pool.cards():
        if c.limit_of is not None and c.limit_of[0] not in pool:
            raise CardError(f"{origin[c.id]}: card {c.id}: field limit_of: unknown card id")
    return pool


def _load_file(label: str, src: Traversable | Path) -> Iterator[CardDef]:
    data = read_card_file(label, src, CardError, column=False)
    unknown = set(data) - {"set", "card"}
    if unknown:
        raise CardError(f"{label}: field {sorted(unknown)[0]}: unknown top-level field")
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        raise CardError(f"{label}: field card: must be an array of tables ([[card]])")
    for i, raw in enumerate(raw_cards, start=1):
        yield _card(label, i, raw)


def parse_toml(label: str, src: Traversable | Path) -> dict[str, Any]:
    """Read and parse one TOML file; every failure is a one-line CardError."""
    return read_toml(label, src, CardError, column=False)


# ---------------------------------------------------------------- one card

_CARD_FIELDS = {
    "id", "name", "type", "kind", "text", "class", "race", "hp", "atp", "mst", "dfp", "evp",
    "ability", "spell", "power", "effect", "classes", "tags", "bar", "applies", "forbid",
    "pass", "fail", "npc", "reward", "punishment", "limit", "limit_of", "flavour",
}
_EFFECT_FIELDS = {
    "target", "count", "damage", "add", "divided", "evade", "defend", "status", "heal",
    "cure", "revive", "boost", "set", "until", "draw", "discard", "search", "area", "when",
}


class _Reader:
    """Typed access to one raw table, failing with the card and field named."""

    def __init__(self, label: str, who: str, raw: dict[str, Any], prefix: str = "") -> None:
        self.label, self.who, self.raw, self.prefix = label, who, raw, prefix

    def fail(self, name: str, problem: str) -> CardError:
        return CardError(f"{self.label}: {self.who}: field {self.prefix}{name}: {problem}")

    def string(self, name: str, default: str = "", choices: tuple[str, ...] = ()) -> str:
        v = self.raw.get(name, default)
        if not isinstance(v, str):
            raise self.fail(name, "must be a string")
        if choices and v not in choices:
            raise self.fail(name, f"must be one of {', '.join(choices)}")
        return v

    def integer(self, name: str, lo: int = 0, hi: int = 999, default: int | None = 0) -> int | None:
        v = self.raw.get(name, default)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(name, f"must be a whole number from {lo} to {hi}")
        return v

    def flag(self, name: str, default: bool) -> bool:
        v = self.raw.get(name, default)
        if not isinstance(v, bool):
            raise self.fail(name, "must be true or false")
        return v

    def strings(self, name: str, choices: tuple[str, ...] = ()) -> tuple[str, ...]:
        v = self.raw.get(name, [])
        if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
            raise self.fail(name, "must be a list of strings")
        for s in v:
            if choices and s not in choices:
                raise self.fail(name, f"{s!r} is not one of {', '.join(choices)}")
        return tuple(v)

    def stats(self, name: str, allowed: tuple[str, ...] = STATS) -> tuple[tuple[str, int], ...]:
        v = self.raw.get(name, {})
        if not isinstance(v, dict):
            raise self.fail(name, "must be a table of stat = number")
        out = []
        for k, n in v.items():
            if k not in allowed:
                raise self.fail(name, f"{k!r} is not one of {', '.join(allowed)}")
            if isinstance(n, bool) or not isinstance(n, int) or not -99 <= n <= 999:
                raise self.fail(f"{name}.{k}", "must be a whole number")
            out.append((k, n))
        return tuple(out)

    def table(self, name: str) -> _Reader | None:
        v = self.raw.get(name)
        if v is None:
            return None
        if not isinstance(v, dict):
            raise self.fail(name, "must be a table")
        return _Reader(self.label, self.who, v, f"{self.prefix}{name}.")


def _effect(r: _Reader, *, spell: bool = False, blast: bool = False) -> Effect:
    unknown = set(r.raw) - _EFFECT_FIELDS
    if unknown:
        raise r.fail(sorted(unknown)[0], "unknown field")
    target = r.string("target", "none", TARGETS)
    damage = r.integer("damage", 0, 999, None)
    eff = Effect(
        target=target,
        count=r.integer("count", 1, 5, 1) or 1,
        damage=damage,
        add="mst" if spell else r.string("add", "", ("", "atp", "mst")),
        divided=r.flag("divided", False),
        evade=False if spell or blast else r.flag("evade", True),
        defend=False if blast else r.flag("defend", True),
        status=r.string("status", "", ("",) + STATUSES),
        heal=r.integer("heal") or 0,
        cure=r.strings("cure", STATUSES),
        revive=r.flag("revive", False),
        boost=r.stats("boost", ("atp", "mst", "dfp", "hp")),
        set=r.stats("set", ("atp", "mst", "dfp", "evp")),
        until=r.string("until", "turn", ("turn", "next")),
        draw=r.integer("draw", 0, 10) or 0,
        discard=r.integer("discard", 0, 10) or 0,
        search=r.string("search", "", ("",) + TYPES),
    )
    if spell and r.raw.get("add", "mst") != "mst":
        raise r.fail("add", "a spell always adds its caster's MST")
    if blast and (r.raw.get("evade") or r.raw.get("defend")):
        raise r.fail("evade", "a photon blast ignores DFP and EVP")
    if eff.revive and target != "fallen":
        raise r.fail("target", "revive needs target = \"fallen\"")
    if target == "fallen" and not eff.revive:
        raise r.fail("target", "\"fallen\" is only for revive")
    if eff.divided and (damage is None or target not in CHOSEN + ("foes", "foe_monsters")):
        raise r.fail("divided", "only damage to several targets can be divided")
    if any(k == "evp" and not 0 <= n <= 5 for k, n in eff.set):
        raise r.fail("set.evp", "EVP is out of 5: 0 to 5")
    return eff


def _condition(r: _Reader | None) -> Condition | None:
    if r is None:
        return None
    unknown = set(r.raw) - {"what", "at_least", "at_most"}
    if unknown:
        raise r.fail(sorted(unknown)[0], "unknown field")
    cond = Condition(
        what=r.string("what", "monsters", COUNTED),
        at_least=r.integer("at_least", 0, 99, None),
        at_most=r.integer("at_most", 0, 99, None),
    )
    if cond.at_least is None and cond.at_most is None:
        raise r.fail("at_least", "a condition needs at_least or at_most")
    return cond


def _card(label: str, index: int, raw: Any) -> CardDef:
    if not isinstance(raw, dict):
        raise CardError(f"{label}: card #{index}: must be a table")
    cid = raw.get("id")
    who = f"card {cid}" if isinstance(cid, str) and cid else f"card #{index}"
    r = _Reader(label, who, raw)
    unknown = set(raw) - _CARD_FIELDS
    if unknown:
        raise r.fail(sorted(unknown)[0], "unknown field")
    if not isinstance(cid, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_]*-[A-Za-z0-9_-]+",
                                                     cid) or len(cid) > 24:
        raise r.fail("id", "a prefix, a dash and a number, like HAL-020 (at most 24 characters)")
    name = r.string("name")
    if not name.strip():
        raise r.fail("name", "must not be empty")
    ctype = r.string("type", "", TYPES)
    kind = r.string("kind", "normal", KINDS.get(ctype, ("normal",)))
    fields: dict[str, Any] = {
        "id": cid, "name": name, "type": ctype, "kind": kind, "text": r.string("text"),
        "flavour": r.string("flavour"),
        "limit": r.integer("limit", 1, 99, None),
    }
    lo = raw.get("limit_of")
    if lo is not None:
        lr = r.table("limit_of")
        assert lr is not None
        ratio = lr.string("ratio")
        m = re.fullmatch(r"(\d+)/(\d+)", ratio)
        if not m or int(m.group(2)) == 0:
            raise lr.fail("ratio", "must be a fraction like 1/2")
        fields["limit_of"] = (lr.string("card"), int(m.group(1)), int(m.group(2)))
    if ctype in ("character", "monster"):
        fields.update(
            hp=r.integer("hp", 1), atp=r.integer("atp"), dfp=r.integer("dfp"),
            evp=r.integer("evp", 0, 5), mst=r.integer("mst", 0, 999, None),
        )
        if ctype == "character":
            fields["cls"] = r.string("class", "", CLASSES)
            fields["race"] = r.string("race", "", RACES)
            if not fields["cls"] or not fields["race"]:
                raise r.fail("class", "a character needs a class and a race")
            if fields["race"] == "android" and fields["mst"] is not None:
                raise r.fail("mst", "androids have no MST")
            if fields["race"] != "android" and fields["mst"] is None:
                raise r.fail("mst", "every character but an android has an MST")
        parts = [k for k in ("ability", "spell", "power") if k in raw]
        if len(parts) != 1:
            raise r.fail("ability", "a creature has exactly one of ability, power or spell")
        part = r.table(parts[0])
        assert part is not None
        if parts[0] == "ability":
            fields["ability"] = _effect(part)
            fields["ability_area"] = part.string("area")
            if fields["ability"].target == "none" and not fields["ability"].set:
                raise part.fail("target", "an ability needs a target")
        elif parts[0] == "spell":
            if fields["mst"] is None:
                raise r.fail("mst", "a creature with a spell needs an MST")
            fields["spell"] = _effect(part, spell=True)
        else:
            fields["power"] = _power(part)
    elif ctype == "area":
        fields.update(
            tags=r.strings("tags"), bar=r.stats("bar", ("atp", "mst", "dfp", "evp")),
            applies=r.string("applies", "all", APPLIES), forbid=r.strings("forbid", FORBID),
        )
        text_set = r.table("effect")
        if text_set is not None:
            fields["effect"] = _effect(text_set)
            if fields["effect"].target != "none" or set(text_set.raw) - {"set", "target"}:
                raise text_set.fail("set", "an Area's text may only replace stats (set = {...})")
            if any(k == "evp" for k, _ in fields["effect"].set) and any(
                k == "evp" for k, _ in fields["bar"]
            ):
                raise text_set.fail("set", "EVP on both the bar and the text")
        if kind == "boss":
            fields.update(hp=r.integer("hp", 1), dfp=r.integer("dfp"), evp=r.integer("evp", 0, 5))
            if "power" in raw:
                part = r.table("power")
                assert part is not None
                fields["power"] = _power(part)
                if fields["power"].when != "turn_end":
                    raise part.fail("when", "a boss acts only at the end of a turn")
        if kind == "quest":
            fields["quest_pass"] = _condition(r.table("pass"))
            fields["quest_fail"] = _condition(r.table("fail"))
            fields["npc"] = r.string("npc")
            rw, pu = r.table("reward"), r.table("punishment")
            if fields["quest_pass"] is None or fields["quest_fail"] is None or not rw or not pu:
                raise r.fail("pass", "a quest needs pass, fail, reward and punishment")
            fields["reward"], fields["punishment"] = _effect(rw), _effect(pu)
            for part, eff in ((rw, fields["reward"]), (pu, fields["punishment"])):
                if eff.chosen:
                    raise part.fail("target", "a quest outcome names no chosen target")
    else:
        part = r.table("effect")
        if part is None:
            raise r.fail("effect", f"a {ctype} card needs an effect")
        eff = _effect(part, spell=ctype == "spell", blast=kind == "blast")
        fields["effect"] = eff
        if ctype == "weapon":
            fields["classes"] = r.strings("classes", CLASSES)
            if eff.target not in ("foe", "foes", "foe_monsters", "any"):
                raise part.fail("target", "a weapon attacks foes")
        if kind == "trap" and eff.chosen:
            raise part.fail("target", "a trap fires without a choice: foes, foe_monsters")
        if ctype in ("event", "item") and eff.add:
            raise part.fail("add", "only weapons and abilities add their user's stat")
        if kind == "blast" and eff.damage is None:
            raise part.fail("damage", "a photon blast deals damage")
    return CardDef(**fields)


def _power(r: _Reader) -> Power:
    when = r.string("when", "", WHEN)
    area = r.string("area")
    raw = {k: v for k, v in r.raw.items() if k not in ("when", "area")}
    eff = _effect(_Reader(r.label, r.who, raw, r.prefix))
    if eff.chosen:
        raise r.fail("target", "a power is automatic: it names no chosen target")
    if when == "always" and (eff.target != "self" or eff.damage is not None):
        raise r.fail("when", "an always-on power changes its own stats (target = \"self\")")
    return Power(when=when, effect=eff, area=area)
