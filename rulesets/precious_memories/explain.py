"""Why not? The rule that forbids an action now, in one line with its rulebook page.

`explain(state, tables, text)` is None when `text` names a legal choice of the
pending decision (card numbers may be left out: "summon STA-004 main"), and
otherwise says which rule stands in the way. The checks follow the order a
player would think of them: is it the moment, is the card there, is it the
right kind of card, may it go there, can its cost be paid.

Pages are those of the English rulebook translation (P05-P28).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pmtui.engine.decision import Decision
from pmtui.engine.state import State, zkey

from . import areas, costs, effects, flow, plays, targets
from .areas import other
from .cards import CardDef
from .tables import Tables

ZONE_WORDS = {
    "hand": "hand",
    "main": "Main Area",
    "support": "Support Area",
    "points": "Point Zone",
    "discard": "Discard Zone",
    "deck": "deck",
    "ex": "EX deck",
    "attached": "Area, set on a chara as a support",
    "stack": "Area, in a level stack",
    "stage": "play, waiting for its chain to resolve",
    "removed": "removed-from-play cards",
}


def who(p: int) -> str:
    return f"P{p + 1}"


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


@dataclass
class _Ask:
    state: State
    t: Tables
    d: Decision
    tokens: list[str]

    @property
    def v(self) -> dict[str, Any]:
        return self.state.vars

    @property
    def p(self) -> int:
        return self.d.player

    def defn(self, uid: int) -> CardDef:
        return self.t.defs[self.state.cards[uid].cid]

    def where(self, uid: int) -> str:
        c = self.state.cards[uid]
        owner, _, zone = c.zone.partition("/")
        words = ZONE_WORDS.get(zone, zone)
        down = "face down " if zone == "points" and c.f.get("down") else ""
        return f"{down}in {who(int(owner))}'s {words}"

    def arg(self, i: int) -> str | None:
        return self.tokens[i] if i < len(self.tokens) else None

    def card(self, token: str | None, owner: int, zones: tuple[str, ...], what: str) -> int | str:
        """The uid `token` ("ID" or "ID@N") names among owner's cards in zones, or why not."""
        if token is None:
            return "name a card (see docs/notation.md)"
        cid, _, num = token.partition("@")
        if cid not in self.t.defs:
            return f"unknown card {cid}"
        keys = [zkey(owner, z) for z in zones]
        cards = self.state.cards
        if num:
            if not num.isdigit() or int(num) >= len(cards):
                return f"there is no card number {num} in this game"
            uid = int(num)
            if cards[uid].cid != cid:
                return f"card number {num} is {cards[uid].cid}, not {cid}"
        else:
            mine = [c.uid for c in cards if c.cid == cid and c.owner == owner]
            here = [u for u in mine if cards[u].zone in keys]
            if here:
                return here[0]
            theirs = [c.uid for c in cards if c.cid == cid and c.owner != owner]
            if not mine and not theirs:
                return f"there is no {cid} in this game"
            uid = (mine or theirs)[0]
        if cards[uid].zone not in keys:
            return f"{cid}@{uid} is {self.where(uid)}, not {what}"
        return uid

    def ref(self, uid: int) -> str:
        return f"{self.state.cards[uid].cid}@{uid}"


def _offered(d: Decision, tokens: list[str]) -> bool:
    for opt in d.options:
        ot = opt.text.split()
        if len(ot) == len(tokens) and all(
            w == o or ("@" not in w and o.startswith(w + "@"))
            for w, o in zip(tokens, ot, strict=True)
        ):
            return True
    return False


def explain(state: State, t: Tables, text: str, decision: Decision | None = None) -> str | None:
    """None if `text` is a legal choice now, else the reason (one line, with its page)."""
    if "over" in state.vars:
        return "the game is over (p.07)"
    if decision is None:
        from .ruleset import PreciousMemories

        decision = PreciousMemories(t).decision(state)
        if decision is None:
            return "the game is over (p.07)"
    tokens = text.split()
    if not tokens:
        return "empty action"
    if _offered(decision, tokens):
        return None
    ask = _Ask(state, t, decision, tokens)
    handler = _HANDLERS.get(tokens[0])
    reason = (
        handler(ask)
        if handler is not None
        else (f"unknown action {tokens[0]!r} (the actions are listed in docs/notation.md)")
    )
    return reason or _fallback(ask)


# -- the moment --


