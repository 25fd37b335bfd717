"""The ruleset contract: the one shape through which pmtui knows a card game.

Everything outside a ruleset's own package (the engine, the table services, the
CLI, the screens, the computer players, the SSH server) reaches a game only
through a `Ruleset` as typed here. docs/rulesets.md explains each part for
someone writing a new game. The sections:

- rules: the decisions and the events they produce (the engine runs these);
- card data: definitions, search, the pool digest, derived stats for screens;
- decks: load, validate, built-in decks, the deck's named parts;
- notation: the verbs of the generic `verb arg*` grammar (pmtui.engine.notation);
- computer players: a `Strategy` with choose / evaluate / determinize;
- checks: scenario positions (parse, write, describe, zones, expectation keys)
  and `explain` (why an action is not legal now);
- screen: a description of the board as data (pmtui.engine.screen).

JSON-like data (headers, views, scenario documents) is typed with the aliases
below: plain mappings of strings to values a JSON or TOML parser produces.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .context import Context

if TYPE_CHECKING:  # cardquery reads card pools, which read this contract
    from .cardquery import CardField
from .decision import Decision, Option
from .notation import Notation, ref
from .screen import ScreenSpec
from .state import State

# A JSON/TOML object: a game header, a player view, a scenario document, game variables.
Doc = Mapping[str, object]
# A zone's visibility: "public", "owner" (its owner only) or "hidden" (nobody).
Visibility = str
# concealed(state, uid, viewer): whether `viewer` (None: a spectator) may not know which
# card `uid` is although they see its zone (a card lying face down).
ConcealedHook = Callable[[State, int, "int | None"], bool]


class DeckError(ValueError):
    """A deck that cannot be read (one line: the file or name, and what is wrong)."""


class PositionError(ValueError):
    """A scenario position that cannot be: one line; `path` names the key at fault
    (("p1", "main", 5) for the sixth card listed there), `value` the text at fault."""

    def __init__(
        self, message: str, path: tuple[str | int, ...] = (), value: str | None = None
    ) -> None:
        super().__init__(message)
        self.path = path
        self.value = value


# -- small data the engine and the shell share ------------------------------------------


@dataclass(frozen=True)
class DeckList:
    """A deck: card ids per named part, in file order (parts as the ruleset names them,
    e.g. ("main", "ex")); the first part is the one a game shuffles."""

    name: str
    parts: Mapping[str, tuple[str, ...]]
    source: str = ""  # where it came from: a built-in deck's path or the file path
    description: str = ""
    # the deck's format where a game has several (a shorter practice format, say):
    # decks of different formats never meet at one table; "" for a game with one
    format: str = ""

    def part(self, name: str) -> tuple[str, ...]:
        return self.parts.get(name, ())

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card id of every part."""
        return tuple(cid for ids in self.parts.values() for cid in ids)

    def to_header(self) -> dict[str, object]:
        """The deck as a game header holds it: {"name": ..., part: [ids], ...}."""
        return {"name": self.name, **{k: list(v) for k, v in self.parts.items()}}


@dataclass(frozen=True)
class DeckSlot:
    """Where a card goes when it is added to a deck by name, and how many copies of it
    a deck may hold (None: no limit of its own; the deck check has the last word)."""

    part: str
    copies: int | None


@dataclass(frozen=True)
class DeckSummary:
    """The card fields (names among `card_fields`) a deck's summary counts by: the
    card kind, the colour-like field, and the number its curve is drawn over."""

    kind: str
    colour: str
    curve: str


@dataclass(frozen=True)
class CardInfo:
    """One card definition as `pmtui cards` prints it."""

    id: str
    name: str
    line: str  # one line: id, kind, numbers, name (the text listing)
    data: Doc = field(default_factory=dict)  # every field (the --json listing)
    # a double-sided card: one line per face (its side's name, numbers, text), which
    # the listing prints under `line`; () for a card with one face
    faces: tuple[str, ...] = ()


