"""Card definitions, the ability-text grammar and the TOML loader
(format: docs/cards-clockwork_memorion.md).

An ability's text carries its memory slots inline, `[Genre: word, word]`, or
`[Genre: ___]` for a blank memory (seed S:24-25, S:173). Slots are numbered
across a card's abilities in text order (1, 2, ...): inheriting designates one
by number (S:53) and a recall names one (S:67).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pmtui.engine.cardquery import CardField
from pmtui.engine.pool import CardPool, gather, has_control, read_card_file

CARD_ID = re.compile(r"CW[MX]-\d{3}[a-z]?")  # CWX: cards made up for scenarios
KINDS = ("ruler", "limit", "successor", "memorion", "king")
# S:12: the four emotions and their printed colours
EMOTIONS = {"joy": "blue", "anger": "green", "pathos": "purple", "humour": "red"}
GENRES = ("action", "power", "potency", "ability", "state", "place")
NUMERIC = frozenset({"power", "potency"})  # S:199-200: these always add up
# Action-words (S:217-219, W2) -> the event they listen for
ACTION_WORDS = {
    "when summoned": "summoned",
    "when moves": "moves",
    "when destroyed": "destroyed",
    "when attacks": "attacks",
    "when blocks": "blocks",
    "when blocked": "blocked",
    "when damages a successor": "damages_succ",
    "when damages a ruler": "damages_ruler",
    "when a successor of yours is destroyed": "ally_destroyed",
}
KEYWORDS = ("master", "endurance", "breakthrough", "rampage")  # S:226-254
STATE_WORDS = ("stand", "action")
PLACE_WORDS = ("hand", "deck top", "deck bottom", "storage", "drop")  # our M4
ABILITY_KINDS = ("trig", "cont", "act", "aura", "recalled")
EFFECTS = (
    "gain", "draw", "damage", "damage_blocker", "damage_ruler", "pump", "mind", "keyword",
    "team_pump", "state", "look", "destroy_mem", "blind_discard", "opp_discard",
    "search_mem", "no_move", "return_mem", "rest",
)
SLOT = re.compile(r"\[(\w+):\s*([^\]]*)\]")
BLANK = "___"
TEXT_SEP = " / "  # between a card's abilities in its one-line text


class CardError(ValueError):
    """A card file that does not describe valid cards (one line: file, card, problem)."""


@dataclass(frozen=True)
class Slot:
    genre: str
    words: tuple[str, ...]  # printed words; () is a blank memory


@dataclass(frozen=True)
class Ability:
    kind: str  # trig | cont | act (S:171-172) | aura, recalled (King's memorions, S:31-38)
    do: str  # the effect word (EFFECTS)
    text: str  # the printed sentence with its [Genre: words] slots
    cost: str = ""  # act: "action", "ctr:N" or "action+ctr:N" (S:187-188)
    on: str = ""  # aura: the event it listens for; recalled: "ruler" or "successor"
    n: int = 0  # a fixed amount where the text has no Potency slot (King's memorions)
    once: bool = False  # at most once a turn
    slots: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    kind: str
    emotion: str = ""
    level: int = 0
    power: int = 0
    mind: int = 0
    memory: str = ""  # "genre:word": a memorion's word, or a successor's own memory (M2)
    abilities: tuple[Ability, ...] = ()
    deified: tuple[Ability, ...] = ()  # a Ruler's deified face (S:10)
    deified_name: str = ""
    summon_level: int = 0
    deified_level: int = 0
    deify_need: str = ""  # "counters:N" or "storage:N"
    deify_pay: int = 0
    faces: tuple[tuple[str, ...], ...] = ()  # a Summon Limit card's two rows of marks (M5)

    @property
    def genre(self) -> str:
        return self.memory.partition(":")[0]

    @property
    def word(self) -> str:
        return self.memory.partition(":")[2]


def parse_slots(text: str, where: str) -> tuple[Slot, ...]:
    out = []
    for m in SLOT.finditer(text):
        genre = m.group(1).lower()
        if genre not in GENRES:
            raise CardError(f"{where}: unknown genre {m.group(1)!r} (one of "
                            f"{', '.join(g.title() for g in GENRES)})")
        raw = m.group(2).strip()
        words = () if raw in ("", BLANK) else tuple(w.strip() for w in raw.split(","))
        for w in words:
            check_word(genre, w, where)
        out.append(Slot(genre, words))
    return tuple(out)


def number(word: str) -> tuple[int, bool]:
    """A Power/Potency word's value and whether it carries a sign (S:201-204)."""
    w = word.replace("−", "-").replace("±", "+-")
    signed = w[:1] in "+-"
    digits = w.lstrip("+-")
    if not digits.isdigit():
        raise ValueError(word)
    return (-int(digits) if w.startswith("-") else int(digits)), signed


def check_word(genre: str, word: str, where: str) -> None:
    low = word.lower()
    ok = {
        "action": low in ACTION_WORDS,
        "ability": low in KEYWORDS,
        "state": low in STATE_WORDS,
        "place": low in PLACE_WORDS,
    }.get(genre)
    if ok is None:
        try:
            number(word)
            ok = True
        except ValueError:
            ok = False
    if not ok:
        raise CardError(f"{where}: {word!r} is not a {genre.title()} word")


