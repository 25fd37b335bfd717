"""Combat: normal combat and combat against Last Guards (Guide I (12), (13); Guide II (8)).

The fight in progress lives in the variable "combat":
  a (attacker), p (its player), kind ("atk"|"mat"), cell (the target cell),
  t (the target unit, absent for the Stronghold), stage, ab (attack boosts),
  db (defence boost total), cmd (the Commander who joined), cb (its boosts),
  g (the Last Guard), gb (its boosts), shdmg (Stronghold damage dealt).
Stages: "aboost" -> ("dboost" | "join" -> "cboost" -> "gboost") -> "end".
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State, zkey

from . import effects, flow
from .cards import CardDef, Pool
from .units import (
    BF,
    attack_range,
    attack_value,
    bf_units,
    board_of,
    cd,
    commander,
    defence_value,
    defense,
    fhand,
    flag,
    hand,
    hp,
    is_free,
    loc,
    move,
    other,
    push_ask,
    under,
)


def damage_of(attack: int, defence: int) -> int:
    """⌊attack ÷ defence⌋ when the attack is higher (Guide I (12)⑤); defence 0: the attack (S19)."""
    if attack <= defence:
        return 0
    return attack if defence == 0 else attack // defence


# -- who may attack what -----------------------------------------------------------


def can_attack(state: State, pool: Pool, uid: int, kind: str) -> bool:
    v = state.vars
    f = state.cards[uid].f
    if v.get("turn") == 1 or defense(state, uid) or not f.get("at"):
        return False  # the first player's first turn has no attacks (Guide I (12)①)
    ail = f.get("ail", ())
    if "paralysis" in ail or (kind == "mat" and "silence" in ail):
        return False
    return True


def targets(state: State, pool: Pool, uid: int) -> list[str]:
    """Cells the unit may attack: enemies in Defense Stance, or the enemy Stronghold
    when it was not deployed this turn (Guide I (12)③)."""
    p = state.cards[uid].owner
    board = board_of(state)
    cells = attack_range(state, pool, uid)
    enemy = {state.cards[e].f.get("at"): e for e in bf_units(state, other(p))}
    out = []
    for cell in cells:
        e = enemy.get(cell)
        if e is not None and defense(state, e):
            out.append(cell)
        elif cell == board.stronghold(other(p)) and state.cards[uid].f.get("dt") != state.vars[
            "turn"
        ]:
            out.append(cell)
    return out


def attack_options(state: State, pool: Pool, p: int) -> list[Option]:
    opts = []
    for uid in bf_units(state, p):
        for kind in ("atk", "mat"):
            if not can_attack(state, pool, uid, kind):
                continue
            for cell in targets(state, pool, uid):
                opts.append(Option(f"attack {loc(state, uid)} {cell} {kind}",
                                   ("attack", uid, cell, kind)))
    return opts


def declare(ctx: Context, pool: Pool, uid: int, cell: str, kind: str) -> None:
    state = ctx.state
    p = state.cards[uid].owner
    combat: dict[str, Any] = {"a": uid, "p": p, "kind": kind, "cell": cell, "stage": "aboost",
                              "ab": [], "db": 0, "cb": [], "gb": []}
    for e in bf_units(state, other(p)):
        if state.cards[e].f.get("at") == cell:
            combat["t"] = e
    ctx.emit({"t": "say", "what": "attack", "by": p, "attacker": uid, "cell": cell,
              "kind": kind})
    setvars(ctx, "attack declared", combat=combat)


# -- Self-Boost -------------------------------------------------------------------------


def same_name_payers(state: State, pool: Pool, uid: int, from_sources: bool = True) -> list[int]:
    """Cards that may pay a Self-Boost of `uid`: same-name cards in hand, and its Growth
    Sources (a Nameless Growth Source counts as same-name; in hand it has no name)."""
    name = cd(state, pool, uid).name
    p = state.cards[uid].owner
    out = [u for u in hand(state, p)
           if cd(state, pool, u).name == name and cd(state, pool, u).kind != "nameless"]
    if from_sources:
        out += under(state, uid, "gs")
    return out


def boost_limit(card: CardDef) -> int:
    return {3: 1, 4: 2}.get(card.level, 0) if card.character else 1


def attack_boost_options(state: State, pool: Pool, uid: int, used: list[Any],
                         from_sources: bool = True) -> list[Option]:
    """`boost CARD` (or two cards for a familiar), and `done`."""
    card = cd(state, pool, uid)
    opts: list[Option] = []
    if len(used) < boost_limit(card):
        if card.character:
            for u in same_name_payers(state, pool, uid, from_sources):
                opts.append(Option(f"boost {ref(state, u)}", ("boost", (u,))))
        else:
            p = state.cards[uid].owner
            for u in [*under(state, uid, "es"), *fhand(state, p)]:
                opts.append(Option(f"boost {ref(state, u)}", ("boost", (u,))))
            h = hand(state, p)
            for i, a in enumerate(h):
                for b in h[i + 1:]:
                    opts.append(Option(f"boost {ref(state, a)} {ref(state, b)}",
                                       ("boost", (a, b))))
    opts.append(Option("done", ("done",)))
    return opts


def boost_value(card: CardDef, kind: str, n: int) -> int:
    values = card.boost_atk if kind == "atk" else card.boost_mat
    if not values:
        return 0
    return values[min(n, len(values) - 1)]


def pay_boost(ctx: Context, pool: Pool, payers: tuple[int, ...]) -> int:
    """Pay with character cards (to Standby) or a familiar card (to the Summoning Zone);
    returns the number of familiar cards paid."""
    fams = 0
    for u in payers:
        if cd(ctx.state, pool, u).familiar:
            fams += 1
            move(ctx, u, "summon", "Self-Boost")
        else:
            move(ctx, u, "standby", "Self-Boost")
    return fams


def defence_boost_options(state: State, pool: Pool, uid: int, got: int) -> list[Option]:
    card = cd(state, pool, uid)
    room = card.level - got  # the boost is at most the Level (Guide I (12)④, Guide II (8))
    opts: list[Option] = []
    if room >= 1:
        for u in same_name_payers(state, pool, uid) if card.character else hand(state, card_owner(
            state, uid
        )):
            opts.append(Option(f"boost {ref(state, u)}", ("boost", (u,))))
        if card.familiar and room >= 2:
            for u in [*under(state, uid, "es"), *fhand(state, card_owner(state, uid))]:
                opts.append(Option(f"boost {ref(state, u)}", ("boost", (u,))))
    opts.append(Option("done", ("done",)))
    return opts


def card_owner(state: State, uid: int) -> int:
    return state.cards[uid].owner


# -- the decision of the stage ---------------------------------------------------------


def decision(state: State, pool: Pool) -> Decision:
    c = state.vars["combat"]
    stage = c["stage"]
    a, p = c["a"], c["p"]
    if stage == "aboost":
        opts = attack_boost_options(state, pool, a, c["ab"])
        return Decision(p, "boost", tuple(opts), "Self-Boost the attacker, or done")
    d = other(p)
    if stage == "dboost":
        opts = defence_boost_options(state, pool, c["t"], c["db"])
        return Decision(d, "boost", tuple(opts), "Self-Boost the defender's DEF/MDF, or done")
    if stage == "join":
        cmd = commander(state, d)
        opts = [Option(f"join {cell}", ("join", cmd, cell))
                for cell in board_of(state).perimeter(d) if is_free(state, board_of(state), cell)]
        opts.append(Option("no-join", ("no-join",)))
        return Decision(d, "join", tuple(opts), "Send the Commander into the fight?")
    if stage == "cboost":
        opts = attack_boost_options(state, pool, c["cmd"], c["cb"])
        return Decision(d, "boost", tuple(opts), "Self-Boost the Commander, or done")
    if stage == "gboost":
        opts = attack_boost_options(state, pool, c["g"], c["gb"], from_sources=False)
        return Decision(d, "boost", tuple(opts), "Self-Boost the Last Guard, or done")
    raise RuntimeError(f"no decision in combat stage {stage}")


def apply(ctx: Context, pool: Pool, option: Option) -> None:
    state = ctx.state
    c = dict(state.vars["combat"])
    stage = c["stage"]
    what = option.data[0]
    if what == "boost":
        fams = pay_boost(ctx, pool, option.data[1])
        if stage == "dboost":
            c["db"] += 2 if fams else 1
        else:
            key = {"aboost": "ab", "cboost": "cb", "gboost": "gb"}[stage]
            c[key] = [*c[key], len(option.data[1])]
        setvars(ctx, "Self-Boost", combat=c)
        return
    if what == "join":
        move(ctx, option.data[1], "bf", "the Commander joins the fight", keep=True,
             at=option.data[2], dt=state.vars["turn"])
        c["cmd"], c["stage"] = option.data[1], "cboost"
        setvars(ctx, "Commander", combat=c)
        return
    if what == "no-join":
        reveal_guard(ctx, pool, c)
        return
    # done
    if stage == "aboost":
        after_attack_boost(ctx, pool, c)
    elif stage == "dboost":
        resolve_normal(ctx, pool, c)
    elif stage == "cboost":
        reveal_guard(ctx, pool, c)
    elif stage == "gboost":
        resolve_guard(ctx, pool, c)


def after_attack_boost(ctx: Context, pool: Pool, c: dict[str, Any]) -> None:
    state = ctx.state
    if "t" in c:
        c["stage"] = "dboost"
        setvars(ctx, "defender's Self-Boost", combat=c)
        from . import abilities

        abilities.offer(ctx, pool, c["t"], "attacked")
        return
    d = other(c["p"])
    cmd = commander(state, d)
    board = board_of(state)
    if cmd is not None and any(is_free(state, board, x) for x in board.perimeter(d)):
        c["stage"] = "join"
        setvars(ctx, "the Stronghold is attacked", combat=c)
    else:
        c["stage"] = "guard"  # the Last Guard is revealed once triggers are answered
        setvars(ctx, "the Stronghold is attacked", combat=c)
    from . import abilities

    abilities.offer_all(ctx, pool, "stronghold-attacked", d)


def attack_total(state: State, pool: Pool, uid: int, kind: str, boosts: list[int]) -> int:
    """Printed value (with a contracted familiar's) plus the Self-Boosts paid, in order."""
    card = cd(state, pool, uid)
    total = attack_value(state, pool, uid, kind)
    for i, _n in enumerate(boosts):
        total += boost_value(card, kind, i)
    return total


def resolve_normal(ctx: Context, pool: Pool, c: dict[str, Any]) -> None:
    state = ctx.state
    a, t, kind = c["a"], c["t"], c["kind"]
    att = attack_total(state, pool, a, kind, c["ab"])
    dfn = defence_value(state, pool, t, kind, cd(state, pool, a).attr) + c["db"]
    dmg = damage_of(att, dfn)
    # who fought whom with what, and the HP left (0: the target is defeated), for the log
    ctx.emit({"t": "say", "what": "combat", "attack": att, "defence": dfn, "damage": dmg,
              "by": c["p"], "a": a, "card": t, "kind": kind,
              "left": max(0, hp(state, t) - dmg)})
    c["stage"] = "end"
    c["dealt"] = dmg
    setvars(ctx, "damage", combat=c)
    if dmg:
        effects.damage(ctx, pool, t, dmg, f"{kind} combat damage")
        from . import abilities

        abilities.offer(ctx, pool, a, "combat-damage")


def reveal_guard(ctx: Context, pool: Pool, c: dict[str, Any]) -> None:
    """② The top Stronghold card becomes the Last Guard with 1 HP (S22: refill first)."""
    d = other(c["p"])
    c["stage"] = "gboost"
    if flow.refill(ctx, d):
        top = ctx.state.zone(zkey(d, "sh"))[0]
        move(ctx, top, "guard", "the Last Guard", hp=1)
        c["g"] = top
    else:
        setvars(ctx, "no Last Guard", combat=c)
        resolve_guard(ctx, pool, c)
        return
    setvars(ctx, "Last Guard", combat=c)


def resolve_guard(ctx: Context, pool: Pool, c: dict[str, Any]) -> None:
    state = ctx.state
    a, kind, p = c["a"], c["kind"], c["p"]
    d = other(p)
    att = attack_total(state, pool, a, kind, c["ab"])
    guard = 0
    if "g" in c:
        guard += attack_total(state, pool, c["g"], kind, c["gb"])
    if "cmd" in c:
        guard += attack_total(state, pool, c["cmd"], kind, c["cb"])
    c["stage"] = "end"
    hit = att >= guard  # higher or equal: the Last Guard falls, the Stronghold takes 1
    back = 1 if att == guard else damage_of(guard, att)  # the Last Guard strikes back
    if att > guard:
        back = 0
    ctx.emit({"t": "say", "what": "last guard", "attack": att, "guard": guard,
              "by": p, "a": a, "kind": kind, "g": c.get("g"), "cmd": c.get("cmd"),
              "hit": hit, "back": back, "left": max(0, hp(state, a) - back)})
    if hit:
        c["shdmg"] = 1
        if state.vars["sh_hp"][d] == 0:
            setvars(ctx, "victory", combat=c,
                      result=[p, f"player {p + 1} struck the fallen Stronghold"])
            return
    setvars(ctx, "Last Guard combat", combat=c)
    with ctx.simultaneous():
        if "g" in c:
            if hit:
                move(ctx, c["g"], "standby", "the Last Guard is defeated")
            else:
                move(ctx, c["g"], "hand", "the Last Guard survives")
        if hit:
            flow.set_sh_hp(ctx, d, state.vars["sh_hp"][d] - 1, "Stronghold damage")
    effects.damage(ctx, pool, a, back, "the Last Guard strikes back")
    if hit:
        from . import abilities

        abilities.offer(ctx, pool, a, "combat-damage")


def finish(ctx: Context, pool: Pool) -> None:
    """End of combat: the attacker turns to Defense Stance (Guide I (12)⑥); in Ultimate
    the player whose Stronghold took damage may fetch familiars (Guide II (4))."""
    state = ctx.state
    c = state.vars["combat"]
    a = c["a"]
    if state.cards[a].zone == BF:
        flag(ctx, [a], "end of combat", df=True)
    setvars(ctx, "end of combat", combat=None)
    d = other(c["p"])
    if state.vars["mode"] == "ultimate" and c.get("shdmg"):
        room = 10 - state.vars["sh_hp"][d]
        choices = [u for u in state.zones.get(zkey(d, "summon"), ())
                   if cd(state, pool, u).cost <= room]
        if choices:
            push_ask(ctx, "familiars", {"p": d, "what": "fetch", "n": c["shdmg"], "room": room})