def _moment(ask: _Ask) -> str:
    """What the pending decision is about, for actions that do not fit it."""
    d, v = ask.d, ask.v
    kind = d.kind
    if kind == "pay":
        card = ask.ref(v["play"]["card"])
        return f"{who(d.player)} is paying for {card}: pay cards, then done, or cancel (p.11)"
    if kind == "respond":
        card = ask.ref(v["chain"][-1]["card"])
        return (
            f"{card} was just declared; {who(d.player)} may only answer it with a "
            f"[Decline] card or effect, or pass (p.22)"
        )
    if kind in ("order", "redraw", "bottom") and v.get("phase") == "setup":
        return "the game is still being prepared (turn order and Hand Redraw, p.05)"
    if kind == "order":
        return f"effects triggered together: {who(d.player)} chooses which resolves first (p.20)"
    if kind == "target":
        return f"{who(d.player)} is choosing a target for {ask.ref(v['play']['card'])} (p.23)"
    if kind == "cost":
        return f"{who(d.player)} is choosing the named card to discard as a cost (p.17)"
    if kind == "pick":
        return f"an effect is being applied and asks {who(d.player)}: {d.prompt} (p.17)"
    if kind == "eliminate":
        return f"{who(d.player)} chooses which approach chara is eliminated (p.23)"
    if kind == "approach":
        return (
            f"{who(d.player)} is assigning an approach chara: approach an Active Main Area "
            f"chara, or stop to end the Approach Phase (p.13)"
        )
    if kind == "interfere":
        return (
            f"{who(d.player)} is answering an approach: interfere with an Active Main Area "
            f"chara, or no-interference (p.14)"
        )
    if kind == "discard":
        return f"Turn End hand adjustment: {who(d.player)} discards down to the hand limit (p.15)"
    if kind == "priority":
        return f"{who(d.player)} holds priority in {_window(ask)} (p.20)"
    return f"{who(d.player)} is to decide ({kind})"


def _window(ask: _Ask) -> str:
    v = ask.v
    if v.get("phase") == "main":
        return f"{who(v['ap'])}'s Main Phase"
    names = {"w2": "after the approach", "w4": "after the interference", "w6": "after judgement"}
    return f"the Approach Phase window {names.get(v.get('step'), v.get('step'))}"


def _priority_needed(ask: _Ask) -> str | None:
    return None if ask.d.kind == "priority" else _moment(ask)


def _own_main(ask: _Ask, what: str, page: str) -> str | None:
    v = ask.v
    if v.get("phase") != "main":
        return f"{what} only in the Approacher's Main Phase, not in the Approach Phase ({page})"
    if ask.p != v["ap"]:
        return (
            f"{who(ask.p)} holds priority as the Interferer: {what} only in "
            f"your own Main Phase ({page})"
        )
    return None


def _cost(ask: _Ask, uid: int) -> str | None:
    d = ask.defn(uid)
    if d.cost <= 0:
        return None
    pool = [u for u in costs.payers(ask.state, ask.p) if u != uid]
    ok, why = plays.card_cost_met(ask.t, d, [ask.defn(u) for u in pool])
    if ok:
        return None
    down = [u for u in ask.state.zone(zkey(ask.p, "points")) if ask.state.cards[u].f.get("down")]
    hint = "; face-down point cards cannot pay (p.12)" if down else ""
    return (
        f"{who(ask.p)} cannot pay for {ask.ref(uid)} even with every card they may pay with "
        f"(hand and face-up points): {why}{hint}"
    )


def _type(ask: _Ask, uid: int, want: str) -> str | None:
    d = ask.defn(uid)
    if d.type == want:
        return None
    how = {
        "chara": "summon it (p.09)",
        "event": "play it with event (p.10)",
        "support": "set it on a chara with support ... on ... (p.10)",
    }[d.type]
    return f"{ask.ref(uid)} is {_a(d.type)} card, not {_a(want)}: {how}"


# -- the actions --