class CardDef(Protocol):
    """What the shell may read of any card definition; a ruleset's own have more."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


# -- computer players ---------------------------------------------------------------------


class Strategy(Protocol):
    """A ruleset's knowledge for computer players. Reads views only, never the real state."""

    # decision kinds worth a search; the others follow `choose` directly
    searched_kinds: frozenset[str]
    # how sure a search must be to play another option than `choose` would: that
    # option's gain over `choose`'s, round by round, more than this many standard
    # errors above zero (0: the option with the best average score is played)
    search_confidence: float
    # how far a search's playout goes: until this many turns have begun after the
    # current one (1: to the end of this turn, 2: to the end of the next)
    search_turns: int
    # optional, not declared here so that a strategy without it still fits: the
    # analysis's calibration map `chance_calibration = (a, b)` (pmtui/engine/calibration.py;
    # none: (1, 0), the playouts' chances as they are)

    def choose(self, view: Doc, decision: Decision) -> str:
        """Rules of thumb: the text of one legal option, from `view` (this player's view)."""
        ...

    def evaluate(self, state: State, player: int) -> float:
        """A position's worth for `player`, in [-1, 1] (a search's leaf score)."""
        ...

    def determinize(
        self,
        view: Doc,
        my_list: Sequence[str],
        known_lists: Sequence[Sequence[str]],
        rng: random.Random,
    ) -> State:
        """A full state consistent with `view`: hidden cards drawn from what the deck
        lists still hold (`my_list` the player's own, `known_lists` the public decks
        the opponent's may be one of)."""
        ...


# -- scenario positions (pmtui check, the sandbox) ----------------------------------------


class PositionEdits(Protocol):
    """Changes the sandbox makes to a position (each edits a copy of a State in place).
    Refusals raise ValueError with a one-line reason."""

    def add(self, state: State, cid: str, player: int, zone: str, **where: object) -> int: ...
    def move(
        self, state: State, uid: int, player: int, zone: str, **where: object
    ) -> list[int]: ...
    def remove(self, state: State, uid: int) -> list[int]: ...
    def toggle(self, state: State, uid: int, flag: str, value: object = True) -> bool: ...
    def add_coin(self, state: State, uid: int, n: int = 1) -> int: ...
    def mark(self, state: State, uid: int, what: str, arg: object, name: str) -> str:
        """Change one of the marks a card can carry in this game ("rest", "coins", ...),
        `arg` as the mark needs; returns what the card `name` is now, in the game's words."""
        ...

    def set_moment(self, state: State, **moment: object) -> None: ...
    def set_turn(self, state: State, turn: int, *, swap_first: bool = False) -> None: ...
    def remap(self, text: str, order: Sequence[int]) -> str: ...


@dataclass(frozen=True, slots=True)
class Place:
    """Somewhere the sandbox may put a card, in the game's words: a seat's zone and how
    (`where`: the keyword arguments of PositionEdits.add/move, such as {"down": True})."""

    label: str  # "P1 deck (bottom)"
    player: int
    zone: str
    where: Mapping[str, object] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """A short unique name for a menu: "0:deck", "0:deck:bottom=True"."""
        how = ",".join(f"{k}={v}" for k, v in sorted(self.where.items()))
        return f"{self.player}:{self.zone}" + (f":{how}" if how else "")


