"""Main Phase actions (Guide I (11)④; Guide II (5)-(7)): Deployment, Growth, Focus,
Move, Swap, and in Ultimate Contract, Evolution, Release. Attacks: combat.py;
abilities: abilities.py.
"""

from __future__ import annotations

from pmtui.engine.context import Context
from pmtui.engine.decision import Option
from pmtui.engine.notation import ref
from pmtui.engine.state import State, zkey

from . import abilities, effects, flow
from .cards import Pool
from .units import (
    allies,
    bf_units,
    board_of,
    cd,
    commander,
    defense,
    familiar_of,
    fhand,
    flag,
    hand,
    holder_of,
    is_free,
    loc,
    move,
    names_in_play,
    stacks,
)


def free_perimeter(state: State, p: int) -> list[str]:
    board = board_of(state)
    return [c for c in board.perimeter(p) if is_free(state, board, c)]


def deploy_options(state: State, pool: Pool, p: int) -> list[Option]:
    """Pay the Deployment Cost; an empty Perimeter cell, or the empty Command Zone for a
    Level 1 card (S13); no name twice (S14)."""
    opts = []
    have = flow.ap(state, p)
    names = names_in_play(state, pool, p)
    cells = free_perimeter(state, p)
    seen: set[str] = set()
    for uid in hand(state, p):
        card = cd(state, pool, uid)
        if card.cost > have or card.name in names or card.id in seen:
            continue
        seen.add(card.id)  # copies in hand give the same choices: offer the first
        for cell in cells:
            opts.append(Option(f"deploy {ref(state, uid)} {cell}", ("deploy", uid, cell)))
        if card.level == 1 and commander(state, p) is None:
            opts.append(Option(f"deploy {ref(state, uid)} cz", ("deploy", uid, "cz")))
    return opts


def deploy(ctx: Context, pool: Pool, p: int, uid: int, place: str) -> None:
    state = ctx.state
    flow.add_ap(ctx, p, -cd(state, pool, uid).cost, "Deployment")
    if place == "cz":
        move(ctx, uid, "cz", "Deployment", hp=1, dt=state.vars["turn"])
    else:
        move(ctx, uid, "bf", "Deployment", at=place, hp=1, dt=state.vars["turn"])
    abilities.offer(ctx, pool, uid, "deploy")


def stack_options(state: State, pool: Pool, p: int) -> list[Option]:
    """Growth (higher Level, same name; a Nameless grows into any card of its gender
    and weapon) and Focus (same name and Level; a Level 1 card may go on a Nameless)."""
    opts = []
    for ally in allies(state, p):
        top = cd(state, pool, ally)
        if not top.character:
            continue
        seen: set[str] = set()
        for uid in hand(state, p):
            card = cd(state, pool, uid)
            if card.id in seen or card.kind == "nameless":
                continue
            if top.kind == "nameless":
                fits = card.gender == top.gender and card.weapon == top.weapon
                if fits and card.level > 1 and card.name not in names_in_play(state, pool, p):
                    verb = "grow"
                elif fits and card.level == 1 and card.name not in names_in_play(state, pool, p):
                    verb = "focus"
                else:
                    continue
            elif card.name != top.name:
                continue
            elif card.level > top.level:
                verb = "grow"
            elif card.level == top.level:
                verb = "focus"
            else:
                continue
            seen.add(card.id)
            opts.append(Option(f"{verb} {ref(state, uid)} {loc(state, ally)}",
                               (verb, uid, ally)))
    return opts


def grow(ctx: Context, pool: Pool, p: int, uid: int, ally: int, verb: str) -> None:
    """The new card on top; +1 HP on Growth; AP equal to the new top's Charge Value (S15)."""
    state = ctx.state
    effects.put_on_top(ctx, pool, ally, uid, "gs", "Growth" if verb == "grow" else "Focus")
    if verb == "grow":
        effects.heal(ctx, pool, uid, 1, "Growth")
    flow.add_ap(ctx, p, cd(state, pool, uid).charge, verb)
    if verb == "grow":
        abilities.offer(ctx, pool, uid, "growth")
        board = board_of(state)
        if board.is_frontline(str(state.cards[uid].f.get("at", "")), p):
            abilities.offer(ctx, pool, uid, "growth-fl")
    else:
        abilities.offer(ctx, pool, uid, "focus")