def _summon(ask: _Ask) -> str | None:
    if (r := _priority_needed(ask)) or (r := _own_main(ask, "charas are summoned", "p.09")):
        return r
    p, t, state = ask.p, ask.t, ask.state
    uid = ask.card(ask.arg(1), p, ("hand",), "in the hand")
    if isinstance(uid, str):
        return uid + ": charas are summoned from the hand (p.09)"
    if r := _type(ask, uid, "chara"):
        return r
    d = ask.defn(uid)
    area = ask.arg(2)
    if area not in ("main", "support"):
        return "write summon CARD main or summon CARD support (see docs/notation.md)"
    main = state.zone(zkey(p, "main"))
    rest = ask.tokens[3:]
    if area == "main" and not d.has_apdp:
        return f"{ask.ref(uid)} has no AP/DP: only charas with AP/DP stand in the Main Area (p.06)"
    if rest:
        if area != "main" or len(rest) != 2 or rest[0] != "replace":
            return "write summon CARD main replace CARD (see docs/notation.md)"
        if len(main) < t.main_area_size:
            return (
                f"the Main Area holds {len(main)} charas: a chara is discarded to make room "
                f"only when it holds {t.main_area_size} (p.06)"
            )
        old = ask.card(rest[1], p, ("main",), f"in {who(p)}'s Main Area")
        if isinstance(old, str):
            return old
        if ask.defn(old).base_id == d.base_id:
            return (
                f"{ask.ref(uid)} is a copy of {ask.ref(old)}: the newcomer may not be a copy "
                f"(same series and number) of the chara it replaces (p.06)"
            )
    copy = plays.copy_in_area(state, p, d, t.defs)
    if copy is not None:
        return (
            f"{who(p)}'s Area already holds a copy of {d.base_id} (same series and number): "
            f"{ask.ref(copy)} {ask.where(copy)} (p.09)"
        )
    if area == "main" and not rest and len(main) >= t.main_area_size:
        return (
            f"the Main Area already holds {t.main_area_size} charas: name one to discard, "
            f"summon {ask.arg(1)} main replace CARD (p.06)"
        )
    return _cost(ask, uid)


def _event(ask: _Ask) -> str | None:
    if ask.d.kind not in ("priority", "respond"):
        r = _moment(ask)
        if ask.d.kind == "approach":
            r += "; without an approach chara the Approach windows are skipped (p.27)"
        return r
    p, v = ask.p, ask.v
    uid = ask.card(ask.arg(1), p, ("hand",), "in the hand")
    if isinstance(uid, str):
        return uid + ": events are played from the hand (p.10)"
    if r := _type(ask, uid, "event"):
        return r
    d = ask.defn(uid)
    own = p == v["ap"]
    phase = "decline" if ask.d.kind == "respond" else v["phase"]
    if not effects.timing_allows(d.timing, phase, own):
        phases, _, side = (d.timing or "none/none").partition("/")
        named = " or ".join(
            {
                "main": "the Main Phase",
                "approach": "the Approach Phase windows",
                "decline": "answer to a play or effect ([Decline])",
            }.get(x, x)
            for x in phases.split("+")
        )
        turn = {"self": "your own turn", "opponent": "the opponent's turn", "both": "any turn"}
        now = "an answer to a play (Decline)" if phase == "decline" else _window(ask)
        return (
            f"{ask.ref(uid)} has the timing [{d.timing}]: it is played in {named} of "
            f"{turn.get(side, side)}, and now is {now} (p.17)"
        )
    if r := _cost(ask, uid):
        return r
    if not plays._event_targets_ok(ask.state, ask.t, p, uid, d):
        return (
            f"{ask.ref(uid)} needs a target (or a requirement) that is not there now: "
            f"a card that needs a target cannot be played without one (p.23)"
        )
    return None


def _support(ask: _Ask) -> str | None:
    if (r := _priority_needed(ask)) or (r := _own_main(ask, "supports are set", "p.10")):
        return r
    p, t, state = ask.p, ask.t, ask.state
    uid = ask.card(ask.arg(1), p, ("hand",), "in the hand")
    if isinstance(uid, str):
        return uid + ": supports are played from the hand (p.10)"
    if r := _type(ask, uid, "support"):
        return r
    if ask.arg(2) != "on" or len(ask.tokens) != 4:
        return "write support CARD on CHARA (see docs/notation.md)"
    host = ask.card(ask.arg(3), p, areas.AREAS, f"in {who(p)}'s Area")
    if isinstance(host, str):
        return host + ": a support is set on one of your own charas (p.10)"
    d = ask.defn(uid)
    if plays._support_copy(state, p, host, d, t.defs):
        return (
            f"{ask.ref(host)} already holds a copy of {d.base_id}: one copy of a support "
            f"per chara (p.10)"
        )
    return _cost(ask, uid)


