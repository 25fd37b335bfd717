"""Precious Memories on the pmtui engine: decisions and how they apply.

`decision(state)` reads the game variables and lists the legal options;
`apply` turns the chosen option into events via the flow and play modules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.engine.cardquery import search
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.ruleset import CardInfo, DeckError, DeckList, DeckSlot, DeckSummary
from pmtui.engine.state import State, zkey

from . import areas, derived, effects, flow, plays
from .areas import other
from .cards import CARD_FIELDS, CardDef
from .notation import NOTATION
from .screen import PreciousMemoriesScreen
from .tables import Tables

if TYPE_CHECKING:  # loaded on first use: a game screen's first frame needs neither
    from .positions import Positions
    from .strategy import Strategy

VERSION = "0.2.3"
DECK_PARTS = ("main", "ex")  # the main deck (shuffled at set-up) and the EX deck (p.26)


class PreciousMemories:
    id = "precious_memories"
    version = VERSION
    name = "Precious Memories"
    visibility = areas.VISIBILITY
    concealed = None  # face-down point cards stay known to both (p.06/P27): nothing concealed
    end_vars = frozenset({"live"})  # victory (p.07) reads zones only, once the game is live
    deck_parts = DECK_PARTS
    header_options: Mapping[str, str] = {}
    option_values: Mapping[str, tuple[str, ...]] = {}
    notation = NOTATION

    def __init__(self, tables: Tables | None = None) -> None:
        self.t = tables if tables is not None else Tables.load()
        self.screen = PreciousMemoriesScreen(self.t)  # how the table looks (data)
        # current AP/DP, usage cost and texts of a card a player can see (for the view)
        self.card_view = derived.CardValues(self.t)

    # -- card data -----------------------------------------------------------------

    @property
    def cards(self) -> Mapping[str, CardDef]:
        return self.t.defs

    @property
    def pool_digest(self) -> str:
        return self.t.pool.digest

    def with_card_files(self, paths: Sequence[Path]) -> PreciousMemories:
        """This game with more card files loaded after the built-in ones (a scenario's
        test-only cards, docs/scenarios.md); CardError (one line) for a bad file."""
        from .cards import load_pool

        return PreciousMemories(Tables.load(load_pool(extra=paths)))

    def card_info(self, card_id: str) -> CardInfo:
        c = self.t.pool.get(card_id)
        stats = f"{c.ap}/{c.dp}" if c.has_apdp else "-"
        line = (
            f"{c.id:<9} {c.type:<7} {c.colour:<6} cost {c.cost} prov {c.provides} "
            f"{stats:<7} {c.name} ({c.series})"
        )
        return CardInfo(c.id, c.name, line, asdict(c))

    card_fields = CARD_FIELDS

    def search_cards(self, query: str) -> list[CardInfo]:
        pool = self.t.pool
        found = search(pool.cards(), query, CARD_FIELDS, pool.haystack, self.id)
        return [self.card_info(c.id) for c in found]

    # -- decks (p.05, p.25-26) ------------------------------------------------------

    def builtin_decks(self, options: Mapping[str, str] | None = None) -> list[str]:
        from .decks import builtin_decks

        return builtin_decks()

    def load_deck(self, spec: str) -> DeckList:
        from .decks import DeckError as PmDeckError
        from .decks import load_deck

        try:
            d = load_deck(spec, self.t.pool)
        except PmDeckError as exc:
            raise DeckError(str(exc)) from None
        return DeckList(d.name, {"main": d.main, "ex": d.ex}, d.source, d.description)

    def validate_deck(self, deck: DeckList) -> list[str]:
        from .decks import Deck, validate_deck

        pm = Deck(deck.name, deck.part("main"), deck.part("ex"), deck.source, deck.description)
        return validate_deck(pm, self.t.pool, self.t.series)

    def deck_document(self, deck: DeckList) -> dict[str, object]:
        doc: dict[str, object] = {"name": deck.name}
        if deck.description:
            doc["description"] = deck.description
        doc["main"] = dict(Counter(deck.part("main")))
        if deck.part("ex"):
            doc["ex"] = dict(Counter(deck.part("ex")))
        return doc

    def deck_slot(self, card_id: str) -> DeckSlot:
        """EX cards go to the EX deck (p.26); four copies in each part (P05, P26)."""
        from .cards import ruleset_data

        rules = ruleset_data()
        if self.t.pool.get(card_id).ex:
            return DeckSlot("ex", rules["ex_max_copies"])
        return DeckSlot("main", rules["max_copies"])

    deck_summary = DeckSummary("type", "colour", "cost")

    def deck_format_name(self, deck: DeckList) -> str:
        return ""

    # -- checks -----------------------------------------------------------------------

    @cached_property
    def positions(self) -> Positions:
        from .positions import Positions

        return Positions(self.t)

    # -- setup (p.05) -----------------------------------------------------------

    def setup(self, ctx: Context, header: Mapping[str, Any]) -> None:
        if "scenario" in header:  # a described position instead of shuffled decks
            from . import scenario  # imported here: a normal game never needs it

            scenario.setup_position(ctx, self.t, header["scenario"])
            return
        decks = header["decks"]
        cards: list[list[Any]] = []
        for p in (0, 1):
            for zone, key in (("deck", "main"), ("ex", "ex")):
                for cid in decks[p].get(key, ()):
                    self.t.pool.get(cid)  # unknown ids fail here, before anything is logged
                    cards.append([len(cards), cid, p, zkey(p, zone)])
        ctx.emit({"t": "create", "cards": cards})
        for p in (0, 1):
            ctx.shuffle(zkey(p, "deck"), why="game preparation")
        # the rock-paper-scissors winner (a scenario's `fix` may name them: "p2")
        chooser, n = ctx.random_choice([0, 1], words={"p1": 0, "p2": 1})
        ctx.emit(
            {
                "t": "var",
                "set": {"live": True, "phase": "setup", "step": "choose", "chooser": chooser},
                "rng": n,
                "why": "who chooses the turn order",
            }
        )

    # -- the pending decision ----------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        v = state.vars
        if "over" in v:
            return None
        if "ask" in v:
            return effects.ask_decision(state)
        if "judge" in v:
            opts = tuple(
                Option(f"eliminate {ref(state, u)}", ("eliminate", u)) for u in v["judge"]["from"]
            )
            return Decision(other(v["ap"]), "eliminate", opts, "Choose the approacher that leaves")
        if "play" in v:
            return plays.play_decision(state, self.t)
        if v.get("trig") and "chain" not in v and "resolving" not in v:
            return effects.order_decision(state)
        if "chain" in v:
            return plays.response_decision(state, self.t)
        phase, step = v.get("phase"), v.get("step")
        if phase == "setup":
            return self._setup_decision(state, step)
        if phase == "main" or step in ("w2", "w4", "w6"):
            return plays.priority_decision(state, self.t)
        if step == "assign":
            listed: list[Option] = []
            for u in flow.approach_candidates(state, self.t):
                listed.append(Option(f"approach {ref(state, u)}", ("approach", u, None)))
                for b in flow.reinforcement_partners(state, self.t, u):
                    text = f"approach {ref(state, u)} with {ref(state, b)}"
                    listed.append(Option(text, ("approach", u, b)))
            listed.append(Option("stop", ("stop",)))
            return Decision(
                v["ap"], "approach", tuple(listed), "Choose a chara to approach, or stop")
        if step == "interfere":
            listed = [
                Option(f"interfere {ref(state, u)}", ("interfere", u))
                for u in flow.interfere_candidates(state, self.t)
            ]
            listed.append(Option("no-interference", ("let",)))
            return Decision(
                other(v["ap"]), "interfere", tuple(listed), "Interfere, or take a point")
        if step == "adjust":
            hand = state.zone(zkey(v["ap"], "hand"))
            listed = [Option(f"discard {ref(state, u)}", ("discard", u)) for u in hand]
            excess = len(hand) - self.t.hand_limit
            return Decision(v["ap"], "discard", tuple(listed), f"Discard {excess} (hand limit)")
        raise RuntimeError(f"no decision defined for phase {phase} step {step}")

    def _setup_decision(self, state: State, step: str | None) -> Decision:
        v = state.vars
        if step == "choose":
            opts: tuple[Option, ...] = (
                Option("first", ("order", True)), Option("second", ("order", False)))
            return Decision(v["chooser"], "order", opts, "Go first or second?")
        who = v["who"]
        if step == "redraw":
            opts = (Option("keep", ("keep",)), Option("redraw", ("redraw",)))
            return Decision(who, "redraw", opts, "Keep this hand or redraw once?")
        hand = state.zone(zkey(who, "hand"))
        opts = tuple(Option(f"bottom {ref(state, u)}", ("bottom", u)) for u in hand)
        return Decision(who, "bottom", opts, "Next card to put under the deck", private=True)

    # -- applying ----------------------------------------------------------------

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        t = self.t
        what = option.data[0]
        v = ctx.state.vars
        if what in plays.HANDLERS:
            plays.HANDLERS[what](ctx, t, decision, option)
        elif what == "order":
            flow.choose_order(ctx, t, decision.player, option.data[1])
        elif what == "keep":
            flow.after_redraw(ctx, t, decision.player)
        elif what == "redraw":
            setvars(ctx, "hand redraw", step="bottom")
            flow.finish_bottom(ctx, t, decision.player)
        elif what == "bottom":
            areas.move(ctx, option.data[1], decision.player, "deck", "hand redraw", pos="bottom")
            flow.finish_bottom(ctx, t, decision.player)
        elif what == "approach":
            flow.approach(ctx, t, option.data[1], option.data[2])
        elif what == "eliminate":
            flow.judge_choice(ctx, t, option.data[1])
        elif what == "stop":
            flow.turn_end(ctx, t)
        elif what == "interfere":
            flow.interfere(ctx, t, option.data[1])
        elif what == "let":
            flow.no_interference(ctx, t)
        elif what == "discard":
            areas.move(ctx, option.data[1], v["ap"], "discard", "hand adjustment")
            if len(ctx.state.zone(zkey(v["ap"], "hand"))) <= t.hand_limit:
                flow.finish_turn(ctx, t)
        else:
            raise RuntimeError(f"unknown option {option.text}")
        # effects and triggers that follow resolve before the next decision
        effects.settle(ctx, t, plays.after_chain)

    def make_strategy(self, seed: int = 0, searching: bool = False) -> Strategy:
        """Rules of thumb for computer players (they read views only); the same for a
        search player's playouts."""
        from .strategy import Strategy

        return Strategy(self.t, seed)

    def explain(self, state: State, text: str) -> str | None:
        """None when `text` is a legal choice now, else why not (one line, with its page)."""
        from .explain import explain as why_not  # only the sandbox and `check` ask why

        return why_not(state, self.t, text, self.decision(state))

    # -- victory (p.07) ------------------------------------------------------------

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        if not state.vars.get("live"):
            return None
        zones = state.zones
        limit = self.t.points_to_lose
        if (
            len(zones.get("0/points", ())) < limit
            and len(zones.get("1/points", ())) < limit
            and zones.get("0/deck")
            and zones.get("1/deck")
        ):
            return None
        lost = []
        reasons = []
        for p in (0, 1):
            if len(zones.get(zkey(p, "points"), ())) >= limit:
                lost.append(p)
                reasons.append(f"player {p + 1} has {limit} point cards")
            elif not zones.get(zkey(p, "deck")):
                lost.append(p)
                reasons.append(f"player {p + 1}'s deck is empty")
        if len(lost) == 2:
            return None, "draw: " + " and ".join(reasons)
        return other(lost[0]), reasons[0]

    # -- hidden information --------------------------------------------------------

    def redact_vars(
        self, vars: Mapping[str, Any], player: int | None, partial: bool = False
    ) -> dict[str, Any]:
        out = dict(vars)
        play = out.get("play")
        if play and play.get("by") != player:
            # a play being paid for is still a hand secret until it is confirmed
            out["play"] = {"by": play.get("by")}
        ask = out.get("ask")
        if ask and ask.get("private") and ask.get("p") != player:
            # a pick among hidden cards (deck, hand, EX deck): only how many
            out["ask"] = {k: v for k, v in ask.items() if k != "from"}
            out["ask"]["count"] = len(ask.get("from", ()))
        run = out.get("run")
        if run and run.get("by") != player and "tmp" in run:
            # an effect's progress may hold a card picked among hidden ones
            out["run"] = {k: v for k, v in run.items() if k != "tmp"}
        return out
