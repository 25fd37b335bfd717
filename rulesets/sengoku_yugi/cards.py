"""Card definitions and the TOML loader (format: docs/cards-sengoku_yugi.md).

Character cards (Guide I (4), (6)): Main (Level 1-4), Support (Level 2-3),
Nameless (Level 1). Familiar cards (Guide II (3)): Familiars and Familiar Eggs.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pmtui.engine.cardquery import CardField
from pmtui.engine.pool import MAX_CARD_NUMBER, card_doc, read_card_bytes

from .board import GEMS

CARD_ID = re.compile(r"[A-Z]{2,4}-\d{3}[a-z]?")

WEAPONS = (
    "greatsword", "longsword", "dual-blades", "dagger", "greatshield",
    "battle-axe", "warhammer", "magic-stone", "spear", "bow",
)
ATTRIBUTES = ("fire", "water", "lightning", "earth", "wind", "dark", "holy")
CHARACTER_KINDS = ("main", "support", "nameless")
FAMILIAR_KINDS = ("familiar", "egg")
KINDS = CHARACTER_KINDS + FAMILIAR_KINDS

# ability header words (Guide I (14))
TURNS = ("your", "opp", "both")
CATEGORIES = ("acquire", "recover", "disrupt", "star", "spade")
WHERE = ("bf", "bf-def", "hand", "hand-standby", "hand-banish", "hand-sh", "hand-gs")
ABILITY_KINDS = ("trg", "act", "cnt")
TRIGGERS = (
    "deploy", "growth", "growth-fl", "focus", "combat-damage", "defeated",
    "attacked", "stronghold-attacked", "turn-start",
)
COST_KEYS = (
    "ap", "hand-standby", "hand-banish", "sh-banish", "standby-banish", "turn-ally",
)
# effect words (docs/cards-sengoku_yugi.md); familiar tracks use the same words
EFFECTS = (
    "draw", "hp", "damage", "ailment", "bless", "cure", "full-cure", "mp", "troop",
    "weapon", "ap", "to-defense", "to-attack", "evolve", "power", "armor",
)
CONDITIONS = ("", "fl", "bl")  # where a CNT ability holds: anywhere, Frontline, Backline
AILMENTS = ("burn", "silence", "slow", "paralysis", "collapse", "mute", "poison", "silver-chain")
# a second dose of these deals elemental damage of the attribute (Guide I (15) Q&A)
AILMENT_DAMAGE = {"burn": "fire", "silence": "water", "mute": "dark", "poison": "neutral"}


def counted(words: Sequence[str]) -> tuple[str, ...]:
    """Stacked words (a unit's ailments, its Blessings), each once with its count when
    there are more: ("burn×2", "mute")."""
    return tuple(w if words.count(w) == 1 else f"{w}×{words.count(w)}"
                 for w in dict.fromkeys(words))


class CardError(ValueError):
    """A card file that does not describe valid cards (one line: file, card, problem)."""


@dataclass(frozen=True)
class Effect:
    do: str
    n: int = 1
    what: str = ""  # ailment, attribute or weapon the effect names
    die: tuple[int, int] | None = None  # applies only on these die results


@dataclass(frozen=True)
class Target:
    side: str = ""  # "ally" | "enemy" | "" (no target)
    stance: str = ""  # "atk" | "def" | ""
    line: str = ""  # "fl" | "bl" | ""
    max_atk: int | None = None
    hp_below_level: bool = False
    weapon: str = ""
    name: str = ""  # exact name (『』)
    epithet: str = ""  # part of the epithet


@dataclass(frozen=True)
class Cost:
    ap: int = 0
    hand_standby: int = 0
    hand_banish: int = 0
    sh_banish: int = 0
    standby_banish: int = 0
    turn_ally: int = 0
    level: tuple[int, ...] = ()  # levels the cards paid must have
    attr: str = ""  # attribute the cards paid must have
    weapon: str = ""  # weapon the ally turned must carry

    @property
    def empty(self) -> bool:
        return not (
            self.ap or self.hand_standby or self.hand_banish or self.sh_banish
            or self.standby_banish or self.turn_ally
        )


@dataclass(frozen=True)
class Option:
    """One ❶/❷ alternative: a cost and the effects it buys."""

    cost: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Ability:
    name: str
    turn: str
    category: str
    where: str
    kind: str
    options: tuple[Option, ...]
    trigger: str = ""
    stance: str = "atk"  # the stance its name is readable in
    magic: bool = False  # white name: about MAT/MDF
    counter: Cost | None = None
    target: Target = field(default_factory=Target)
    after_die: tuple[int, int] | None = None  # BF_Stance:Atk→Def[1]-[4]
    cond: str = ""  # CNT: holds while on the Frontline ("fl") or Backline ("bl")
    text: str = ""


@dataclass(frozen=True)
class Track:
    """A familiar ability laid against the die: (die threshold, effect) pairs."""

    steps: tuple[tuple[int, Effect], ...] = ()


@dataclass(frozen=True)
class CardDef:
    id: str
    kind: str
    name: str
    epithet: str
    cost: int  # Deployment Cost / Contract Cost (= max HP)
    charge: int
    level: int
    attr: str
    atk: int
    mat: int
    df: int
    mdf: int
    boost_atk: tuple[int, ...] = ()
    boost_mat: tuple[int, ...] = ()
    gems: tuple[str, ...] = ()
    gender: str = ""
    weapon: str = ""
    ability: Ability | None = None
    # familiars
    evolves_from: str = ""
    ability_cost: int = 0
    support: Track = field(default_factory=Track)
    combat: Track = field(default_factory=Track)
    evolution: int = 0  # die result from which the Evolution ability applies (0: none)

    @property
    def character(self) -> bool:
        return self.kind in CHARACTER_KINDS

    @property
    def familiar(self) -> bool:
        return self.kind in FAMILIAR_KINDS


@dataclass(frozen=True)
class Pool:
    cards: Mapping[str, CardDef]
    digest: str

    @cached_property
    def hand_timings(self) -> frozenset[str]:
        """The timings at which some card of the set may trigger from a hand (S47)."""
        return frozenset(c.ability.trigger for c in self.cards.values() if c.ability
                         and c.ability.kind == "trg" and c.ability.where.startswith("hand"))

    def get(self, cid: str) -> CardDef:
        try:
            return self.cards[cid]
        except KeyError:
            raise CardError(f"unknown card {cid!r}") from None


def _ability(card: CardDef) -> tuple[str, ...]:
    a = card.ability
    return (a.kind, a.category) if a else ()


# The filter fields of `pmtui cards` and the sandbox search (docs/cards.md, "Finding
# cards"): what Guide I (4) and II (3) say is printed on a card. The attribute is
# printed as the card's colour, hence its second name.
CARD_FIELDS: tuple[CardField[CardDef], ...] = (
    CardField("type", "the card type (a character's or a familiar's)", lambda c: c.kind),
    CardField("attribute", "the attribute (printed as the card's colour)", lambda c: c.attr,
              aliases=("attr", "colour", "color")),
    CardField("level", "the level", lambda c: c.level, number=True),
    CardField("cost", "the Deployment or Contract Cost (= max HP)", lambda c: c.cost,
              number=True),
    CardField("charge", "the Charge Value", lambda c: c.charge, number=True),
    CardField("weapon", "a character's weapon", lambda c: c.weapon),
    CardField("gender", "a character's gender (m or f)", lambda c: c.gender),
    CardField("atk", "printed ATK", lambda c: c.atk, number=True),
    CardField("mat", "printed MAT", lambda c: c.mat, number=True),
    CardField("def", "printed DEF", lambda c: c.df, number=True),
    CardField("mdf", "printed MDF", lambda c: c.mdf, number=True),
    CardField("ability", "the ability's kind or category", _ability, aliases=("keyword",)),
)


# -- loading -------------------------------------------------------------------------


def _int(raw: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CARD_NUMBER:
        raise CardError(f"{where}: {key} must be a whole number from 0 to {MAX_CARD_NUMBER}")
    return value


def _choice(raw: Mapping[str, Any], key: str, allowed: tuple[str, ...], where: str,
            default: str | None = None) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise CardError(f"{where}: {key} must be one of {', '.join(allowed)}")
    return str(value)


def _ints(raw: Mapping[str, Any], key: str, where: str) -> tuple[int, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_CARD_NUMBER
        for v in value
    ):
        raise CardError(f"{where}: {key} must be a list of whole numbers")
    return tuple(value)


def _die(raw: Any, where: str) -> tuple[int, int] | None:
    if raw is None:
        return None
    if (
        not isinstance(raw, list) or len(raw) != 2
        or not all(isinstance(v, int) and 1 <= v <= 6 for v in raw) or raw[0] > raw[1]
    ):
        raise CardError(f"{where}: a die range is [LOW, HIGH] within 1-6")
    return (raw[0], raw[1])


def _effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, dict):
        raise CardError(f"{where}: an effect is a table like {{do = \"draw\", n = 1}}")
    do = _choice(raw, "do", EFFECTS, where)
    what = raw.get("what", "")
    if not isinstance(what, str):
        raise CardError(f"{where}: what must be text")
    if do == "ailment" and what not in AILMENTS:
        raise CardError(f"{where}: ailment must be one of {', '.join(AILMENTS)}")
    if do == "damage" and what not in ATTRIBUTES + ("neutral",):
        raise CardError(f"{where}: damage needs an attribute (or neutral) in what")
    if do == "bless" and what not in ATTRIBUTES + ("",):
        raise CardError(f"{where}: {do} needs an attribute in what")
    if do == "weapon" and what not in WEAPONS:
        raise CardError(f"{where}: weapon needs a weapon in what")
    return Effect(do, _int(raw, "n", where, 1), what, _die(raw.get("die"), where))


def _cost(raw: Any, where: str) -> Cost:
    if not isinstance(raw, dict):
        raise CardError(f"{where}: a cost is a table like {{ap = 3}}")
    for key in raw:
        if key not in COST_KEYS + ("level", "attr", "weapon"):
            raise CardError(f"{where}: unknown cost {key!r}")
    attr = raw.get("attr", "")
    if attr and attr not in ATTRIBUTES:
        raise CardError(f"{where}: attr must be an attribute")
    weapon = raw.get("weapon", "")
    if weapon and weapon not in WEAPONS:
        raise CardError(f"{where}: weapon must be a weapon")
    return Cost(
        ap=_int(raw, "ap", where, 0),
        hand_standby=_int(raw, "hand-standby", where, 0),
        hand_banish=_int(raw, "hand-banish", where, 0),
        sh_banish=_int(raw, "sh-banish", where, 0),
        standby_banish=_int(raw, "standby-banish", where, 0),
        turn_ally=_int(raw, "turn-ally", where, 0),
        level=_ints(raw, "level", where),
        attr=attr,
        weapon=weapon,
    )


def _target(raw: Any, where: str) -> Target:
    if raw is None:
        return Target()
    if not isinstance(raw, dict):
        raise CardError(f"{where}: target must be a table")
    max_atk = raw.get("max-atk")
    if max_atk is not None:
        max_atk = _int(raw, "max-atk", where)
    return Target(
        side=_choice(raw, "side", ("ally", "enemy"), where),
        stance=_choice(raw, "stance", ("", "atk", "def"), where, ""),
        line=_choice(raw, "line", ("", "fl", "bl"), where, ""),
        max_atk=max_atk,
        hp_below_level=bool(raw.get("hp-below-level", False)),
        weapon=_choice(raw, "weapon", ("",) + WEAPONS, where, ""),
        name=str(raw.get("name", "")),
        epithet=str(raw.get("epithet", "")),
    )


def _ability(raw: Any, where: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardError(f"{where}: ability must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise CardError(f"{where}: the ability needs a name")
    kind = _choice(raw, "kind", ABILITY_KINDS, where)
    trigger = ""
    if kind == "trg":
        trigger = _choice(raw, "trigger", TRIGGERS, where)
    alternatives = raw.get("options")
    if alternatives is None:
        alternatives = [{"cost": raw.get("cost", {}), "effects": raw.get("effects", [])}]
    if not isinstance(alternatives, list) or not 1 <= len(alternatives) <= 2:
        raise CardError(f"{where}: options must list one or two alternatives")
    options = []
    for alt in alternatives:
        if not isinstance(alt, dict):
            raise CardError(f"{where}: each option is a table with cost and effects")
        effects = alt.get("effects", [])
        if not isinstance(effects, list) or not effects:
            raise CardError(f"{where}: an ability needs at least one effect")
        options.append(
            Option(_cost(alt.get("cost", {}), where), tuple(_effect(e, where) for e in effects))
        )
    counter = raw.get("counter")
    return Ability(
        name=name,
        turn=_choice(raw, "turn", TURNS, where, "your"),
        category=_choice(raw, "category", CATEGORIES, where, "star"),
        where=_choice(raw, "where", WHERE, where, "bf"),
        kind=kind,
        options=tuple(options),
        trigger=trigger,
        stance=_choice(raw, "stance", ("atk", "def"), where, "atk"),
        magic=bool(raw.get("magic", False)),
        counter=None if counter is None else _cost(counter, where),
        target=_target(raw.get("target"), where),
        after_die=_die(raw.get("after-die"), where),
        cond=_choice(raw, "cond", CONDITIONS, where, ""),
        text=str(raw.get("text", "")),
    )


def _track(raw: Any, where: str) -> Track:
    if raw is None:
        return Track()
    if not isinstance(raw, list):
        raise CardError(f"{where}: a track is a list of effects with a die number")
    steps = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("at"), int) or not (
            1 <= item["at"] <= 6
        ):
            raise CardError(f"{where}: each track step needs at = 1..6")
        steps.append((item["at"], _effect({k: v for k, v in item.items() if k != "at"}, where)))
    return Track(tuple(sorted(steps, key=lambda s: s[0])))


def _gems(raw: Mapping[str, Any], where: str) -> tuple[str, ...]:
    gems = raw.get("gems", [])
    if not isinstance(gems, list) or not all(g in GEMS for g in gems):
        raise CardError(f"{where}: gems are any of tl, tr, bl, br")
    return tuple(g for g in GEMS if g in gems)


def parse_card(raw: Mapping[str, Any], where: str) -> CardDef:
    cid = raw.get("id")
    if not isinstance(cid, str) or not CARD_ID.fullmatch(cid):
        raise CardError(f"{where}: id must look like SGY-001")
    where = f"{where} {cid}"
    kind = _choice(raw, "kind", KINDS, where)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardError(f"{where}: name is missing")
    level = _int(raw, "level", where)
    limits = {"main": (1, 4), "support": (2, 3), "nameless": (1, 1)}.get(kind, (1, 4))
    if not limits[0] <= level <= limits[1]:
        raise CardError(f"{where}: a {kind} card has Level {limits[0]}-{limits[1]}")
    boosts = _ints(raw, "boost-atk", where), _ints(raw, "boost-mat", where)
    if kind in CHARACTER_KINDS:
        want = {3: 1, 4: 2}.get(level, 0)
        if any(len(b) != want for b in boosts):
            raise CardError(f"{where}: a Level {level} character has {want} Self-Boost values")
    elif any(len(b) > 1 for b in boosts):
        raise CardError(f"{where}: a familiar has one Self-Boost value each")
    epithet = str(raw.get("epithet", ""))
    if kind == "nameless" and not epithet.startswith("Nameless"):
        raise CardError(f"{where}: a Nameless card's epithet starts with 'Nameless'")
    ability = raw.get("ability")
    card = CardDef(
        id=cid,
        kind=kind,
        name=name,
        epithet=epithet,
        cost=_int(raw, "cost", where),
        charge=_int(raw, "charge", where),
        level=level,
        attr=_choice(raw, "attr", ATTRIBUTES, where),
        atk=_int(raw, "atk", where),
        mat=_int(raw, "mat", where),
        df=_int(raw, "def", where),
        mdf=_int(raw, "mdf", where),
        boost_atk=boosts[0],
        boost_mat=boosts[1],
        gems=_gems(raw, where),
        gender=_choice(raw, "gender", ("m", "f"), where) if kind in CHARACTER_KINDS else "",
        weapon=_choice(raw, "weapon", WEAPONS, where) if kind in CHARACTER_KINDS else "",
        ability=None if ability is None else _ability(ability, where),
        evolves_from=str(raw.get("evolves-from", "")),
        ability_cost=_int(raw, "ability-cost", where, 0),
        support=_track(raw.get("support"), where),
        combat=_track(raw.get("combat"), where),
        evolution=_int(raw, "evolution", where, 0),
    )
    if card.cost < 1:
        raise CardError(f"{where}: cost must be at least 1 (it is the maximum HP)")
    return card


def load_pool(folder: Path | None = None, extra: Sequence[Path] = ()) -> Pool:
    """Every *.toml card file of the folder (default: cards/sengoku_yugi), then the `extra`
    files (made-up cards of a scenario), checked alike; CardError (one line) on a problem."""
    folder = folder or default_folder()
    cards: dict[str, CardDef] = {}
    digest = hashlib.blake2b(digest_size=8)
    files = [(path.name, path) for path in sorted(folder.glob("*.toml"))]
    for label, path in [*files, *((str(p), Path(p)) for p in extra)]:
        data = read_card_bytes(label, path, CardError)
        digest.update(data)
        raw = card_doc(label, data, CardError)
        entries = raw.get("card", [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise CardError(f"{label}: card: must be an array of tables ([[card]])")
        for entry in entries:
            card = parse_card(entry, label)
            if card.id in cards:
                raise CardError(f"{label}: card {card.id} defined twice")
            cards[card.id] = card
    for card in cards.values():
        if card.evolves_from and not any(c.name == card.evolves_from for c in cards.values()):
            raise CardError(f"{card.id}: evolves from unknown {card.evolves_from!r}")
    return Pool(cards, digest.hexdigest())


def default_folder() -> Path:
    return Path(__file__).resolve().parents[2] / "cards" / "sengoku_yugi"
