"""Running card effects (p.16-17, p.20-24): which effects are usable, the step
interpreter, triggers, and the resumable resolution of a chain.

Anything that may need a player's choice halfway is kept in the game
variables ("resolving", "run", "ask", "trig"), so a save can stop and resume
in the middle of an effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State, zkey

from . import areas, costs, fulfil, targets
from .effect_model import Effect, Step
from .tables import Tables, Window

# -- which effects a card has now --


def adversity_on(state: State, t: Tables, uid: int) -> bool:
    card = state.cards[uid]
    adv = t.kw[card.cid].adversity
    return adv is not None and len(state.zones.get(zkey(card.owner, "points"), ())) >= adv[0]


def active_effects(state: State, t: Tables, uid: int) -> list[tuple[str, Effect]]:
    """(card id the text comes from, effect) for every effect the card has now:
    its own, its Lv2/Lv3 texts by level, Adversity texts, texts gained this turn."""
    card = state.cards[uid]
    level = card.f.get("level", 1)
    if level == 1 and "gained" not in card.f:
        own = t.effects[card.cid]
        if not own:
            return []  # the common case: a card without texts
        if card.cid in t.plain:
            return [(card.cid, e) for e in own]  # only its own plain texts: nothing to filter
    adv: bool | None = None
    out = []
    # the top card is the chara (p.24): cards under it lend no text, only levels
    sources = [card.cid, *card.f.get("gained", ())]
    for cid in sources:
        for eff in t.effects[cid]:
            if eff.level > level:
                continue
            if eff.adversity:
                if adv is None:
                    adv = adversity_on(state, t, uid)
                if not adv:
                    continue
            if cid in card.f.get("gained", ()) and any(s.do == "gain" for s in eff.steps):
                continue  # Cardcaptor does not pass on Cardcaptor itself
            out.append((cid, eff))
    return out


def find_effect(state: State, t: Tables, uid: int, cid: str, index: int) -> Effect:
    for c, eff in active_effects(state, t, uid):
        if c == cid and eff.index == index:
            return eff
    return t.effects[cid][index - 1]


def cond_ok(state: State, t: Tables, p: int, cond: Mapping[str, Any]) -> bool:
    for k, v in cond.items():
        if k == "points_min" and len(state.zones.get(zkey(p, "points"), ())) < v:
            return False
        if k == "points_max" and len(state.zones.get(zkey(p, "points"), ())) > v:
            return False
        if k == "opp_points_min" and len(state.zones.get(zkey(1 - p, "points"), ())) < v:
            return False
        if k == "hand_min" and len(state.zones.get(zkey(p, "hand"), ())) < v:
            return False
        if k == "hand_max" and len(state.zones.get(zkey(p, "hand"), ())) > v:
            return False
    if "charas_min" in cond:
        prop = cond.get("charas_with")
        n = 0
        for u in areas.area_cards(state, p):
            d = t.defs[state.cards[u].cid]
            if d.type == "chara" and (prop is None or prop in d.properties):
                n += 1
        if n < cond["charas_min"]:
            return False
    return True


def used_this_turn(state: State, uid: int, cid: str, eff: Effect) -> bool:
    used = state.cards[uid].f.get("used", {})
    return used.get(f"{cid}#{eff.index}") == state.vars.get("turn")


def name_discards(state: State, t: Tables, p: int, eff: Effect, src: int) -> list[int]:
    """Hand cards that pay a [Name] cost; Cardcaptor wants a Cardcaptor card (p.17, p.24)."""
    if not eff.discard_name:
        return []
    capture = any(s.do == "gain" for s in eff.steps)
    out = []
    for u in state.zones.get(zkey(p, "hand"), ()):
        if u == src:
            continue
        d = t.defs[state.cards[u].cid]
        if eff.discard_name in targets.names_of(t, d) and (not capture or t.kw[d.id].cardcaptor):
            out.append(u)
    return out


def can_use(state: State, t: Tables, p: int, src: int, cid: str, eff: Effect) -> bool:
    """Requirement, cost and targets are all available now (p.17 step 1)."""
    if eff.trigger or eff.permanent:
        return False
    if not eff.every and used_this_turn(state, src, cid, eff):
        return False
    if eff.once_per_player and state.vars.get("cc", {}).get(str(p)) == state.vars.get("turn"):
        return False
    if eff.requires and not cond_ok(state, t, p, eff.requires):
        return False
    if eff.rest and state.cards[src].f.get("rest"):
        return False
    if eff.discard_name and not name_discards(state, t, p, eff, src):
        return False
    if eff.cost > 0:
        pool = [t.defs[state.cards[u].cid] for u in costs.payers(state, p, exclude=[src])]
        if not costs.effect_requirement_met(eff.cost, eff.colour, pool)[0]:
            return False
    if eff.target is not None:
        need = eff.target.get("count", 1)
        if len(targets.candidates(state, t, eff.target, p, src)) < need:
            return False
    return True


def timing_ok(eff: Effect, phase: str, own_turn: bool) -> bool:
    if phase not in eff.phases:
        return False
    return eff.side == "both" or (eff.side == "self") == own_turn


def timing_allows(timing: str | None, phase: str, own_turn: bool) -> bool:
    """A timing like "main/self" or "main+approach/both" (p.17)."""
    if not timing:
        return False
    phases, _, side = timing.partition("/")
    if phase not in phases.split("+"):
        return False
    return side == "both" or (side == "self") == own_turn


def window(t: Tables, phase: str, own_turn: bool) -> Window:
    """The cards that may act in a window of `phase` (own turn or not), worked out
    once per kind of window from the card texts."""
    w = t.windows.get((phase, own_turn))
    if w is None:
        uses = {}
        backups = {}
        movers = set()
        for cid, effs in t.effects.items():
            found = tuple(e for e in effs if e.movement and timing_ok(e, phase, own_turn))
            if found:
                movers.add(cid)
                if cid in t.plain:
                    uses[cid] = found
            found = tuple(
                e for e in effs
                if e.timing == "backup" and timing_allows(e.backup, phase, own_turn)
            )
            if found:
                backups[cid] = found
        events = frozenset(
            d.id for d in t.defs.values()
            if d.type == "event" and timing_allows(d.timing, phase, own_turn)
        )
        w = t.windows[(phase, own_turn)] = Window(events, uses, backups, frozenset(movers))
    return w


def use_options(state: State, t: Tables, p: int, phase: str, own_turn: bool) -> list[Option]:
    """Effects of cards in your Area usable in this window, and Backup cards in hand."""
    w = window(t, phase, own_turn)
    opts: list[Option] = []
    cards = state.cards
    movers = w.movers
    # most cards have no text usable in this window whatever their level: passed over
    for src in [
        u for u in areas.area_cards(state, p) if cards[u].cid in movers or "gained" in cards[u].f
    ]:
        card = cards[src]
        if card.cid in t.plain and "gained" not in card.f:
            # the common case, as in active_effects: only its own texts, none filtered
            found = [(card.cid, e) for e in w.uses[card.cid]]
        else:
            found = [
                (cid, e) for cid, e in active_effects(state, t, src)
                if e.movement and timing_ok(e, phase, own_turn)
            ]
        for cid, eff in found:
            if can_use(state, t, p, src, cid, eff):
                suffix = "" if cid == card.cid else f" from {cid}"
                text = f"use {ref(state, src)} {eff.index}{suffix}"
                if any(o.text == text for o in opts):
                    continue  # its own text gained again (Cardcaptor with a same-id card)
                opts.append(Option(text, ("use", src, cid, eff.index)))
    if phase == "decline" or not w.backups:
        return opts
    backups = w.backups
    for u in [u for u in state.zones.get(zkey(p, "hand"), ()) if cards[u].cid in backups]:
        cid = cards[u].cid
        for eff in backups[cid]:
            if eff.requires and not cond_ok(state, t, p, eff.requires):
                continue
            if eff.target is not None and len(
                targets.candidates(state, t, eff.target, p, u)
            ) < eff.target.get("count", 1):
                continue
            if eff.cost > 0:
                pool = [t.defs[state.cards[x].cid] for x in costs.payers(state, p, exclude=[u])]
                if not costs.effect_requirement_met(eff.cost, eff.colour, pool)[0]:
                    continue
            opts.append(Option(f"backup {ref(state, u)}", ("use", u, cid, eff.index)))
    return opts


# -- AP/DP --


def stats(state: State, t: Tables, uid: int) -> tuple[int, int]:
    """AP/DP: printed values, +10/+10 per stacked level card and per +10/+10 coin,
    modifiers, Adversity and permanent effects; below 0 counts as 0 (p.22)."""
    card = state.cards[uid]
    d = t.defs[card.cid]
    ap = d.ap or 0
    dp = d.dp or 0
    f = card.f
    bonus = 10 * (f.get("level", 1) - 1 + f.get("coins", 0))
    ap += bonus
    dp += bonus
    for m in f.get("mods", ()):
        ap += m[0]
        dp += m[1]
    adv = t.kw[card.cid].adversity
    if adv is not None and adversity_on(state, t, uid):
        ap += adv[1]
        dp += adv[2]
    if t.permanent:
        for p in (0, 1):
            for src in areas.area_cards(state, p):
                sf = state.cards[src].f
                if (
                    state.cards[src].cid not in t.permanent
                    and sf.get("level", 1) == 1
                    and (not sf.get("gained"))
                ):
                    continue  # a stacked (Lv2/Lv3) or gained text may be permanent too
                for _cid, eff in active_effects(state, t, src):
                    if not eff.permanent or (
                        eff.requires and not cond_ok(state, t, p, eff.requires)
                    ):
                        continue
                    if eff.target is None:
                        if src != uid:
                            continue
                    elif not targets.card_matches(state, t, uid, eff.target, p, src):
                        continue
                    for s in eff.steps:
                        ap += s.args.get("ap", 0)
                        dp += s.args.get("dp", 0)
            # a support's permanent text applies to the chara it is set on, when that chara
            # matches the effect's target filter, if any (p.10)
            for sup in state.zones.get(zkey(p, "attached"), ()):
                sc = state.cards[sup]
                if sc.f.get("host") != uid or sc.cid not in t.permanent:
                    continue
                for eff in t.effects[sc.cid]:
                    if not eff.permanent or (
                        eff.requires and not cond_ok(state, t, p, eff.requires)
                    ):
                        continue
                    if eff.target is not None and not targets.card_matches(
                        state, t, uid, eff.target, p, sup
                    ):
                        continue
                    for s in eff.steps:
                        ap += s.args.get("ap", 0)
                        dp += s.args.get("dp", 0)
    return max(ap, 0), max(dp, 0)


# -- triggers --


def queue_triggers(ctx: Context, t: Tables, uid: int, timing: str) -> None:
    """Collect the card's triggered effects of this timing; "After ..." ones once a turn
    (p.17). They resolve before the next decision, in the Approacher's order (p.20)."""
    state = ctx.state
    card = state.cards[uid]
    cids = t.triggered.get(timing)
    if cids is None:
        cids = t.triggered[timing] = frozenset(
            cid for cid, effs in t.effects.items() if any(e.timing == timing for e in effs))
    if card.cid not in cids and "gained" not in card.f:
        return  # the usual case: no text of this timing at any level
    found = []
    for cid, eff in active_effects(state, t, uid):
        if eff.timing != timing:
            continue
        if not eff.every and used_this_turn(state, uid, cid, eff):
            continue
        if eff.requires and not cond_ok(state, t, state.cards[uid].owner, eff.requires):
            continue
        found.append({"src": uid, "cid": cid, "eff": eff.index, "by": state.cards[uid].owner})
    if found:
        setvars(ctx, f"{timing} triggers", trig=list(state.vars.get("trig", ())) + found)


