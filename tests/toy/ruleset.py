"""Grid Skirmish, a toy game that exists only to test the ruleset contract.

Rules (the "source" its tests name by section):

- T1 Setup: each player's 8-card deck is shuffled and they draw 3. (A deck file
  may name its `format`: a deck meets only decks of its own format.) The two
  relics are shuffled in a shared box; the top one goes face down on the
  centre cell b2, where nobody knows which it is. A coin decides who starts
  (heads: player 1).
- T2 Board: one shared board of nine cells a1..c3 (a card's cell is its
  `cell` flag), one card each at most. Hands are their owner's, decks
  nobody's, discard piles everyone's. Each player has 6 HP.
- T3 A turn: the player draws one card (not on the first turn; nothing when
  the deck is empty), then acts until they end the turn:
  `place C@n CELL` a creature from hand on an empty cell; `set CELL` the first
  trap in hand face down on an empty cell (the opponent sees only its back);
  `attack C@n` with an untired own creature on the board (it tires; a die
  decides: 3 or more hits for its power); `spring CELL` an own face-down trap
  (turned face up, the opponent loses 1 to 3 HP by a roll, then it goes to
  the discard pile); `open CELL` the face-down relic (turned face up for
  everyone; Quiet Well: the opener gains 2 HP, Cracked Bell: the opponent
  loses 1 HP); `end`. Creatures untire at their owner's turn start.
- T4 End: a player at 0 HP or less loses; both at once is a draw; after
  turn 30 the game is a draw.
- T5 The camp, the lantern, the snare window and the blind pick (the contract's
  extensions, each used a little):
  T5a Each player has a camp: a row of three posts, 1 to 3 from the owner's left (a
  card's post is its `post` flag). `camp C@n N` puts a creature from hand on a free
  post N of your camp; creatures in camp never attack.
  T5b Each player's Hearth Lantern (not a deck card) stands on post 2 of their camp
  from the start, its dark side up; the card has two sides (its `side` flag names the
  one up). `kindle C@n` turns your lantern to its other side, once a turn.
  T5c The lit side's text has a blank the play fills: at your turn start you gain
  [warmth] HP, one per creature on the posts beside it (at most 6 HP in all).
  T5d When a creature attacks a player with a trap set on the board, the attack waits
  in a snare window where only traps may answer: the defender first, then in turn,
  each springs one of their set traps (at once) or passes; two passes in a row and
  the attack's die is rolled.
  T5e A sprung trap's owner then picks one card of the opponent's hand, unseen, by
  its position (the hand is mixed first): `pilfer hand#N`. It goes face up to its
  owner's discard pile.
  T5f When a turn starts with traps of both players able to spring, a dawn window
  opens over no play: the turn player first, then in turn, each springs one of their
  traps, which waits (the other may answer with one of their own), or passes. Two
  passes in a row resolve the newest waiting trap only; the window opens again over
  the one below, its springer's opponent first. Two passes with none waiting close the
  window, and the turn goes on.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.engine import blind, chain
from pmtui.engine.cardquery import CardField, search
from pmtui.engine.context import Context
from pmtui.engine.decision import CHANCE, Decision, Option
from pmtui.engine.notation import Choice, Notation, ref
from pmtui.engine.ruleset import CardInfo, DeckError, DeckList, DeckSlot, DeckSummary
from pmtui.engine.slots import free_slots, neighbours
from pmtui.engine.state import State, shared_zone, zkey

if TYPE_CHECKING:
    from .positions import ToyPositions
    from .strategy import ToyStrategy

VERSION = "1"
COLS, ROWS = ("a", "b", "c"), ("3", "2", "1")  # rows top to bottom as the board shows them
CELLS = tuple(f"{col}{row}" for row in "123" for col in COLS)
BOARD = shared_zone("board")
BOX = shared_zone("box")
START_HP = 6
TURN_LIMIT = 30
HIT_FROM = 3  # a die face of at least this hits (T3)
POSTS = 3  # a camp's posts (T5a)
POST = "post"  # the card flag naming a camp card's post
LANTERN_POST = 2  # where each lantern stands (T5b)
SNARE = "snare"  # the snare window's mode: only traps answer (T5d)
WARMTH = "[warmth]"  # the lit side's blank (T5c)
SECTIONS = {"camp": "T5a", "kindle": "T5b", "pass": "T5d", "pilfer": "T5e"}  # explain's

VISIBILITY: dict[str, str] = {
    "deck": "hidden",
    "hand": "owner",
    "discard": "public",
    "camp": "public",
    "box": "hidden",
    "board": "public",
}


@dataclass(frozen=True)
class ToyCard:
    id: str
    name: str
    kind: str  # creature, trap, relic, lantern
    power: int = 0
    text: str = ""
    # a double-sided card's sides: side name -> {"name": ..., "text": ...} (T5b)
    sides: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


CARDS_FILE = Path(__file__).with_name("cards.toml")


KINDS = ("creature", "trap", "relic", "lantern")


def load_cards(path: Path = CARDS_FILE) -> dict[str, ToyCard]:
    """One card file; ValueError (one line naming the file) for anything wrong in it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not TOML ({str(exc).splitlines()[0]})") from None
    out: dict[str, ToyCard] = {}
    for i, raw in enumerate(data.get("card", []), start=1):
        fields = set(ToyCard.__dataclass_fields__)
        if not isinstance(raw, dict) or not {"id", "name", "kind"} <= set(raw) <= fields:
            raise ValueError(f"{path}: card {i}: fields id, name, kind (and power, text)")
        if raw["kind"] not in KINDS:
            raise ValueError(f"{path}: card {raw['id']}: kind is one of {', '.join(KINDS)}")
        out[raw["id"]] = ToyCard(**raw)
    return out


