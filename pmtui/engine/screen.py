"""The screen a ruleset describes as data: the TUI draws what this says.

A ruleset never imports Textual; it hands the table a `ScreenSpec`: the layout
of each seat's side (bars of counters, rows of card slots, grids of named
cells), what a card face and the card panel show, the turn-flow panel and the
stage line (functions of a player's view), the verbs and their keys, when the
table passes for a player, its words, and the prompt kinds its decisions use.
Everything here is plain data or a function of a view: the screens read it and
never recompute a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .decision import Decision

if TYPE_CHECKING:  # ruleset.py imports this module
    from .ruleset import CardDef

Card = Mapping[str, Any]  # a card dict from a view (uid, cid, owner, flags, derived values)
View = Mapping[str, Any]  # a player's view: {"player", "zones", "vars"}

# How a line or word is shown; the TUI maps these to its own styles.
Tone = Literal["plain", "bold", "dim", "italic", "aside", "accent", "warn", "good", "bad",
               "heading"]


@dataclass(frozen=True)
class Colour:
    """A colour key a card face may name: a letter and one of the 16 ANSI colours."""

    letter: str  # shown on the stats line ("R")
    ansi: str  # "red", "blue", "yellow", "green", "magenta", "cyan", "white", "black"
    dark_text: bool = False  # black text on it reads better than white


# -- layout -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Counter:
    """One item on a seat's bar: how many cards a zone holds, maybe browsable."""

    zone: str  # zone name without the seat ("discard")
    label: str  # short word on the bar ("Disc")
    title: str  # the zone's full name ("Discard Zone"): browse title, card panel
    of: int | None = None  # drawn as n/of: the count that ends the game
    split: str | None = None  # a card flag counted apart: ▲ cards without it, ▼ with it
    browse: bool = False  # the viewer may look through it when they can see its cards
    unseen_only: bool = False  # drawn only when the zone's cards are not shown on a row
    editing: bool = False  # drawn only where a position is being set up (the sandbox)


@dataclass(frozen=True)
class Bar:
    """One line for a seat: its name (and role marker), then its counters."""

    counters: tuple[Counter, ...]


@dataclass(frozen=True)
class Row:
    """Cards of one zone side by side."""

    zone: str
    label: str  # "Main Area"
    slots: int = 0  # empty slots drawn up to this many (0: just the cards)
    # the board's cursor stops on an empty slot (a place an option may name); False: only
    # on cards, and a row with none is passed over (its empty slots are only drawn; the
    # sandbox, which puts cards there, stops on them all the same)
    empty_stops: bool = True
    wrap: bool = False  # more cards than fit: wrap onto more lines instead of scrolling
    large: bool = False  # gets the bigger share of the height
    unseen: Literal["count", "hide"] = "count"  # when the viewer may not see the zone
    in_play: bool = False  # cards here are in play (an Area): the sandbox's card edits apply
    # a row of places a ruleset addresses by number (left and right neighbours): the card
    # flag holding each card's slot, 1 to `slots` from the owner's left; its cards are
    # drawn at their slots, empty slots between ("": cards side by side in zone order)
    slot: str = ""
    # a short mark for each slot of a seat's row, left to right (what the slot allows:
    # an emotion's letter), drawn in the slot and before the title of the card on it
    marks: Callable[[View, int], Sequence[str]] | None = None


