"""Abilities: triggers, activation, costs, Counters, targets, die rolls, effects,
after-resolution handling (Guide I (14)); familiar abilities (Guide II (9)).

A pending trigger waits in "trig" (a list of {u, t}); the ability being used in
"ab": u (the card), p (its owner), src ("card" | "signs" | "fam"), alt (0 or 1,
the ❶/❷ alternative), stage, pay (cost picks still to make: [kind, n, ...]),
tgt (the target unit), roll, track (a familiar's chosen ability), i (the next
effect), pick (cards offered for the current effect).
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State, zkey

from . import effects, flow
from .cards import Ability, CardDef, Cost, Effect, Pool, Target
from .units import (
    allies,
    attack_range,
    bf_units,
    board_of,
    cd,
    commander,
    defense,
    familiar_of,
    flag,
    hand,
    holder_of,
    hp,
    loc,
    move,
    other,
    surroundings_allies,
    under,
)

SIGNS = "Signs of Growth"  # the common ability of Main cards of Level 1-3 (S28)


def has_signs(card: CardDef) -> bool:
    return card.kind == "main" and card.level <= 3


# -- when an ability may be used -------------------------------------------------------


def used(state: State, uid: int) -> bool:
    """Used this turn: "used" lists the cards on the table, "used_hand" [card, owner] pairs
    of cards used from a hand (kept apart so their numbers can stay hidden)."""
    v = state.vars
    return uid in v.get("used", ()) or any(u == uid for u, _p in v.get("used_hand") or ())


def where_ok(state: State, uid: int, ab: Ability) -> bool:
    card = state.cards[uid]
    zone = card.zone.partition("/")[2]
    if ab.where.startswith("hand"):
        return zone == "hand"
    if zone != "bf":
        return False
    if ab.where == "bf-def":
        return not defense(state, uid)
    return defense(state, uid) == (ab.stance == "def")


def turn_ok(state: State, owner: int, ab: Ability) -> bool:
    mine = state.vars.get("ap") == owner
    return ab.turn == "both" or (ab.turn == "your") == mine


def silenced(state: State, uid: int, ab: Ability) -> bool:
    ail = state.cards[uid].f.get("ail", ())
    if state.cards[uid].zone.partition("/")[2] != "bf":
        return False
    return "mute" in ail or (ab.magic and "silence" in ail)


def cost_payable(state: State, pool: Pool, p: int, cost: Cost, self_uid: int | None) -> bool:
    if flow.ap(state, p) < cost.ap:
        return False
    h = [u for u in hand(state, p) if u != self_uid and payer_fits(state, pool, u, cost)]
    if len(h) < cost.hand_standby + cost.hand_banish:
        return False
    if len(state.zones.get(zkey(p, "sh"), ())) < cost.sh_banish:
        return False
    sb = [u for u in state.zones.get(zkey(p, "standby"), ()) if payer_fits(state, pool, u, cost)]
    if len(sb) < cost.standby_banish:
        return False
    return len(turnable(state, pool, p, cost, self_uid)) >= cost.turn_ally


def payer_fits(state: State, pool: Pool, uid: int, cost: Cost) -> bool:
    card = cd(state, pool, uid)
    level_ok = not cost.level or card.level in cost.level
    return level_ok and (not cost.attr or card.attr == cost.attr)


def turnable(state: State, pool: Pool, p: int, cost: Cost, self_uid: int | None) -> list[int]:
    """Allies in Attack Stance on the Battlefield that may be turned to pay a cost
    (a Released familiar may: Guide II (10) Q&A)."""
    out = []
    for u in bf_units(state, p):
        if u == self_uid or defense(state, u):
            continue
        if cost.weapon and cd(state, pool, u).weapon != cost.weapon:
            continue
        out.append(u)
    return out


def target_choices(state: State, pool: Pool, uid: int, t: Target, from_hand: bool) -> list[int]:
    """Legal targets: enemies within the user's attack range for a Battlefield ability,
    any valid one for a hand ability (Guide I (14) Rules)."""
    p = state.cards[uid].owner
    if t.side == "enemy":
        pool_units = bf_units(state, other(p))
        if not from_hand:
            cells = set(attack_range(state, pool, uid))
            pool_units = [u for u in pool_units if state.cards[u].f.get("at") in cells]
    else:
        pool_units = allies(state, p)
    board = board_of(state)
    out = []
    for u in pool_units:
        card = cd(state, pool, u)
        f = state.cards[u].f
        if f.get("down"):
            continue  # face-down cards cannot be chosen (Guide I (15) Q&A)
        at = f.get("at", "cz")
        if t.stance == "atk" and defense(state, u) or t.stance == "def" and not defense(state, u):
            continue
        if t.line == "fl" and not board.is_frontline(at, state.cards[u].owner):
            continue
        if t.line == "bl" and not board.is_backline(at, state.cards[u].owner):
            continue
        if t.max_atk is not None and card.atk > t.max_atk:
            continue
        if t.hp_below_level and not hp(state, u) < card.level:
            continue
        if t.weapon and card.weapon != t.weapon:
            continue
        if t.name and card.name != t.name:
            continue
        if t.epithet and t.epithet not in card.epithet:
            continue
        out.append(u)
    return out


def usable(state: State, pool: Pool, uid: int, ab: Ability, alt: int) -> bool:
    p = state.cards[uid].owner
    if used(state, uid) or not where_ok(state, uid, ab) or not turn_ok(state, p, ab):
        return False
    if silenced(state, uid, ab) or alt >= len(ab.options):
        return False
    self_in_hand = ab.where.startswith("hand")
    if not cost_payable(state, pool, p, ab.options[alt].cost, uid if self_in_hand else None):
        return False
    if ab.where == "hand-gs" and not gs_home(state, pool, uid):
        return False
    if ab.target.side and not target_choices(state, pool, uid, ab.target, self_in_hand):
        return False
    return True


def gs_home(state: State, pool: Pool, uid: int) -> int | None:
    """An ally with the same name and a level at least this card's (Guide I (15) Q&A)."""
    card = cd(state, pool, uid)
    for u in allies(state, state.cards[uid].owner):
        top = cd(state, pool, u)
        if top.character and top.name == card.name and top.level >= card.level:
            return u
    return None


