"""Rules of thumb for computer players of PSO, reading a player's view only.

`choose` scores the options of a decision: creatures and cards onto the board
first, then every creature attacks with its best action, aimed where it kills
a Monster soonest (the opponent's Monsters are the victory condition).
`evaluate` and `determinize` serve the search player.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.decision import Decision, Option
from pmtui.engine.sampling import likely_list, sample_state
from pmtui.engine.state import State, zkey

from . import board, plan
from .board import other
from .cards import CardDef, CardPool, Effect
from .ruleset import ATTACK

# Every decision of a turn is searched: what to play, which creature acts and how, and
# at what; a search playing another option than these rules only when it is clearly
# better (search_confidence) gained on each kind (docs/ai.md).
SEARCHED = frozenset({"main", "combat", "target"})


def _uid(token: str) -> int:
    return int(token.rsplit("@", 1)[1])


class Reader:
    """The cards of a view by number, with their definitions."""

    def __init__(self, view: Mapping[str, Any], pool: CardPool) -> None:
        self.view = view
        self.pool = pool
        self.me: int = int(view.get("player") or 0)
        self.cards: dict[int, Mapping[str, Any]] = {}
        self.zone_of: dict[int, str] = {}
        for key, z in view["zones"].items():
            if isinstance(z, list):
                for c in z:
                    if c.get("cid") is not None:
                        self.cards[c["uid"]] = c
                        self.zone_of[c["uid"]] = key

    def defn(self, uid: int) -> CardDef | None:
        c = self.cards.get(uid)
        return None if c is None else self.pool.get(c["cid"])

    def zone(self, player: int | str, name: str) -> list[Mapping[str, Any]]:
        z = self.view["zones"].get(f"{player}/{name}", [])
        return z if isinstance(z, list) else []

    def creatures(self, player: int) -> list[Mapping[str, Any]]:
        return [c for n in board.PLAY_ZONES for c in self.zone(player, n)]

    def left(self, uid: int) -> int:
        c = self.cards[uid]
        return int(c.get("hp", 0)) - int(c.get("dmg", 0))


def expected(eff: Effect, user: Mapping[str, Any] | None, target: Mapping[str, Any],
             spell: bool) -> float:
    """Expected damage of an effect on one target, from the numbers in the view."""
    return dealt(eff, user, target, spell) * lands(eff, target)


def dealt(eff: Effect, user: Mapping[str, Any] | None, target: Mapping[str, Any],
          spell: bool) -> int:
    """The damage an effect deals one target when it is not evaded."""
    if eff.damage is None:
        return 0
    amount = eff.damage
    if user is not None and (eff.add or spell):
        amount += int(user.get(eff.add or "mst", 0))
    if eff.divided:
        amount //= max(eff.count, 1)
    if eff.defend:
        amount -= int(target.get("dfp", 0))
    return max(amount, 0)


def lands(eff: Effect, target: Mapping[str, Any]) -> float:
    """The chance an effect is not evaded: EVP X means X in 5 (rules-interpretations A17)."""
    return 1 - min(int(target.get("evp", 0)), 5) / 5 if eff.evade else 1.0


class Strategy:
    searched_kinds = SEARCHED
    search_confidence = 2.0  # few playouts on a busy machine: keep to the rules unless sure
    search_turns = 1  # to the end of this turn: the evaluation foresees the next one
    # the analysis's chances through sigmoid(a · logit(p) + b) (pmtui/engine/calibration.py):
    # fitted 2026-12-02 on 200 heuristic games (docs/ai.md, "Calibration"):
    #   calibrate_analysis.py --game pso --games 200 --seed 1 --per-seat 4 --level normal
    #   --points P; fit_calibration.py P. The playouts are too sure in the middle.
    chance_calibration = (0.866, -0.721)

    def __init__(self, pool: CardPool, seed: int = 0, plans: bool = False) -> None:
        self.pool = pool
        self.rng = random.Random(seed)
        self.plans = plans

    # -- choosing -----------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        opts = decision.options
        if len(opts) == 1:
            return opts[0].text
        r = Reader(view, self.pool)
        if self.plans and decision.kind in ("combat", "target"):
            planned = self._planned(r, decision)
            if planned is not None:
                return planned
        scored = [(self._score(r, decision, o), self.rng.random(), o.text) for o in opts]
        return max(scored)[2]

    # -- the combat plan (plan.py) --------------------------------------------------------

    def _planned(self, r: Reader, decision: Decision) -> str | None:
        """The plan's choice when every opposing Monster can likely be destroyed this
        turn; None leaves the choice to the one-action rules."""
        mons = [c for c in r.zone(other(r.me), "monsters") if "hp" in c]
        if not mons:
            return None
        hp = [max(r.left(c["uid"]), 0) for c in mons]
        if decision.kind == "combat":
            actors: dict[int, list[plan.Blow]] = {}
            for o in decision.options:
                words = o.text.split()
                if words[0] == "end":
                    continue
                uids = [_uid(w) for w in words[1:]]
                eff, spell = self._option_effect(r, words[0], uids)
                blow = _blow(o.text, r, uids[0], eff, spell, mons,
                             cost=1 if len(uids) > 1 else 0)
                if blow is not None:
                    actors.setdefault(uids[0], []).append(blow)
            best = plan.wipe(hp, list(actors.values()))
            if best is None or best.chance < plan.WIPE_AT_LEAST:
                return None
            return best.first()[0].key
        act = r.view["vars"].get("act") or {}
        eff = self._act_effect(r, act)
        if act.get("by") != r.me or eff is None or not eff.chosen:
            return None
        user = _user(r, act)
        now = _blow("", r, user["uid"] if user else -1, eff,
                    act.get("how") in ("spell", "cast"), mons, user=user)
        if now is None:
            return None
        targets = {_uid(o.text.split()[1]): o.text for o in decision.options
                   if o.text != "back"}
        best = plan.wipe(hp, [[now], *self._idle_blows(r, user, mons)])
        if best is None or best.chance < plan.WIPE_AT_LEAST:
            return None
        aims = [m for blow, m in best.blows if blow == now and m is not None]
        return targets.get(mons[aims[0]]["uid"]) if aims else None

    def _option_effect(self, r: Reader, verb: str, uids: list[int]) -> tuple[Effect | None,
                                                                           bool]:
        """A combat option's effect, and whether it is a spell (MST added, no evasion)."""
        d = r.defn(uids[0])
        if d is None:
            return None, False
        if verb == "ability":
            return d.ability, False
        if verb == "cast":
            return d.spell, True
        if verb in ("spell", "weapon") and len(uids) > 1:
            wd = r.defn(uids[1])
            return (wd.effect if wd else None), verb == "spell"
        return ATTACK, False

    def _idle_blows(self, r: Reader, user: Mapping[str, Any] | None,
                    mons: list[Mapping[str, Any]]) -> list[list[plan.Blow]]:
        """The blows of my creatures that may still act this turn: their attack, ability
        or spell, and the main character's Spell and Weapon cards in the hand."""
        turn = r.view["vars"].get("turn")
        lead = _lead(r)
        out = []
        for c in r.creatures(r.me):
            if c.get("par") or c.get("acted") == turn or (user and c["uid"] == user["uid"]):
                continue
            d = r.defn(c["uid"])
            if d is None:
                continue
            blows = [_blow("attack", r, c["uid"], ATTACK, False, mons)]
            if d.ability is not None and not d.ability_area:
                blows.append(_blow("ability", r, c["uid"], d.ability, False, mons))
            if d.spell is not None:
                blows.append(_blow("cast", r, c["uid"], d.spell, True, mons))
            for h in r.zone(r.me, "hand") if lead is not None and c["uid"] == lead["uid"] \
                    else ():
                hd = r.defn(h["uid"])
                if hd is not None and (hd.type == "spell" and d.race != "android" or (
                        hd.type == "weapon" and d.cls in hd.classes)):
                    blows.append(_blow("card", r, c["uid"], hd.effect, hd.type == "spell",
                                       mons, cost=1))
            out.append([b for b in blows if b is not None])
        return [b for b in out if b]

    def _score(self, r: Reader, decision: Decision, o: Option) -> float:
        words = o.text.split()
        verb = words[0]
        if verb == "back":
            return -100.0
        if verb in ("combat", "end"):
            return 0.0
        if verb == "prefer":  # the replacement worth most to its own card
            src = _uid(words[3])
            reps = [(s, v) for s, v in _option_values(decision) if s == src]
            return float(reps[0][1]) if reps else 0.0
        if verb == "lead":
            d = r.defn(_uid(words[1]))
            return 0.0 if d is None else float(d.hp + d.atp + (d.mst or 0))
        if verb == "target":
            return self._target_score(r, _uid(words[1]))
        if verb == "set":
            return 1.0
        if decision.kind == "main":
            return self._main_score(r, verb, _uid(words[1]) if len(words) > 1 else None)
        if decision.kind == "combat":
            return self._combat_score(r, verb, [_uid(w) for w in words[1:]])
        return 0.0

    def _main_score(self, r: Reader, verb: str, uid: int | None) -> float:
        me = r.me
        if verb == "trap":
            return 3.0
        d = r.defn(uid) if uid is not None else None
        if d is None:
            return -1.0
        if verb == "monster":
            return 10.0 + d.hp / 100
        if verb == "character":
            return 9.0 + d.hp / 100
        if verb == "area":
            return self._area_score(r, d)
        eff = d.effect
        if eff is None:
            return -1.0
        if verb == "item":
            mine = r.creatures(me)
            if eff.revive:
                return 6.0
            if eff.heal and any(int(c.get("dmg", 0)) >= 20 for c in mine):
                return 5.0
            if eff.cure and any(c.get("par") or c.get("poi") for c in mine):
                return 5.0
            if eff.boost or eff.set:
                return 1.0
            return -1.0
        # events: card draw and searches early, damage on the opponent's monsters
        if eff.draw or eff.search:
            return 11.0  # more cards to choose from before anything else
        if eff.heal:
            return 4.0 if any(int(c.get("dmg", 0)) >= 20 for c in r.creatures(me)) else -1.0
        if eff.damage is not None:
            return 4.0
        return 0.5

    def _area_score(self, r: Reader, d: CardDef) -> float:
        me = r.me
        traps_mine = len(r.zone(me, "traps"))
        traps_theirs = r.view["zones"].get(f"{other(me)}/traps", 0)
        traps_theirs = traps_theirs if isinstance(traps_theirs, int) else len(traps_theirs)
        if traps_theirs > traps_mine:
            return -1.0  # their traps would fire on my creatures
        if d.quest:
            mons = len(r.zone(me, "monsters"))
            assert d.quest_pass is not None
            need = d.quest_pass.at_least or 0
            return 2.0 if d.quest_pass.what == "monsters" and mons + 2 >= need else -1.0
        # what its bar and text give each side's cards, and the tags my cards want
        value = 2.0 * traps_mine
        for p, sign in ((me, 1.0), (other(me), -1.0)):
            for c in r.creatures(p):
                cd = r.defn(c["uid"])
                gain = sum(v for k, v in d.bar if k in ("atp", "dfp"))
                gain += sum(v for k, v in d.bar if k == "mst" and "mst" in c)
                evp = [v for k, v in d.bar if k == "evp"]
                if d.effect is not None:
                    evp += [v for k, v in d.effect.set if k == "evp"]
                if evp:
                    gain += 5 * (evp[0] - int(c.get("evp", 0)))
                if cd is not None and set(_tags_wanted(cd)) & set(d.tags):
                    gain += 10
                value += sign * gain / 10
        if d.power is not None:  # a boss hits the turn player's cards, mine first
            value -= 2.0 * len(r.creatures(me))
        return value if value > 0 else -1.0

    def _combat_score(self, r: Reader, verb: str, uids: list[int]) -> float:
        """The best expected damage this action does on one opposing card."""
        actor = r.cards.get(uids[0]) if uids else None
        if actor is None:
            return 0.0
        eff, spell = self._option_effect(r, verb, uids)
        if eff is None:
            return 0.0
        foes = r.creatures(other(r.me))
        if eff.damage is None:
            if eff.heal or eff.cure:  # worth what it mends on my own cards
                mine = r.creatures(r.me)
                healed = max((min(int(c.get("dmg", 0)), eff.heal) for c in mine), default=0)
                cured = any(c.get(k) for c in mine for k in ("par", "poi")) and bool(eff.cure)
                return healed / 2 + (8.0 if cured else 0.0) - (5.0 if verb == "spell" else 0.0)
            # a status only: worth the attack it takes away from a strong foe
            key = "par" if eff.status == "paralysis" else "poi"
            fresh = [int(c.get("atp", 0)) for c in foes if not c.get(key)]
            return max(fresh, default=0) / 3 - (5.0 if verb == "spell" else 0.0)
        # what the best target would lose, as the targeting scores it: a sure kill of a
        # monster first, so the strongest attacks finish cards and the weak ones chip in
        best = max((_hit_value(r, c, expected(eff, actor, c, spell)) for c in foes), default=0.0)
        if eff.target in ("foes", "foe_monsters") or eff.count > 1:
            best *= min(len(foes), max(eff.count, 3 if not eff.chosen else eff.count))
        # a card from the hand costs a card: it must do better than a plain attack
        cost = 5.0 if verb in ("spell", "weapon") else 0.0
        return 1.0 + best - cost

    def _target_score(self, r: Reader, uid: int) -> float:
        act = r.view["vars"].get("act") or {}
        target = r.cards.get(uid)
        if target is None:
            return 0.0
        d = r.defn(uid)
        eff = self._act_effect(r, act)
        mine = target.get("owner") == r.me
        if eff is None:
            return 0.0
        if eff.revive:
            return float(d.hp if d else 0) + (50 if d and d.type == "monster" else 0)
        if mine:
            score = 0.0
            if eff.heal:
                score += min(int(target.get("dmg", 0)), eff.heal)
            if eff.cure:
                score += 20 * sum(bool(target.get(k)) for k in ("par", "poi"))
            if eff.boost or eff.set:
                score += int(target.get("atp", 0)) + (30 if r.zone_of.get(uid, "").endswith(
                    "lead") else 0)
            return score
        dmg = expected(eff, _user(r, act), target, act.get("how") in ("spell", "cast"))
        score = _hit_value(r, target, dmg)
        if eff.status and not target.get("par" if eff.status == "paralysis" else "poi"):
            score += 10 + int(target.get("atp", 0)) / 5
        return score

    def _act_effect(self, r: Reader, act: Mapping[str, Any]) -> Effect | None:
        how = act.get("how")
        if how == "attack":
            return ATTACK
        d = r.defn(act.get("card", -1))
        if d is None:
            return None
        if how == "ability":
            return d.ability
        return d.spell if how == "cast" else d.effect

    # -- search support -------------------------------------------------------------------

    def evaluate(self, state: State, player: int) -> float:
        """A position's worth for `player`, in [-1, 1]: 2P - 1, P the chance that they
        win as a logistic model of the board puts it (EVAL_WEIGHTS)."""
        over = state.vars.get("over")
        if over:
            w = over.get("winner")
            return 0.0 if w is None else (1.0 if w == player else -1.0)
        mover = int(state.vars.get("ap", player))
        z = EVAL_BIAS
        for p, weights in ((mover, EVAL_MOVER), (other(mover), EVAL_OTHER)):
            z += sum(w * f for w, f in zip(weights, _features(state, self.pool, p),
                                             strict=True))
        z = max(-30.0, min(30.0, z))
        win = 1.0 / (1.0 + math.exp(-z))
        return 2.0 * (win if mover == player else 1.0 - win) - 1.0

    def determinize(
        self,
        view: Mapping[str, Any],
        my_list: Sequence[str],
        known_lists: Sequence[Sequence[str]],
        rng: random.Random,
    ) -> State:
        """A full State consistent with the view: hidden cards drawn from what each
        deck list still holds (traps from the trap cards among them)."""
        r = Reader(view, self.pool)
        me = r.me
        opp_list = _likely_list(r, known_lists)

        def draw(zone: str, pool: list[str]) -> str | None:
            if not zone.endswith("traps"):
                return None
            traps = [i for i, c in enumerate(pool) if self.pool[c].kind == "trap"]
            return pool.pop(traps[-1]) if traps else _any_trap(self.pool)

        return sample_state(
            view, {me: list(my_list), other(me): opp_list}, rng,
            opp_list or list(my_list) or [next(iter(self.pool))],
            first=lambda zone: zone.endswith("traps"),  # traps pick first
            draw=draw,
        )