@dataclass(frozen=True)
class Grid:
    """A board of cells shared by both seats; a piece's cell is a card flag.

    `cols` and `rows` are the board a game has by default; when its size is a game
    option, `sized` gives the grid of a position (from its view's variables), and
    the table draws that one. `fixtures` gives what stands on cells besides the
    pieces (a Stronghold, a river): cell name -> its face, for a view and the
    seats' names."""

    zone: str  # a shared zone's name ("board": the view's key is "shared/board")
    cols: tuple[str, ...]  # column names left to right ("a", "b", "c")
    rows: tuple[str, ...]  # row names top to bottom ("3", "2", "1"): cell = col + row
    cell: str = "cell"  # the card flag naming the cell a piece stands on
    turned: bool = False  # the second seat sees it turned round: its own side at the bottom
    label: str = ""  # its name in words ("Battlefield"; default: the zone's name)
    sized: Callable[[View], Grid] | None = None
    fixtures: Callable[[View, Sequence[str]], Mapping[str, Face]] | None = None

    def of(self, view: View) -> Grid:
        """The grid as the position in `view` has it."""
        return self.sized(view) if self.sized is not None else self

    def cell_name(self, col: int, row: int, flip: bool = False) -> str:
        """The cell drawn at (col, row); `flip`: as the turned board shows it."""
        if flip:
            col, row = len(self.cols) - 1 - col, len(self.rows) - 1 - row
        return f"{self.cols[col]}{self.rows[row]}"


Section = Bar | Row | Grid


@dataclass(frozen=True)
class Layout:
    """Top to bottom. `theirs` is the far side, `mine` the viewer's; `middle` is shared
    (a grid) and drawn under the stage line. A spectator or the sandbox sees seat 1
    as "theirs" and seat 0 as "mine"."""

    theirs: tuple[Section, ...]
    mine: tuple[Section, ...]
    middle: tuple[Section, ...] = ()
    # zones drawn nowhere on the board (cards under a unit), by name in words, so that
    # the log names them too: (("under", "under a unit"),)
    off_board: tuple[tuple[str, str], ...] = ()

    def title(self, zone: str) -> str:
        """A zone's name (without the seat): a row's label, a counter's title or its
        name in `off_board`, else the zone's own name."""
        for s in (*self.theirs, *self.middle, *self.mine):
            if isinstance(s, Row) and s.zone == zone:
                return s.label
            if isinstance(s, Grid) and s.zone == zone and s.label:
                return s.label
            if isinstance(s, Bar):
                for c in s.counters:
                    if c.zone == zone:
                        return c.title
        return dict(self.off_board).get(zone, zone)


# -- faces, panels, lines ----------------------------------------------------------------


@dataclass(frozen=True)
class Face:
    """What a card shows in a slot, from its first line down as height allows."""

    title: str
    colour: str = ""  # a key of ScreenSpec.colours ("" : plain)
    left: str = ""  # the stats line's left part ("R3/1")
    right: str = ""  # its right part: current stats ("30/20") or the card's kind
    right_tone: Tone = "bold"  # how `right` is drawn ("italic" for a kind word)
    changed: bool = False  # `right` differs from print (drawn highlighted)
    status: tuple[str, ...] = ()  # short words ("Rest", "new", "Lv2")
    more: str = ""  # a line of keywords or properties
    text: str = ""  # the rules text, wrapped into what is left
    short: str = ""  # the right part when the face is one line high (default: `right`)
    # `text` is not the printed text (words changed during play, from card_view): drawn
    # highlighted, as `changed` draws the numbers
    text_changed: bool = False
    pick: str = ""  # what the card adds when picked in a PickSet prompt ("provides 2")


@dataclass(frozen=True)
class Line:
    text: str
    tone: Tone = "plain"
    more: str = ""  # drawn after `text` in `more_tone` ("Priority Ann" + " · pass 0")
    more_tone: Tone = "plain"


@dataclass(frozen=True)
class Detail:
    """The card panel: a title bar in the card's colour, then lines."""

    title: str
    colour: str = ""
    ref: str = ""  # the card in notation, shown dim beside the title
    lines: tuple[Line, ...] = ()
    # a double-sided card's other face (its title first), drawn under its own heading
    # after `lines`: the sheet shows both faces, the one up first
    other: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Flow:
    """The turn-flow panel: a headline, the phases (one current), the steps of the
    current phase, then lines (priority, the chain, ...)."""

    headline: str  # bold ("Turn 4")
    phases: tuple[tuple[str, bool], ...] = ()
    steps: tuple[tuple[str, bool], ...] = ()
    lines: tuple[Line, ...] = ()
    subhead: str = ""  # plain, after the headline (" · A: Ann")