def familiar_usable(state: State, pool: Pool, fam: int, released: bool) -> bool:
    """Contracted: ACT while the holder is in Defense Stance and the Egg is not guarding;
    Released: TRG on dealing combat damage; once per turn (Guide II (9))."""
    card = cd(state, pool, fam)
    p = state.cards[fam].owner
    if used(state, fam) or flow.ap(state, p) < card.ability_cost:
        return False
    if not (card.support.steps or card.combat.steps or card.evolution):
        return False
    if released:
        return "mute" not in state.cards[fam].f.get("ail", ())  # Mute: no abilities (S28)
    holder = holder_of(state, fam)
    return (
        holder is not None and defense(state, holder) and not state.cards[fam].f.get("guard")
    )


# -- offering triggers -----------------------------------------------------------------


def ability_text(state: State, verb: str, uid: int, alt: int) -> str:
    """`act CARD`, or for a card in hand `show hand#N`: the card is shown to use it, but
    its number in this game stays the owner's secret (it may stay hidden afterwards)."""
    card = state.cards[uid]
    if card.zone.endswith("/hand"):
        where = f"show hand#{state.zones[card.zone].index(uid) + 1}"
    else:
        where = f"{verb} {ref(state, uid)}"
    return where + (f" {alt + 1}" if alt else "")


def in_hand(state: State, uid: int) -> bool:
    return state.cards[uid].zone.endswith("/hand")


def trigger_options(state: State, pool: Pool, uid: int, timing: str) -> list[Option]:
    card = cd(state, pool, uid)
    opts = []
    ab = card.ability
    if ab is not None and ab.kind == "trg" and ab.trigger == timing:
        for alt in range(len(ab.options)):
            if usable(state, pool, uid, ab, alt):
                opts.append(Option(ability_text(state, "use", uid, alt), ("use", uid, "card", alt)))
    if timing == "combat-damage" and state.cards[uid].zone.partition("/")[2] == "bf":
        signs_used = uid in (state.vars.get("used_signs") or ())
        if has_signs(card) and not signs_used and signs_choices(state, pool, uid):
            opts.append(Option(f"use {ref(state, uid)} signs", ("use", uid, "signs", 0)))
        if card.familiar and familiar_usable(state, pool, uid, True):
            opts.append(Option(f"use {ref(state, uid)} familiar", ("use", uid, "fam", 0)))
    return opts