CARDS = load_cards()
RELICS = tuple(c.id for c in CARDS.values() if c.kind == "relic")
LANTERN = next(c.id for c in CARDS.values() if c.kind == "lantern")
DECK = ["TOY-01"] * 3 + ["TOY-02"] * 2 + ["TOY-03"] + ["TOY-04"] * 2
DECK_SIZE = len(DECK)
BUILTIN = {"skirmish": DECK, "stones": ["TOY-01"] * 4 + ["TOY-03"] * 2 + ["TOY-04"] * 2}

NOTATION = Notation(
    verbs={
        "place": ("REF", "CELL"),
        "set": ("CELL",),
        "attack": ("REF",),
        "spring": ("CELL",),
        "open": ("CELL",),
        "camp": ("REF", Choice("post", tuple(str(n) for n in range(1, POSTS + 1)))),
        "kindle": ("REF",),
        "pass": (),
        "pilfer": ("HIDDEN",),
        "end": (),
        "roll": (Choice("die face", tuple("123456")),),
    },
    example="TOY-01@3",
)


def at(state: State, cell: str) -> int | None:
    """The card on `cell`, if any."""
    for u in state.zones.get(BOARD, ()):
        if state.cards[u].f.get("cell") == cell:
            return u
    return None


def other(p: int) -> int:
    return 1 - p


def snares(state: State, p: int) -> list[int]:
    """`p`'s traps set on the board that may spring now: set on an earlier turn (T3)."""
    turn = state.vars.get("turn")
    return [u for u in state.zones.get(BOARD, ()) if state.cards[u].owner == p
            and state.cards[u].f.get("down") and "turn" in state.cards[u].f
            and state.cards[u].f["turn"] != turn]


def lantern_of(state: State, p: int) -> int | None:
    return next((u for u in state.zones.get(zkey(p, "camp"), ())
                 if state.cards[u].cid == LANTERN), None)


def warmth(state: State, uid: int) -> int:
    """T5c: the creatures on the posts beside the lantern `uid`."""
    return sum(1 for u in neighbours(state, uid, POST)
               if u is not None and CARDS[state.cards[u].cid].kind == "creature")


def side_of(state: State, uid: int) -> str:
    card = CARDS[state.cards[uid].cid]
    return str(state.cards[uid].f.get("side") or next(iter(card.sides), ""))