# A logistic model of "the player whose turn starts wins", fitted on the positions at
# the start of each turn of heuristic-against-heuristic games (the playouts' policy):
# weights for the mover's features and for the other side's (`_features`, in order).
# It names the winner of 80 % of such positions held out of the fit; the sum of Monsters,
# HP and cards it replaced, 74 % (docs/ai.md; benchmarks/fit_pso_eval.py gives these
# weights to within 0.001).
EVAL_BIAS = -0.7334
EVAL_MOVER = (-0.3525, 2.0226, 0.3095, 0.8744, 0.2331, 0.082, 1.7314, 0.4201)
EVAL_OTHER = (0.4042, -2.4366, -0.7267, -0.8424, -0.1642, 0.2364, -0.745, -0.1893)


def _features(state: State, pool: CardPool, p: int) -> tuple[float, ...]:
    """One side's board for the evaluation: Monsters, their HP left (in hundreds), the
    characters' HP left, the attack of all creatures (ATP, or MST when higher), cards
    in hand, the weakest Monster's HP left, a main character in play, creatures."""
    mons = board.monsters(state, p)
    hm = hc = atk = 0
    weakest: int | None = None
    n = 0
    for u in board.creatures(state, p):
        n += 1
        d = pool[state.cards[u].cid]
        names = ("hp", "atp") if d.mst is None else ("hp", "atp", "mst")
        now = board.current(state, pool, u, names)
        left = max(now["hp"] - int(state.cards[u].f.get("dmg", 0)), 0)
        atk += max(now["atp"], now.get("mst", 0))
        if u in mons:
            hm += left
            weakest = left if weakest is None else min(weakest, left)
        else:
            hc += left
    hand = len(state.zones.get(zkey(p, "hand"), ()))
    lead = 1.0 if board.lead(state, p) is not None else 0.0
    return (float(len(mons)), hm / 100, hc / 100, atk / 100, float(hand),
            (weakest or 0) / 100, lead, float(n))