def offer(ctx: Context, pool: Pool, uid: int, timing: str) -> None:
    """Queue the unit's abilities of this timing; its owner decides whether to use one."""
    if trigger_options(ctx.state, pool, uid, timing):
        item = {"u": uid, "t": timing, "p": ctx.state.cards[uid].owner}
        setvars(ctx, f"{timing} trigger", trig=[*ctx.state.vars.get("trig", ()), item])


def offer_all(ctx: Context, pool: Pool, timing: str, p: int) -> None:
    """The allies' triggers of this timing, then the hand's window (S47): asked whenever a
    card of the set could answer from a hand and the hand is not empty, both of which the
    opponent sees, so the question (and its pause) tells them nothing of the hand."""
    for uid in allies(ctx.state, p):
        offer(ctx, pool, uid, timing)
    if timing in pool.hand_timings and hand(ctx.state, p):
        item = {"t": timing, "p": p, "hand": True}  # no card: the owner's secret (redact_vars)
        setvars(ctx, f"{timing}: the hand's window",
                trig=[*ctx.state.vars.get("trig", ()), item])


def _item_options(state: State, pool: Pool, item: dict[str, Any]) -> list[Option]:
    """A queued trigger's uses: a unit's, or at a hand's window every hand card's."""
    if not item.get("hand"):
        return trigger_options(state, pool, item["u"], item["t"])
    return [o for uid in hand(state, item["p"]) for o in trigger_options(state, pool, uid,
                                                                        item["t"])]


def trigger_decision(state: State, pool: Pool) -> Decision | None:
    """The first queued trigger that can still be used (stale ones are skipped); a hand's
    window is never stale: it is asked even when no card in the hand can answer (S47)."""
    for item in state.vars.get("trig", ()):
        opts = _item_options(state, pool, item)
        if item.get("hand"):
            # kind "hand": one kind whatever the hand holds, decided without a search, so
            # a computer's answer takes as long either way; declined, nobody learns it
            prompt = (f"Use a card from your hand ({item['t']})?" if opts
                      else f"No card in your hand can be used now ({item['t']})")
            return Decision(item["p"], "hand", (*opts, Option("skip", ("skip",))), prompt,
                            secret_pass="skip")
        if opts:
            opts.append(Option("skip", ("skip",)))
            owner = state.cards[item["u"]].owner
            return Decision(owner, "trigger", tuple(opts), f"Use an ability ({item['t']})?")
    return None


def drop_trigger(ctx: Context, pool: Pool, again: bool = False) -> None:
    """Remove the head trigger (and stale ones before it); `again`: a hand's window that
    was answered with a card is asked once more, for another card (or a skip)."""
    state = ctx.state
    rest = list(state.vars.get("trig", ()))
    while rest and not rest[0].get("hand") and not _item_options(state, pool, rest[0]):
        rest.pop(0)
    keep = rest[:1] if again and rest and rest[0].get("hand") else []
    setvars(ctx, "trigger handled", trig=keep + rest[1:] or None)


def act_options(state: State, pool: Pool, p: int) -> list[Option]:
    """ACT abilities in your Main Phase: printed ones, and contracted familiars'."""
    opts = []
    for uid in allies(state, p) + hand(state, p):
        ab = cd(state, pool, uid).ability
        if ab is None or ab.kind != "act":
            continue
        for alt in range(len(ab.options)):
            if usable(state, pool, uid, ab, alt):
                opts.append(Option(ability_text(state, "act", uid, alt), ("use", uid, "card", alt)))
    for holder in allies(state, p):
        fam = familiar_of(state, holder)
        if fam is not None and familiar_usable(state, pool, fam, False):
            opts.append(Option(f"act {ref(state, fam)}", ("use", fam, "fam", 0)))
    return opts


# -- using an ability --------------------------------------------------------------------