class Toy:
    id = "toy"
    name = "Grid Skirmish (toy)"
    version = VERSION
    visibility = VISIBILITY
    end_vars = None  # its victory check may read any variable
    deck_parts = ("main",)
    header_options: Mapping[str, str] = {}
    option_values: Mapping[str, tuple[str, ...]] = {}
    notation = NOTATION

    def __init__(self, extra: Sequence[Path] = ()) -> None:
        cards = dict(CARDS)
        for path in extra:  # made-up cards of a scenario (T1 does not limit the pool)
            for cid, card in load_cards(Path(path)).items():
                if cid in cards:
                    raise ValueError(f"{path}: card {cid}: already defined")
                cards[cid] = card
        self.cards: Mapping[str, ToyCard] = cards
        self.extra = tuple(Path(p) for p in extra)

    def with_card_files(self, paths: Sequence[Path]) -> Toy:
        return Toy((*self.extra, *paths))

    # -- card data ---------------------------------------------------------------------

    @cached_property
    def pool_digest(self) -> str:
        digest = hashlib.blake2b(CARDS_FILE.read_bytes(), digest_size=8)
        for path in self.extra:
            digest.update(path.read_bytes())
        return digest.hexdigest()

    def card_info(self, card_id: str) -> CardInfo:
        c = self.cards[card_id]
        power = f" {c.power}" if c.kind == "creature" else ""
        faces = tuple(f"{side}: {f['name']}: {f['text']}" for side, f in c.sides.items())
        return CardInfo(c.id, c.name, f"{c.id}  {c.kind}{power}  {c.name}", asdict(c), faces)

    card_fields = (
        CardField("type", "creature, trap or relic", lambda c: c.kind),
        CardField("power", "a creature's power", lambda c: c.power if c.kind == "creature"
                  else None, number=True),
    )

    def search_cards(self, query: str) -> list[CardInfo]:
        cards = [self.cards[cid] for cid in sorted(self.cards)]
        found = search(cards, query, self.card_fields,
                       lambda c: (self.card_info(c.id).line, c.text,
                                  *(f["text"] for f in c.sides.values())), self.id)
        return [self.card_info(c.id) for c in found]

    def card_stats(self, state: State, uid: int) -> Mapping[str, int]:
        card = self.cards[state.cards[uid].cid]
        return {"power": card.power} if card.kind == "creature" else {}

    # -- decks ---------------------------------------------------------------------------

    def builtin_decks(self, options: Mapping[str, str] | None = None) -> list[str]:
        return sorted(BUILTIN)

    def load_deck(self, spec: str) -> DeckList:
        if spec in BUILTIN:
            return DeckList(spec, {"main": tuple(BUILTIN[spec])}, source=f"built-in {spec}")
        path = Path(spec)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise DeckError(f"{spec}: cannot read ({exc.strerror or exc})") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise DeckError(f"{spec}: not a TOML deck ({str(exc).splitlines()[0]})") from None
        main = data.get("main")
        if not isinstance(main, list) or not all(isinstance(c, str) for c in main):
            raise DeckError(f"{spec}: main must be a list of card ids")
        # `format` (T1): decks of one format meet only each other (DeckList.format)
        return DeckList(str(data.get("name", path.stem)), {"main": tuple(main)}, source=spec,
                        format=str(data.get("format", "")))

    def deck_document(self, deck: DeckList) -> dict[str, object]:
        doc: dict[str, object] = {"name": deck.name, "main": list(deck.part("main"))}
        if deck.format:
            doc["format"] = deck.format
        return doc

    def deck_slot(self, card_id: str) -> DeckSlot:
        return DeckSlot("main", None)

    deck_summary = DeckSummary("type", "type", "power")

    def deck_format_name(self, deck: DeckList) -> str:
        return f"{deck.format} format" if deck.format else ""

    def validate_deck(self, deck: DeckList) -> list[str]:
        problems = []
        for cid in deck.part("main"):
            if cid not in self.cards:
                problems.append(f"unknown card {cid}")
            elif self.cards[cid].kind == "relic":
                problems.append(f"{cid} is a relic: relics are not deck cards (T1)")
        if len(deck.part("main")) != DECK_SIZE:
            problems.append(f"a deck holds {DECK_SIZE} cards, not {len(deck.part('main'))} (T1)")
        return problems

    # -- computer players, scenario positions, screen --------------------------------------

    def make_strategy(self, seed: int = 0, searching: bool = False) -> ToyStrategy:
        from .strategy import ToyStrategy

        return ToyStrategy(self, seed)

    @cached_property
    def positions(self) -> ToyPositions:
        from .positions import ToyPositions

        return ToyPositions(self)

    @cached_property
    def screen(self) -> Any:
        from .screen import ToyScreen

        return ToyScreen(self)

    # -- T1 setup ---------------------------------------------------------------------

    def setup(self, ctx: Context, header: Mapping[str, Any]) -> None:
        if "scenario" in header:  # a described position instead of shuffled decks
            self.positions.build(ctx, header["scenario"])
            return
        decks = header.get("decks") or [{"main": DECK}, {"main": DECK}]
        cards: list[list[Any]] = []
        for p in (0, 1):
            for cid in decks[p]["main"]:
                if cid not in self.cards or self.cards[cid].kind == "relic":
                    raise ValueError(f"not a toy deck card: {cid!r}")
                cards.append([len(cards), cid, p, zkey(p, "deck")])
        for i, cid in enumerate(RELICS):  # owned only for bookkeeping: nobody plays them
            cards.append([len(cards), cid, i % 2, BOX])
        lanterns = []
        for p in (0, 1):  # T5b
            lanterns.append(len(cards))
            cards.append([len(cards), LANTERN, p, zkey(p, "camp")])
        ctx.emit({"t": "create", "cards": cards})
        ctx.emit({"t": "flag", "cards": lanterns, "f": {POST: LANTERN_POST, "side": "dark"},
                  "why": "setup"})
        for p in (0, 1):
            ctx.shuffle(zkey(p, "deck"), why="setup")
        ctx.shuffle(BOX, why="setup")
        relic = ctx.state.zone(BOX)[0]
        _move(ctx, relic, BOARD, "relic", f={"cell": "b2", "down": True})
        for p in (0, 1):
            for _ in range(3):
                _draw(ctx, p)
        first = 0 if ctx.flip(why="who starts") else 1
        ctx.emit(
            {"t": "var", "set": {"hp": [START_HP, START_HP], "turn": 1, "ap": first},
             "why": "setup"}
        )

    # -- the pending decision -----------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        v = state.vars
        if "over" in v or "ap" not in v:
            return None
        if "hit" in v:  # T3: an attack waits for its die
            opts = tuple(Option(f"roll {f}", ("hit", f)) for f in range(1, 7))
            return Decision(CHANCE, "hit", opts, "The attack's die")
        if v.get("pilfer"):  # T5e: a blind pick by position, never by the card
            picker = int(v["pilfer"]["by"])
            opts_ = blind.offer(state, zkey(other(picker), "hand"), "pilfer")
            return Decision(picker, "pilfer", opts_, "Pick a card of the opponent's hand, unseen")
        if v.get("resp"):  # T5d: the snare window, where only traps answer; T5f: dawn
            who = chain.holder(v)
            waiting = {e.get("spring") for e in v.get("chain") or ()}
            springs = [Option(f"spring {state.cards[u].f['cell']}", ("spring", u))
                       for u in snares(state, who) if u not in waiting]
            if chain.window_mode(v) != SNARE:
                return Decision(who, "dawn", (*springs, Option("pass", ("pass",))),
                                "The turn starts: spring a trap?")
            return Decision(who, "respond", (*springs, Option("pass", ("pass",))),
                            "Answer the attack")
        p = v["ap"]
        opts: list[Option] = []
        taken = {state.cards[u].f.get("cell") for u in state.zones.get(BOARD, ())}
        empty = [c for c in CELLS if c not in taken]
        hand = state.zones.get(zkey(p, "hand"), [])
        for u in hand:
            if self.cards[state.cards[u].cid].kind == "creature":
                opts += [Option(f"place {ref(state, u)} {c}", ("place", u, c)) for c in empty]
        if any(self.cards[state.cards[u].cid].kind == "trap" for u in hand):
            opts += [Option(f"set {c}", ("set", c)) for c in empty]
        camp = zkey(p, "camp")
        posts = free_slots(state, camp, POSTS, POST)
        for u in hand:  # T5a
            if self.cards[state.cards[u].cid].kind == "creature":
                opts += [Option(f"camp {ref(state, u)} {n}", ("camp", u, n)) for n in posts]
        lantern = lantern_of(state, p)
        if lantern is not None and state.cards[lantern].f.get("kindled") != v["turn"]:
            opts.append(Option(f"kindle {ref(state, lantern)}", ("kindle", lantern)))  # T5b
        for c in CELLS:
            u = at(state, c)
            if u is None:
                continue
            card = state.cards[u]
            kind = self.cards[card.cid].kind
            down = card.f.get("down")
            if kind == "creature" and card.owner == p and not card.f.get("tired"):
                opts.append(Option(f"attack {ref(state, u)}", ("attack", u)))
            elif kind == "trap" and down and card.owner == p and card.f["turn"] != v["turn"]:
                opts.append(Option(f"spring {c}", ("spring", u)))
            elif kind == "relic" and down:
                opts.append(Option(f"open {c}", ("open", u)))
        opts.append(Option("end", ("end",)))
        return Decision(p, "main", tuple(opts), "Your move")

    # -- applying ----------------------------------------------------------------------

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        state = ctx.state
        v = state.vars
        what = option.data[0]
        p = v.get("ap", 0)
        if what == "place":
            _move(ctx, option.data[1], BOARD, "place", f={"cell": option.data[2]})
        elif what == "set":
            trap = next(
                u for u in state.zone(zkey(p, "hand"))
                if self.cards[state.cards[u].cid].kind == "trap"
            )
            f = {"cell": option.data[1], "down": True, "turn": v["turn"]}
            _move(ctx, trap, BOARD, "set", f=f)
        elif what == "attack":
            u = option.data[1]
            ctx.emit({"t": "flag", "card": u, "f": {"tired": True}, "why": "attack"})
            if snares(state, other(p)):  # T5d: the attack waits in a snare window
                chain.push(ctx, {"attack": u}, p, why="attack", mode=SNARE)
            else:
                ctx.emit({"t": "var", "set": {"hit": {"by": u}}, "why": "attack"})
        elif what == "pass" and chain.window_mode(v) != SNARE:  # T5f: the newest only
            for entry in chain.pass_response(ctx, newest=True) or ():
                _spring(ctx, entry["spring"])
            if v.get("chain") and not v.get("resp"):  # again over the one below
                chain.open_window(ctx, other(v["chain"][-1]["by"]), why="dawn")
        elif what == "pass":  # T5d: two passes in a row roll the waiting attack's die
            for entry in chain.pass_response(ctx) or ():
                ctx.emit({"t": "var", "set": {"hit": {"by": entry["attack"]}},
                          "why": "attack"})
        elif what == "pilfer":  # T5e
            picker = int(v["pilfer"]["by"])
            u = blind.picked(state, option.data[1], option.data[2])
            ctx.emit({"t": "var", "set": {"pilfer": None}, "why": "pilfer"})
            _move(ctx, u, zkey(other(picker), "discard"), "pilfered")
        elif what == "camp":  # T5a
            _move(ctx, option.data[1], zkey(p, "camp"), "camp", f={POST: option.data[2]})
        elif what == "kindle":  # T5b
            u = option.data[1]
            side = "lit" if side_of(state, u) == "dark" else "dark"
            ctx.emit({"t": "flag", "card": u, "f": {"side": side, "kindled": v["turn"]},
                      "why": "kindle"})
        elif what == "hit":
            attacker = v["hit"]["by"]
            ctx.emit({"t": "var", "set": {"hit": None}, "why": "attack resolved"})
            if option.data[1] >= HIT_FROM:
                _damage(ctx, other(state.cards[attacker].owner),
                        self.cards[state.cards[attacker].cid].power, "hit")
        elif what == "spring":
            u = option.data[1]
            owner = state.cards[u].owner
            if v.get("resp") and chain.window_mode(v) != SNARE:  # T5f: it waits
                chain.push(ctx, {"spring": u}, owner, why="spring")
            else:
                if v.get("resp"):  # T5d: in the window a trap springs at once, it stays open
                    chain.answered(ctx, owner, why="spring")
                _spring(ctx, u)
        elif what == "open":
            u = option.data[1]
            ctx.emit({"t": "flag", "card": u, "f": {"down": None}, "why": "open"})
            if state.cards[u].cid == "TOY-05":
                _damage(ctx, p, -2, "Quiet Well")
            else:
                _damage(ctx, other(p), 1, "Cracked Bell")
        elif what == "end":
            _next_turn(ctx)
        else:
            raise ValueError(f"unknown option {option.text}")

    # -- T4 end ------------------------------------------------------------------------

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        v = state.vars
        hp = v.get("hp")
        if hp is None:
            return None
        out = [p for p in (0, 1) if hp[p] <= 0]
        if len(out) == 2:
            return None, "draw: both players at 0 HP"
        if out:
            return other(out[0]), f"player {out[0] + 1} has no HP left"
        if v.get("turn", 0) > TURN_LIMIT:
            return None, f"draw: turn {TURN_LIMIT} is over"
        return None

    # -- the view ---------------------------------------------------------------------

    def card_view(self, state: State, uid: int, player: int | None) -> Mapping[str, Any]:
        card = self.cards[state.cards[uid].cid]
        out: dict[str, Any] = {"name": card.name, "kind": card.kind}
        if card.kind == "creature":
            out["power"] = card.power
        if card.sides:  # T5b/T5c: the side up, its printed text and its text now
            face = card.sides[side_of(state, uid)]
            out.update(name=face["name"], printed=face["text"],
                       text=face["text"].replace(WARMTH, str(warmth(state, uid))))
        return out

    # -- hidden information ----------------------------------------------------------------

    def concealed(self, state: State, uid: int, viewer: int | None) -> bool:
        """T1/T3: a relic face down is nobody's secret to know; a set trap is its owner's."""
        card = state.cards[uid]
        if not card.f.get("down"):
            return False
        return self.cards[card.cid].kind == "relic" or viewer != card.owner

    def redact_vars(
        self, vars: Mapping[str, Any], player: int | None, partial: bool = False
    ) -> dict[str, Any]:
        return dict(vars)  # nothing secret in the toy's variables

    def explain(self, state: State, text: str) -> str | None:
        d = self.decision(state)
        if d is None:
            return "the game is over"
        if d.find(text) is not None:
            return None
        verb = text.split()[0] if text.split() else ""
        rule = SECTIONS.get(verb, "T3")
        if verb not in {o.text.split()[0] for o in d.options}:
            return f"'{verb}' is not possible now ({rule})"
        return f"not a legal choice now: {text!r} ({rule})"