def _hit_value(r: Reader, target: Mapping[str, Any], dmg: float) -> float:
    """What `dmg` expected damage on a foe is worth: the share of the HP it has left,
    a destroyed card more, a monster most (the victory condition)."""
    uid = target["uid"]
    left = max(r.left(uid), 1) if "hp" in target else 999
    is_monster = r.zone_of.get(uid, "").endswith("monsters")
    score = 100 * min(dmg, left) / left
    if dmg >= left:
        score += 100 if is_monster else 30
    return score + (20 if is_monster and dmg > 0 else 0)


def _option_values(decision: Decision) -> list[tuple[int, int]]:
    """(source, value) of a prefer decision's options, from their labels' numbers."""
    out = []
    for o in decision.options:
        parts = o.label.split()
        try:
            out.append((o.data[3], int(parts[1])))
        except (IndexError, ValueError):
            continue
    return out


def _tags_wanted(d: CardDef | None) -> tuple[str, ...]:
    if d is None:
        return ()
    tags = []
    if d.power is not None and d.power.area:
        tags.append(d.power.area)
    if d.ability_area:
        tags.append(d.ability_area)
    return tuple(tags)


def _blow(key: str, r: Reader, actor: int, eff: Effect | None, spell: bool,
          mons: Sequence[Mapping[str, Any]], cost: int = 0,
          user: Mapping[str, Any] | None = None) -> plan.Blow | None:
    """An action as the plan sees it: its damage on each Monster; None when it deals
    none to any, or aims at something else (allies, the fallen)."""
    if eff is None or eff.damage is None or eff.target not in ("foe", "any", "foes",
                                                                "foe_monsters"):
        return None
    user = user if user is not None else r.cards.get(actor)
    damage = tuple(dealt(eff, user, m, spell) for m in mons)
    if not any(damage):
        return None
    return plan.Blow(key, actor, damage, tuple(lands(eff, m) for m in mons),
                     every=not eff.chosen, cost=cost)


def _user(r: Reader, act: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """Whose numbers an action adds: the acting creature, or the main character for a
    card from the hand."""
    if act.get("how") in ("attack", "ability", "cast"):
        return r.cards.get(act.get("card", -1))
    return _lead(r) if act.get("how") in ("spell", "weapon", "item") else None


def _lead(r: Reader) -> Mapping[str, Any] | None:
    z = r.zone(r.me, "lead")
    return z[0] if z else None


def _any_trap(pool: CardPool) -> str:
    return next(c.id for c in pool.cards() if c.kind == "trap")


def _likely_list(r: Reader, known_lists: Sequence[Sequence[str]]) -> list[str]:
    """The opponent's likely deck list: the known list that best matches what they showed."""
    opp = other(r.me)
    seen = [c["cid"] for c in r.cards.values() if c.get("owner") == opp]
    return likely_list(seen, known_lists, next(iter(r.pool)), size=40)