def _ability(raw: Any, where: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardError(f"{where}: an ability is a table")
    unknown = set(raw) - {"kind", "do", "text", "cost", "on", "n", "once"}
    if unknown:
        raise CardError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    kind, do, text = raw.get("kind"), raw.get("do"), raw.get("text", "")
    if kind not in ABILITY_KINDS:
        raise CardError(f"{where}: kind must be one of {', '.join(ABILITY_KINDS)}")
    if do not in EFFECTS:
        raise CardError(f"{where}: do {do!r} is not an effect word")
    if not isinstance(text, str) or has_control(text):
        raise CardError(f"{where}: text must be plain text")
    cost = str(raw.get("cost", ""))
    for part in filter(None, cost.split("+")):
        if part != "action" and not re.fullmatch(r"ctr:\d+", part):
            raise CardError(f"{where}: cost {cost!r}: write action, ctr:N or action+ctr:N")
    slots = parse_slots(text, where)
    if kind == "trig" and not any(s.genre == "action" for s in slots):
        raise CardError(f"{where}: a triggered ability needs an [Action: ...] slot")
    return Ability(kind, do, text, cost, str(raw.get("on", "")), int(raw.get("n", 0)),
                   bool(raw.get("once", False)), slots)


_FIELDS = {"id", "name", "kind", "emotion", "level", "power", "mind", "memory", "abilities",
           "deified", "deified_name", "summon_level", "deified_level", "deify_need",
           "deify_pay", "faces"}


def card_from_toml(raw: dict[str, Any], where: str) -> CardDef:
    cid = raw.get("id")
    if not isinstance(cid, str) or not CARD_ID.fullmatch(cid):
        raise CardError(f"{where}: id must look like CWM-001")
    where = f"{where}: card {cid}"
    unknown = set(raw) - _FIELDS
    if unknown:
        raise CardError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    for key in ("name", "deified_name"):
        if has_control(str(raw.get(key, ""))):
            raise CardError(f"{where}: field {key}: control characters")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise CardError(f"{where}: kind must be one of {', '.join(KINDS)}")
    emotion = raw.get("emotion", "")
    if kind == "successor" and emotion not in EMOTIONS:
        raise CardError(f"{where}: emotion must be one of {', '.join(EMOTIONS)}")
    memory = str(raw.get("memory", ""))
    if memory:
        genre, _, word = memory.partition(":")
        if genre not in GENRES:
            raise CardError(f"{where}: memory {memory!r}: write genre:word")
        check_word(genre, word, where)
    elif kind in ("memorion", "successor"):
        raise CardError(f"{where}: a {kind} carries a memory (genre:word)")
    faces = tuple(tuple(row) for row in raw.get("faces", ()))
    if kind == "limit" and (len(faces) != 2 or any(
            len(r) != 5 or any(e not in EMOTIONS for e in r) for r in faces)):
        raise CardError(f"{where}: a Summon Limit card has two faces of five emotions")
    need = str(raw.get("deify_need", ""))
    if kind == "ruler" and not re.fullmatch(r"(counters|storage):\d+", need):
        raise CardError(f"{where}: deify_need: counters:N or storage:N")
    try:
        return CardDef(
            id=cid, name=str(raw.get("name", "")), kind=kind, emotion=emotion,
            level=int(raw.get("level", 0)), power=int(raw.get("power", 0)),
            mind=int(raw.get("mind", 0)), memory=memory,
            abilities=tuple(_ability(a, f"{where}: ability {i + 1}")
                            for i, a in enumerate(raw.get("abilities", ()))),
            deified=tuple(_ability(a, f"{where}: deified ability {i + 1}")
                          for i, a in enumerate(raw.get("deified", ()))),
            deified_name=str(raw.get("deified_name", "")),
            summon_level=int(raw.get("summon_level", 0)),
            deified_level=int(raw.get("deified_level", 0)),
            deify_need=need, deify_pay=int(raw.get("deify_pay", 0)), faces=faces,
        )
    except (TypeError, ValueError) as exc:
        raise CardError(f"{where}: {exc}") from None


class Pool(CardPool[CardDef]):
    error = CardError

    def haystack(self, card: CardDef) -> Iterable[str]:
        return (card.id, card.name, card.deified_name, card.kind, card.emotion, card.memory,
                *(a.text for a in card.abilities), *(a.text for a in card.deified))


def default_folder() -> Path:
    return Path(__file__).resolve().parents[2] / "cards" / "clockwork_memorion"


def read_cards(path: Path) -> list[CardDef]:
    # bounded, and no control character in any word: how every ruleset reads its cards
    data = read_card_file(path.name, path, CardError)
    return [card_from_toml(c, path.name) for c in data.get("card", ())]


def load_pool(folder: Path | None = None, extra: Iterable[Path] = ()) -> Pool:
    folder = folder or default_folder()
    files = [*sorted(folder.glob("*.toml")), *extra]
    cards, _ = gather(((p.name, read_cards(p)) for p in files), CardError)
    return Pool(cards)


CARD_FIELDS = (
    CardField("type", "ruler, limit, successor, memorion or king", lambda c: c.kind),
    CardField("emotion", "joy, anger, pathos or humour", lambda c: c.emotion or None),
    CardField("level", "a successor's Level", lambda c: c.level or None, number=True),
    CardField("power", "a successor's Power", lambda c: c.power if c.kind == "successor"
              else None, number=True),
    CardField("mind", "a successor's Mind", lambda c: c.mind if c.kind == "successor"
              else None, number=True),
    CardField("genre", "the genre of its memory", lambda c: c.genre or None),
)
