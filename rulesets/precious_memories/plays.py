"""Playing cards and using effects (p.09-12, p.16-17, p.22): the priority window,
declaring, paying, choosing targets, the Decline chain and resolution."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pmtui.engine import chain
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.state import State, zkey

from . import areas, costs, effects, flow, targets
from .areas import other
from .cards import CardDef
from .effect_model import Effect
from .tables import Tables

ref = effects.ref

# the approach windows by the rulebook's step numbers (p.13-14), for the prompt line
WINDOW_WORDS = {"w2": "② after the approach", "w4": "④ before judgement",
                "w6": "⑥ after judgement"}


def area_copies(state: State, player: int, defs: dict[str, CardDef]) -> dict[str, int]:
    """The cards in the Area by series and number (p.09): a chara whose number is a key
    would be a second copy of the card it names (the first found)."""
    cards = state.cards
    return {defs[cards[u].cid].base_id: u for u in reversed(areas.area_cards(state, player))}


def copy_in_area(state: State, player: int, card: CardDef, defs: dict[str, CardDef]) -> int | None:
    """A chara of the same series and number already in the Area (p.09)."""
    return area_copies(state, player, defs).get(card.base_id)


def card_cost_met(t: Tables, card: CardDef, paid: list[CardDef]) -> tuple[bool, str]:
    """Usage cost rules, plus Combo: the cost must include a chara named as the
    left or the right name (Japanese text, p.23)."""
    ok, why = costs.card_requirement_met(card, paid, t.series)
    if not ok:
        return ok, why
    combo = t.kw[card.id].combo
    if combo and card.cost > 0:
        for p in paid:
            if p.type == "chara" and set(targets.names_of(t, p)) & set(combo):
                return True, ""
        return (
            False,
            f"a Combo card's cost must include a chara named {combo[0]} or {combo[1]} (p.23)",
        )
    return True, ""


def can_finish(t: Tables, card: CardDef, paid: list[CardDef], rest: list[CardDef]) -> bool:
    """Some more cards of `rest` added to `paid` pay for `card` (p.11, p.17)."""
    return costs.can_finish(
        card, paid, rest, lambda cards: card_cost_met(t, card, cards)[0], t.series
    )


# How many answers Tables.afford keeps before starting again: it lives as long as the
# process (a server's too), so it is bounded; some 170 bytes an answer (300 simulated
# games made 20,000 answers, 3.4 MB), so 8-9 MB at most (tests/test_afford_memo.py).
AFFORD_MEMO = 50_000


class Payers:
    """The cards player `p` can pay with now (p.12), worked out on first need: most
    decisions that list plays never ask (nothing in hand could be played now)."""

    __slots__ = ("state", "t", "p", "_pool", "_key", "_total")

    def __init__(self, state: State, t: Tables, p: int) -> None:
        self.state, self.t, self.p = state, t, p
        self._pool: dict[int, CardDef] | None = None
        self._key: tuple[str, ...] = ()
        self._total = 0

    def affordable(self, card: CardDef, uid: int) -> bool:
        """Whether the other payers can pay for `card` (`uid`, a card in hand)."""
        if card.cost <= 0:
            return True
        if self._pool is None:
            defs, cards = self.t.defs, self.state.cards
            self._pool = {u: defs[cards[u].cid] for u in costs.payers(self.state, self.p)}
            self._key = tuple(sorted(d.id for d in self._pool.values()))
            self._total = sum(d.provides for d in self._pool.values())
        # Too little to pay is no payment whatever else the cost asks (p.11): the usual
        # answer, found without the memo (whose key changes with every card drawn)
        own = self._pool.get(uid)
        if self._total - (own.provides if own is not None else 0) < card.cost:
            return False
        # The answer depends on card ids only (the pool less this card), so it is kept
        # by (card id, pool ids): a pool changes little from one decision to the next.
        memo = self.t.afford
        try:
            return memo[card.id, self._key]
        except KeyError:
            pass
        if len(memo) >= AFFORD_MEMO:
            memo.clear()
        rest = [d for u, d in self._pool.items() if u != uid]
        ok = memo[card.id, self._key] = can_finish(self.t, card, [], rest)
        return ok


def _event_targets_ok(state: State, t: Tables, p: int, uid: int, d: CardDef) -> bool:
    """A card that needs a target cannot be played without one (p.23)."""
    for eff in t.effects[d.id]:
        if eff.target is not None:
            need = eff.target.get("count", 1)
            if len(targets.candidates(state, t, eff.target, p, uid)) < need:
                return False
        if eff.requires and not effects.cond_ok(state, t, p, eff.requires):
            return False
    return True


# -- the priority window --


def priority_decision(state: State, t: Tables) -> Decision:
    v = state.vars
    p = v["prio"]
    own_turn = p == v["ap"]
    phase = v["phase"]
    events = effects.window(t, phase, own_turn).events
    own_main = phase == "main" and own_turn  # charas and supports too (p.09-10)
    hand = state.zone(zkey(p, "hand"))
    if not own_main:  # only events the window allows can be played: the others passed over
        cards = state.cards
        hand = [u for u in hand if cards[u].cid in events]
    opts = [Option("pass", ("pass",))]
    if hand:
        opts += _hand_plays(state, t, p, hand, events, own_main)
    opts.extend(effects.use_options(state, t, p, phase, own_turn))
    where = phase if phase == "main" else f"approach {WINDOW_WORDS.get(v['step'], v['step'])}"
    info = {"passes": v["passes"]}
    prompt = f"Your move ({where})"
    if p != v["ap"] and v["passes"] >= 1:  # the Interferer's last word (p.07)
        prompt += ": a pass now moves the game on"
    return Decision(p, "priority", tuple(opts), prompt, info=info)


def _hand_plays(
    state: State, t: Tables, p: int, hand: list[int], events: frozenset[str], own_main: bool
) -> list[Option]:
    """Plays of cards in hand: events the window allows, and in your own Main Phase
    charas (Level Up too) and supports (p.09-10, p.24)."""
    defs = t.defs
    opts: list[Option] = []
    pool = Payers(state, t, p)
    in_area = area_copies(state, p, defs) if own_main else {}
    for u in hand:
        d = defs[state.cards[u].cid]
        if d.type == "event":
            if (
                d.id in events
                and pool.affordable(d, u)
                and _event_targets_ok(state, t, p, u, d)
            ):
                opts.append(Option(f"event {ref(state, u)}", ("event", u)))
            continue
        if not own_main:
            continue
        if d.type == "chara" and t.kw[d.id].levelup:
            opts.extend(_levelup_options(state, t, p, u, d, pool, in_area))
        if not pool.affordable(d, u):
            continue
        if d.type == "chara":
            opts.extend(_summon_options(state, t, p, u, d, in_area))
        elif d.type == "support":
            for h in areas.area_cards(state, p):
                if not _support_copy(state, p, h, d, defs):
                    opts.append(
                        Option(f"support {ref(state, u)} on {ref(state, h)}", ("support", u, h))
                    )
    return opts


def _summon_options(
    state: State, t: Tables, p: int, u: int, d: CardDef, in_area: Mapping[str, int]
) -> list[Option]:
    if d.base_id in in_area:
        return []
    r = ref(state, u)
    opts = []
    if d.has_apdp:
        main = state.zone(zkey(p, "main"))
        if len(main) < t.main_area_size:
            opts.append(Option(f"summon {r} main", ("summon", u, "main", None)))
        else:  # a sixth chara needs one of the five discarded (p.06)
            for old in main:
                opts.append(
                    Option(f"summon {r} main replace {ref(state, old)}", ("summon", u, "main", old))
                )
    opts.append(Option(f"summon {r} support", ("summon", u, "support", None)))
    return opts


def levelup_free(state: State, p: int) -> bool:
    """The first Level Up of a turn is free (p.24)."""
    return state.vars.get("lvl", {}).get(str(p)) != state.vars.get("turn")


def _levelup_options(
    state: State, t: Tables, p: int, u: int, d: CardDef, pool: Payers, in_area: Mapping[str, int]
) -> list[Option]:
    if not levelup_free(state, p) and not pool.affordable(d, u):
        return []
    if d.base_id in in_area:
        return []  # it would become a second copy of a chara in the Area (p.09, p.24)
    opts = []
    for h in areas.area_cards(state, p):
        hd = t.defs[state.cards[h].cid]
        if hd.name != d.name or hd.base_id == d.base_id:
            continue  # same name, but never the exact same card (p.24)
        stacked = [x for x in state.zone(zkey(p, "stack")) if state.cards[x].f.get("under") == h]
        if any(t.defs[state.cards[x].cid].base_id == d.base_id for x in stacked):
            continue
        opts.append(Option(f"levelup {ref(state, u)} on {ref(state, h)}", ("levelup", u, h)))
    return opts


def _support_copy(state: State, p: int, host: int, d: CardDef, defs: dict[str, CardDef]) -> bool:
    """One copy of a support per chara (p.10)."""
    for s in state.zone(zkey(p, "attached")):
        c = state.cards[s]
        if c.f.get("host") == host and defs[c.cid].base_id == d.base_id:
            return True
    return False


def on_pass(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    flow.pass_priority(ctx, t)


# -- declaring --


def on_declare(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    kind, uid = option.data[0], option.data[1]
    state = ctx.state
    play: dict[str, Any] = {"by": decision.player, "kind": kind, "card": uid, "paid": []}
    if kind == "summon":
        play["area"], play["replace"] = option.data[2], option.data[3]
    elif kind in ("support", "levelup"):
        play["host"] = option.data[2]
    elif kind == "use":
        play["cid"], play["eff"] = option.data[2], option.data[3]
        if state.cards[uid].zone == zkey(decision.player, "hand"):
            play["kind"] = "backup"
    elif kind == "event":
        d = t.defs[state.cards[uid].cid]
        play["cid"], play["eff"] = d.id, 1 if t.effects[d.id] else 0
    setvars(ctx, "declared", play=play)
    advance(ctx, t)


def _effect_of(state: State, t: Tables, play: dict[str, Any]) -> Effect | None:
    if play["kind"] in ("use", "backup"):
        return effects.find_effect(state, t, play["card"], play["cid"], play["eff"])
    if play["kind"] == "event" and play.get("eff"):
        return t.effects[play["cid"]][0]
    return None


# whether the cards picked so far pay a cost, and if not why (one line)
CostCheck = Callable[[list[CardDef]], tuple[bool, str]]


def _payment(state: State, t: Tables, play: dict[str, Any]) -> tuple[int, CostCheck]:
    """(amount to pay, requirement check) for this play; amount 0: nothing to pay."""
    kind = play["kind"]
    if kind in ("use", "backup"):
        eff = _effect_of(state, t, play)
        assert eff is not None
        return eff.cost, lambda paid: costs.effect_requirement_met(eff.cost, eff.colour, paid)
    card = t.defs[state.cards[play["card"]].cid]
    if kind == "levelup" and levelup_free(state, play["by"]):
        return 0, lambda paid: (True, "")
    return card.cost, lambda paid: card_cost_met(t, card, paid)


def _stage(state: State, t: Tables, play: dict[str, Any]) -> str:
    """What the play still needs: "pay", "dname", "target", or "" (ready)."""
    amount, _ = _payment(state, t, play)
    if amount > 0 and not play.get("paid_ok"):
        return "pay"
    eff = _effect_of(state, t, play)
    if eff is not None:
        if eff.discard_name and play.get("dname") is None and play["kind"] == "use":
            return "dname"
        if eff.target is not None and len(play.get("tg", ())) < eff.target.get("count", 1):
            return "target"
    return ""


def advance(ctx: Context, t: Tables) -> None:
    play = ctx.state.vars["play"]
    if not _stage(ctx.state, t, play):
        commit(ctx, t, dict(play))


def play_decision(state: State, t: Tables) -> Decision:
    play = state.vars["play"]
    stage = _stage(state, t, play)
    p = play["by"]
    if stage == "pay":
        return payment_decision(state, t)
    eff = _effect_of(state, t, play)
    assert eff is not None
    cancel = Option("cancel", ("cancel",))
    if stage == "dname":
        paid = set(play["paid"])  # a card paid for the number is not also the named card
        pool = [u for u in effects.name_discards(state, t, p, eff, play["card"]) if u not in paid]
        opts = [Option(f"discard {ref(state, u)}", ("dname", u)) for u in pool]
        return Decision(p, "cost", (*opts, cancel), f"Discard a card named {eff.discard_name}")
    assert eff.target is not None
    chosen = set(play.get("tg", ()))
    pool = [u for u in targets.candidates(state, t, eff.target, p, play["card"]) if u not in chosen]
    opts = [Option(f"target {ref(state, u)}", ("target", u)) for u in pool]
    return Decision(p, "target", (*opts, cancel), "Choose a target", info={"card": play["card"]})


# -- paying (p.11-12) -------------------------------------------------------------------------


def payment_decision(state: State, t: Tables) -> Decision:
    play = state.vars["play"]
    p, uid = play["by"], play["card"]
    amount, check = _payment(state, t, play)
    paid = play["paid"]
    paid_defs = [t.defs[state.cards[u].cid] for u in paid]
    ok, why = check(paid_defs)
    exclude = [uid, *paid]
    if play.get("dname") is not None:
        exclude.append(play["dname"])
    avail = costs.payers(state, p, exclude=exclude)
    if play["kind"] not in ("use", "backup"):
        # a purple card's "only same-named cards" breaks when another is added (p.17):
        # offer only the cards after which a legal finish is still reachable
        card = t.defs[state.cards[uid].cid]
        avail_defs = {u: t.defs[state.cards[u].cid] for u in avail}
        # Paying u and then some of the others is paying from the same cards whatever
        # u is: the check of them all (can_finish's first try) is made once; only a
        # purple card's same-name way then depends on u.
        # (every requirement but a purple card's is kept by adding cards: met already, met
        # with them all)
        if (not ok or card.colour == "purple") and not card_cost_met(
            t, card, [*paid_defs, *avail_defs.values()]
        )[0]:
            avail = [
                u
                for u in avail
                if card.colour == "purple" and can_finish(
                    t, card, [*paid_defs, avail_defs[u]],
                    [d for x, d in avail_defs.items() if x != u]
                )
            ]
    opts = [Option(f"pay {ref(state, u)}", ("pay", u)) for u in avail]
    if ok:
        opts.append(Option("done", ("done",)))
    opts.append(Option("cancel", ("cancel",)))
    name = t.defs[state.cards[uid].cid].name
    info = {
        "card": uid,
        "need": amount,
        "total": sum(d.provides for d in paid_defs),
        "ok": ok,
        "why": why,
        "paid": list(paid),
    }
    # private: picks are hand secrets until "done" moves them (a cancel reveals nothing)
    return Decision(p, "pay", tuple(opts), f"Pay {amount} for {name}", info=info, private=True)


def on_pay(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    play = dict(ctx.state.vars["play"])
    play["paid"] = [*play["paid"], option.data[1]]
    setvars(ctx, "cost picked", play=play)


def on_done(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    play = dict(ctx.state.vars["play"], paid_ok=True)
    setvars(ctx, "cost chosen", play=play)
    advance(ctx, t)


def on_dname(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    play = dict(ctx.state.vars["play"], dname=option.data[1])
    setvars(ctx, "cost chosen", play=play)
    advance(ctx, t)


def on_target(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    play = dict(ctx.state.vars["play"])
    u = option.data[1]
    play["tg"] = [*play.get("tg", ()), u]
    play["tgz"] = [*play.get("tgz", ()), ctx.state.cards[u].zone]
    setvars(ctx, "target chosen", play=play)
    advance(ctx, t)


def on_cancel(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    setvars(ctx, "play cancelled", play=None)


def commit(ctx: Context, t: Tables, play: dict[str, Any]) -> None:
    """Pay for real: hand cards to the Discard Zone, point cards face down (p.12);
    a played card waits on the stage while the other player may Decline (p.22)."""
    state = ctx.state
    p, uid, kind = play["by"], play["card"], play["kind"]
    if kind in ("summon", "support", "event", "levelup"):
        areas.move(ctx, uid, p, "stage", f"play {kind}")
    elif kind == "backup":  # Backup's cost is this very card, from the hand (p.24)
        areas.move(ctx, uid, p, "discard", "backup")
    for u in play["paid"]:
        if state.cards[u].zone == zkey(p, "hand"):
            areas.move(ctx, u, p, "discard", "cost")
        else:
            ctx.emit({"t": "flag", "card": u, "f": {"down": True}, "why": "cost"})
    eff = _effect_of(state, t, play)
    if kind == "use" and eff is not None:
        if eff.rest:
            ctx.emit({"t": "flag", "card": uid, "f": {"rest": True}, "why": "rest cost"})
        if play.get("dname") is not None:
            areas.move(ctx, play["dname"], p, "discard", "cost")
        effects.mark_used(ctx, uid, play["cid"], play["eff"])
        if eff.once_per_player:
            cc = dict(state.vars.get("cc", {}))
            cc[str(p)] = state.vars.get("turn")
            setvars(ctx, "once per player", cc=cc)
    if kind == "levelup" and levelup_free(state, p):
        lvl = dict(state.vars.get("lvl", {}))
        lvl[str(p)] = state.vars.get("turn")
        setvars(ctx, "free Level Up used", lvl=lvl)
    entry: dict[str, Any] = {
        k: play[k]
        for k in ("kind", "card", "area", "replace", "host", "cid", "eff", "tg", "tgz", "dname")
        if k in play and play[k] is not None
    }
    entry["id"] = len(ctx.state.vars.get("chain", ())) + 1
    if "chain" in state.vars and state.vars["chain"]:
        entry["answers"] = state.vars["chain"][-1]["id"]
    if "play" in state.vars:
        setvars(ctx, "paid", play=None)
    chain.push(ctx, entry, p)


# -- the Decline chain (p.22) --


def response_decision(state: State, t: Tables) -> Decision:
    """The other player may answer with a [Decline] card or effect; then alternate.

    Either player may answer what is on top of the chain, their own play or answer too
    (p.17: a [Decline] answers "another" card than itself; p.22: the Approacher and the
    Interferer; 001: in the turn and out of it). A player with no answer they can play
    has only the pass, which the table makes for them; the Interferer keeps the last
    word (p.07)."""
    p = chain.holder(state.vars)
    own_turn = p == state.vars.get("ap")
    opts = [Option("pass", ("rpass",))]
    top = state.vars["chain"][-1]
    what = ref(state, top["card"])
    if top["kind"] == "use":
        what = f"effect {top['eff']} of {what}"
    if top.get("by") == p:
        what = f"your own {what}"
    pool = Payers(state, t, p)
    events = effects.window(t, "decline", own_turn).events
    cards = state.cards
    for u in [u for u in state.zone(zkey(p, "hand")) if cards[u].cid in events]:
        d = t.defs[cards[u].cid]
        if (
            pool.affordable(d, u)
            and _event_targets_ok(state, t, p, u, d)
        ):
            opts.append(Option(f"event {ref(state, u)}", ("event", u)))
    opts.extend(effects.use_options(state, t, p, "decline", own_turn))
    prompt = f"Respond to {what}?"
    if p != state.vars.get("ap") and state.vars["resp"]["passes"] >= 1:
        prompt += " (both passed: a pass now resolves it)"  # the Interferer's last word (p.07)
    return Decision(p, "respond", tuple(opts), prompt, info={"chain": len(state.vars["chain"])})


def on_response_pass(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    # as for a window (p.07): the chain resolves when the Approacher gives up
    # answering and then the Interferer does; the Interferer has the last word
    entries = chain.pass_response(ctx, last_word=other(ctx.state.vars["ap"]))
    if entries is None:
        return
    # the whole chain resolves, last in first out (p.22)
    setvars(
        ctx, "chain resolves", resolving={"entries": entries, "starter": entries[-1]["by"]}
    )


def after_chain(ctx: Context, t: Tables, res: dict[str, Any]) -> None:
    """After a play resolves, the other player holds the right to act (p.20)."""
    v = ctx.state.vars
    if v.get("prio") is not None and v.get("phase") in ("main", "approach"):
        setvars(ctx, "priority after a play", prio=other(res["starter"]), passes=0)


# -- resolving card plays --


def resolve_summon(ctx: Context, t: Tables, entry: dict[str, Any]) -> None:
    state = ctx.state
    uid, p = entry["card"], entry["by"]
    if state.cards[uid].zone != zkey(p, "stage"):
        return
    if entry.get("disabled"):
        areas.move(ctx, uid, p, "discard", "disabled (cost not refunded)")
        return
    d = t.defs[state.cards[uid].cid]
    if copy_in_area(state, p, d, t.defs) is not None:
        areas.move(ctx, uid, p, "discard", "a copy is already in the Area")
        return
    area = entry["area"]
    if area == "main":
        old = entry.get("replace")
        main = state.zone(zkey(p, "main"))
        if old is not None and old in main:
            areas.leave_area(ctx, old, "discard", "replaced", t.defs)
        if len(main) >= t.main_area_size:
            areas.move(ctx, uid, p, "discard", "the Main Area is full")
            return
    turn = state.vars["turn"]
    areas.move(ctx, uid, p, area, "summon", pos="bottom", flags={"turn": turn})
    effects.queue_triggers(ctx, t, uid, "on_summon")


def resolve_support(ctx: Context, t: Tables, entry: dict[str, Any]) -> None:
    state = ctx.state
    uid, p, host = entry["card"], entry["by"], entry["host"]
    if state.cards[uid].zone != zkey(p, "stage"):
        return
    d = t.defs[state.cards[uid].cid]
    if entry.get("disabled"):
        areas.move(ctx, uid, p, "discard", "disabled (cost not refunded)")
    elif areas.in_area(state, host) and not _support_copy(state, p, host, d, t.defs):
        areas.move(ctx, uid, p, "attached", "support set", pos="bottom", flags={"host": host})
    else:
        areas.move(ctx, uid, p, "discard", "support without its chara")


def resolve_levelup(ctx: Context, t: Tables, entry: dict[str, Any]) -> None:
    """The Level Up card goes on top of the chara and becomes it (p.24; 001: "on top
    of"): it takes the chara's place, mode, AP/DP changes, coins, gained texts and
    supports; the old card and the ones under it lie under the new one."""
    state = ctx.state
    uid, p, host = entry["card"], entry["by"], entry["host"]
    if state.cards[uid].zone != zkey(p, "stage"):
        return
    if entry.get("disabled") or not areas.in_area(state, host):
        areas.move(ctx, uid, p, "discard", "Level Up did not happen")
        return
    old = state.cards[host]
    where = old.zone.partition("/")[2]
    index = state.zone(old.zone).index(host)
    flags = dict(old.f)  # mode, changes, coins, marks of this turn: the stack keeps them
    level = int(flags.get("level", 1)) + 1
    flags["level"] = level
    under = [u for u in state.zone(zkey(p, "stack")) if state.cards[u].f.get("under") == host]
    sups = [u for u in state.zone(zkey(p, "attached")) if state.cards[u].f.get("host") == host]
    # the new card takes the place first, then what hung on the old one follows it,
    # so no event leaves a support or a stacked card on a card outside the Area
    areas.move(ctx, uid, p, where, f"Level Up: Level {level}", pos=str(index), flags=flags)
    if sups:
        ctx.emit({"t": "flag", "cards": sups, "f": {"host": uid}, "why": "Level Up"})
    if under:
        ctx.emit({"t": "flag", "cards": under, "f": {"under": uid}, "why": "Level Up"})
    areas.move(ctx, host, p, "stack", "Level Up: under the new card", flags={"under": uid})


effects.RESOLVERS.update(
    {"summon": resolve_summon, "support": resolve_support, "levelup": resolve_levelup}
)


def on_pick(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    effects.on_pick(ctx, t, option.data[1], after_chain)


def on_order(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    effects.start_trigger(ctx, t, option.data[1])


HANDLERS = {
    "pass": on_pass,
    "summon": on_declare,
    "support": on_declare,
    "event": on_declare,
    "levelup": on_declare,
    "use": on_declare,
    "pay": on_pay,
    "done": on_done,
    "dname": on_dname,
    "target": on_target,
    "cancel": on_cancel,
    "rpass": on_response_pass,
    "pick": on_pick,
    "trigorder": on_order,
}
