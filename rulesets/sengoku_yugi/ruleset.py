"""SENGOKU YUGI on the pmtui engine: the pending decision and how options apply.

`decision(state)` reads the variables: setup step, queued picks ("asks"), the
ability being used ("ab"), queued triggers ("trig"), the fight ("combat"), then
the phase. `apply` emits the events of the chosen option and `advance` carries
the game on to its next decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import cached_property
from pathlib import Path
from typing import Any

from pmtui.engine.cardquery import search
from pmtui.engine.context import Context
from pmtui.engine.decision import CHANCE, Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.ruleset import (
    CardInfo,
    DeckError,
    DeckList,
    DeckSlot,
    DeckSummary,
    Strategy,
)
from pmtui.engine.state import State, zkey

from . import abilities, actions, combat, decks, effects, flow
from .board import DEFAULT, parse_board
from .cards import CARD_FIELDS, CardDef, Pool, load_pool
from .notation import NOTATION
from .positions import Positions
from .screen import Screen
from .units import (
    VISIBILITY,
    allies,
    attack_range,
    attack_value,
    cd,
    defence_value,
    familiar_of,
    fhand,
    hand,
    hp,
    loc,
    max_hp,
    move,
    pop_ask,
    push_ask,
)

VERSION = "0.1.4"
MODES = ("standard", "ultimate")


HEADER_OPTIONS = {
    "mode": "standard or ultimate (default: ultimate when both decks bring familiars)",
    "board": "the grid as ROWSxCOLUMNS, rows even 4-8, columns odd 3-9 (default 4x5)",
}
# what the lobby's menus offer: both modes, and a few boards around the default (S2)
OPTION_VALUES = {"mode": MODES, "board": ("4x5", "4x7", "6x5", "6x7")}


class SengokuYugi:
    id = "sengoku_yugi"
    version = VERSION
    name = "SENGOKU YUGI"
    visibility = VISIBILITY
    end_vars = frozenset({"result"})  # the rules set "result" when a game is decided
    deck_parts = ("main", "nameless", "familiar")
    header_options = HEADER_OPTIONS
    option_values = OPTION_VALUES
    notation = NOTATION

    def __init__(self, pool: Pool | None = None) -> None:
        self.pool = pool if pool is not None else load_pool()
        self.screen = Screen(self)  # how the table looks (data)

    # -- card data ------------------------------------------------------------------

    @property
    def cards(self) -> Mapping[str, CardDef]:
        return self.pool.cards

    @property
    def pool_digest(self) -> str:
        return self.pool.digest

    def with_card_files(self, paths: Sequence[Path]) -> SengokuYugi:
        """This game with more card files loaded after the built-in ones (a scenario's
        made-up cards); CardError (one line) for a bad file."""
        return SengokuYugi(load_pool(extra=paths))

    def card_info(self, card_id: str) -> CardInfo:
        c = self.pool.get(card_id)
        line = (f"{c.id:<8} {c.kind:<9} Lv{c.level} cost {c.cost} charge {c.charge} "
                f"{c.atk}/{c.mat} def {c.df}/{c.mdf} {c.attr:<9} {c.name}")
        return CardInfo(c.id, c.name, line, asdict(c))

    card_fields = CARD_FIELDS

    def search_cards(self, query: str) -> list[CardInfo]:
        found = search(list(self.pool.cards.values()), query, CARD_FIELDS, lambda c: (
            c.id, c.kind, c.name, c.epithet, c.attr, c.weapon, c.ability.name if c.ability else ""),
            self.id)
        return [self.card_info(c.id) for c in found]

    # -- decks (Guide I (5), Guide II (2)) ----------------------------------------------

    def builtin_decks(self, options: Mapping[str, str] | None = None) -> list[str]:
        mode = (options or {}).get("mode")  # a mode asked for: its own decks (*_<mode>)
        return decks.builtin_decks(mode if mode in MODES else None)

    def load_deck(self, spec: str) -> DeckList:
        try:
            d = decks.load_deck(spec)
        except decks.DeckError as exc:
            raise DeckError(str(exc)) from None
        parts = {"main": d.main, "nameless": d.nameless}
        if d.familiar:
            parts["familiar"] = d.familiar
        return DeckList(d.name, parts, spec, f"{d.mode.title()} mode")

    def validate_deck(self, deck: DeckList) -> list[str]:
        mode = "ultimate" if deck.part("familiar") else "standard"
        own = decks.Deck(deck.name, mode, deck.part("main"), deck.part("nameless"),
                         deck.part("familiar"))
        return decks.validate_deck(own, self.pool)

    def deck_document(self, deck: DeckList) -> dict[str, object]:
        """Familiars make an Ultimate deck (Guide II (2)), as `validate_deck` reads it."""
        doc: dict[str, object] = {
            "name": deck.name, "mode": "ultimate" if deck.part("familiar") else "standard",
            "nameless": list(deck.part("nameless")),
        }
        if deck.part("familiar"):
            doc["familiar"] = list(deck.part("familiar"))
        doc["main"] = dict(Counter(deck.part("main")))
        return doc

    def deck_slot(self, card_id: str) -> DeckSlot:
        """Main and Support cards to [main], three of a name and level (Guide I (5));
        Nameless and familiar cards one each (Guide I (5), Guide II (2))."""
        c = self.pool.get(card_id)
        if c.familiar:
            return DeckSlot("familiar", 1)
        if c.kind == "nameless":
            return DeckSlot("nameless", 1)
        return DeckSlot("main", decks.COPIES)

    deck_summary = DeckSummary("type", "attribute", "level")

    def deck_format_name(self, deck: DeckList) -> str:
        return "Ultimate mode" if deck.part("familiar") else "Standard mode"

    # -- setup (Guide I (9)) ------------------------------------------------------

    @cached_property
    def positions(self) -> Positions:
        return Positions(self.pool, self.card_view)

    def setup(self, ctx: Context, header: Mapping[str, Any]) -> None:
        if "scenario" in header:  # a described position instead of shuffled decks
            self.positions.setup(ctx, header["scenario"])
            return
        options = dict(header.get("options") or {})
        both = all(d.get("familiar") for d in header["decks"])
        mode = options.get("mode", "ultimate" if both else "standard")
        if mode not in MODES:
            raise ValueError(f"mode {mode!r}: choose standard or ultimate")
        board = options.get("board", DEFAULT)
        parse_board(board)  # a bad size fails here, before anything is logged
        if mode == "ultimate" and not all(
            any(self.pool.get(c).kind == "egg" for c in d.get("familiar", ()))
            for d in header["decks"]
        ):
            raise ValueError("Ultimate mode needs a Familiar Deck with an Egg for each player "
                             "(the *_ultimate decks)")
        cards: list[list[Any]] = []
        for p in (0, 1):
            deck = header["decks"][p]
            parts = [("main", "sh"), ("nameless", "aside")]
            if mode == "ultimate":
                parts.append(("familiar", "summon"))
            for key, zone in parts:
                for cid in deck.get(key, ()):
                    self.pool.get(cid)
                    cards.append([len(cards), cid, p, zkey(p, zone)])
        ctx.emit({"t": "create", "cards": cards})
        setvars(ctx, "setup", mode=mode, board=board, phase="setup", step="commander",
                  who=0, action_points=[0, 0], sh_hp=[0, 0])

    def _setup_decision(self, state: State) -> Decision:
        v = state.vars
        who, step = v["who"], v["step"]
        pool = self.pool
        if step == "commander":
            seen: dict[str, int] = {}
            for u in state.zones.get(zkey(who, "sh"), ()):
                card = cd(state, pool, u)
                if card.kind == "main" and card.level == 1:
                    seen.setdefault(card.id, u)
            opts = tuple(Option(f"commander {ref(state, u)}", ("commander", u))
                         for u in seen.values())
            return Decision(who, "commander", opts, "Choose your Commander (face down)",
                            private=True)
        if step == "nameless":
            waiting = list(state.zones.get(zkey(who, "aside"), ()))
            cells = actions.free_perimeter(state, who)
            opts = tuple(Option(f"place {ref(state, waiting[0])} {c}", ("place", waiting[0], c))
                         for c in cells)
            return Decision(who, "place", opts, "Place a Nameless card (face down)",
                            private=True)
        seen = {}
        for u in state.zones.get(zkey(who, "summon"), ()):
            if cd(state, pool, u).kind == "egg":
                seen.setdefault(cd(state, pool, u).id, u)
        opts = tuple(Option(f"egg {ref(state, u)}", ("egg", u)) for u in seen.values())
        return Decision(who, "egg", opts, "Take a Familiar Egg into hand", private=True)

    def _setup_apply(self, ctx: Context, option: Option) -> None:
        state = ctx.state
        v = state.vars
        who = v["who"]
        what, uid = option.data[0], option.data[1]
        if what == "commander":
            move(ctx, uid, "cz", "the Commander, face down", down=True, hp=1)
        elif what == "place":
            move(ctx, uid, "bf", "a Nameless card, face down", at=option.data[2], down=True,
                 hp=1, dt=0)
        else:
            move(ctx, uid, "fhand", "a Familiar Egg")
        nxt = self._next_setup_step(state, who, what)
        if nxt is None:
            flow.after_setup_choices(ctx, self.pool)
        else:
            setvars(ctx, "setup", step=nxt[0], who=nxt[1])

    def _next_setup_step(self, state: State, who: int, done: str) -> tuple[str, int] | None:
        if done in ("commander", "place") and state.zones.get(zkey(who, "aside")):
            return "nameless", who
        if done != "egg" and state.vars["mode"] == "ultimate":
            return "egg", who
        return ("commander", 1) if who == 0 else None

    # -- the pending decision ----------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        v = state.vars
        if "over" in v or "result" in v:
            return None
        pool = self.pool
        if "roll" in v:
            faces = tuple(Option(f"roll {i}", ("roll", i)) for i in range(1, 7))
            return Decision(CHANCE, "die", faces, v["roll"]["why"])
        if v["phase"] == "setup":
            return self._setup_decision(state)
        if v.get("asks"):
            return self._ask_decision(state, v["asks"][0])
        if v.get("ab"):
            return abilities.decision(state, pool)
        if v.get("trig"):
            d = abilities.trigger_decision(state, pool)
            if d is not None:
                return d
        if v.get("combat") and v["combat"]["stage"] not in ("end", "guard"):
            return combat.decision(state, pool)
        p = v["ap"]
        if v["phase"] == "charge":
            return Decision(p, "charge", tuple(self._charge_options(state, p)),
                            "Charge Phase: AP Charge, HP Charge, then draw")
        return Decision(p, "main", tuple(actions.main_options(state, pool, p)),
                        "Main Phase: act, or end the turn", info=flow.info(state))

    def _charge_options(self, state: State, p: int) -> list[Option]:
        charged = state.vars["charged"]
        opts = []
        if "ap" not in charged:
            opts.append(Option("charge-ap", ("charge-ap",)))
        if "hp" not in charged:
            for u in allies(state, p):
                cost = flow.hp_charge_cost(self.pool, state, u)
                if hp(state, u) < max_hp(state, self.pool, u) and flow.ap(state, p) >= cost:
                    opts.append(Option(f"charge-hp {loc(state, u)}", ("charge-hp", u, cost)))
        if len(fhand(state, p)) > flow.FAMILIAR_LIMIT and "fhp" not in charged:
            targets = allies(state, p)
            for u in targets:
                opts.append(Option(f"charge-familiar {loc(state, u)}", ("charge-familiar", u)))
            if not targets:
                opts.append(Option("charge-familiar none", ("charge-familiar", None)))
        if "ap" in charged and len(fhand(state, p)) <= flow.FAMILIAR_LIMIT:
            opts.append(Option("draw", ("draw",)))
        return opts

    def _ask_decision(self, state: State, ask: Mapping[str, Any]) -> Decision:
        p, what = ask["p"], ask["what"]
        pool = self.pool
        if what == "excess":
            opts = tuple(Option(f"send {ref(state, u)}", ("send", u)) for u in hand(state, p))
            return Decision(p, "send", opts, f"Hand limit: send {ask['n']} to Standby for AP",
                            private=True)
        if what == "fexcess":
            opts = tuple(Option(f"send {ref(state, u)}", ("send", u)) for u in fhand(state, p))
            return Decision(p, "send", opts, f"Familiar limit: send {ask['n']} for HP",
                            private=True)
        if what == "gs-pick":
            opts = [Option(f"pick {ref(state, u)}", ("pick", u)) for u in ask["from"]]
            opts.append(Option("none", ("pick", None)))
            return Decision(p, "pick", tuple(opts), "Take one Growth Source into hand?")
        # fetch: familiars from the Summoning Zone (Guide II (4))
        opts = [Option(f"pick {ref(state, u)}", ("pick", u))
                for u in state.zones.get(zkey(p, "summon"), ())
                if cd(state, pool, u).cost <= ask["room"]]
        opts.append(Option("none", ("pick", None)))
        return Decision(p, "pick", tuple(opts), "Take a familiar into hand?", private=True)

    # -- applying --------------------------------------------------------------------------

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        state = ctx.state
        v = state.vars
        pool = self.pool
        what = option.data[0]
        if decision.player == CHANCE:
            then = v["roll"]["then"]
            setvars(ctx, "die rolled", roll=None)
            if then == "first":
                flow.opening_roll(ctx, pool, option.data[1])
            else:
                abilities.roll_apply(ctx, pool, then, option.data[1])
        elif v["phase"] == "setup":
            self._setup_apply(ctx, option)
        elif v.get("asks"):
            self._ask_apply(ctx, v["asks"][0], option)
        elif v.get("ab"):
            abilities.apply(ctx, pool, option)
        elif decision.kind in ("trigger", "hand"):
            abilities.drop_trigger(ctx, pool, again=decision.kind == "hand" and what == "use")
            if what == "use":
                abilities.start(ctx, pool, option.data[1], option.data[2], option.data[3])
        elif v.get("combat") and v["combat"]["stage"] not in ("end", "guard"):
            combat.apply(ctx, pool, option)
        elif v["phase"] == "charge":
            self._charge_apply(ctx, decision.player, option)
        else:
            actions.apply(ctx, pool, decision.player, option)
        self.advance(ctx)

    def _charge_apply(self, ctx: Context, p: int, option: Option) -> None:
        state = ctx.state
        what = option.data[0]
        if what == "charge-ap":
            flow.ap_charge(ctx, self.pool, p)
        elif what == "charge-hp":
            flow.add_ap(ctx, p, -option.data[2], "HP Charge")
            effects.heal(ctx, self.pool, option.data[1], 1, "HP Charge")
            setvars(ctx, "HP Charge", charged=[*state.vars["charged"], "hp"])
        elif what == "charge-familiar":
            setvars(ctx, "HP Charge (familiars)", charged=[*state.vars["charged"], "fhp"])
            n = len(fhand(state, p)) - flow.FAMILIAR_LIMIT
            push_ask(ctx, "familiar limit", {"p": p, "what": "fexcess", "n": n,
                                             "to": option.data[1]})
        else:
            flow.end_charge(ctx, self.pool, p)

    def _ask_apply(self, ctx: Context, ask: Mapping[str, Any], option: Option) -> None:
        state = ctx.state
        what = ask["what"]
        p = ask["p"]
        uid = option.data[1]
        if what == "excess":
            move(ctx, uid, "standby", "hand limit")
            flow.add_ap(ctx, p, cd(state, self.pool, uid).charge, "AP Charge")
        elif what == "fexcess":
            move(ctx, uid, "summon", "familiar limit")
            if ask.get("to") is not None and state.cards[ask["to"]].zone.partition("/")[2] in (
                "bf", "cz"
            ):
                effects.heal(ctx, self.pool, ask["to"], cd(state, self.pool, uid).charge,
                             "HP Charge")
        elif what == "gs-pick":
            pop_ask(ctx, "Growth Sources")
            effects.gs_pick(ctx, uid, list(ask["from"]))
            return
        else:  # fetch
            if uid is not None:
                move(ctx, uid, "fhand", "a familiar joins the hand")
            if uid is None or ask["n"] <= 1:
                pop_ask(ctx, "familiars")
            else:
                pop_ask(ctx, "familiars", {**ask, "n": ask["n"] - 1})
            return
        n = ask["n"] - 1
        pop_ask(ctx, "sent", {**ask, "n": n} if n > 0 else None)

    def advance(self, ctx: Context) -> None:
        """Carry on until someone must decide: stale triggers drop, a fight ends."""
        v = ctx.state.vars
        while "over" not in v and "result" not in v and v["phase"] != "setup":
            if v.get("asks") or v.get("ab") or "roll" in v:
                return
            if v.get("trig"):
                if abilities.trigger_decision(ctx.state, self.pool) is not None:
                    return
                setvars(ctx, "no trigger left", trig=None)
                continue
            if v.get("combat") and v["combat"]["stage"] == "end":
                combat.finish(ctx, self.pool)
                continue
            if v.get("combat") and v["combat"]["stage"] == "guard":
                combat.reveal_guard(ctx, self.pool, dict(v["combat"]))
                continue
            return

    # -- victory (Guide I (10)) ----------------------------------------------------------

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        result = state.vars.get("result")
        if result is None:
            return None
        return result[0], result[1]

    # -- hidden information -------------------------------------------------------------

    def concealed(self, state: State, uid: int, player: int | None) -> bool:
        """Face-down cards on known cells are hidden from everyone but their owner."""
        card = state.cards[uid]
        return bool(card.f.get("down")) and player != card.owner

    def card_view(self, state: State, uid: int, player: int | None) -> Mapping[str, Any]:
        """Current values of a card the viewer sees: name, Level, ATK/MAT with a contracted
        familiar and continuous abilities, DEF/MDF, HP of its maximum, stance, range."""
        pool = self.pool
        card = cd(state, pool, uid)
        out: dict[str, Any] = {"name": card.name, "kind": card.kind, "level": card.level}
        zone = state.cards[uid].zone.partition("/")[2]
        if zone in ("bf", "cz"):
            out |= {
                "atk": attack_value(state, pool, uid, "atk"),
                "mat": attack_value(state, pool, uid, "mat"),
                "def": defence_value(state, pool, uid, "atk"),
                "mdf": defence_value(state, pool, uid, "mat"),
                "hp": hp(state, uid),
                "max_hp": max_hp(state, pool, uid),
                "stance": "defense" if state.cards[uid].f.get("df") else "attack",
                "range": list(attack_range(state, pool, uid)),
            }
            fam = familiar_of(state, uid)
            if fam is not None:  # a contracted familiar lies under its holder
                out["familiar"] = state.cards[fam].cid
        else:
            out |= {"atk": card.atk, "mat": card.mat, "def": card.df, "mdf": card.mdf,
                    "cost": card.cost, "charge": card.charge}
        return out

    def redact_vars(self, vars: Mapping[str, Any], player: int | None,
                    partial: bool = False) -> dict[str, Any]:
        out = dict(vars)
        ab = out.get("ab")
        if ab and ab.get("p") != player:
            if "pick" in ab and ab["pick"].get("private"):
                ab = {**ab, "pick": {k: v for k, v in ab["pick"].items() if k != "from"}}
            if ab.get("hand"):  # an ability used from a hand: which copy stays secret
                ab = {k: v for k, v in ab.items() if k != "u"}
            out["ab"] = ab
        if out.get("trig"):  # a hand's window is its owner's question (S45, S47)
            out["trig"] = [t for t in out["trig"]
                           if not (t.get("hand") and t.get("p") != player)] or None
        if out.get("used_hand"):
            out["used_hand"] = [pair for pair in out["used_hand"] if pair[1] == player] or None
        return out

    # -- for the table -----------------------------------------------------------------

    def make_strategy(self, seed: int = 0, searching: bool = False) -> Strategy:
        """Rules of thumb for computer players; the same for a search player's playouts."""
        from .strategy import Strategy as Rules

        return Rules(self.pool, seed)

    def explain(self, state: State, text: str) -> str | None:
        """None when `text` is a legal choice now, else why not (one line, with its place)."""
        from .explain import why_not

        d = self.decision(state)
        if d is not None and d.find(text) is not None:
            return None
        return why_not(state, self.pool, text, d)