def _approach(ask: _Ask) -> str | None:
    v, state = ask.v, ask.state
    if ask.d.kind != "approach":
        if v.get("phase") == "main":
            if v.get("turn") == 1:
                return "the first player's first turn has no Approach Phase (p.13)"
            return (
                "approach charas are assigned in the Approach Phase, after both players "
                "pass in the Main Phase (p.13)"
            )
        if v.get("phase") == "approach" and ask.d.kind == "priority":
            return (
                f"{ask.ref(v['appr']['a'])} is approaching; the next approach is assigned "
                f"after this one ends (p.15)"
            )
        return _moment(ask)
    ap = v["ap"]
    uids = []
    for token in (ask.arg(1), ask.arg(3)) if ask.arg(2) == "with" else (ask.arg(1),):
        uid = ask.card(token, ap, ("main",), f"in {who(ap)}'s Main Area")
        if isinstance(uid, str):
            return uid + ": only charas in your Main Area approach (p.06)"
        if r := _cannot_approach(ask, uid):
            return r
        uids.append(uid)
    if len(uids) == 2 and uids[1] not in flow.reinforcement_partners(state, ask.t, uids[0]):
        return (
            f"{ask.ref(uids[1])} may not join {ask.ref(uids[0])}'s approach: only a chara "
            f"its Reinforcement names, and no Combo card (p.23)"
        )
    return None


def _cannot_approach(ask: _Ask, uid: int) -> str | None:
    f = ask.state.cards[uid].f
    turn = ask.v["turn"]
    if f.get("appr") == turn:
        return f"{ask.ref(uid)} already approached this turn: once per turn (p.13)"
    if f.get("rest"):
        return f"{ask.ref(uid)} is in Rest: only Active charas approach (p.13)"
    if f.get("turn") == turn and not ask.t.kw[ask.state.cards[uid].cid].active:
        return f"{ask.ref(uid)} was summoned this turn and cannot approach until next turn (p.13)"
    return None


def _interfere(ask: _Ask) -> str | None:
    v, state = ask.v, ask.state
    if ask.d.kind != "interfere":
        if v.get("phase") == "approach" and v.get("step") == "w2":
            return (
                "the interfering chara is assigned after both players pass in the window "
                "after the approach (p.14)"
            )
        if v.get("phase") != "approach" or v.get("step") == "assign":
            return "a chara interferes only against an approach, in the Approach Phase (p.14)"
        return _moment(ask)
    defender = other(v["ap"])
    uid = ask.card(ask.arg(1), defender, ("main",), f"in {who(defender)}'s Main Area")
    if isinstance(uid, str):
        return uid + ": only charas in your Main Area interfere (p.06)"
    if state.cards[uid].f.get("rest"):
        return f"{ask.ref(uid)} is in Rest: only Active charas interfere (p.14)"
    ignore = max((ask.t.kw[state.cards[a].cid].ignore for a in flow.approachers(state)), default=-1)
    if targets.usage_cost(state, ask.t, uid) <= ignore:
        return (
            f"the approach has Ignore {ignore}: charas with a Usage Cost of {ignore} or less "
            f"cannot interfere (p.22)"
        )
    return None


def _pay(ask: _Ask) -> str | None:
    if ask.d.kind != "pay":
        return "nothing is being paid for now: a cost is paid right after declaring a play (p.11)"
    p, state = ask.p, ask.state
    play = ask.v["play"]
    uid = ask.card(ask.arg(1), p, ("hand", "points"), "in the hand or Point Zone")
    if isinstance(uid, str):
        return uid + ": costs are paid from the hand and the Point Zone (p.12)"
    if uid == play["card"]:
        return f"{ask.ref(uid)} is the card being played; it cannot pay for itself (p.11)"
    if uid in play["paid"]:
        return f"{ask.ref(uid)} is already among the cards paid: each card pays once (p.11)"
    if state.cards[uid].f.get("down"):
        return f"{ask.ref(uid)} is face down: only face-up point cards pay costs (p.12)"
    if f"pay {ask.ref(uid)}" not in ask.d.texts:  # only a purple card's way one does this
        d = ask.defn(play["card"])
        return (
            f"with {ask.ref(uid)} among them the cost of {ask.ref(play['card'])} could no longer "
            f"be paid: paid with cards named {d.name}, a purple card takes only such cards of "
            f"{d.series}, and no purple card or red, blue, yellow and green cards of it are "
            "there to pay the other ways (p.17)"
        )
    return None


def _done(ask: _Ask) -> str | None:
    if ask.d.kind != "pay":
        return "nothing is being paid for now (p.11)"
    why = ask.d.info.get("why") or "the cost is not met yet (p.11)"
    return f"the cost of {ask.ref(ask.v['play']['card'])} is not paid yet: {why}"


