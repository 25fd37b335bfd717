"""PSO CCG (fan rules v3.00) on the pmtui engine: the pending decision and how it applies.

`decision(state)` reads the game variables and lists the legal options;
`apply` turns the chosen one into events through flow and effects. The
sections named in comments are the source's (../shared/seeds/002_…txt), the
D-numbers the decisions in docs/rules-interpretations-pso.md.
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
from pmtui.engine.decision import CHANCE, Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.ruleset import CardInfo, DeckError, DeckList, DeckSlot, DeckSummary
from pmtui.engine.state import State, zkey

from . import board, effects, flow
from .board import other
from .cards import CARD_FIELDS, CardDef, CardPool, Effect, load_pool
from .notation import NOTATION
from .screen import PsoScreen

if TYPE_CHECKING:  # loaded on first use
    from .positions import Positions
    from .strategy import Strategy

VERSION = "0.3.2"
# the deck (shuffled at setup) and the main character set aside ("Deck Limits")
DECK_PARTS = ("main", "lead")
HEADER_OPTIONS = {
    "turn_limit": "the turn at whose end a stalled game is a draw (default 200; a rule of "
                  "ours: the PSO rules give a stalled game no end)",
}


# A normal attack: ATP against DFP, evasion applies ("Character/monster card stats").
ATTACK = Effect(target="foe", damage=0, add="atp")
HAND_USES = ("spell", "weapon", "event", "item")  # actions that use a card from the hand


class Pso:
    id = "pso"
    name = "PSO CCG (fan rules v3.00)"
    version = VERSION
    visibility = board.VISIBILITY
    concealed = None  # set traps lie in their own zone, which the zone's visibility hides
    end_vars = frozenset({"live"})  # the victory check reads the Monsters' zones once live
    deck_parts = DECK_PARTS
    header_options: Mapping[str, str] = HEADER_OPTIONS
    option_values: Mapping[str, tuple[str, ...]] = {"turn_limit": ("100", "200", "400")}
    notation = NOTATION
    def __init__(self, pool: CardPool | None = None) -> None:
        self.pool = pool if pool is not None else load_pool()
        self.screen = PsoScreen(self.pool)  # how the table looks (data)

    # -- card data -------------------------------------------------------------------

    @property
    def cards(self) -> Mapping[str, CardDef]:
        return self.pool

    @property
    def pool_digest(self) -> str:
        return self.pool.digest

    def with_card_files(self, paths: Sequence[Path]) -> Pso:
        """This game with more card files loaded after the built-in ones (a scenario's
        made-up cards); CardError (one line) for a bad file."""
        return Pso(load_pool(extra=paths))

    def card_info(self, card_id: str) -> CardInfo:
        c = self.pool.get(card_id)
        kind = c.type if c.kind == "normal" else f"{c.type}/{c.kind}"
        if c.creature or c.boss:
            nums = f"HP {c.hp} ATP {c.atp} DFP {c.dfp} EVP {c.evp}/5"
            nums += f" MST {c.mst}" if c.mst is not None else ""
        else:
            nums = ""
        who = f" {c.cls}/{c.race}" if c.type == "character" else ""
        line = f"{c.id:<8} {kind:<15} {c.name}{who}  {nums}".rstrip()
        return CardInfo(c.id, c.name, line, asdict(c))

    card_fields = CARD_FIELDS

    def search_cards(self, query: str) -> list[CardInfo]:
        found = search(self.pool.cards(), query, CARD_FIELDS, self.pool.haystack, self.id)
        return [self.card_info(c.id) for c in found]

    # -- decks ("Deck Limits", "Card Limits") -------------------------------------------

    def builtin_decks(self, options: Mapping[str, str] | None = None) -> list[str]:
        from .decks import builtin_decks

        return builtin_decks()

    def load_deck(self, spec: str) -> DeckList:
        from .decks import DeckError as PsoDeckError
        from .decks import load_deck

        try:
            d = load_deck(spec, self.pool)
        except PsoDeckError as exc:
            raise DeckError(str(exc)) from None
        lead = (d.lead,) if d.lead else ()  # a deck being built may have none yet
        return DeckList(d.name, {"main": d.main, "lead": lead}, d.source, d.description,
                        d.format)

    def validate_deck(self, deck: DeckList) -> list[str]:
        """The deck's format follows its size: 40 cards is the quick format (D-31)."""
        from .decks import FORMATS, Deck, validate_deck

        lead = deck.part("lead")
        if len(lead) != 1:
            return [f"a deck sets aside exactly one main character, not {len(lead)}"]
        main = deck.part("main")
        fmt = "quick" if len(main) == FORMATS["quick"][0] else "standard"
        return validate_deck(Deck(deck.name, main, lead[0], fmt, deck.source), self.pool)

    def deck_document(self, deck: DeckList) -> dict[str, object]:
        """A file holds one main character: a deck setting aside several keeps the
        first (the writer refuses a file that does not read back the same)."""
        from .decks import FORMATS

        main = deck.part("main")
        doc: dict[str, object] = {"name": deck.name}
        if deck.description:
            doc["description"] = deck.description
        doc["format"] = "quick" if len(main) == FORMATS["quick"][0] else "standard"
        doc["lead"] = deck.part("lead")[0] if deck.part("lead") else ""
        doc["main"] = dict(Counter(main))
        return doc

    def deck_slot(self, card_id: str) -> DeckSlot:
        """Every card goes to the deck; a limited card shows its limit ("Card Limits"),
        a boss or quest Area one copy ("Deck Limits"); characters are unique."""
        d = self.pool[card_id]
        if d.boss or d.quest or d.type == "character":
            return DeckSlot("main", 1)
        return DeckSlot("main", d.limit)

    deck_summary = DeckSummary("type", "class", "hp")

    def deck_format_name(self, deck: DeckList) -> str:
        """The format follows the size, as `validate_deck` reads it (D-31)."""
        from .decks import FORMATS

        quick = len(deck.part("main")) == FORMATS["quick"][0]
        return "quick format" if quick else "standard format"

    # -- checks -------------------------------------------------------------------------

    @cached_property
    def positions(self) -> Positions:
        from .positions import Positions

        return Positions(self.pool)

    # -- setup ---------------------------------------------------------------------

    def setup(self, ctx: Context, header: Mapping[str, Any]) -> None:
        if "scenario" in header:  # a described position instead of shuffled decks
            from .position import setup_position

            setup_position(ctx, self.pool, header["scenario"])
            return
        flow.setup(ctx, self.pool, header)

    # -- the pending decision --------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        v = state.vars
        if "over" in v or not v.get("live"):
            return None
        if "roll" in v:  # an evasion roll of a declared action (D-17)
            target, evp = v["roll"]["queue"][0]
            r = ref(state, target)
            opts = (Option(f"evade {r}", ("rolled", target, True), weight=evp),
                    Option(f"hit {r}", ("rolled", target, False), weight=5 - evp))
            name = self._def(state, target).name
            return Decision(CHANCE, "evasion", opts, f"evasion of {name}, EVP {evp}/5")
        if v.get("newlead"):
            return self._lead_decision(state, v["newlead"][0])
        pref = self._prefer_decision(state)
        if pref is not None:
            return pref
        if "act" in v:
            return self._target_decision(state, v["act"])
        if "setting" in v:
            tp = v["ap"]
            opts = [
                Option(f"set {ref(state, u)}", ("set", u))
                for u in state.zone(zkey(tp, "hand"))
                if self._def(state, u).kind == "trap" and self._def(state, u).type == "event"
            ]
            opts.append(Option("back", ("back",)))
            return Decision(tp, "trap", tuple(opts), "Set which trap face down?", private=True)
        if v["phase"] == "main":
            return self._main_decision(state)
        return self._combat_decision(state)

    def _def(self, state: State, uid: int) -> CardDef:
        return self.pool[state.cards[uid].cid]

    def _lead_decision(self, state: State, player: int) -> Decision:
        opts = tuple(
            Option(f"lead {ref(state, u)}", ("lead", u))
            for u in effects.lead_candidates(state, self.pool, player)
        )
        return Decision(player, "lead", opts, "Your main character fell: choose the next one")

    def _prefer_decision(self, state: State) -> Decision | None:
        for u, s in board.contested(state, self.pool):
            reps = board.conflict(state, self.pool, u, s)
            if reps is None:
                continue
            sources = sorted({src for src, _ in reps})
            opts = tuple(
                Option(f"prefer {ref(state, u)} {s} {ref(state, src)}",
                       ("prefer", u, s, src, sources),
                       f"{s.upper()} {val} from {self.pool[state.cards[src].cid].name}")
                for src, val in sorted(reps)
            )
            prompt = f"Two effects replace {s.upper()} of {self._def(state, u).name}"
            return Decision(state.cards[u].owner, "prefer", opts, prompt + ": which one applies?")
        return None

    def _effect_of(self, state: State, act: Mapping[str, Any]) -> Effect:
        how = act["how"]
        if how == "attack":
            return ATTACK
        d = self._def(state, act["card"])
        eff = {"ability": d.ability, "cast": d.spell}.get(how, d.effect)
        assert eff is not None
        return eff

    def _target_decision(self, state: State, act: Mapping[str, Any]) -> Decision:
        tp = state.vars["ap"]
        eff = self._effect_of(state, act)
        picked = act["picked"]
        opts = [
            Option(f"target {ref(state, u)}", ("target", u))
            for u in effects.chosen_targets(state, self.pool, tp, eff)
            if u not in picked
        ]
        opts.append(Option("back", ("back",)))
        n = len(picked) + 1
        prompt = f"Target {n} of {act['need']}" if act["need"] > 1 else "Choose the target"
        return Decision(tp, "target", tuple(opts), prompt, info={"card": act["card"]})

    def _usable(self, state: State, eff: Effect | None, side: int) -> bool:
        """An effect that has what it needs now: a target, when it names one."""
        if eff is None:
            return False
        return not eff.chosen or effects.need(state, self.pool, side, eff) > 0

    def _main_decision(self, state: State) -> Decision:
        """Steps 2-4 of the turn as one phase with per-turn limits (A8-A10)."""
        v = state.vars
        tp = v["ap"]
        did = v.get("did", {})
        lead = board.lead(state, tp)
        lock = flow.area_locked(state, self.pool)
        opts: list[Option] = []
        trap = False
        for u in state.zone(zkey(tp, "hand")):
            d = self._def(state, u)
            r = ref(state, u)
            if d.type == "character" and not did.get("character"):
                opts.append(Option(f"character {r}", ("play", u)))
            elif d.type == "monster":
                opts.append(Option(f"monster {r}", ("play", u)))
            elif d.type == "area" and not did.get("area") and lock is None:
                opts.append(Option(f"area {r}", ("area", u)))
            elif d.type == "event" and d.kind == "trap":
                trap = True
            elif d.type == "event" and self._event_ok(state, d, lead):
                opts.append(Option(f"event {r}", ("use", "event", u)))
            elif (
                d.type == "item" and lead is not None
                and not board.forbidden(state, self.pool, "item")
                and self._usable(state, d.effect, tp)
            ):
                opts.append(Option(f"item {r}", ("use", "item", u)))
        if trap:
            opts.append(Option("trap", ("trap",)))
        opts.append(Option("combat", ("combat",)))
        return Decision(tp, "main", tuple(opts), "Play cards, or start combat")

    def _event_ok(self, state: State, d: CardDef, lead: int | None) -> bool:
        assert d.effect is not None
        if d.kind == "blast" and (lead is None or board.forbidden(state, self.pool, "blast")):
            return False  # a Mag's blast needs the main character (A25)
        return self._usable(state, d.effect, state.vars["ap"])

    def _combat_decision(self, state: State) -> Decision:
        """Each character and monster not paralysed acts once; only the main character
        uses Spell and Weapon cards (source: "Game play", "Battle effects")."""
        v = state.vars
        tp, turn = v["ap"], v["turn"]
        pool = self.pool
        lead = board.lead(state, tp)
        hand = state.zone(zkey(tp, "hand"))
        no_spell = board.forbidden(state, pool, "spell")
        tags = board.area_tags(state, pool)
        opts: list[Option] = []
        for u in board.creatures(state, tp):
            c = state.cards[u]
            if c.f.get("par") or c.f.get("acted") == turn:
                continue
            d = pool[c.cid]
            r = ref(state, u)
            opts.append(Option(f"attack {r}", ("use", "attack", u)))
            if (
                d.ability is not None and not board.forbidden(state, pool, "ability")
                and (not d.ability_area or d.ability_area in tags)
                and self._usable(state, d.ability, tp)
            ):
                opts.append(Option(f"ability {r}", ("use", "ability", u)))
            if d.spell is not None and not no_spell and self._usable(state, d.spell, tp):
                opts.append(Option(f"cast {r}", ("use", "cast", u)))
            if u != lead:
                continue
            for w in hand:
                wd = pool[state.cards[w].cid]
                if wd.type == "spell" and d.race != "android" and not no_spell:
                    if self._usable(state, wd.effect, tp):
                        opts.append(Option(f"spell {r} {ref(state, w)}", ("use", "spell", w)))
                elif (
                    wd.type == "weapon" and d.cls in wd.classes
                    and not board.forbidden(state, pool, "weapon")
                    and self._usable(state, wd.effect, tp)
                ):
                    opts.append(Option(f"weapon {r} {ref(state, w)}", ("use", "weapon", w)))
        opts.append(Option("end", ("end",)))
        return Decision(tp, "combat", tuple(opts), "Act with a card, or end the turn")

    # -- applying ----------------------------------------------------------------------

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        state = ctx.state
        pool = self.pool
        what = option.data[0]
        tp = state.vars.get("ap", decision.player)
        if what == "rolled":
            self._rolled(ctx, option.data[1], option.data[2])
        elif what == "lead":
            effects.choose_lead(ctx, decision.player, option.data[1])
        elif what == "prefer":
            _, u, s, src, sources = option.data
            pref = dict(state.cards[u].f.get("pref", {}))
            pref[s] = [src, sources]
            ctx.emit({"t": "flag", "card": u, "f": {"pref": pref}, "why": "replacement chosen"})
        elif what == "play":
            flow.play_creature(ctx, pool, option.data[1], tp)
        elif what == "area":
            flow.mark(ctx, "area")
            flow.play_area(ctx, pool, option.data[1], tp)
        elif what == "trap":
            setvars(ctx, "setting a trap", setting={"by": tp})
        elif what == "set":
            setvars(ctx, "trap set", setting=None)
            effects.move(ctx, option.data[1], tp, "traps", "trap set face down")
        elif what == "back":
            setvars(ctx, "back", act=None, setting=None)
        elif what == "combat":
            flow.to_combat(ctx)
        elif what == "end":
            flow.end_turn(ctx, pool)
        elif what == "use":
            self._declare(ctx, option.data[1], option.data[2])
        elif what == "target":
            act = dict(state.vars["act"])
            act["picked"] = [*act["picked"], option.data[1]]
            if len(act["picked"]) < act["need"]:
                setvars(ctx, "target chosen", act=act)
            else:
                setvars(ctx, "targets chosen", act=None)
                self._carry_out(ctx, act)
        else:
            raise RuntimeError(f"unknown option {option.text}")

    def _declare(self, ctx: Context, how: str, card: int) -> None:
        """An action with chosen targets waits for them; one without goes at once."""
        state = ctx.state
        tp = state.vars["ap"]
        act: dict[str, Any] = {"how": how, "card": card, "by": tp, "picked": []}
        eff = self._effect_of(state, act)
        if eff.chosen:
            act["need"] = effects.need(state, self.pool, tp, eff)
            setvars(ctx, f"{how}: choose targets", act=act)
        else:
            self._carry_out(ctx, act)

    def _carry_out(self, ctx: Context, act: Mapping[str, Any]) -> None:
        """A declared action: its evasion rolls first, as chance decisions (a scenario may
        fix them, a search may branch on them), then the action with their outcomes."""
        state = ctx.state
        pool = self.pool
        tp = state.vars["ap"]
        how, card = act["how"], act["card"]
        eff = self._effect_of(state, act)
        targets = list(act["picked"]) if eff.chosen else None
        lead = board.lead(state, tp)
        user = card if how in ("attack", "ability", "cast") else (
            lead if how in ("spell", "weapon", "item") else None)
        if targets is None:
            targets = effects.fixed_targets(state, tp, eff, user)
        if eff.damage is not None and "evaded" not in act:
            amount = effects.damage_amount(state, pool, eff, user, len(targets))
            queue = [[t, evp] for t in targets
                     if 0 < (evp := effects.exposure(state, pool, t, amount, eff)[1]) < 5]
            if queue:
                setvars(ctx, "evasion rolls", roll={**act, "queue": queue, "evaded": {}})
                return
        if how not in ("attack", "ability", "cast"):
            effects.move(ctx, card, tp, "discard", how)  # a used card is discarded
        if user is not None and how != "item":
            ctx.emit({"t": "flag", "card": user, "f": {"acted": state.vars["turn"]}, "why": how})
        effects.resolve(ctx, pool, eff, tp, user, card, targets, act.get("evaded"))
        effects.cleanup(ctx, pool)

    def _rolled(self, ctx: Context, target: int, evaded: bool) -> None:
        """One evasion outcome; after the last, the action goes on."""
        roll = dict(ctx.state.vars["roll"])
        roll["evaded"] = {**roll["evaded"], str(target): evaded}
        roll["queue"] = roll["queue"][1:]
        if roll["queue"]:
            setvars(ctx, "evasion rolled", roll=roll)
            return
        setvars(ctx, "evasion rolled", roll=None)
        self._carry_out(ctx, {k: v for k, v in roll.items() if k != "queue"})

    # -- computer players ---------------------------------------------------------------

    def make_strategy(self, seed: int = 0, searching: bool = False) -> Strategy:
        """Rules of thumb for computer players (they read views only); a search player's
        also plans its combat (strategy.py, plan.py)."""
        from .strategy import Strategy  # imported here: strategy imports this module

        return Strategy(self.pool, seed, plans=searching)

    def explain(self, state: State, text: str) -> str | None:
        """None when `text` is a legal choice now, else why not (one line, with its section)."""
        from .explain import explain as why_not  # only check and the sandbox ask why

        return why_not(state, self.pool, text, self.decision(state))

    # -- the end ------------------------------------------------------------------------

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        """Whoever has no Monster left loses; both at once is a draw (source: "Winning"; A26)."""
        if not state.vars.get("live"):
            return None
        gone = [p for p in (0, 1) if not state.zones.get(zkey(p, "monsters"))]
        if not gone:
            return None
        if len(gone) == 2:
            return None, "both sides lost their last Monster at once"
        # "player N" becomes the seat's name where it is read ("CPU has no Monster left")
        return other(gone[0]), f"player {gone[0] + 1} has no Monster left"

    # -- what players see -----------------------------------------------------------------

    def card_view(self, state: State, uid: int, player: int | None) -> dict[str, Any]:
        """Current HP/ATP/MST/DFP/EVP of a card in play, and why they differ from print."""
        c = state.cards[uid]
        d = self.pool[c.cid]
        zone = c.zone.partition("/")[2]
        if not d.creature and not d.boss:
            return {}
        if zone not in board.PLAY_ZONES and not (d.boss and c.zone == board.AREA):
            printed = {k: getattr(d, k) for k in ("hp", "atp", "mst", "dfp", "evp")}
            return {k: v for k, v in printed.items() if v is not None}
        return board.stats(state, self.pool, uid)

    def redact_vars(
        self, vars: Mapping[str, Any], player: int | None, partial: bool = False
    ) -> dict[str, Any]:
        out = dict(vars)
        for key in ("act", "roll"):
            act = out.get(key)
            if act and act.get("how") in HAND_USES and act.get("by") != player:
                # the hand card being aimed is shown when it is used, not before
                out[key] = {k: v for k, v in act.items() if k != "card"}
        return out