def mark_used(ctx: Context, uid: int, cid: str, index: int) -> None:
    card = ctx.state.cards[uid]
    used = dict(card.f.get("used", {}))
    used[f"{cid}#{index}"] = ctx.state.vars.get("turn")
    ctx.emit({"t": "flag", "card": uid, "f": {"used": used}, "why": "effect used"})


# -- resolution --


def settle(ctx: Context, t: Tables, after: Any) -> None:
    """Carry on resolving (chain entries, triggers) until a player must decide.

    `after(ctx, t, resolving)` is called when a chain finished, to hand the
    priority on (plays.py). Continuations of the turn flow are in "cont".
    """
    v = ctx.state.vars
    while True:
        if "ask" in v or "judge" in v or "play" in v:
            return
        if "resolving" in v:
            if not _continue(ctx, t, after):
                return
            continue
        trig = v.get("trig")
        if trig and "chain" not in v:
            if len(trig) > 1:
                return  # the Approacher orders them (decision "triggers")
            start_trigger(ctx, t, 0)
            continue
        cont = v.get("cont")
        if cont:
            setvars(ctx, "continue", cont=None)
            CONTINUATIONS[cont](ctx, t)
            continue
        return


CONTINUATIONS: dict[str, Any] = {}  # filled by flow.py