# -- verbs, passing, prompts --------------------------------------------------------------


@dataclass(frozen=True)
class Verb:
    """A game verb with a key. `on_card`: its options name the focused card (or the
    focused grid cell) right after the verb ("summon STA-001@4 main", "spring b2");
    otherwise the option text is the verb alone."""

    verb: str  # the option text's first word ("summon", "no-interference")
    key: str  # default key ("s"); players remap it by the binding id `verb`
    label: str  # footer word ("Summon")
    help: str  # help-screen line
    on_card: bool = True
    ask: str = ""  # menu title when several options fit; {name} is the card's name


@dataclass(frozen=True)
class Window:
    """Where a decision with a "pass" option stands: its stop, and whether the table
    passes for a player whose only choice is to pass."""

    stop: str  # a name from ScreenSpec.stops
    auto: bool = True
    # a window restricted to one kind of answer (chain.window_mode): what alone may
    # answer, in words ("recalls"); the response prompt and the prompt line say so
    only: str = ""


@dataclass(frozen=True)
class Stop:
    """A window the table can stop in for a player who may act, or pass for them.
    A player turns stops off in tui.toml (options.stops = [names])."""

    name: str  # "own_main"
    help: str


@dataclass(frozen=True)
class Watch:
    """Something the table stops for while the other side plays (the summary of what
    happened opens at once): a card moving into one of `into`, or out of `out_of` to a
    zone not in it. Zone names without the seat. A player turns watches off in tui.toml
    (options.watch = [names]); the end of the game is always shown."""

    name: str  # "points"
    help: str  # "a point is scored (Point Zone)"
    into: tuple[str, ...] = ()
    out_of: tuple[str, ...] = ()

    def seen(self, event: Mapping[str, Any]) -> bool:
        """Whether a (redacted) event is one this watch stops for."""
        if event.get("t") != "move":
            return False
        src = str(event.get("from") or "").rpartition("/")[2]
        dest = str(event.get("to") or "").rpartition("/")[2]
        return dest in self.into or (src in self.out_of and dest not in self.out_of)


@dataclass(frozen=True)
class PickSet:
    """Pick a set of cards with a running total: each pick is sent as `pick_verb CARD`,
    then `confirm`; `cancel` abandons. The decision's info carries the ruleset's verdict
    after each pick: "total", "need", "ok" and "why" (a reason, one line)."""

    pick_verb: str  # "pay"
    confirm: str  # "done"
    cancel: str  # "cancel"
    total: str = "Total"  # word before the running total
    need: str = "needed"
    met: str = "enough: enter confirms"  # shown once the ruleset says the set will do
    unmet: str = "not enough yet"  # shown when the ruleset gives no reason


@dataclass(frozen=True)
class Choose:
    """Choose one option from a list (labels from ScreenSpec.label)."""

    body: str = ""  # a line under the title
    # it answers a play (a response window): titled by the stage line as a question,
    # with the chain it answers listed under the body
    responds: bool = False


@dataclass(frozen=True)
class Browse:
    """Look through a list of cards (a zone)."""


PromptKind = PickSet | Choose | Browse


@dataclass(frozen=True)
class Words:
    """Game words the screens print."""

    roles: tuple[str, str] = ("", "")  # markers after a seat's name: (acting, other) ("(A)")
    role_legend: str = ""  # what they mean, for the help screen
    legend: str = ""  # what the words on a card face mean, for the help screen
    stage_empty: str = "stage empty"
    pass_text: str = "pass"  # the option that passes (auto-pass, pass to the end of turn)
    # how to play, for the help's first page: (heading, paragraph) in reading order,
    # in the game's own words: the goal, a turn, winning and losing, the zones
    how_to_play: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Stage:
    """The line between the two sides: what is being played now."""

    text: str = ""
    tone: Tone = "dim"
    label: str = ""  # a bold word before the text ("Stage:")
    # the whole chain waiting to resolve, one line per link, first played first: a
    # response prompt lists it, so every link is in sight while the player answers
    links: tuple[Line, ...] = ()


