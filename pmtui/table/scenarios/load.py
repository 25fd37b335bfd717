"""Reading a scenario file (docs/scenarios.md) into a `Scenario`, or a one-line ScenarioError.

The generic part of the format lives here: the top-level keys, the actions in
notation, the `[[expect]]` tables and their common keys. The position tables,
the zone names and the game's own expectation keys come from the ruleset the
file names (`Ruleset.positions`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pmtui.engine import bounded
from pmtui.engine.decision import CHANCE
from pmtui.engine.fixed import FixError, syntax_problem
from pmtui.engine.game import Game
from pmtui.engine.notation import NotationError
from pmtui.engine.ruleset import DeckList, Doc, PositionError, Ruleset
from pmtui.engine.state import zkey
from pmtui.engine.tomlfile import parse_toml, syntax_error
from pmtui.table.games import make_header
from pmtui.table.registry import DEFAULT_RULESET, UnknownRuleset, ruleset

from .decks import deck_of, setup_decks
from .locate import Locator
from .locate import Path as KeyPath

TOP_KEYS = {
    "ruleset",
    "name",
    "page",
    "description",
    "seed",
    "chance",
    "position",
    "p1",
    "p2",
    "actions",
    "expect",
    "card_files",
    "setup",
    "fix",
}
# expectation keys every game has; a ruleset adds its own (Positions.expect_keys)
EXPECT_TYPES: dict[str, tuple[type, ...]] = {
    "after": (int,),
    "note": (str,),
    "zone": (str,),
    "cards": (list,),
    "count": (int,),
    "ordered": (bool,),
    "down": (int, bool),
    "seen_by": (str,),
    "hidden": (bool,),
    "card": (str,),
    "player": (str,),
    "winner": (str,),
    "to_act": (str,),
    "decision": (str,),
    "legal": (list,),
    "illegal": (list,),
    "choices": (list,),
    "reason_contains": (str,),
    "shuffled": (bool,),
    "order_kept": (bool,),
    "not": (bool,),
    "deck": (dict, str),
    "deck_legal": (bool,),
    "shown_to": (str,),
    "log_seen_by": (str,),
    "log_contains": (list,),
    "log_lacks": (list,),
    "state": (dict,),
    "card_data": (dict,),
}
SPECTATOR = "spectator"  # a reader of the game who holds no seat


class ScenarioError(ValueError):
    """A malformed scenario file: one line, naming the file and, where known, the line."""


@dataclass
class Action:
    text: str
    line: int | None
    player: int | None = None  # "p1: pass" asserts whose decision it is


@dataclass
class Expect:
    data: dict[str, object]
    line: int | None
    after: int
    deck: DeckList | None = None  # a deck whose legality is expected (deck, deck_legal)


@dataclass
class Scenario:
    path: str
    name: str
    page: str
    description: str
    header: dict[str, object]
    actions: list[Action]
    expects: list[Expect]
    rs: Ruleset = field(repr=False)
    card_files: tuple[Path, ...] = ()  # the extra card files loaded, as found from here
    fix_lines: tuple[int | None, ...] = ()  # the line of each `fix` entry

    @property
    def players(self) -> tuple[str, ...]:
        return self.rs.positions.players

    def seat_name(self, player: int) -> str:
        """How the file names whoever decides: a seat ("p1"), or "chance" for a die."""
        return "chance" if player == CHANCE else self.players[player]


def where(path: str, line: int | None) -> str:
    return f"{path}:{line}" if line else path


def load(path: Path | str) -> Scenario:
    """Read and check a scenario file; ScenarioError (one line) on any problem."""
    name = str(path)
    return loads(bounded.read_text(Path(path), name, ScenarioError), name)


def loads(text: str, name: str = "<scenario>") -> Scenario:
    try:
        doc = parse_toml(text, name, ScenarioError)
    except tomllib.TOMLDecodeError as exc:
        what, line, col = syntax_error(exc)
        if line is None:
            raise ScenarioError(f"{name}: TOML syntax error: {what}") from None
        raise ScenarioError(f"{name}:{line}: TOML syntax error: {what} (column {col})") from None
    loc = Locator(text)

    def fail(message: str, path: KeyPath = (), value: str | None = None) -> ScenarioError:
        return ScenarioError(f"{where(name, loc.line(path, value) if path else None)}: {message}")

    for key in doc:
        if key not in TOP_KEYS:
            raise fail(f"unknown key {key!r} (known: {', '.join(sorted(TOP_KEYS))})", (key,))
    rs_id = doc.get("ruleset", DEFAULT_RULESET)
    if not isinstance(rs_id, str):
        raise fail("ruleset: must be a string", ("ruleset",))
    try:
        rs = ruleset(rs_id)
    except UnknownRuleset as exc:
        raise fail(f"ruleset: {exc}", ("ruleset",)) from None
    card_files: tuple[Path, ...] = ()
    if "card_files" in doc:
        rs, card_files = _with_card_files(rs, doc["card_files"], name, fail)
    for key in ("name", "description"):
        if not isinstance(doc.get(key, ""), str):
            raise fail(f"{key}: must be a string", (key,))
    page = doc.get("page", "")
    if isinstance(page, int) and not isinstance(page, bool):
        page = f"p.{page:02d}"
    if not isinstance(page, str):
        raise fail('page: a rulebook page like "p.11" or a number', ("page",))
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("seed: must be a whole number", ("seed",))
    chance = doc.get("chance", "auto")
    if chance not in ("auto", "ask"):
        raise fail('chance: "ask" (dice are actions) or "auto" (the game rolls)', ("chance",))
    extra = {"chance": "ask"} if chance == "ask" else {}

    fix = doc.get("fix", [])
    if not isinstance(fix, list):
        raise fail('fix: a list of outcomes, like ["keep", "roll 4", "heads"]', ("fix",))
    for entry in fix:
        problem = syntax_problem(entry)
        if problem:
            raise fail(f"fix: {problem}", ("fix",), entry if isinstance(entry, str) else None)
    fix_lines = tuple(loc.strings_after(("fix",), fix))
    if fix:
        extra["fix"] = list(fix)

    players = rs.positions.players
    position: Doc | None = None
    decks: list[DeckList] = []
    options: dict[str, str] = {}
    if "setup" in doc:
        decks, options = setup_decks(doc, rs, name, fail)
    else:
        try:
            position = rs.positions.parse(doc)
        except PositionError as exc:
            line = loc.line(exc.path, exc.value) if exc.path else None
            raise ScenarioError(f"{where(name, line)}: {exc}") from None

    raw_actions = doc.get("actions", [])
    if not isinstance(raw_actions, list) or not all(isinstance(a, str) for a in raw_actions):
        raise fail("actions: must be a list of strings in notation", ("actions",))
    lines = loc.strings_after(("actions",), raw_actions)
    actions = []
    for raw, line in zip(raw_actions, lines, strict=True):
        actions.append(_action(raw, line, name, rs))

    raw_expects = doc.get("expect", [])
    if not isinstance(raw_expects, list):
        raise fail("expect: write each expectation as an [[expect]] table", ("expect",))
    expects = []
    for i, e in enumerate(raw_expects):
        line = loc.line(("expect", i))
        expects.append(_expect(e, line, name, len(actions), rs, Path(name).parent))

    seats = [{"name": p.upper(), "kind": "scenario"} for p in players]
    title = doc.get("name", Path(name).stem)
    if position is not None:
        empty = DeckList("scenario", {part: () for part in rs.deck_parts})
        header = make_header(rs, [empty for _ in players], seed, seats, "scenario",
                             scenario=position, scenario_name=title, **extra)
    else:  # the game's own setup runs on the decks given
        if options:
            extra["options"] = options
        header = make_header(rs, decks, seed, seats, "scenario", scenario_name=title, **extra)
        _try_setup(rs, header, name, loc, fix_lines)
    return Scenario(
        path=name,
        name=str(doc.get("name", Path(name).stem)),
        page=page,
        description=str(doc.get("description", "")),
        header=header,
        actions=actions,
        expects=expects,
        rs=rs,
        card_files=card_files,
        fix_lines=fix_lines,
    )


def _try_setup(rs: Ruleset, header: Doc, name: str, loc: Locator,
               fix_lines: tuple[int | None, ...]) -> None:
    """Run the game's setup once, so decks it cannot start from are a malformed file."""
    try:
        Game(rs, header, hashing=False, log=False)
    except FixError as exc:
        line = fix_lines[exc.index] if exc.index < len(fix_lines) else None
        raise ScenarioError(f"{where(name, line)}: fix: {exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise ScenarioError(f"{where(name, loc.line(('setup',)))}: setup: {exc}") from None



def _with_card_files(
    rs: Ruleset, raw: object, name: str, fail: Callable[..., ScenarioError]
) -> tuple[Ruleset, tuple[Path, ...]]:
    """The ruleset with a scenario's extra card files (made-up cards), named relative
    to the scenario file and checked like the game's own."""
    if not isinstance(raw, list) or not all(isinstance(p, str) and p for p in raw):
        raise fail("card_files: a list of card file paths (relative to this file)",
                   ("card_files",))
    base = Path(name).parent
    paths = tuple(base / p for p in raw)
    try:
        return rs.with_card_files(paths), paths
    except (OSError, ValueError) as exc:
        raise fail(f"card_files: {exc}", ("card_files",)) from None


def _check_notation(text: str, at: str, rs: Ruleset) -> None:
    try:
        move = rs.notation.parse(text, lenient=True)
    except NotationError as exc:
        raise ScenarioError(f"{at}: {text!r}: {exc}") from None
    for ref in move.refs:
        if ref.cid not in rs.cards:
            raise ScenarioError(f"{at}: {text!r}: unknown card id {ref.cid}")


def _action(raw: str, line: int | None, name: str, rs: Ruleset) -> Action:
    at = where(name, line)
    text = raw.strip()
    player = None
    players = rs.positions.players
    m = re.match(r"^(\w+)\s*:\s*(.*)$", text)
    if m and m.group(1) in players:
        player = players.index(m.group(1))
        text = m.group(2)
    _check_notation(text, at, rs)
    return Action(" ".join(text.split()), line, player)


def _expect(e: object, line: int | None, name: str, n_actions: int, rs: Ruleset,
            base: Path) -> Expect:
    at = where(name, line)
    if not isinstance(e, Mapping):
        raise ScenarioError(f"{at}: an [[expect]] must be a table")
    known = {**EXPECT_TYPES, **rs.positions.expect_keys}
    for key, value in e.items():
        types = known.get(key)
        if types is None:
            raise ScenarioError(
                f"{at}: expect: unknown key {key!r} (known: {', '.join(sorted(known))})"
            )
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ScenarioError(f"{at}: expect.{key}: wrong kind of value {value!r}")
    checks = set(e) - {"after", "note", "player", "ordered", "reason_contains", "not"}
    if not checks:
        raise ScenarioError(f"{at}: expect: nothing to check")
    after = e.get("after", n_actions)
    if not 0 <= after <= n_actions:
        raise ScenarioError(
            f"{at}: expect.after: {after} is not between 0 and the {n_actions} actions"
        )
    players = rs.positions.players
    either = " or ".join(f'"{p}"' for p in players)
    if "zone" in e:
        zone_key(e["zone"], at, rs)
    for key in ("player", "seen_by"):
        if key in e and e[key] not in players:
            raise ScenarioError(f"{at}: expect.{key}: {either}, not {e[key]!r}")
    for key in ("shown_to", "log_seen_by"):
        if key in e and e[key] not in (*players, SPECTATOR):
            raise ScenarioError(f'{at}: expect.{key}: {either} or "{SPECTATOR}", '
                                f"not {e[key]!r}")
    if "shown_to" in e and ("zone" in e or "card" in e or "cards" not in e):
        raise ScenarioError(f"{at}: expect.shown_to goes with cards = [...] (the cards shown "
                            "by the action), without zone or card")
    if ("log_contains" in e or "log_lacks" in e) != ("log_seen_by" in e):
        raise ScenarioError(f"{at}: expect.log_contains and log_lacks go with log_seen_by "
                            "(whose log)")
    for key in ("log_contains", "log_lacks"):
        if not all(isinstance(t, str) and t for t in e.get(key, [])):
            raise ScenarioError(f"{at}: expect.{key}: a list of texts")
    problem = rs.positions.check_keys(e)
    if problem:
        raise ScenarioError(f"{at}: {problem}")
    if "to_act" in e and e["to_act"] not in (*players, "chance", "none"):
        raise ScenarioError(f'{at}: expect.to_act: {either}, "chance" or "none"')
    if "winner" in e and e["winner"] not in (*players, "draw", "none"):
        raise ScenarioError(f'{at}: expect.winner: {either}, "draw" or "none"')
    if "card" in e and "cards" in e:
        raise ScenarioError(f"{at}: expect: use card (one card) or cards (a zone), not both")
    if "cards" in e or "count" in e or "down" in e or "hidden" in e:
        if "zone" not in e and "card" not in e and "shown_to" not in e:
            raise ScenarioError(f"{at}: expect: cards, count, down and hidden need a zone")
    for key in ("shuffled", "order_kept"):
        if key in e and ("zone" not in e or "card" in e):
            raise ScenarioError(f"{at}: expect.{key} goes with a zone (and no card)")
    for cid in e.get("cards", []):
        if not isinstance(cid, str) or cid.partition("@")[0] not in rs.cards:
            raise ScenarioError(f"{at}: expect.cards: unknown card id {cid!r}")
    if "card" in e and e["card"].partition("@")[0] not in rs.cards:
        raise ScenarioError(f"{at}: expect.card: unknown card id {e['card']!r}")
    for key in ("legal", "choices"):
        for text in e.get(key, []):
            if not isinstance(text, str):
                raise ScenarioError(f"{at}: expect.{key}: a list of actions in notation")
            _check_notation(text, at, rs)
    for text in e.get("illegal", []):
        if not isinstance(text, str) or not text.split():
            raise ScenarioError(f"{at}: expect.illegal: a list of actions in notation")
    if "reason_contains" in e and "illegal" not in e and e.get("deck_legal") is not False:
        raise ScenarioError(f"{at}: expect.reason_contains goes with illegal = [...] or "
                            "deck_legal = false")
    if ("deck" in e) != ("deck_legal" in e):
        raise ScenarioError(f"{at}: expect.deck and expect.deck_legal go together (a deck "
                            "and whether it is legal)")
    if "state" in e:
        names = rs.positions.card_facts if "card" in e else rs.positions.moment_facts
        what = "a card's" if "card" in e else "the moment's (add card = ... for a card's)"
        for key in e["state"]:
            if key not in names:
                raise ScenarioError(f"{at}: expect.state: no {key!r} among {what} named "
                                    f"state in {rs.id} (known: {', '.join(names)})")
    if "card_data" in e:
        if "card" not in e:
            raise ScenarioError(f"{at}: expect.card_data goes with card = ...")
        fields = rs.card_info(str(e["card"]).partition("@")[0]).data
        for key in e["card_data"]:
            if key not in fields:
                raise ScenarioError(f"{at}: expect.card_data: the card has no field {key!r} "
                                    f"(fields: {', '.join(fields)})")
    deck = None
    if "deck" in e:
        try:
            deck = deck_of(e["deck"], base, rs, "expect.deck")
        except ValueError as exc:
            raise ScenarioError(f"{at}: {exc}") from None
    return Expect(dict(e), line, after, deck)


def zone_key(text: str, at: str, rs: Ruleset) -> str:
    """A scenario's PLAYER.ZONE as the engine's zone key (ScenarioError when unknown)."""
    players, zones = rs.positions.players, rs.positions.zones
    who_, _, zone = text.partition(".")
    if who_ not in players or zone not in zones:
        raise ScenarioError(
            f"{at}: zone {text!r}: write PLAYER.ZONE, like {players[0]}.{zones[1 % len(zones)]} "
            f"(zones: {', '.join(zones)})"
        )
    return zkey(players.index(who_), zone)


def zone_label(key: str, rs: Ruleset) -> str:
    owner, _, zone = key.partition("/")
    if not owner.isdigit():  # a zone nobody owns (a shared board)
        return f"{owner}.{zone}"
    return f"{rs.positions.players[int(owner)]}.{zone}"