def start(ctx: Context, pool: Pool, uid: int, src: str, alt: int) -> None:
    state = ctx.state
    p = state.cards[uid].owner
    hidden = in_hand(state, uid)
    if hidden:  # its number stays secret: the opponent learns which card, not which copy
        before = state.vars.get("used_hand") or []
        setvars(ctx, "ability used", used_hand=[*before, [uid, p]])
    else:
        if src == "signs":  # each ability of a card once a turn: Signs counts apart (S35)
            before = state.vars.get("used_signs") or []
            setvars(ctx, "ability used", used_signs=[*before, uid])
        else:
            setvars(ctx, "ability used", used=[*state.vars.get("used", ()), uid])
    name = SIGNS if src == "signs" else (
        "familiar ability" if src == "fam" else cd(state, pool, uid).ability.name  # type: ignore[union-attr]
    )
    said: dict[str, Any] = {"t": "say", "what": "ability", "cid": state.cards[uid].cid,
                            "name": name, "by": p}
    if not hidden:
        said["card"] = uid
    ctx.emit(said)
    ab: dict[str, Any] = {"u": uid, "p": p, "src": src, "alt": alt, "i": 0}
    if hidden:
        ab["hand"] = True
    if src == "fam":
        flow.add_ap(ctx, p, -cd(state, pool, uid).ability_cost, "Ability Cost")
        ab["stage"] = "track"
        setvars(ctx, "familiar ability", ab=ab)
        flow.need_roll(ctx, p, "familiar ability", "ab")
        return
    if src == "signs":  # its own Growth Sources
        ab["stage"], ab["tgt"] = "run", uid
        setvars(ctx, SIGNS, ab=ab)
        run(ctx, pool)
        return
    cost = printed(state, pool, uid).options[alt].cost
    ab["pay"] = pay_items(cost)
    flow.add_ap(ctx, p, -cost.ap, "ability cost")
    for _ in range(cost.sh_banish):
        if flow.refill(ctx, p):
            move(ctx, state.zone(zkey(p, "sh"))[0], "banish", "ability cost")
    ab["stage"] = "pay"
    setvars(ctx, "ability cost", ab=ab)
    after_payment(ctx, pool)


def printed(state: State, pool: Pool, uid: int) -> Ability:
    ab = cd(state, pool, uid).ability
    assert ab is not None
    return ab


def pay_items(cost: Cost) -> list[list[Any]]:
    items: list[list[Any]] = []
    for kind, n in (("hand-standby", cost.hand_standby), ("hand-banish", cost.hand_banish),
                    ("standby-banish", cost.standby_banish), ("turn-ally", cost.turn_ally)):
        if n:
            items.append([kind, n])
    return items


def pay_choices(state: State, pool: Pool, p: int, item: list[Any], cost: Cost,
                self_uid: int | None) -> list[int]:
    kind = item[0]
    if kind in ("hand-standby", "hand-banish"):
        return [u for u in hand(state, p) if u != self_uid and payer_fits(state, pool, u, cost)]
    if kind == "standby-banish":
        return [u for u in state.zones.get(zkey(p, "standby"), ())
                if payer_fits(state, pool, u, cost)]
    return turnable(state, pool, p, cost, self_uid)


def pay_decision(state: State, pool: Pool, ab: dict[str, Any], counter: bool) -> Decision:
    uid = ab["u"]
    a = printed(state, pool, uid)
    cost = a.counter if counter else a.options[ab["alt"]].cost
    assert cost is not None
    p = other(ab["p"]) if counter else ab["p"]
    item = ab["pay"][0]
    self_uid = uid if a.where.startswith("hand") and not counter else None
    opts = []
    for u in pay_choices(state, pool, p, item, cost, self_uid):
        text = f"turn {loc(state, u)}" if item[0] == "turn-ally" else f"pay {ref(state, u)}"
        opts.append(Option(text, ("pay", u)))
    return Decision(p, "pay", tuple(opts), f"Pay: {item[0]} ({item[1]} more)",
                    private=item[0].startswith("hand"))


def apply_pay(ctx: Context, pool: Pool, uid: int) -> None:
    state = ctx.state
    ab = dict(state.vars["ab"])
    kind, n = ab["pay"][0][0], ab["pay"][0][1]
    if kind == "hand-standby":
        move(ctx, uid, "standby", "cost")
    elif kind in ("hand-banish", "standby-banish"):
        move(ctx, uid, "banish", "cost")
    else:
        flag(ctx, [uid], "cost: turned to Defense Stance", df=True)
    rest = [list(x) for x in ab["pay"]]
    if n > 1:
        rest[0][1] = n - 1
    else:
        rest.pop(0)
    ab["pay"] = rest
    setvars(ctx, "cost paid", ab=ab)
    if not rest:
        if ab["stage"] == "cpay":
            finish(ctx, pool, negated=True)
        else:
            after_payment(ctx, pool)