class ScreenSpec(Protocol):
    """What a ruleset tells the screens about its game."""

    title: str  # the game's name as the screens show it
    layout: Layout
    colours: Mapping[str, Colour]
    verbs: Sequence[Verb]
    stops: Sequence[Stop]
    watches: Sequence[Watch]  # what the table stops for on the other side's turn
    words: Words
    board: frozenset[str]  # decision kinds answered on the board (focused card, verb keys)
    prompts: Mapping[str, PromptKind]  # how other kinds are asked (default: Choose())

    def face(self, card: Card, zone: str, view: View) -> Face:
        """A card in a slot of `zone` (the zone name without the seat)."""

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        """The card panel for the focused card."""

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        """The turn-flow panel; `names` are the seats' names."""

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        """The stage line."""

    def role(self, view: View, seat: int) -> str:
        """The marker after a seat's name ("(A)"), or ""."""

    def heading(self, view: View) -> str:
        """What the screen's top line says of the game being played, its mode for one
        (a game with two modes names the one in play), or "" for nothing."""

    def window(self, decision: Decision, view: View) -> Window | None:
        """The window of a decision the table may pass for its player (None: always ask)."""

    def label(self, text: str, view: View) -> str:
        """An option text in plain words ("Summon Mirei to the Main Area")."""

    def card_name(self, cid: str) -> str:
        """A card's name by its id ("a card" when unknown)."""

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        """A line for the game log about an event, in the game's words (a play disabled
        by a response, a damage dealt), or None: the log's own line for it, if any.
        `card` names a card by its number as the reader last saw it; `names` name the
        seats."""


def stop_passes(spec: ScreenSpec, decision: Decision, view: View, stops: Collection[str],
                always_ask: bool = False) -> bool:
    """Whether the table passes for the decision's player by their stop settings: in a
    window out of their `stops`, or where passing is their only choice and the window
    lets the table pass (unless they asked to be asked). The one rule for both the
    passes the table makes and, after a resume, which logged passes it made."""
    pass_text = spec.words.pass_text
    if pass_text not in decision.texts:
        return False
    window = spec.window(decision, view)
    if window is None:
        return False
    only = decision.texts == [pass_text] and window.auto and not always_ask
    return window.stop not in stops or only


def current_text(card: Card, printed: str) -> tuple[str, bool]:
    """A card's rules text as it stands now and whether that differs from `printed`:
    the view's `text` (card_view's words filled in during play) where the ruleset
    derives one, else the printed text. Faces and sheets draw this, never the print
    alone, wherever a card is shown."""
    text = card.get("text")
    if not isinstance(text, str):
        return printed, False
    return text, text != printed


def answer_line(view: View, names: Sequence[str], only: Mapping[str, str]) -> Line | None:
    """Who may answer in the open response window and with what, for a turn panel:
    "Ann may answer: traps only" in a window restricted to a mode named in `only`
    (mode -> its answers in words), "Ann may answer" in any other; None without a
    window. Read from the chain's variables in the view (pmtui.engine.chain)."""
    resp = view["vars"].get("resp")
    if not isinstance(resp, Mapping) or not isinstance(resp.get("prio"), int):
        return None
    who = names[resp["prio"]]
    mode = str(resp.get("mode") or "")
    if mode:
        return Line(f"{who} may answer: ", "warn", more=f"{only.get(mode, mode)} only",
                    more_tone="warn")
    return Line(f"{who} may answer", "bold")


FIGHT_MARK = "»"  # before the name of a card in the fight now: a character, not a colour