def start_trigger(ctx: Context, t: Tables, i: int) -> None:
    trig = list(ctx.state.vars["trig"])
    entry = trig.pop(i)
    setvars(
        ctx,
        "trigger resolves",
        trig=trig or None,
        resolving={"entries": [dict(entry, kind="trigger")]},
    )


def _continue(ctx: Context, t: Tables, after: Any) -> bool:
    """Advance the resolution; False when it paused for a choice."""
    state = ctx.state
    while True:
        v = state.vars
        if "run" in v:
            if not _run_steps(ctx, t):
                return False
            _finish_entry(ctx, t, v["resolving"]["cur"])
            res = dict(v["resolving"])
            res.pop("cur", None)
            setvars(ctx, "resolved", run=None, resolving=res)
            continue
        res = dict(v["resolving"])
        entries = list(res["entries"])
        if not entries:
            setvars(ctx, "chain resolved", resolving=None)
            if "starter" in res:
                after(ctx, t, res)
            return True
        entry = entries.pop(0)
        res["entries"] = entries
        res["cur"] = entry
        setvars(ctx, "resolving", resolving=res)
        if _begin_entry(ctx, t, entry):
            setvars(ctx, "resolving", resolving=dict(res, cur=None))
        # else: a "run" was started and is executed by the loop


