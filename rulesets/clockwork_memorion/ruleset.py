"""Clockwork Memorion on the pmtui engine: the pending decision and how options apply.

`decision(state)` reads the variables in this order: the setup steps, a pending choice
("ask"), an open window of the chain (pmtui.engine.chain's "resp": Recall Time is the
one where only recalls answer), the block step of a battle, then the phase. `apply`
emits the events of the chosen option and `advance` carries the game on (auto-passing
windows where a player has nothing to answer with, resolving the chain one link at a
time, last in, first out, each with its own window) to the next decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import cached_property
from pathlib import Path
from typing import Any

from pmtui.engine import chain
from pmtui.engine.cardquery import search
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.ruleset import CardInfo, DeckList, DeckSlot, DeckSummary, Strategy
from pmtui.engine.state import State

from . import actions, battle, decks, effects, flow, triggers
from .board import (
    STEPS,
    VISIBILITY,
    ability_slots,
    cd,
    counters,
    deified,
    face,
    in_play,
    keywords,
    life,
    limit_marks,
    mind,
    power,
    recall_time,
    where,
    zone,
)
from .cards import CARD_FIELDS, TEXT_SEP, CardDef, Pool, load_pool
from .notation import NOTATION
from .screen import Screen

VERSION = "0.1.3"
HEADER_OPTIONS = {"format": "standard (30 cards) or ex (30-40 cards, the EX match)"}
OPTION_VALUES = {"format": ("standard", "ex")}
SILENT = frozenset({"depart", "blockstep", "dmgdone"})  # no window: ★ steps (S:114)


class ClockworkMemorion:
    id = "clockwork_memorion"
    version = VERSION
    name = "Clockwork Memorion"
    visibility = VISIBILITY
    concealed = None  # no face-down cards inside a zone its viewer sees
    end_vars = frozenset({"life", "resp", "lost"})
    deck_parts = ("main",)
    header_options = HEADER_OPTIONS
    option_values = OPTION_VALUES
    notation = NOTATION

    def __init__(self, pool: Pool | None = None) -> None:
        self.pool = pool if pool is not None else load_pool()
        self.screen = Screen(self.pool)  # how the table looks (data)

    # -- card data ------------------------------------------------------------------

    @property
    def cards(self) -> Mapping[str, CardDef]:
        return self.pool

    @property
    def pool_digest(self) -> str:
        return self.pool.digest

    def with_card_files(self, paths: Sequence[Path]) -> ClockworkMemorion:
        """This game with more card files loaded after its own (a scenario's made-up
        cards); CardError (one line, naming the file) for a bad one."""
        return ClockworkMemorion(load_pool(extra=paths))

    def card_info(self, card_id: str) -> CardInfo:
        c = self.pool.get(card_id)
        if c.kind == "successor":
            stats = f"{c.emotion:<6} Lv{c.level} {c.power:>3}/{c.mind:<3}"
        elif c.kind in ("memorion",):
            stats = f"{c.genre}: {c.word}"
        else:
            stats = ""
        faces: tuple[str, ...] = ()
        if c.kind == "ruler":  # two faces: the deified one is turned up for good (S:10)
            faces = (f"{c.name}: Summon Level {c.summon_level}: "
                     + TEXT_SEP.join(a.text for a in c.abilities),
                     f"{c.deified_name or c.name} (deified): Summon Level "
                     f"{c.deified_level}: " + TEXT_SEP.join(a.text for a in c.deified))
        elif c.kind == "limit":  # laid on either face, either end at zone 1 (M5)
            faces = tuple(f"face {n}: " + " ".join(e.title() for e in row)
                          for n, row in enumerate(c.faces, 1))
        return CardInfo(c.id, c.name, f"{c.id}  {c.kind:<9} {stats:<22} {c.name}", asdict(c),
                        faces)

    card_fields = CARD_FIELDS

    def search_cards(self, query: str) -> list[CardInfo]:
        found = search(list(self.pool.cards()), query, CARD_FIELDS,
                       lambda c: tuple(self.pool.haystack(c)), self.id)
        return [self.card_info(c.id) for c in found]

    # -- decks ----------------------------------------------------------------------

    def builtin_decks(self, options: Mapping[str, str] | None = None) -> list[str]:
        return decks.builtin_decks()

    def load_deck(self, spec: str) -> DeckList:
        return decks.load_deck(spec)

    def validate_deck(self, deck: DeckList) -> list[str]:
        return decks.validate(deck, self.pool, deck.format or "standard")

    def deck_document(self, deck: DeckList) -> dict[str, object]:
        """A deck file: its name, its format when it is an EX deck (S:2), card id =
        copies under [main]."""
        doc: dict[str, object] = {"name": deck.name}
        if deck.description:
            doc["description"] = deck.description
        if deck.format:
            doc["format"] = deck.format
        doc["main"] = dict(Counter(deck.part("main")))
        return doc

    def deck_slot(self, card_id: str) -> DeckSlot:
        """Every card goes to the one deck; exactly one Ruler and one Summon Limit card
        (S:3, S:11, S:43), else three of a name (S:4)."""
        kind = self.pool.get(card_id).kind
        return DeckSlot("main", 1 if kind in ("ruler", "limit") else decks.COPIES)

    deck_summary = DeckSummary("type", "emotion", "level")

    def deck_format_name(self, deck: DeckList) -> str:
        return decks.FORMAT_NAMES[deck.format or "standard"]

    # -- setup ----------------------------------------------------------------------

    @cached_property
    def positions(self) -> Any:
        from .positions import Positions

        return Positions(self)

    def setup(self, ctx: Context, header: Mapping[str, Any]) -> None:
        if "scenario" in header:
            self.positions.build(ctx, header["scenario"])
            self.advance(ctx)
            return
        fmt = (header.get("options") or {}).get("format", "standard")
        if fmt not in ("standard", "ex"):
            raise ValueError(f"format {fmt!r}: choose standard or ex")
        for d in header["decks"]:
            problems = decks.validate(DeckList("", {"main": tuple(d["main"])}), self.pool, fmt)
            if problems:
                raise ValueError(problems[0])
        flow.create(ctx, self.pool, list(header["decks"]))
        flow.begin(ctx, self.pool)

    # -- the pending decision -----------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        v = state.vars
        if "over" in v or "phase" not in v:
            return None
        pool = self.pool
        if v["phase"] == "setup":
            return flow.setup_decision(state, pool)
        a = v.get("ask")
        if a:
            if a["what"] == "assign":
                return battle.assign_decision(state, pool)
            if a["what"] == "discard":
                return flow.discard_decision(state, pool)
            if a["what"] == "order":
                return triggers.order_decision(state)
            if a["what"] == "put":
                return effects.put_decision(state)
            return self._pick_decision(state, a)
        if v.get("resp"):
            p = chain.holder(v)
            if recall_time(v):
                opts = (*actions.recall_options(state, pool, p), Option("pass", ("pass",)))
                return Decision(p, "recall_time", opts, "Recall Time: recall, or pass to stop",
                                secret_pass=self._secret(state, p, opts))
            opts = (*actions.interrupt_options(state, pool, p), Option("pass", ("pass",)))
            if chain.bare(v):  # the start of a phase (M20)
                step = STEPS.get(str(v.get("begun")), "the phase")
                return Decision(p, "respond", opts, f"Start of {step}: interrupt, or pass?",
                                secret_pass=self._secret(state, p, opts))
            top = v["chain"][-1]
            return Decision(p, "respond", opts, f"Respond to {self._entry_words(state, top)}?",
                            info={"card": top.get("u", top.get("src"))}
                            if isinstance(top.get("u", top.get("src")), int) else {},
                            secret_pass=self._secret(state, p, opts))
        b = v.get("battle")
        if b and b["stage"] == "block":
            return battle.block_decision(state, pool)
        return flow.main_decision(state, pool)

    def _secret(self, state: State, p: int, opts: tuple[Option, ...]) -> str:
        """A window only cards of the hand open: passing it tells the others nothing,
        not even that it was asked (they would learn the hand holds a memorion)."""
        hand = set(zone(state, p, "hand"))
        if all(o.data[0] == "recall" and o.data[1] in hand for o in opts[:-1]):
            return "pass"
        return ""

    def _pick_decision(self, state: State, a: Mapping[str, Any]) -> Decision:
        opts = []
        for c in a["opts"]:
            text = c if c.startswith("hand#") else ref(state, int(c[1:]))
            opts.append(Option(f"pick {text}", ("pick", c)))
        eff = a["eff"]
        hidden = eff["do"] in ("opp_discard", "search_mem")
        return Decision(int(a["p"]), "pick", tuple(opts), f"Choose for {eff['do']}",
                        private=hidden,
                        info={"card": eff["this"]} if isinstance(eff.get("this"), int) else {})

    def _entry_words(self, state: State, e: Mapping[str, Any]) -> str:
        u = e.get("u", e.get("src"))
        name = cd(state, self.pool, u).name if isinstance(u, int) else ""
        return f"{e['k']} {name}".strip()

    # -- applying --------------------------------------------------------------------------

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        state = ctx.state
        v = state.vars
        pool = self.pool
        what = option.data[0]
        p = decision.player
        if v.get("phase") == "setup":
            flow.setup_apply(ctx, pool, option)
        elif v.get("ask"):
            a = v["ask"]
            if what == "assign":
                battle.assign(ctx, pool, option.data[1], option.data[2])
            elif what == "discard":
                from . import moves

                moves.done_asking(ctx, "discarded")
                moves.move(ctx, option.data[1], "drop", "hand limit")
            elif what == "first":
                triggers.order(ctx, option.data[1])
            elif what == "put":
                effects.put(ctx, option.data[1])
            else:
                effects.answer(ctx, pool, dict(a["eff"]), option.data[1])
            if not state.vars.get("ask"):
                triggers.settle(ctx, pool)
        elif v.get("resp"):
            if what == "pass":
                self._pass(ctx)
            else:
                actions.declare(ctx, pool, p, option.data)
        elif what == "block":
            battle.declare_blocks(ctx, pool, tuple(option.data[1]))
        elif what == "attack":
            battle.declare_attack(ctx, pool, p, option.data[1])
        elif what == "phase":
            setvars(ctx, f"to {option.data[1]}", phase=option.data[1])
        else:
            actions.declare(ctx, pool, p, option.data)
        self.advance(ctx)

    def _pass(self, ctx: Context) -> None:
        """A pass in the open window: two in a row resolve the newest link only (M20);
        Recall Time, a window over no link, ends (S:70, M19) and what waited for it
        (Mind 000, S:14) happens."""
        rt = recall_time(ctx.state.vars)
        done = chain.pass_response(ctx, newest=True)
        if done is None:
            return
        if rt:
            triggers.settle(ctx, self.pool)
        for top in done:
            actions.resolve(ctx, self.pool, top)

    def advance(self, ctx: Context) -> None:
        """Carry on until someone must decide."""
        state = ctx.state
        pool = self.pool
        v = state.vars
        for _ in range(10000):
            if "over" in v or v.get("phase") in (None, "setup") or v.get("ask"):
                return
            if v.get("resp"):
                p = chain.holder(v)
                if (actions.can_recall if recall_time(v) else actions.can_interrupt)(
                        state, pool, p):
                    return
                self._pass(ctx)
                continue
            waiting = v.get("chain")
            if waiting:  # the newest link gets its window, the other player first (M20)
                top = waiting[-1]
                if top["k"] in SILENT:
                    actions.resolve(ctx, pool, chain.take(ctx, f"{top['k']} resolves"))
                else:
                    chain.open_window(ctx, 1 - int(top["by"]))
                continue
            b = v.get("battle")
            if b:
                if b["stage"] == "attack":
                    att = b["att"]
                    stage = "block" if in_play(state, att) else "after"
                    setvars(ctx, "block step", battle={**b, "stage": stage})
                    continue
                if b["stage"] == "after":
                    setvars(ctx, "battle over", battle=None)
                    continue
                return  # the block step
            phase = v.get("phase")
            if phase == "start":
                flow.start_turn(ctx, pool)
                continue
            if phase in STEPS and flow.step_window(ctx, phase):
                continue
            if phase == "end":
                if flow.end_turn(ctx, pool):
                    continue
                return
            return
        raise RuntimeError("the game does not settle")

    # -- victory (S:5, S:45, S:49; M27) ---------------------------------------------------

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        v = state.vars
        if recall_time(v):  # losing waits while Recall Time lasts (S:49)
            return None
        out = {int(p) for p in v.get("lost") or ()}
        reasons = {int(p): "cannot draw (S:5)" for p in out}
        lf = v.get("life")
        if lf:
            for p in (0, 1):
                if int(lf[p]) <= 0:
                    out.add(p)
                    reasons.setdefault(p, "Life 0 (S:45)")
        if len(out) == 2:
            return None, "draw: both players lose at once (M27)"
        if out:
            p = out.pop()
            return 1 - p, f"player {p + 1} loses: {reasons[p]}"
        return None

    # -- views ------------------------------------------------------------------------------

    def card_view(self, state: State, uid: int, player: int | None) -> Mapping[str, Any]:
        """The card as it is now: its name, kind, Power/Mind, keywords and the current
        text of each ability with the words now in its slots."""
        pool = self.pool
        c = cd(state, pool, uid)
        out: dict[str, Any] = {"name": c.name, "kind": c.kind}
        zn = where(state, uid)
        if c.kind == "ruler":
            out["deified"] = deified(state, uid)
            if deified(state, uid):
                out["name"] = c.deified_name or c.name
            out["life"] = life(state, state.cards[uid].owner)
            out["counters"] = counters(state, state.cards[uid].owner)
        if c.kind == "limit" and zn == "limit":
            marks = limit_marks(state, pool, state.cards[uid].owner)
            if marks:
                out["marks"] = list(marks)
        if c.kind == "successor":
            out["emotion"] = c.emotion
            out["level"] = c.level
            if zn == "succ":
                out["power"] = power(state, pool, uid)
                out["mind"] = mind(state, pool, uid)
                out["keywords"] = sorted(keywords(state, pool, uid))
            else:
                out["power"], out["mind"] = c.power, c.mind
        if c.memory:
            out["memory"] = c.memory
        if zn in ("ruler", "succ"):  # the words now in each slot (S:53, S:65-67, S:81)
            up = face(state, pool, uid)
            out["text"] = TEXT_SEP.join(current_text(ab.text, w) for ab, w in
                                        zip(up, ability_slots(state, pool, uid), strict=True))
            out["printed"] = TEXT_SEP.join(ab.text for ab in up)
        return out

    def redact_vars(self, vars: Mapping[str, Any], player: int | None,
                    partial: bool = False) -> dict[str, Any]:
        out = dict(vars)
        lp = out.get("lpick")
        if lp:  # each Summon Limit is chosen in secret until both are laid
            out["lpick"] = {k: (val if player is not None and k == str(player) else "?")
                            for k, val in lp.items()}
        a = out.get("ask")
        if a and a.get("p") != player and a.get("what") == "effect" and \
                a["eff"]["do"] in ("opp_discard", "search_mem"):
            out["ask"] = {k: val for k, val in a.items() if k != "opts"}
        if a and a.get("p") != player and a.get("what") == "put":  # cards of a deck
            out["ask"] = {k: (len(val) if k in ("cards", "placed") else val)
                          for k, val in a.items()}
        return out

    # -- for the table ------------------------------------------------------------------

    def make_strategy(self, seed: int = 0, searching: bool = False) -> Strategy:
        from .strategy import Rules

        return Rules(self, seed)

    def explain(self, state: State, text: str) -> str | None:
        from .explain import why_not

        d = self.decision(state)
        if d is not None and d.find(text) is not None:
            return None
        return why_not(self, state, text, d)


def current_text(text: str, words: list[list[str]]) -> str:
    """An ability's sentence with the words now in each slot (blank: ___)."""
    from .cards import SLOT

    it = iter(words)

    def fill(m: Any) -> str:
        w = next(it, [])
        return f"[{m.group(1)}: {', '.join(w) if w else '___'}]"

    return SLOT.sub(fill, text)