def spotlight(spec: ScreenSpec, view: View) -> Mapping[int, str]:
    """The cards in the fight now, by number, each with the words for its part
    ("approaching", "the target"), from the game's optional `spotlight(view)`; {} for a
    game without one or with no fight going on. The board marks them, the card panel
    and the card sheet name their part."""
    of_game = getattr(spec, "spotlight", None)
    return of_game(view) if callable(of_game) else {}


def whose(name: str, start: bool = False) -> str:
    """A seat's name as a possessive: "You" -> "your" ("Your" at the `start` of a line),
    "CPU" -> "CPU's"; a player's name keeps its own case ("ann's")."""
    if name == "You":
        return "Your" if start else "your"
    return f"{name}'s"


def leaving(gone: Sequence[str]) -> str:
    """Who a fight puts out of play, in words: "nobody leaves", "your Umi leaves",
    "your Umi and CPU's Ren leave"."""
    if not gone:
        return "nobody leaves"
    if len(gone) == 1:
        return f"{gone[0]} leaves"
    return f"{', '.join(gone[:-1])} and {gone[-1]} leave"


def acts(name: str, verb: str) -> str:
    """A seat's name with a verb that agrees with it: "You play", "CPU plays", "Ann goes"."""
    if name == "You":
        return f"You {verb}"
    return f"{name} {verb}{'es' if verb.endswith(('o', 's', 'sh', 'ch', 'x')) else 's'}"


class PlainScreen:
    """A screen for a game that does not describe its own yet (its ruleset's `screen`
    has no layout): every zone a counter on its seat's bar, the hand and the shared
    zones as rows, faces that name the card, every decision asked as a choice. Enough
    to play any ruleset by keys; a game describes its real board in its own package."""

    colours: Mapping[str, Colour] = {}
    verbs: Sequence[Verb] = ()
    stops: Sequence[Stop] = ()
    watches: Sequence[Watch] = ()
    words = Words()
    board: frozenset[str] = frozenset()
    prompts: Mapping[str, PromptKind] = {}

    def __init__(self, title: str, visibility: Mapping[str, str],
                 cards: Mapping[str, CardDef], shared: Sequence[str] = ()) -> None:
        self.title = title
        self.cards = cards
        seat = [z for z in visibility if z not in shared]
        bar = Bar(tuple(Counter(z, z.title(), z, browse=True, unseen_only=z == "hand")
                        for z in seat))
        hand = (Row("hand", "Hand", wrap=True, large=True),) if "hand" in seat else ()
        theirs_hand = (Row("hand", "Hand", wrap=True, unseen="hide"),) if hand else ()
        self.layout = Layout(
            theirs=(*theirs_hand, bar),
            middle=tuple(Row(z, z.title(), wrap=True) for z in shared
                         if visibility.get(z) == "public"),
            mine=(bar, *hand),
        )

    def card_name(self, cid: str) -> str:
        # a card pool's get raises for an unknown id ("d5" in a roll's words): ask first
        return self.cards[cid].name if cid in self.cards else "a card"

    def face(self, card: Card, zone: str, view: View) -> Face:
        if card.get("cid") is None:
            return Face("face down")
        flags = tuple(k for k, v in card.items() if v is True)
        return Face(self.card_name(str(card["cid"])), left=str(card["cid"]), status=flags)

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        face = self.face(card, zone, view)
        lines = tuple(Line(f"{k}: {v}") for k, v in card.items()
                      if k not in ("uid", "cid") and v is not None)
        ref = f"{card['cid']}@{card['uid']}" if card.get("uid") is not None else ""
        return Detail(face.title, "", ref, lines)

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        turn = view["vars"].get("turn")
        return Flow(f"Turn {turn}" if turn is not None else self.title)

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        return Stage()

    def role(self, view: View, seat: int) -> str:
        return ""

    def heading(self, view: View) -> str:
        return ""

    def window(self, decision: Decision, view: View) -> Window | None:
        return None

    def label(self, text: str, view: View) -> str:
        return text

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        return None