RESOLVERS: dict[str, Any] = {}  # plays.py registers summon / support / levelup


def _entry_source(entry: Mapping[str, Any]) -> int:
    """The card a chain or trigger entry is of: a play's "card", a trigger's "src"."""
    card: int = entry["card"] if "card" in entry else entry["src"]
    return card


def _begin_entry(ctx: Context, t: Tables, entry: dict[str, Any]) -> bool:
    """Resolve an entry that needs no steps, or start its run. True when finished."""
    state = ctx.state
    kind = entry["kind"]
    if kind in RESOLVERS:
        RESOLVERS[kind](ctx, t, entry)
        return True
    src, p = _entry_source(entry), entry["by"]
    if entry.get("disabled"):
        if kind == "event" and state.cards[src].zone == zkey(p, "stage"):
            areas.move(ctx, src, p, "discard", "disabled (cost not refunded)")
        return True
    cid, index = entry.get("cid"), entry.get("eff")
    if not cid or not index:  # an event without effects only goes to the Discard Zone
        _finish_entry(ctx, t, entry)
        return True
    eff = t.effects[cid][index - 1]
    if not _targets_still_valid(state, t, entry, eff):
        if kind == "event" and state.cards[src].zone == zkey(p, "stage"):
            areas.move(ctx, src, p, "discard", "its target is gone: no effect")
        return True
    if kind == "trigger":
        mark_used(ctx, src, cid, index)
    bad = fulfil.first_unfulfilled(state, t, eff, p, src, entry.get("tg", []), entry.get("answers"))
    if bad is not None:
        _not_fulfilled(ctx, t, entry, bad)
        return True
    _effect_said(ctx, entry, src, index)
    run = {"by": p, "src": src, "cid": cid, "eff": index, "pc": 0, "tg": entry.get("tg", [])}
    for key in ("answers", "dname"):
        if key in entry:
            run[key] = entry[key]
    setvars(ctx, "effect applies", run=run)
    return False