def after_payment(ctx: Context, pool: Pool) -> None:
    """Costs paid: the opponent may Counter (S26), else choose a target, else resolve."""
    state = ctx.state
    ab = dict(state.vars["ab"])
    if ab["pay"]:
        return
    a = printed(state, pool, ab["u"])
    if a.counter is not None:  # asked whatever the opponent's hand holds (S26, S48)
        ab["stage"] = "counter"
        setvars(ctx, "Counter?", ab=ab)
        return
    to_target(ctx, pool, ab)


def to_target(ctx: Context, pool: Pool, ab: dict[str, Any]) -> None:
    state = ctx.state
    a = printed(state, pool, ab["u"])
    if a.target.side:
        choices = target_choices(state, pool, ab["u"], a.target, a.where.startswith("hand"))
        if choices:
            ab["stage"] = "target"
            setvars(ctx, "choose a target", ab=ab)
            return
    ab["stage"] = "run"
    setvars(ctx, "resolve", ab=ab)
    run(ctx, pool)


def decision(state: State, pool: Pool) -> Decision:
    ab = state.vars["ab"]
    stage = ab["stage"]
    p = ab["p"]
    if stage in ("pay", "cpay"):
        return pay_decision(state, pool, ab, stage == "cpay")
    if stage == "counter":
        a = printed(state, pool, ab["u"])
        assert a.counter is not None
        can = cost_payable(state, pool, other(p), a.counter, None)
        opts = ((Option("counter", ("counter",)),) if can else ()) + (Option("allow", ("allow",)),)
        return Decision(other(p), "counter", opts, f"Negate {a.name} by paying its Counter?"
                        if can else f"{a.name}: you cannot pay its Counter")
    if stage == "target":
        return target_decision(state, pool, ab)
    if stage == "track":
        return track_decision(state, pool, ab)
    if stage == "pick":
        pick = ab["pick"]
        if pick["do"] == "cure":
            opts = [Option(f"cure {a}", ("pick", a)) for a in pick["from"]]
            return Decision(p, "cure", tuple(opts), pick["why"])
        opts = [Option(f"pick {ref(state, u)}", ("pick", u)) for u in pick["from"]]
        if pick.get("skip", True):
            opts.append(Option("none", ("pick", None)))
        return Decision(p, "pick", tuple(opts), pick["why"], private=pick.get("private", False))
    raise RuntimeError(f"no decision at ability stage {stage}")


def target_decision(state: State, pool: Pool, ab: dict[str, Any]) -> Decision:
    opts = [Option(f"target {loc(state, u)}", ("target", u)) for u in targets_now(state, pool, ab)]
    return Decision(ab["p"], "target", tuple(opts), "Choose the target", info={"card": ab["u"]})


def targets_now(state: State, pool: Pool, ab: dict[str, Any]) -> list[int]:
    uid = ab["u"]
    if ab["src"] == "fam":
        return familiar_targets(state, pool, uid, ab["track"])
    a = printed(state, pool, uid)
    return target_choices(state, pool, uid, a.target, a.where.startswith("hand"))


def apply(ctx: Context, pool: Pool, option: Option) -> None:
    state = ctx.state
    ab = dict(state.vars["ab"])
    what = option.data[0]
    if what == "pay":
        apply_pay(ctx, pool, option.data[1])
    elif what == "counter":
        a = printed(state, pool, ab["u"])
        assert a.counter is not None
        flow.add_ap(ctx, other(ab["p"]), -a.counter.ap, "Counter")
        ctx.emit({"t": "say", "what": "counter", "by": other(ab["p"])})
        ab["pay"], ab["stage"] = pay_items(a.counter), "cpay"
        setvars(ctx, "Counter", ab=ab)
        if not ab["pay"]:
            finish(ctx, pool, negated=True)
    elif what == "allow":
        to_target(ctx, pool, ab)
    elif what == "target":
        ab["tgt"], ab["stage"] = option.data[1], "run"
        setvars(ctx, "target", ab=ab)
        run(ctx, pool)
    elif what == "track":
        choose_track(ctx, pool, ab, option.data[1])
    elif what == "pick":
        resolve_pick(ctx, pool, ab, option.data[1])
    else:
        raise RuntimeError(f"unknown ability option {option.text}")