def _cancel(ask: _Ask) -> str | None:
    return "there is no play being paid for to cancel (p.11)" if ask.d.kind != "pay" else None


def _pass(ask: _Ask) -> str | None:
    return {
        "approach": "to assign no more approach charas, write stop (p.13)",
        "interfere": "to let the approach through, write no-interference (p.14)",
        "pay": "finish paying with done, or cancel the play (p.11)",
        "discard": "hand adjustment cannot be skipped (p.15)",
    }.get(ask.d.kind) or _moment(ask)


def _stop(ask: _Ask) -> str | None:
    if ask.d.kind == "approach":
        return None
    if ask.v.get("phase") == "main":
        return "the Main Phase ends when both players pass in a row (p.20)"
    return _moment(ask)


def _no_interference(ask: _Ask) -> str | None:
    if ask.d.kind == "interfere":
        return None
    return "no-interference answers an approach, when the interfering chara is chosen (p.14)"


def _discard(ask: _Ask) -> str | None:
    if ask.d.kind == "cost":
        uid = ask.card(ask.arg(1), ask.p, ("hand",), "in the hand")
        if isinstance(uid, str):
            return uid + ": a named card cost is discarded from the hand (p.17)"
        return f"{ask.ref(uid)} is not named as this effect's cost asks (p.17)"
    if ask.d.kind != "discard":
        return "cards are discarded for the hand limit only at the Approacher's Turn End (p.15)"
    uid = ask.card(ask.arg(1), ask.p, ("hand",), "in the hand")
    return uid + ": hand adjustment discards from the hand (p.15)" if isinstance(uid, str) else None


def _use(ask: _Ask) -> str | None:
    if ask.d.kind not in ("priority", "respond"):
        return _moment(ask)
    p, v, state, t = ask.p, ask.v, ask.state, ask.t
    src = ask.card(ask.arg(1), p, areas.AREAS, f"in {who(p)}'s Area")
    if isinstance(src, str):
        return src + ": effects are used from your own cards in the Area (p.09)"
    index = ask.arg(2)
    found = [
        (cid, eff)
        for cid, eff in effects.active_effects(state, t, src)
        if str(eff.index) == index and (len(ask.tokens) < 5 or ask.tokens[3:] == ["from", cid])
    ]
    if not found:
        return f"{ask.ref(src)} has no effect {index} now: only its own effects are used (p.16)"
    cid, eff = found[0]
    what = f"effect {index} of {ask.ref(src)}"
    if eff.permanent:
        return f"{what} is permanent: it applies by itself and is not used (p.16)"
    if eff.trigger or not eff.movement:
        return f"{what} triggers by itself when its condition happens; it is not used (p.16)"
    own = p == v["ap"]
    phase = "decline" if ask.d.kind == "respond" else v["phase"]
    if not effects.timing_ok(eff, phase, own):
        return f"{what} has the timing [{eff.timing}], which does not allow it now (p.17)"
    if not eff.every and effects.used_this_turn(state, src, cid, eff):
        return f"{what} was already used this turn: each effect once per turn (p.16)"
    if eff.once_per_player and v.get("cc", {}).get(str(p)) == v.get("turn"):
        return f"{what} can be used once per turn by each player (p.24)"
    if eff.requires and not effects.cond_ok(state, t, p, eff.requires):
        return f"{what}: its requirement is not met (p.19)"
    if eff.rest and state.cards[src].f.get("rest"):
        return f"{what} rests {ask.ref(src)} as its cost, and it is already in Rest (p.17)"
    if eff.discard_name and not effects.name_discards(state, t, p, eff, src):
        return f"{what} needs a card named {eff.discard_name} in the hand to discard (p.17)"
    if eff.cost > 0:
        pool = [ask.defn(u) for u in costs.payers(state, p, exclude=[src])]
        ok, why = costs.effect_requirement_met(eff.cost, eff.colour, pool)
        if not ok:
            return f"{what}: even every card {who(p)} may pay with falls short: {why}"
    if eff.target is not None:
        need = eff.target.get("count", 1)
        if len(targets.candidates(state, t, eff.target, p, src)) < need:
            return f"{what} needs a target and there is none now (p.23)"
    return None