def _effect_said(ctx: Context, entry: dict[str, Any], src: int, index: int) -> None:
    """An effect begins to apply: whose card, which effect, on which targets; the log
    says what it does (screen.event_line) and the events after it what it did. The
    card's id only while it lies face up in a zone both players see (an effect is
    used from an Area, an event from the stage): the event is not redacted."""
    state = ctx.state
    ev: dict[str, Any] = {"t": "say", "what": "effect", "by": entry["by"], "card": src,
                          "eff": index, "tg": list(entry.get("tg", ())),
                          "tgby": [state.cards[u].owner for u in entry.get("tg", ())]}
    zone = state.cards[src].zone.partition("/")[2]
    if areas.VISIBILITY.get(zone) == "public":
        ev["cid"] = state.cards[src].cid
    ctx.emit(ev)


def _not_fulfilled(ctx: Context, t: Tables, entry: dict[str, Any], bad: Step) -> None:
    """Whole effect or nothing (p.17): one part cannot be carried out, so none is.
    A search of the deck that found nothing has looked at every card: the deck is
    shuffled all the same (p.21)."""
    state = ctx.state
    src, p = _entry_source(entry), entry["by"]
    why = f"{bad.do} cannot be fulfilled: nothing of the effect applies (p.17)"
    if bad.do in ("search", "summon") and bad.args.get("zone", _DECK_DEFAULT[bad.do]) == "deck":
        deck = zkey(p, "deck")
        ctx.emit({"t": "look", "player": p, "cards": list(state.zone(deck)), "why": "search"})
        ctx.shuffle(deck, why="searched deck is shuffled")
    ctx.emit({"t": "say", "what": "no effect", "card": src, "cid": entry.get("cid"), "why": why})
    if entry["kind"] == "event" and state.cards[src].zone == zkey(p, "stage"):
        areas.move(ctx, src, p, "discard", why)


_DECK_DEFAULT = {"search": "deck", "summon": "hand"}


def _finish_entry(ctx: Context, t: Tables, entry: dict[str, Any] | None) -> None:
    if not entry:
        return
    src, p = _entry_source(entry), entry["by"]
    if entry["kind"] == "event" and ctx.state.cards[src].zone == zkey(p, "stage"):
        areas.move(ctx, src, p, "discard", "event resolved")


def _targets_still_valid(state: State, t: Tables, entry: dict[str, Any], eff: Effect) -> bool:
    """A target that left, changed or became untargetable voids the effect (p.23)."""
    if eff.target is None:
        return True
    p = entry["by"]
    src = _entry_source(entry)
    tg, zones = entry.get("tg", []), entry.get("tgz", [])
    for u, z in zip(tg, zones, strict=False):
        if state.cards[u].zone != z:
            return False
    ok = set(targets.candidates(state, t, eff.target, p, src))
    return all(u in ok for u in tg)


# -- the step interpreter --


def _run_steps(ctx: Context, t: Tables) -> bool:
    state = ctx.state
    while True:
        run = dict(state.vars["run"])
        eff = t.effects[run["cid"]][run["eff"] - 1]
        if run["pc"] >= len(eff.steps):
            return True
        step = eff.steps[run["pc"]]
        if step.cond and not cond_ok(state, t, run["by"], step.cond):
            done = True
        else:
            done = STEP[step.do](ctx, t, run, step)
        if not done:
            return False
        run = dict(state.vars["run"])
        run["pc"] += 1
        run.pop("tmp", None)
        setvars(ctx, "step done", run=run)


def _who(run: dict[str, Any], step: Step) -> int:
    return run["by"] if step.args.get("side", "self") == "self" else 1 - run["by"]


def _on(ctx: Context, run: dict[str, Any], step: Step) -> list[int]:
    on = step.args.get("on")
    if on == "self" or (on is None and not run["tg"]):
        return [run["src"]]
    return list(run["tg"])


def _ask(
    ctx: Context,
    run: dict[str, Any],
    player: int,
    pool: list[int],
    why: str,
    optional: bool,
    private: bool = False,
) -> bool:
    """Pause for a choice among `pool`; False (paused) unless nothing can be picked."""
    if not pool:
        return True
    setvars(
        ctx,
        why,
        ask={"p": player, "from": pool, "why": why, "opt": optional, "private": private},
        run=run,
    )
    return False


def _answer(ctx: Context) -> int | None:
    """The pick made for the current step (stored by `on_pick`), consumed once."""
    run = ctx.state.vars["run"]
    tmp = run.get("tmp", {})
    return tmp.get("picked")