def move_cost(state: State, uid: int) -> int:
    return 1 + stacks(state, uid, "slow")  # Slow: +1 AP a dose (S28, S50)


def can_move(state: State, uid: int) -> bool:
    ail = state.cards[uid].f.get("ail", ())
    return not defense(state, uid) and "paralysis" not in ail and "silver-chain" not in ail


def move_options(state: State, pool: Pool, p: int) -> list[Option]:
    """1 AP: one cell orthogonally into an empty cell (`move c2 c3`); the Commander,
    named by its card as it has no cell, to an empty Perimeter cell (`move SGY-001@30 c2`);
    never back to the Command Zone (Guide I (11)④)."""
    opts = []
    board = board_of(state)
    have = flow.ap(state, p)
    for uid in bf_units(state, p):
        if not can_move(state, uid) or move_cost(state, uid) > have:
            continue
        at = state.cards[uid].f["at"]
        for cell in board.orthogonal(at):
            if is_free(state, board, cell):
                opts.append(Option(f"move {at} {cell}", ("move", uid, cell)))
    cmd = commander(state, p)
    if cmd is not None and have >= move_cost(state, cmd) and can_move(state, cmd):
        for cell in free_perimeter(state, p):
            opts.append(Option(f"move {ref(state, cmd)} {cell}", ("move", cmd, cell)))
    return opts


def do_move(ctx: Context, pool: Pool, p: int, uid: int, cell: str) -> None:
    state = ctx.state
    flow.add_ap(ctx, p, -move_cost(state, uid), "Move")
    if state.cards[uid].zone == zkey(p, "cz"):
        move(ctx, uid, "bf", "the Commander moves out", keep=True, at=cell)
    else:
        flag(ctx, [uid], "Move", at=cell)


def swap_options(state: State, pool: Pool, p: int) -> list[Option]:
    """2 AP: two orthogonally adjacent allies, both in Attack Stance."""
    if flow.ap(state, p) < 2:
        return []
    board = board_of(state)
    units = {state.cards[u].f["at"]: u for u in bf_units(state, p) if can_move(state, u)}
    opts = []
    for cell, uid in sorted(units.items()):
        for near in board.orthogonal(cell):
            if near in units and near > cell:
                opts.append(Option(f"swap {cell} {near}", ("swap", uid, units[near])))
    return opts


def swap(ctx: Context, p: int, a: int, b: int) -> None:
    state = ctx.state
    flow.add_ap(ctx, p, -2, "Swap")
    at_a, at_b = state.cards[a].f["at"], state.cards[b].f["at"]
    flag(ctx, [a], "Swap", at=at_b)
    flag(ctx, [b], "Swap", at=at_a)


# -- Ultimate: Contract, Evolution, Release (Guide II (5)-(7)) ---------------------------


def contract_options(state: State, pool: Pool, p: int) -> list[Option]:
    opts = []
    have = flow.ap(state, p)
    for fam in fhand(state, p):
        card = cd(state, pool, fam)
        if card.cost > have:
            continue
        for ally in allies(state, p):
            top = cd(state, pool, ally)
            if (top.character and not defense(state, ally) and familiar_of(state, ally) is None
                    and top.level >= card.level):
                opts.append(Option(f"contract {ref(state, fam)} {loc(state, ally)}",
                                   ("contract", fam, ally)))
    return opts


def contract(ctx: Context, pool: Pool, p: int, fam: int, ally: int) -> None:
    flow.add_ap(ctx, p, -cd(ctx.state, pool, fam).cost, "Contract")
    effects.stack_under(ctx, ally, fam, "fam", "Contract")