def _backup(ask: _Ask) -> str | None:
    if ask.d.kind != "priority":
        return _moment(ask)
    uid = ask.card(ask.arg(1), ask.p, ("hand",), "in the hand")
    if isinstance(uid, str):
        return uid + ": a Backup card is used from the hand (p.24)"
    if not any(e.timing == "backup" for e in ask.t.effects[ask.defn(uid).id]):
        return f"{ask.ref(uid)} has no Backup (p.24)"
    return (
        f"the Backup of {ask.ref(uid)} cannot be used now: its window, requirement, target "
        f"or cost is not met (p.24)"
    )


def _levelup(ask: _Ask) -> str | None:
    if (r := _priority_needed(ask)) or (r := _own_main(ask, "Level Up happens", "p.24")):
        return r
    p, state, t = ask.p, ask.state, ask.t
    uid = ask.card(ask.arg(1), p, ("hand",), "in the hand")
    if isinstance(uid, str):
        return uid + ": Level Up cards come from the hand (p.24)"
    d = ask.defn(uid)
    if not t.kw[d.id].levelup:
        return f"{ask.ref(uid)} has no Level Up (p.24)"
    if ask.arg(2) != "on" or len(ask.tokens) != 4:
        return "write levelup CARD on CHARA (see docs/notation.md)"
    host = ask.card(ask.arg(3), p, areas.AREAS, f"in {who(p)}'s Area")
    if isinstance(host, str):
        return host + ": Level Up stacks onto one of your charas in the Area (p.24)"
    hd = ask.defn(host)
    if hd.name != d.name:
        return f"{ask.ref(host)} is {hd.name}: Level Up needs a chara of the same name (p.24)"
    if hd.base_id == d.base_id:
        return "Level Up never stacks the exact same card (same series and number) (p.24)"
    stacked = [x for x in state.zone(zkey(p, "stack")) if state.cards[x].f.get("under") == host]
    if any(ask.defn(x).base_id == d.base_id for x in stacked):
        return f"{ask.ref(host)} already has {d.base_id} in its level stack (p.24)"
    if plays.copy_in_area(state, p, d, t.defs) is not None:
        return (
            f"{d.base_id} is already in {who(p)}'s Area: on top it would be a second copy "
            "(one copy per Area, p.09, p.24)"
        )
    if not plays.levelup_free(state, p):
        if r := _cost(ask, uid):
            return f"the free Level Up of this turn is used, so this one pays its cost: {r}"
    return None


def _in_kind(kind: str, page: str, what: str) -> Callable[[_Ask], str | None]:
    def check(ask: _Ask) -> str | None:
        if ask.d.kind != kind:
            return f"{what} only when one is asked for ({page}); now: {_moment(ask)}"
        return None

    return check


def _setup(ask: _Ask) -> str | None:
    if ask.d.kind == "order" and ask.v.get("phase") != "setup":
        return _moment(ask)
    if ask.d.kind in ("order", "redraw", "bottom"):
        return _moment(ask) + f"; now {who(ask.p)} chooses: {', '.join(ask.d.texts[:4])}"
    return "turn order and the Hand Redraw are chosen only in game preparation (p.05)"


def _move(ask: _Ask) -> str | None:
    return (
        "charas do not change areas at a player's wish: only card effects move them "
        "between the Main and Support Areas (p.27)"
    )


def _fallback(ask: _Ask) -> str:
    choices = ", ".join(ask.d.texts[:6]) + (", ..." if len(ask.d.texts) > 6 else "")
    return f"{' '.join(ask.tokens)!r} is not a choice now: {_moment(ask)}; choices: {choices}"


_HANDLERS: dict[str, Callable[[_Ask], str | None]] = {
    "summon": _summon,
    "event": _event,
    "support": _support,
    "approach": _approach,
    "interfere": _interfere,
    "pay": _pay,
    "done": _done,
    "cancel": _cancel,
    "pass": _pass,
    "stop": _stop,
    "no-interference": _no_interference,
    "discard": _discard,
    "first": _setup,
    "second": _setup,
    "keep": _setup,
    "redraw": _setup,
    "bottom": _setup,
    "move": _move,
    "use": _use,
    "backup": _backup,
    "levelup": _levelup,
    "target": _in_kind("target", "p.23", "targets are chosen"),
    "pick": _in_kind("pick", "p.18", "cards are picked for an effect"),
    "none": _in_kind("pick", "p.18", "none answers an effect's optional pick"),
    "eliminate": _in_kind("eliminate", "p.23", "an approach chara is chosen for elimination"),
}