def _tmp(ctx: Context, run: dict[str, Any], **values: Any) -> dict[str, Any]:
    tmp = dict(run.get("tmp", {}))
    tmp.update(values)
    run = dict(run, tmp=tmp)
    setvars(ctx, "step progress", run=run)
    return run


def step_draw(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    areas.draw(ctx, _who(run, step), step.args.get("n", 1), why="effect draw")
    return True


def step_discard(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    p = _who(run, step)
    hand = zkey(p, "hand")
    mode = step.args.get("mode", "choose")
    if mode == "all":
        with ctx.simultaneous():
            for u in list(ctx.state.zone(hand)):
                areas.move(ctx, u, p, "discard", "discard the hand")
        return True
    tmp = run.get("tmp", {})
    left = tmp.get("left", step.args.get("n", 1))
    picked = tmp.get("picked")
    if picked is not None:
        areas.move(ctx, picked, p, "discard", "effect discard")
        left -= 1
        run = _tmp(ctx, run, left=left, picked=None)
    while left > 0 and ctx.state.zone(hand):
        if mode == "random":
            u, n = ctx.random_choice(list(ctx.state.zone(hand)))
            ev_card = ctx.state.cards[u]
            ctx.emit(
                {
                    "t": "move",
                    "card": u,
                    "cid": ev_card.cid,
                    "from": hand,
                    "to": zkey(p, "discard"),
                    "why": "random discard",
                    "rng": n,
                }
            )
            left -= 1
            continue
        run = _tmp(ctx, run, left=left)
        return _ask(ctx, run, p, list(ctx.state.zone(hand)), "discard a card", False, True)
    return True


def step_search(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    p = run["by"]
    zone = step.args.get("zone", "deck")
    flt = step.args.get("filter", {})
    tmp = run.get("tmp", {})
    left = tmp.get("left", step.args.get("n", 1))
    if "left" not in tmp and zone == "deck":
        ctx.emit(
            {
                "t": "look",
                "player": p,
                "cards": list(ctx.state.zone(zkey(p, zone))),
                "why": "search the deck",
            }
        )
    picked = tmp.get("picked", -1)
    if picked is None:  # chose to take nothing more
        left = 0
    elif picked >= 0:
        ctx.emit(
            {
                "t": "reveal",
                "player": p,
                "cards": [picked],
                "cids": [ctx.state.cards[picked].cid],
                "why": "searched card",
            }
        )
        areas.move(ctx, picked, p, step.args.get("to", "hand"), "search", pos="bottom")
        left -= 1
    if left > 0:
        pool = targets.pick_from_zone(ctx.state, t, p, zone, flt, p)
        if pool:
            run = _tmp(ctx, run, left=left, picked=-1)
            return _ask(ctx, run, p, pool, "take a card", True, zone == "deck")
    if zone == "deck":  # looking through the whole deck shuffles it (p.21)
        ctx.shuffle(zkey(p, "deck"), why="searched deck is shuffled")
    return True


def step_look(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    p = run["by"]
    top = ctx.state.zone(zkey(p, "deck"))[: step.args.get("n", 1)]
    ctx.emit(
        {
            "t": "look",
            "player": p,
            "cards": list(top),
            "cids": [ctx.state.cards[u].cid for u in top],
            "why": "look",
        }
    )
    return True


def step_reveal(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    p = _who(run, step)
    top = ctx.state.zone(zkey(p, "deck"))[: step.args.get("n", 1)]
    ctx.emit(
        {
            "t": "reveal",
            "player": p,
            "cards": list(top),
            "cids": [ctx.state.cards[u].cid for u in top],
            "why": "reveal",
        }
    )
    return True


def step_shuffle(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    ctx.shuffle(zkey(_who(run, step), "deck"), why="effect shuffle")
    return True


def put_point(ctx: Context, t: Tables, player: int, down: bool, why: str) -> None:
    deck = ctx.state.zone(zkey(player, "deck"))
    if not deck:
        return
    uid = deck[0]
    areas.move(
        ctx, uid, player, "points", why, pos="bottom", flags={"down": True} if down else None
    )
    queue_triggers(ctx, t, uid, "on_point")


def step_put_point(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    down = bool(step.args.get("break"))
    if step.args.get("side") == "both":
        # both players at once: victory is checked after both, so both reaching
        # seven points is a draw (p.07)
        with ctx.simultaneous():
            for p in (run["by"], 1 - run["by"]):
                for _ in range(step.args.get("n", 1)):
                    put_point(ctx, t, p, down, "put points")
        return True
    for _ in range(step.args.get("n", 1)):
        put_point(ctx, t, _who(run, step), down, "put points")
    return True


def step_move_area(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    to = step.args.get("to", "main")
    state = ctx.state
    tmp = run.get("tmp", {})
    picked = tmp.get("picked", -1)
    for u in _on(ctx, run, step):
        card = state.cards[u]
        if not areas.in_area(state, u) or card.zone.endswith("/" + to):
            continue
        if to == "main":
            if not t.defs[card.cid].has_apdp:
                continue  # only charas with AP/DP may stand in the Main Area (p.06)
            main = state.zone(zkey(card.owner, "main"))
            if len(main) >= t.main_area_size:
                if picked is not None and picked >= 0:
                    areas.leave_area(ctx, picked, "discard", "made room", t.defs)
                    run = _tmp(ctx, run, picked=-1)
                else:  # discard one of the five first (p.21)
                    run = _tmp(ctx, run, picked=-1)
                    return _ask(ctx, run, card.owner, list(main), "discard one to make room", False)
        areas.move(ctx, u, card.owner, to, "moved", pos="bottom", keep=True)
    return True


def step_bounce(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    to = step.args.get("to", "hand")
    zone, pos = {
        "hand": ("hand", "bottom"),
        "deck_top": ("deck", "top"),
        "deck_bottom": ("deck", "bottom"),
    }[to]
    for u in _on(ctx, run, step):
        if areas.in_area(ctx.state, u):
            areas.leave_area(ctx, u, zone, f"returned to {to.replace('_', ' ')}", t.defs, pos)
    return True


def step_trash(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    for u in _on(ctx, run, step):
        if areas.in_area(ctx.state, u):
            areas.leave_area(ctx, u, "discard", "discarded by an effect", t.defs)
    return True


def step_rest(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    cards = [u for u in _on(ctx, run, step) if areas.in_area(ctx.state, u)]
    if cards:
        ctx.emit({"t": "flag", "cards": cards, "f": {"rest": True}, "why": "rest"})
    return True


def step_activate(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    cards = [u for u in _on(ctx, run, step) if areas.in_area(ctx.state, u)]
    if cards:
        ctx.emit({"t": "flag", "cards": cards, "f": {"rest": None}, "why": "made Active"})
    return True


def step_modify(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    dur = "p" if step.args.get("duration") == "permanent" else "t"
    for u in _on(ctx, run, step):
        if areas.in_area(ctx.state, u):
            mods = list(ctx.state.cards[u].f.get("mods", ()))
            mods.append([step.args.get("ap", 0), step.args.get("dp", 0), dur])
            ctx.emit({"t": "flag", "card": u, "f": {"mods": mods}, "why": "AP/DP change"})
    return True


def step_coin(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    key = "coins" if step.args.get("kind", "plus") == "plus" else "inert"
    for u in _on(ctx, run, step):
        if areas.in_area(ctx.state, u):
            n = ctx.state.cards[u].f.get(key, 0) + step.args.get("n", 1)
            ctx.emit({"t": "flag", "card": u, "f": {key: n}, "why": "coin placed"})
    return True


def step_remove_coin(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    for u in _on(ctx, run, step):
        n = max(ctx.state.cards[u].f.get("coins", 0) - step.args.get("n", 1), 0)
        ctx.emit({"t": "flag", "card": u, "f": {"coins": n or None}, "why": "coin removed"})
    return True


def step_summon(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    """A chara appears in the Area from a zone: Active unless stated, may approach
    this turn (p.21); purple only when the card says so (p.17)."""
    state = ctx.state
    p = run["by"]
    zone = step.args.get("zone", "hand")
    picked = run.get("tmp", {}).get("picked", -1)
    if picked is None:
        return True
    if picked >= 0:
        d = t.defs[state.cards[picked].cid]
        main = state.zone(zkey(p, "main"))
        area = "main" if d.has_apdp and len(main) < t.main_area_size else "support"
        flags = {"rest": True} if step.args.get("rest") else None
        areas.move(ctx, picked, p, area, "appears in the Area", pos="bottom", flags=flags)
        queue_triggers(ctx, t, picked, "on_summon")
        if zone == "deck":
            ctx.shuffle(zkey(p, "deck"), why="searched deck is shuffled")
        return True
    pool = fulfil.summon_pool(state, t, p, step)
    if not pool:
        if zone == "deck":
            ctx.shuffle(zkey(p, "deck"), why="searched deck is shuffled")
        return True
    run = _tmp(ctx, run, picked=-1)
    return _ask(ctx, run, p, pool, "choose a chara to appear", True, zone in ("hand", "deck"))


def step_remove(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    for u in _on(ctx, run, step):
        if areas.in_area(ctx.state, u):
            areas.leave_area(ctx, u, "removed", "removed from play", t.defs)
    return True


def step_ex(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    p = run["by"]
    picked = run.get("tmp", {}).get("picked", -1)
    if picked is None:
        return True
    if picked >= 0:
        areas.move(ctx, picked, p, "hand", "taken from the EX deck", pos="bottom")
        return True
    pool = targets.pick_from_zone(ctx.state, t, p, "ex", step.args.get("filter", {}), p)
    run = _tmp(ctx, run, picked=-1)
    return _ask(ctx, run, p, pool, "take an EX card", True, True)


def step_disable(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    """Disable the play or effect this one answered; costs stay paid (p.19)."""
    target = run.get("answers")
    res = ctx.state.vars.get("resolving")
    if target is None or not res:
        return True
    entries = [dict(e, disabled=True) if e.get("id") == target else e for e in res["entries"]]
    setvars(ctx, "disabled", resolving=dict(res, entries=entries))
    return True


def step_gain(ctx: Context, t: Tables, run: dict[str, Any], step: Step) -> bool:
    """Cardcaptor: this card gains the discarded card's texts until end of turn (p.24)."""
    src = run["src"]
    paid = run.get("dname")
    if paid is None:
        return True
    gained = list(ctx.state.cards[src].f.get("gained", ()))
    gained.append(ctx.state.cards[paid].cid)
    ctx.emit({"t": "flag", "card": src, "f": {"gained": gained}, "why": "Cardcaptor"})
    return True


STEP = {
    "draw": step_draw,
    "discard": step_discard,
    "search": step_search,
    "look": step_look,
    "reveal": step_reveal,
    "shuffle": step_shuffle,
    "put_point": step_put_point,
    "move_area": step_move_area,
    "bounce": step_bounce,
    "trash": step_trash,
    "rest": step_rest,
    "activate": step_activate,
    "modify": step_modify,
    "coin": step_coin,
    "remove_coin": step_remove_coin,
    "summon": step_summon,
    "remove": step_remove,
    "ex": step_ex,
    "disable": step_disable,
    "gain": step_gain,
}


# -- choices inside effects --


def ask_decision(state: State) -> Decision:
    ask = state.vars["ask"]
    opts = [Option(f"pick {ref(state, u)}", ("pick", u)) for u in ask["from"]]
    if ask.get("opt"):
        opts.append(Option("none", ("pick", None)))
    return Decision(
        ask["p"], "pick", tuple(opts), ask["why"].capitalize(), private=bool(ask.get("private"))
    )


def on_pick(ctx: Context, t: Tables, picked: int | None, after: Any) -> None:
    run = dict(ctx.state.vars["run"])
    tmp = dict(run.get("tmp", {}))
    tmp["picked"] = picked
    run["tmp"] = tmp
    setvars(ctx, "picked", ask=None, run=run)
    settle(ctx, t, after)


def order_decision(state: State) -> Decision:
    trig = state.vars["trig"]
    opts = [
        Option(f"first {ref(state, e['src'])} {e['eff']}", ("trigorder", i))
        for i, e in enumerate(trig)
    ]
    # identical texts (two triggers of one card) keep their first index only
    seen: dict[str, Option] = {}
    for o in opts:
        seen.setdefault(o.text, o)
    return Decision(
        state.vars.get("ap", 0),
        "triggers",
        tuple(seen.values()),
        "Order the effects that trigger together",
    )