def _move(
    ctx: Context, uid: int, to: str, why: str, f: dict[str, Any] | None = None
) -> None:
    card = ctx.state.cards[uid]
    ev: dict[str, Any] = {"t": "move", "card": uid, "cid": card.cid, "from": card.zone, "to": to,
                          "why": why}
    if f:
        ev["f"] = f
    ctx.emit(ev)


def _draw(ctx: Context, p: int) -> None:
    deck = ctx.state.zones.get(zkey(p, "deck"))
    if deck:
        _move(ctx, deck[0], zkey(p, "hand"), "draw")


def _damage(ctx: Context, p: int, amount: int, why: str) -> None:
    hp = list(ctx.state.vars["hp"])
    hp[p] = min(START_HP, hp[p] - amount)
    ctx.emit({"t": "var", "set": {"hp": hp}, "why": why})


def _spring(ctx: Context, u: int) -> None:
    """A trap springs (T3): face up, the opponent loses 1 to 3 HP, then T5e's pick."""
    state = ctx.state
    owner = state.cards[u].owner
    ctx.emit({"t": "flag", "card": u, "f": {"down": None, "turn": None}, "why": "spring"})
    ctx.emit({"t": "reveal", "card": u, "cid": state.cards[u].cid, "why": "spring"})
    loss = ctx.roll(3, why="snare")[0]
    _damage(ctx, other(owner), loss, "snare")
    _move(ctx, u, zkey(owner, "discard"), "sprung")
    hand = zkey(other(owner), "hand")
    if state.zones.get(hand):  # T5e: mixed first, so a position says nothing
        blind.mix(ctx, hand, why="pilfer")
        ctx.emit({"t": "var", "set": {"pilfer": {"by": owner}}, "why": "pilfer"})


def _next_turn(ctx: Context) -> None:
    state = ctx.state
    v = state.vars
    p = other(v["ap"])
    ctx.emit({"t": "var", "set": {"ap": p, "turn": v["turn"] + 1}, "why": "turn"})
    tired = [
        u for u in state.zones.get(BOARD, ())
        if state.cards[u].owner == p and state.cards[u].f.get("tired")
    ]
    if tired:
        ctx.emit({"t": "flag", "cards": tired, "f": {"tired": None}, "why": "untire"})
    lantern = lantern_of(state, p)
    if lantern is not None and side_of(state, lantern) == "lit" and warmth(state, lantern):
        _damage(ctx, p, -warmth(state, lantern), "lantern")  # T5c
    _draw(ctx, p)
    if snares(state, 0) and snares(state, 1):  # T5f: a window over no play
        chain.open_window(ctx, p, why="dawn", bare=True)


def make_ruleset() -> Toy:
    return Toy()
