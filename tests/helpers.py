"""Shared test helpers: games from built-in decks, random play, and exact positions.

`Table` wraps a `Game` for rules tests. Decisions go through the notation
(`t.act("pass")`, `t.options()`), exactly as a player would send them.
Positions are arranged with ordinary events (`t.put`, `t.set_vars`, ...):
they are folded and logged like any other event, so the state stays the fold
of the log. Arranged events carry `"why": "test arrangement"`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from pmtui.engine import Context, Decision, Game, State, zkey
from pmtui.engine.ruleset import DeckList
from pmtui.table.games import load_deck, make_header, ruleset
from pmtui.table.simulate import play_one
from rulesets.precious_memories import PreciousMemories, Tables
from rulesets.precious_memories.cards import CardPool

DECKS = ("starlit_overture", "tidewater_morning")
WHY = "test arrangement"


def rs() -> Any:
    return ruleset()


@cache
def vanilla() -> PreciousMemories:
    """The ruleset over the built-in cards with their texts and keywords removed.

    Rules tests use it, so they exercise the base rules only, whatever texts
    the cards are given later (card numbers, colours, costs, AP/DP unchanged)."""
    bare = (replace(c, effects=(), keywords=(), text="") for c in rs().t.pool.cards())
    return PreciousMemories(Tables.load(CardPool(bare)))


def decks(names: Sequence[str] = DECKS) -> list[Any]:
    return [load_deck(n, rs()) for n in names]


def new_game(seed: int = 1, names: Sequence[str] = DECKS, hashing: bool = False) -> Game:
    """A fresh game from two built-in decks, at its first decision."""
    header = make_header(rs(), decks(names), seed, [{"name": "p1"}, {"name": "p2"}], "test")
    return Game(rs(), header, hashing=hashing)


def random_game(seed: int, names: Sequence[str] = DECKS, hashing: bool = False) -> Game:
    """A whole game between two random players (pmtui.table.simulate.play_one)."""
    result = play_one(seed, decks(names), keep=True, hashing=hashing)
    assert result.game is not None
    return result.game


def _Deck(name: str, main: Iterable[str], ex: Iterable[str] = ()) -> DeckList:  # noqa: N802
    """A header deck that is not a legal deck: whatever a rules test needs."""
    return DeckList(name, {"main": tuple(main), "ex": tuple(ex)})


def every_card_deck(copies: int = 2) -> DeckList:
    """`copies` of every non-EX card in the pool (and the EX cards as the EX
    deck), so a test can fetch any card it needs from the deck."""
    cards = rs().t.pool.cards()
    main = [c.id for c in cards if not c.ex] * copies
    return _Deck("every card", main, [c.id for c in cards if c.ex])


class Table:
    """A game plus small, readable ways to read it and to arrange a position."""

    def __init__(self, game: Game) -> None:
        self.game = game

    # -- building ------------------------------------------------------------

    @classmethod
    def start(
        cls,
        seed: int = 7,
        first: int = 0,
        names: Sequence[str] | None = None,
        hashing: bool = False,
        texts: bool = False,
    ) -> Table:
        """Player `first` goes first, both keep their hands: turn 1, Main Phase.

        Without `names` both decks hold two of every card (see every_card_deck).
        The cards have no texts (see vanilla) unless `texts`: base-rules positions.
        """
        ruleset = rs() if texts else vanilla()
        ds = decks(names) if names else [every_card_deck(), every_card_deck()]
        header = make_header(ruleset, ds, seed, [{"name": "p1"}, {"name": "p2"}], "test")
        t = cls(Game(ruleset, header, hashing=hashing))
        t.act("first" if t.pending().player == first else "second", "keep", "keep")
        assert t.v["phase"] == "main" and t.v["ap"] == first
        return t

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def v(self) -> dict[str, Any]:
        return self.game.state.vars

    @property
    def defs(self) -> Any:
        return self.game.ruleset.t.defs

    def pending(self) -> Decision:
        d = self.game.pending()
        assert d is not None, "the game is over"
        return d

    def options(self) -> list[str]:
        return self.pending().texts

    def ref(self, uid: int) -> str:
        return f"{self.state.cards[uid].cid}@{uid}"

    def zone(self, player: int, name: str) -> list[int]:
        return list(self.state.zones.get(zkey(player, name), ()))

    def cids(self, player: int, name: str) -> list[str]:
        return [self.state.cards[u].cid for u in self.zone(player, name)]

    def where(self, uid: int) -> str:
        return self.state.cards[uid].zone

    def flags(self, uid: int) -> dict[str, Any]:
        return self.state.cards[uid].f

    def uid(self, player: int, cid: str, zone: str | None = None) -> int:
        """A card of `player` with card id `cid` (in `zone`, if given)."""
        want = None if zone is None else zkey(player, zone)
        for c in self.state.cards:
            if c.owner == player and c.cid == cid and want in (None, c.zone):
                return c.uid
        raise LookupError(f"player {player} has no {cid} in {zone or 'any zone'}")

    # -- deciding ------------------------------------------------------------

    def act(self, *texts: str) -> list[dict[str, Any]]:
        """Apply decisions in order (by whoever holds them); returns all events."""
        events: list[dict[str, Any]] = []
        for text in texts:
            events += self.game.act(text)
        return events

    def pass_priority(self) -> None:
        """Pass until the window (or the open chain) closes: that takes the
        Approacher's pass and then the Interferer's, in that order (p.07), so when
        the Interferer holds the right with no pass before, three passes."""
        v = self.v
        if self.pending().kind == "respond":
            holder, passes = v["resp"]["prio"], v["resp"]["passes"]
        else:
            holder, passes = v["prio"], v["passes"]
        if holder != v["ap"]:
            if passes >= 1:  # the Approacher has just passed: this pass closes
                self.act("pass")
                return
            self.act("pass")
        self.act("pass", "pass")

    def pass_turn(self) -> None:
        """Play out the current turn doing nothing: pass, stop, discard the first card."""
        turn = self.v["turn"]
        while self.game.pending() is not None and self.v.get("turn") == turn:
            d = self.pending()
            choice = {"priority": "pass", "respond": "pass", "approach": "stop"}.get(d.kind)
            self.act(choice or d.texts[0])

    def summon(self, uid: int, where: str = "main", *pay: int) -> None:
        """Declare a summon, pay with the given cards, and let it resolve."""
        self.act(f"summon {self.ref(uid)} {where}")
        self.pay(*pay)

    def pay(self, *uids: int) -> None:
        if self.pending().kind == "pay":
            self.act(*(f"pay {self.ref(u)}" for u in uids), "done")
        self.pass_priority()  # nobody declines: the chain resolves

    # -- arranging -------------------------------------------------------------

    def arrange(self, body: Callable[[Context], None]) -> None:
        """Run `body` with an engine Context and log what it emits (test only)."""
        events, hashes = self.game._run(body)
        self.game._commit(events, hashes)

    def emit(self, *events: dict[str, Any]) -> None:
        def body(ctx: Context) -> None:
            with ctx.simultaneous():
                for ev in events:
                    ctx.emit({**ev, "why": WHY})

        self.arrange(body)

    def move(self, uid: int, zone: str, pos: str = "top", **flags: Any) -> None:
        """Move a card to its owner's `zone` (flags set on arrival)."""
        card = self.state.cards[uid]
        ev: dict[str, Any] = {"t": "move", "card": uid, "cid": card.cid, "from": card.zone}
        ev.update(to=zkey(card.owner, zone), pos=pos)
        if flags:
            ev["f"] = flags
        self.emit(ev)

    def put(self, player: int, cid: str, zone: str, pos: str = "bottom", **flags: Any) -> int:
        """Fetch a copy of `cid` from the player's deck (else discard) into `zone`."""
        for source in ("deck", "discard"):
            for u in reversed(self.zone(player, source)):
                if self.state.cards[u].cid == cid:
                    self.move(u, zone, pos, **flags)
                    return u
        raise LookupError(f"player {player} has no free {cid}")

    def clear_hand(self, player: int) -> None:
        """The whole hand goes under the deck, so a test starts from a known hand."""
        for u in self.zone(player, "hand"):
            self.move(u, "deck", "bottom")

    def hand(self, player: int, *cids: str) -> list[int]:
        """Replace the player's hand with exactly these cards."""
        self.clear_hand(player)
        return [self.put(player, cid, "hand") for cid in cids]

    def deck_top(self, player: int, *cids: str) -> list[int]:
        """These cards on top of the deck, first named on the very top."""
        uids = [self.put(player, cid, "removed") for cid in cids]
        for u in reversed(uids):
            self.move(u, "deck", "top")
        return uids

    def flag(self, uid: int, **flags: Any) -> None:
        self.emit({"t": "flag", "card": uid, "f": flags})

    def set_vars(self, **values: Any) -> None:
        self.emit({"t": "var", "set": values})