@dataclass(frozen=True, slots=True)
class Pick:
    """A card the sandbox asks for before it sets a moment: one of `seat`'s cards in
    `zone` ("turn": the player whose turn it is, "other": the other), passed to
    PositionEdits.set_moment as `key`. `optional`: "none" may be chosen."""

    key: str
    title: str
    seat: str  # "turn" | "other"
    zone: str
    optional: bool = False
    missing: str = ""  # why the moment cannot be set with no such card (when not optional)


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment of the game the sandbox offers to set (its menu of phases and steps)."""

    key: str  # unique in the menu
    label: str
    moment: Mapping[str, object]  # keyword arguments of PositionEdits.set_moment
    picks: tuple[Pick, ...] = ()
    current: bool = False  # the state is at this moment now


def alternate_turn(state: State, turn: int, swap_first: bool = False) -> None:
    """Set turn `turn` of a two-seat game whose turns alternate (PositionEdits.set_turn):
    `ap`, whose turn it is, follows from the turn and who went `first`."""
    if turn < 1:
        raise PositionError("turn 1 is the first turn")
    first = int(state.vars.get("first") or 0)
    if swap_first:
        first = 1 - first
    state.vars.update(turn=turn, first=first, ap=first if turn % 2 == 1 else 1 - first)


def zone_places(
    zones: Sequence[str], words: Mapping[str, str], state: State, player: int,
    moving: int | None,
) -> list[Place]:
    """`player`'s `zones` in their words, but the one `moving` lies in: the places of a
    game whose cards go nowhere but into zones (Positions.places)."""
    here = state.cards[moving].zone if moving is not None else None
    return [Place(f"P{player + 1} {words.get(z, z)}", player, z) for z in zones
            if f"{player}/{z}" != here]


def notation_suggestions(notation: Notation, state: State, uid: int | None) -> list[str]:
    """From the notation alone (Positions.suggestions): each verb taking one card, with
    card `uid`; then the verbs that take nothing ("pass", "end")."""
    out: list[str] = []
    if uid is not None and 0 <= uid < len(state.cards):
        card = ref(state, uid)
        out += [f"{verb} {card}" for verb, slots in notation.verbs.items() if slots == ("REF",)]
    return [*out, *(verb for verb, slots in notation.verbs.items() if not slots)]


class Positions(Protocol):
    """A ruleset's scenario positions (docs/scenarios.md): the part of a scenario file
    that describes where the cards are and what moment of the game it is."""

    players: tuple[str, ...]  # how a scenario names the seats: ("p1", "p2")
    zones: tuple[str, ...]  # zone names a scenario may write as PLAYER.ZONE, in showing order
    counted_zones: frozenset[str]  # zones shown as a count only (a deck)
    areas: tuple[str, ...]  # zones whose cards have a position state (play areas)
    zone_words: Mapping[str, str]  # zone name -> how a sentence names it ("Main Area")
    default_doc: Doc  # the position the sandbox starts from without a file
    # expectation keys this ruleset checks itself (check_expect), with their TOML types
    expect_keys: Mapping[str, tuple[type, ...]]
    edits: PositionEdits

    def parse(self, doc: Doc) -> Doc:
        """A scenario document's position as a JSON-able position for the game header's
        "scenario" key (setup builds it). PositionError on anything that cannot be."""
        ...

    def write(self, state: State) -> tuple[dict[str, object], list[int]]:
        """A state back into a scenario document (its position tables) and the new
        numbering: `order[i]` is the old card number of the card numbered i."""
        ...

    def busy(self, state: State) -> str | None:
        """Why this state cannot be written as a position now (None: it can)."""
        ...

    def moment(self, state: State) -> dict[str, object]:
        """The moment of the game as JSON (turn, phase, ...: `pmtui check --json`)."""
        ...

    def moment_line(self, state: State) -> str:
        """The moment of the game in one line of words (`pmtui check`)."""
        ...

    def card_text(self, state: State, uid: int) -> str:
        """One card as `pmtui check` lists it: its ref and its state, like STA-001@4(30/20,rest)."""
        ...

    def card_json(self, state: State, uid: int) -> dict[str, object]:
        """One card as `pmtui check --json` lists it."""
        ...

    def check_expect(self, state: State, uid: int | None, expect: Doc) -> list[str]:
        """Problems with this ruleset's own expectation keys in `expect`: with `uid`, the
        keys about that card; without, the keys about the moment. Empty: they hold."""
        ...

    def check_keys(self, expect: Doc) -> str | None:
        """A problem with how this ruleset's own keys are written (one line), or None."""
        ...

    # The names of the state a scenario's `state = {...}` may read (docs/scenarios.md,
    # "Named state"): of a card (with `card = ...`), and of the moment of the game.
    card_facts: tuple[str, ...]
    moment_facts: tuple[str, ...]

    def facts(self, state: State, uid: int | None) -> dict[str, object]:
        """The named state now, as plain data (numbers, words, lists, tables): card `uid`'s
        (card_facts), or with None the moment's (moment_facts). A new game adds names."""
        ...

    # -- the sandbox (pmtui sandbox): what its menus offer, in the game's words --

    def places(self, state: State, cid: str, player: int, moving: int | None) -> list[Place]:
        """Where card `cid` may be put on `player`'s side (`moving`: the card being moved,
        None when a new one is added)."""
        ...

    def riders(self, state: State, uid: int) -> list[tuple[int, str]]:
        """Cards that go with card `uid` (set on it, under it), each with what it is to
        it ("support set on it"): the sandbox asks which one a remove or move means."""
        ...

    def moments(self, state: State) -> list[Moment]:
        """The moments the sandbox offers to set (empty: none but the turn)."""
        ...

    def suggestions(self, state: State, uid: int | None) -> list[str]:
        """Actions worth asking "why not?" about for card `uid` (None: in general),
        whether legal or not; the sandbox lists the legal options too."""
        ...


# -- the ruleset ---------------------------------------------------------------------------