# -- resolving effects -------------------------------------------------------------------


def effect_list(state: State, pool: Pool, ab: dict[str, Any]) -> list[Effect]:
    uid = ab["u"]
    if ab["src"] == "signs":
        return [Effect("mp")]
    if ab["src"] == "fam":
        card = cd(state, pool, uid)
        if ab.get("track") == "evolution":
            return [Effect("evolve")]
        track = card.support if ab.get("track") == "support" else card.combat
        return [e for at, e in track.steps if at <= ab["roll"]]
    return list(printed(state, pool, uid).options[ab["alt"]].effects)


def run(ctx: Context, pool: Pool) -> None:
    """Apply the effects from ab.i on; stop at a pick; then the after-resolution handling."""
    state = ctx.state
    ab = dict(state.vars["ab"])
    todo = effect_list(state, pool, ab)
    if any(e.die for e in todo) and "roll" not in ab:
        flow.need_roll(ctx, ab["p"], "ability", "ab")
        return
    while ab["i"] < len(todo):
        e = todo[ab["i"]]
        ab["i"] += 1
        if e.die and not e.die[0] <= ab["roll"] <= e.die[1]:
            continue
        pick = do_effect(ctx, pool, ab, e)
        if pick is not None:
            ab["pick"], ab["stage"] = pick, "pick"
            setvars(ctx, "choose", ab=ab)
            return
        if "over" in state.vars:
            return
    finish(ctx, pool, negated=False)


def live_target(state: State, ab: dict[str, Any]) -> int | None:
    t = ab.get("tgt")
    if t is None:
        return None
    zone = state.cards[t].zone.partition("/")[2]
    return t if zone in ("bf", "cz") else None


def do_effect(ctx: Context, pool: Pool, ab: dict[str, Any], e: Effect) -> dict[str, Any] | None:
    """Apply one effect; a dict when the player must pick first (applied in resolve_pick)."""
    state = ctx.state
    p = ab["p"]
    t = live_target(state, ab)
    user = cd(state, pool, ab["u"])
    why = f"{user.name}"
    if e.do == "draw":
        for _ in range(e.n):
            flow.draw(ctx, p, why)
    elif e.do == "ap":
        flow.add_ap(ctx, p, e.n, why)
    elif e.do == "troop":
        n = user.level if ab["src"] == "fam" else e.n
        top = list(state.zone(zkey(p, "sh"))[:n])
        if top:
            ctx.emit({"t": "look", "player": p, "cards": top,
                      "cids": [state.cards[u].cid for u in top], "why": "Troop"})
            return {"do": "troop", "from": top, "why": "Take one card into hand",
                    "private": True, "skip": False}
    elif e.do == "weapon":
        found = [u for u in state.zones.get(zkey(p, "standby"), ())
                 if cd(state, pool, u).weapon == e.what]
        if found:
            return {"do": "weapon", "from": found, "why": f"Take a {e.what} card"}
    elif e.do == "evolve":
        forms = evolutions(state, pool, ab["u"], list(state.zones.get(zkey(p, "summon"), ())))
        if forms:
            return {"do": "evolve", "from": forms, "why": "Evolve into"}
    elif t is None:
        return None  # the target left: the effect cannot apply
    elif e.do == "mp":
        found = mp_choices(state, pool, t)
        if found:
            return {"do": "mp", "from": found, "why": "Add a Standby card to Growth Sources"}
    elif e.do == "hp":
        effects.heal(ctx, pool, t, e.n, why)
    elif e.do == "damage":
        effects.elemental(ctx, pool, t, e.n, e.what, why)
    elif e.do == "ailment":
        effects.add_ailment(ctx, pool, t, e.what, why)
    elif e.do == "bless":
        effects.add_blessing(ctx, t, e.what or user.attr, why)
    elif e.do == "cure" and len(set(state.cards[t].f.get("ail", ()))) > 1:
        return {"do": "cure", "from": list(dict.fromkeys(state.cards[t].f["ail"])), "skip": False,
                "why": "Cure which ailment?"}  # one type of ailment (G2 (9) Cure)
    elif e.do in ("cure", "full-cure"):
        if state.cards[t].f.get("ail"):
            flag(ctx, [t], why, ail=None)
    elif e.do == "to-defense":
        if not defense(state, t):
            flag(ctx, [t], why, df=True)
    elif e.do == "to-attack":
        if defense(state, t):
            flag(ctx, [t], why, df=None)
    return None