def evolve_options(state: State, pool: Pool, p: int) -> list[Option]:
    """A contracted familiar whose holder is in Defense Stance, or a Released one."""
    opts = []
    tops = [f for a in allies(state, p) if (f := familiar_of(state, a)) is not None
            and defense(state, a)]
    tops += [u for u in bf_units(state, p) if cd(state, pool, u).familiar]
    for fam in tops:
        for new in abilities.evolutions(state, pool, fam, fhand(state, p)):
            holder = holder_of(state, fam)
            where = loc(state, fam if holder is None else holder)
            opts.append(Option(f"evolve {ref(state, new)} {where}", ("evolve", new, fam)))
    return opts


def release_options(state: State, pool: Pool, p: int) -> list[Option]:
    """1 AP: the familiar (`release c2 c3`) or its holder in Attack Stance
    (`release c2 c3 holder`) moves one cell; never an Egg; only on the Battlefield."""
    if flow.ap(state, p) < 1:
        return []
    board = board_of(state)
    opts = []
    for holder in bf_units(state, p):
        fam = familiar_of(state, holder)
        if fam is None or cd(state, pool, fam).kind == "egg":
            continue
        at = state.cards[holder].f["at"]
        for cell in board.orthogonal(at):
            if not is_free(state, board, cell):
                continue
            opts.append(Option(f"release {at} {cell}", ("release", holder, cell, False)))
            if can_move(state, holder):
                opts.append(Option(f"release {at} {cell} holder",
                                   ("release", holder, cell, True)))
    return opts


def release(ctx: Context, pool: Pool, p: int, holder: int, cell: str, holder_moves: bool) -> None:
    state = ctx.state
    flow.add_ap(ctx, p, -1, "Release")
    fam = familiar_of(state, holder)
    assert fam is not None
    at = state.cards[holder].f["at"]
    if holder_moves:
        flag(ctx, [holder], "Release: the holder moves", at=cell)
        effects.release_in_place(ctx, pool, fam, at, "Release")
    else:
        effects.release_in_place(ctx, pool, fam, cell, "Release")


def guard_options(state: State, pool: Pool, p: int) -> list[Option]:
    """A holder in Defense Stance may turn its Egg with it: the Egg's DEF/MDF add,
    its abilities are off (Guide II (5)); S31."""
    opts = []
    for ally in allies(state, p):
        fam = familiar_of(state, ally)
        if (fam is not None and defense(state, ally) and cd(state, pool, fam).kind == "egg"
                and not state.cards[fam].f.get("guard")):
            opts.append(Option(f"guard {loc(state, ally)}", ("guard", fam)))
    return opts


def main_options(state: State, pool: Pool, p: int) -> list[Option]:
    from . import combat

    opts = deploy_options(state, pool, p) + stack_options(state, pool, p)
    opts += move_options(state, pool, p) + swap_options(state, pool, p)
    opts += combat.attack_options(state, pool, p) + abilities.act_options(state, pool, p)
    if state.vars["mode"] == "ultimate":
        opts += contract_options(state, pool, p) + evolve_options(state, pool, p)
        opts += release_options(state, pool, p) + guard_options(state, pool, p)
    opts.append(Option("end", ("end",)))
    return opts


def apply(ctx: Context, pool: Pool, p: int, option: Option) -> None:
    from . import combat

    d = option.data
    what = d[0]
    if what == "deploy":
        deploy(ctx, pool, p, d[1], d[2])
    elif what in ("grow", "focus"):
        grow(ctx, pool, p, d[1], d[2], what)
    elif what == "move":
        do_move(ctx, pool, p, d[1], d[2])
    elif what == "swap":
        swap(ctx, p, d[1], d[2])
    elif what == "attack":
        combat.declare(ctx, pool, d[1], d[2], d[3])
    elif what == "use":
        abilities.start(ctx, pool, d[1], d[2], d[3])
    elif what == "contract":
        contract(ctx, pool, p, d[1], d[2])
    elif what == "evolve":
        abilities.evolve(ctx, pool, d[2], d[1], "Evolution")
    elif what == "release":
        release(ctx, pool, p, d[1], d[2], d[3])
    elif what == "guard":
        flag(ctx, [d[1]], "the Egg guards with its holder", guard=True)
    elif what == "end":
        flow.end_turn(ctx, pool, p)
    else:
        raise RuntimeError(f"unknown main phase option {option.text}")