class Ruleset(Protocol):
    # -- rules --
    id: str
    version: str
    name: str
    # zone name (without the player prefix) -> "public" | "owner" | "hidden"
    visibility: Mapping[str, Visibility]
    # Face-down cards inside zones their viewer may see (a ConcealedHook), or None for a
    # game without any: then the zones' visibility says everything, and the engine notes
    # nothing about concealed cards in its events (see views.Concealer).
    concealed: ConcealedHook | None

    def setup(self, ctx: Context, header: Doc) -> None:
        """Emit the opening events (cards, shuffles, ...) up to the first decision.
        A header with "scenario" holds a position (Positions.parse) to build instead."""
        ...

    def decision(self, state: State) -> Decision | None:
        """The one pending decision, computed from the state alone; None once the game is over."""
        ...

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        """Emit the events that follow from the option, then advance to the next decision."""
        ...

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        """(winner or None for a draw, reason) when the game is over now, else None."""
        ...

    # The only game variables `end_check` reads (besides zones and cards), or None when it
    # may read any: the engine then skips the check after a "var" event that sets none of
    # them (most events of a game are var events).
    end_vars: frozenset[str] | None

    def redact_vars(
        self, vars: Doc, player: int | None, partial: bool = False
    ) -> dict[str, object]:
        """Game variables as one player may see them (None: a spectator). `partial`:
        `vars` is only the changed part (a "var" event's "set")."""
        ...

    # -- card data --
    @property
    def cards(self) -> Mapping[str, CardDef]:
        """Every card definition by card id."""
        ...

    @property
    def pool_digest(self) -> str:
        """A digest of the card data; a save records it to notice changed cards."""
        ...

    def card_info(self, card_id: str) -> CardInfo: ...

    def with_card_files(self, paths: Sequence[Path]) -> Ruleset:
        """This game with more card files loaded after its own (cards made up for a
        scenario or the sandbox), checked like its own; ValueError (one line, naming the
        file) for a bad file, OSError for one that cannot be read."""
        ...

    # The filter fields of the game's cards (colour, cost, ...: pmtui.engine.cardquery),
    # what `pmtui cards --colour red` and a search's `cost:2-4` name.
    card_fields: Sequence[CardField]

    def search_cards(self, query: str) -> list[CardInfo]:
        """Cards matching every word and FIELD:VALUE term of `query` (empty: all), for
        `pmtui cards` and the sandbox (cardquery.search); QueryError (one line) for a
        term that cannot be read."""
        ...

    def card_view(self, state: State, uid: int, player: int | None) -> Doc:
        """Derived values of a card `player` can see (current stats, cost, texts and
        where each differs from print), merged into its card in the view: screens
        and computer players read them instead of adding anything up."""
        ...

    # -- decks --
    deck_parts: tuple[str, ...]  # e.g. ("main", "ex"); a header's decks use these keys
    header_options: Mapping[str, str]  # option name -> what it does (header "options")
    # option name -> the values a menu offers (the SSH lobby); an option left out of a
    # menu keeps the game's default there
    option_values: Mapping[str, tuple[str, ...]]

    def builtin_decks(self, options: Mapping[str, str] | None = None) -> list[str]:
        """The built-in deck names; with header `options`, those that suit them
        (e.g. a mode's own decks), so a game given only options has decks."""
        ...

    def load_deck(self, spec: str) -> DeckList:
        """A built-in deck by name or a deck file by path (DeckError, one line)."""
        ...

    def validate_deck(self, deck: DeckList) -> list[str]:
        """Every deck-building problem, one sentence each (empty: a legal deck)."""
        ...

    def deck_document(self, deck: DeckList) -> dict[str, object]:
        """The deck as the game's deck file holds it (TOML-ready: strings, integers,
        lists and tables), so that `load_deck` of the written file gives the same
        cards in each part (docs/decks.md)."""
        ...

    def deck_slot(self, card_id: str) -> DeckSlot:
        """The part a pool card goes to when no part is named, and its copies limit."""
        ...

    deck_summary: DeckSummary  # the fields a deck editor counts and draws by

    def deck_format_name(self, deck: DeckList) -> str:
        """The format or mode a deck is built for, in words ("quick format", "Ultimate
        mode"), for "legal for ..."; "" in a game with one."""
        ...

    # -- notation --
    notation: Notation

    # -- computer players --
    def make_strategy(self, seed: int = 0, searching: bool = False) -> Strategy:
        """Rules of thumb for a computer player; `searching`: for a search player's own
        choices and playouts, which may look further ahead over its own options than the
        rules of thumb alone do."""
        ...

    # -- checks --
    positions: Positions

    def explain(self, state: State, text: str) -> str | None:
        """None when `text` is a legal choice now, else why not (one line, with its page)."""
        ...

    # -- screen --
    screen: ScreenSpec