def mp_choices(state: State, pool: Pool, t: int) -> list[int]:
    """Standby cards that may join the target's Growth Sources: same name, no higher
    Level than the target (Guide I (15) Q&A)."""
    top = cd(state, pool, t)
    if not top.character:
        return []
    p = state.cards[t].owner
    return [u for u in state.zones.get(zkey(p, "standby"), ())
            if cd(state, pool, u).name == top.name and cd(state, pool, u).level <= top.level]


def signs_choices(state: State, pool: Pool, uid: int) -> list[int]:
    return mp_choices(state, pool, uid)


def evolutions(state: State, pool: Pool, fam: int, cards: list[int]) -> list[int]:
    """Cards among `cards` that are the familiar's evolved form, within a holder's Level."""
    name = cd(state, pool, fam).name
    holder = holder_of(state, fam)
    cap = cd(state, pool, holder).level if holder is not None else 99
    return [u for u in cards
            if cd(state, pool, u).evolves_from == name and cd(state, pool, u).level <= cap]


def resolve_pick(ctx: Context, pool: Pool, ab: dict[str, Any], uid: Any) -> None:
    state = ctx.state
    pick = ab.pop("pick")
    t = live_target(state, ab)
    if pick["do"] == "cure" and t is not None:
        left = [a for a in state.cards[t].f.get("ail", ()) if a != uid]
        flag(ctx, [t], "Cure", ail=left or None)
    elif pick["do"] in ("troop", "troop-order"):
        if uid is not None:
            if pick["do"] == "troop":
                move(ctx, uid, "hand", "Troop")
            else:
                move(ctx, uid, "sh", "Troop", pos="bottom")
        rest = [u for u in pick["from"] if u != uid]
        if len(rest) > 1:  # the rest to the bottom in the order the player chooses (S30)
            ab["pick"] = {"do": "troop-order", "from": rest, "private": True, "skip": False,
                          "why": "Next card to the bottom of the Stronghold"}
            setvars(ctx, "Troop", ab=ab)
            return
        for u in rest:
            move(ctx, u, "sh", "Troop", pos="bottom")
    elif uid is not None and pick["do"] == "weapon":
        move(ctx, uid, "hand", "Weapon")
    elif uid is not None and pick["do"] == "mp" and t is not None:
        effects.add_growth_source(ctx, pool, t, uid, "Mental Point")
    elif uid is not None and pick["do"] == "evolve":
        evolve(ctx, pool, ab["u"], uid, "Evolution ability")
    ab["stage"] = "run"
    setvars(ctx, "picked", ab=ab)
    run(ctx, pool)


def evolve(ctx: Context, pool: Pool, fam: int, new: int, why: str) -> None:
    """Evolution (Guide II (6)): the new form goes on top; a Released familiar gains HP
    equal to the new card's Charge Value; the once-per-turn use carries over."""
    state = ctx.state
    released = state.cards[fam].zone.partition("/")[2] == "bf"
    f = dict(state.cards[fam].f)
    sources = under(state, fam, "es")
    card = state.cards[new]
    if released:
        gain = cd(state, pool, new).charge
        f["hp"] = min(cd(state, pool, new).cost, int(f.get("hp", 1)) + gain)
    ctx.emit({"t": "move", "card": new, "cid": card.cid, "from": card.zone,
              "to": state.cards[fam].zone, "why": why, "f": f})
    effects.stack_under(ctx, new, fam, "es", why)
    flag(ctx, sources, why, of=new)
    if used(state, fam):
        setvars(ctx, "ability already used this turn", used=[*state.vars["used"], new])


def finish(ctx: Context, pool: Pool, negated: bool) -> None:
    """After-resolution handling (Guide I (14)③), then the ability is over."""
    state = ctx.state
    ab = state.vars["ab"]
    uid = ab["u"]
    setvars(ctx, "ability resolved", ab=None)
    if negated:
        ctx.emit({"t": "say", "what": "negated", "by": other(ab["p"])})
    if ab["src"] != "card":
        return
    a = printed(state, pool, uid)
    zone = state.cards[uid].zone.partition("/")[2]
    if a.where == "bf-def" and zone == "bf" and not defense(state, uid):
        if a.after_die:  # BF_Stance:Atk→Def[1]-[4]: roll, turn on those faces (G1 Q&A)
            setvars(ctx, "after resolution", after={"u": uid, "die": list(a.after_die)})
            flow.need_roll(ctx, ab["p"], "after resolution", "after")
        else:
            flag(ctx, [uid], "after resolution", df=True)
    elif zone == "hand":
        if a.where == "hand-standby":
            move(ctx, uid, "standby", "after resolution")
        elif a.where == "hand-banish":
            move(ctx, uid, "banish", "after resolution")
        elif a.where == "hand-sh":
            move(ctx, uid, "sh", "after resolution", pos="bottom")
        elif a.where == "hand-gs":
            home = gs_home(state, pool, uid)
            if home is not None:
                effects.add_growth_source(ctx, pool, home, uid, "after resolution")
            else:
                move(ctx, uid, "standby", "after resolution")


def roll_apply(ctx: Context, pool: Pool, then: str, face: int) -> None:
    """A die rolled for an ability: its effects, a familiar's track, or the handling after."""
    state = ctx.state
    if then == "after":
        after = state.vars["after"]
        setvars(ctx, "rolled", after=None)
        uid = after["u"]
        lo, hi = after["die"]
        if lo <= face <= hi and state.cards[uid].zone.endswith("/bf"):
            flag(ctx, [uid], "after resolution", df=True)
        return
    ab = dict(state.vars["ab"])
    ab["roll"] = face
    setvars(ctx, "rolled", ab=ab)
    if ab["stage"] != "track":
        run(ctx, pool)


# -- familiar abilities (Guide II (9)) ------------------------------------------------------


def track_decision(state: State, pool: Pool, ab: dict[str, Any]) -> Decision:
    card = cd(state, pool, ab["u"])
    roll = ab["roll"]
    released = state.cards[ab["u"]].zone.partition("/")[2] == "bf"
    opts = []
    if any(at <= roll for at, _e in card.support.steps) and (
        not needs_target(card.support.steps, roll) or familiar_targets(state, pool, ab["u"],
                                                                       "support")
    ):
        opts.append(Option("apply support", ("track", "support")))
    if released and familiar_targets(state, pool, ab["u"], "combat") and any(
        at <= roll for at, _e in card.combat.steps
    ):
        opts.append(Option("apply combat", ("track", "combat")))
    summon = list(state.zones.get(zkey(ab["p"], "summon"), ()))
    if card.evolution and roll >= card.evolution and evolutions(state, pool, ab["u"], summon):
        opts.append(Option("apply evolution", ("track", "evolution")))
    opts.append(Option("apply none", ("track", "none")))
    return Decision(ab["p"], "track", tuple(opts), f"Die: {roll}. Which ability applies?")


TARGETED = ("hp", "mp", "cure", "full-cure", "bless")


def needs_target(steps: tuple[tuple[int, Effect], ...], roll: int) -> bool:
    return any(at <= roll and e.do in TARGETED for at, e in steps)


def familiar_targets(state: State, pool: Pool, fam: int, track: str) -> list[int]:
    """Support: the holder or an ally in the familiar's surroundings (a Released one counts
    itself); Combat: an enemy in Defense Stance within its attack range."""
    p = state.cards[fam].owner
    if track == "combat":
        cells = set(attack_range(state, pool, fam))
        return [u for u in bf_units(state, other(p))
                if defense(state, u) and state.cards[u].f.get("at") in cells]
    holder = holder_of(state, fam)
    if holder is not None:
        near = [holder, *surroundings_allies(state, holder)] if holder != commander(
            state, p) else [holder]
    else:
        near = [fam, *surroundings_allies(state, fam)]
    return list(dict.fromkeys(near))


def choose_track(ctx: Context, pool: Pool, ab: dict[str, Any], track: str) -> None:
    if track == "none":
        setvars(ctx, "no ability applies", ab=None)
        return
    ab["track"] = track
    card = cd(ctx.state, pool, ab["u"])
    steps = card.support.steps if track == "support" else card.combat.steps
    if track == "combat" or (track == "support" and needs_target(steps, ab["roll"])):
        ab["stage"] = "target"
        setvars(ctx, "choose a target", ab=ab)
        return
    ab["stage"] = "run"
    setvars(ctx, "resolve", ab=ab)
    run(ctx, pool)
