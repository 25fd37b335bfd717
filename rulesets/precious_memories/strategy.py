"""Rules of thumb for Precious Memories, used by the heuristic computer player.

Everything here reads a player VIEW (pmtui.engine.views) and the public card
definitions: never the hidden state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.decision import Decision, Option
from pmtui.engine.sampling import likely_list, sample_state
from pmtui.engine.state import State

from .tables import Tables


def _uid(text: str, word: int = 1) -> int | None:
    """The card number of the `word`-th token "CID@n" of an option text."""
    parts = text.split()
    if len(parts) <= word or "@" not in parts[word]:
        return None
    return int(parts[word].rsplit("@", 1)[1])


class ViewReader:
    """Convenient questions about one player's view."""

    def __init__(self, view: Mapping[str, Any], t: Tables) -> None:
        self.view = view
        self.t = t
        self.me = view["player"]
        self.vars = view["vars"]
        self.cards: dict[int, dict[str, Any]] = {}
        for key, cards in view["zones"].items():
            if isinstance(cards, list):
                for c in cards:
                    self.cards[c["uid"]] = dict(c, zone=key)

    def zone(self, player: int, name: str) -> list[dict[str, Any]] | int:
        return self.view["zones"].get(f"{player}/{name}", [])

    def count(self, player: int, name: str) -> int:
        z = self.zone(player, name)
        return z if isinstance(z, int) else len(z)

    def defn(self, uid: int | None) -> Any:
        if uid is None or uid not in self.cards:
            return None
        return self.t.defs[self.cards[uid]["cid"]]

    def stats(self, uid: int) -> tuple[int, int]:
        c = self.cards[uid]
        d = self.t.defs[c["cid"]]
        bonus = 10 * (c.get("level", 1) - 1 + c.get("coins", 0))
        ap = (d.ap or 0) + bonus + sum(m[0] for m in c.get("mods", ()))
        dp = (d.dp or 0) + bonus + sum(m[1] for m in c.get("mods", ()))
        return max(ap, 0), max(dp, 0)

    def main(self, player: int) -> list[int]:
        z = self.zone(player, "main")
        return [c["uid"] for c in z] if isinstance(z, list) else []


# decisions that are worth a search; the others follow the rules of thumb
SEARCHED = frozenset({"priority", "approach", "interfere", "respond", "redraw", "eliminate",
                      "target"})


class Strategy:
    """The computer players' knowledge of Precious Memories (pmtui.engine.ruleset.Strategy)."""

    searched_kinds = SEARCHED
    search_confidence = 0.0  # the best average wins
    search_turns = 2  # playouts to the end of the next turn
    # the analysis's chances through sigmoid(a · logit(p) + b) (pmtui/engine/calibration.py):
    # fitted 2026-12-02 on 200 heuristic games (docs/ai.md, "Calibration"):
    #   calibrate_analysis.py --game precious_memories --games 200 --seed 1 --per-seat 4
    #   --level normal --points P; fit_calibration.py P. The playouts are
    #   timid: a game already leaning one way still scores near even.
    chance_calibration = (3.681, 0.115)

    def __init__(self, t: Tables, seed: int = 0) -> None:
        self.t = t
        self.rng = random.Random(seed)
        self._inferred: tuple[object, object, list[str]] | None = None

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(state, self.t, player)

    def determinize(
        self,
        view: Mapping[str, Any],
        my_list: Sequence[str],
        known_lists: Sequence[Sequence[str]],
        rng: random.Random,
    ) -> State:
        # a search samples many states from one view: infer the opponent's list once
        cached = self._inferred
        if cached is None or cached[0] is not view or cached[1] is not known_lists:
            cached = (view, known_lists, infer_opponent_list(ViewReader(view, self.t),
                                                             known_lists))
            self._inferred = cached
        return determinize(view, self.t, list(my_list), cached[2], rng)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        opts = decision.options
        if len(opts) == 1:
            return opts[0].text
        r = ViewReader(view, self.t)
        kind = decision.kind
        fn = getattr(self, f"_{kind}", None)
        if fn is not None:
            choice = fn(r, decision)
            if choice is not None:
                return choice
        return self._best(r, opts)

    # -- scoring --------------------------------------------------------------------------

    def card_value(self, r: ViewReader, uid: int) -> float:
        """How much a card in hand is worth keeping."""
        d = r.defn(uid)
        if d is None:
            return 0.0
        if d.type == "chara" and d.has_apdp:
            return (d.ap + d.dp) / 10 - d.cost * 0.5 + 2
        if d.type == "event":
            return 2.0 + len(self.t.effects[d.id])
        return 1.5

    def _best(self, r: ViewReader, opts: tuple[Option, ...]) -> str:
        scored = [(self._score(r, o), self.rng.random(), o.text) for o in opts]
        return max(scored)[2]

    def _score(self, r: ViewReader, o: Option) -> float:
        verb = o.text.split()[0]
        if verb == "summon":
            d = r.defn(_uid(o.text))
            if d is None:
                return 0.0
            area = o.text.split()[2]
            if area == "main" and d.has_apdp:
                value = (d.ap + d.dp) / 10 + 5
                if "replace" in o.text:
                    old = _uid(o.text, 4)
                    oa, od = r.stats(old) if old in r.cards else (0, 0)
                    value -= (oa + od) / 10 + 4
                return value
            return 1.0 if not d.has_apdp else -1.0
        if verb == "levelup":
            return 7.0
        if verb == "support":
            return 4.0
        if verb == "event":
            return 3.0 + self.rng.random()
        if verb in ("use", "backup"):
            return 3.5
        if verb == "pass":
            return 0.5
        return 0.0

    # -- decisions ----------------------------------------------------------------------------

    def _order(self, r: ViewReader, d: Decision) -> str:
        return "first"  # going first: an extra turn of summons

    def _triggers(self, r: ViewReader, d: Decision) -> str:
        return d.options[0].text

    def _redraw(self, r: ViewReader, d: Decision) -> str:
        hand = r.zone(r.me, "hand")
        cheap = sum(
            1
            for c in (hand if isinstance(hand, list) else [])
            if self.t.defs[c["cid"]].type == "chara" and self.t.defs[c["cid"]].cost <= 2
        )
        return "keep" if cheap >= 3 else "redraw"

    def _bottom(self, r: ViewReader, d: Decision) -> str:
        return d.options[0].text

    def _priority(self, r: ViewReader, d: Decision) -> str | None:
        return self._best(r, d.options)

    def _pay(self, r: ViewReader, d: Decision) -> str:
        info = d.info
        if info.get("ok"):
            return "done"
        card = r.defn(info.get("card"))
        paid = [r.defn(u) for u in info.get("paid", ())]
        need_match = card is not None and not any(
            p is not None and (p.colour == card.colour or self.t.series.same(p.series, card.series))
            for p in paid
        )
        best: tuple[float, str] | None = None
        for o in d.options:
            if not o.text.startswith("pay "):
                continue
            uid = _uid(o.text)
            pd = r.defn(uid)
            if pd is None:
                continue
            in_points = r.cards[uid]["zone"].endswith("/points")
            # spend points before hand cards; prefer big providers and least useful cards
            score = pd.provides * 2 + (6 if in_points else -self.card_value(r, uid))
            if need_match and card is not None:
                if pd.colour == card.colour or self.t.series.same(pd.series, card.series):
                    score += 20
            if best is None or score > best[0]:
                best = (score, o.text)
        return best[1] if best else "done" if "done" in d.texts else "cancel"

    def _approach(self, r: ViewReader, d: Decision) -> str:
        opp = 1 - r.me
        blockers = [u for u in r.main(opp) if not r.cards[u].get("rest")]
        best: tuple[float, str] | None = None
        for o in d.options:
            if o.text == "stop":
                continue
            uid = _uid(o.text)
            ap, dp = r.stats(uid)
            if " with " in o.text:
                ap += r.stats(_uid(o.text, 3))[0]
            # an approach is good when blockers cannot kill it cheaply
            risk = sum(1 for b in blockers if r.stats(b)[0] >= dp)
            score = ap / 10 - risk * 2 + 3
            if best is None or score > best[0]:
                best = (score, o.text)
        if best is None or best[0] < 0:
            return "stop"
        return best[1]

    def _interfere(self, r: ViewReader, d: Decision) -> str:
        appr = r.vars.get("appr") or {}
        attackers = [u for u in (appr.get("a"), appr.get("b")) if u is not None and u in r.cards]
        a_ap = sum(r.stats(u)[0] for u in attackers)
        a_dp = min((r.stats(u)[1] for u in attackers), default=0)
        points = r.count(r.me, "points")
        best: tuple[float, str] | None = None
        for o in d.options:
            if not o.text.startswith("interfere"):
                continue
            uid = _uid(o.text)
            ap, dp = r.stats(uid)
            survives = dp > a_ap
            kills = ap >= a_dp
            score = (3 if survives else -2) + (3 if kills else 0) + points * 0.8
            if best is None or score > best[0]:
                best = (score, o.text)
        if best is not None and (best[0] > 1 or points >= 5):
            return best[1]
        return "no-interference"

    def _discard(self, r: ViewReader, d: Decision) -> str:
        return min((self.card_value(r, _uid(o.text) or -1), o.text) for o in d.options)[1]

    def _respond(self, r: ViewReader, d: Decision) -> str:
        chain = r.vars.get("chain") or []
        top = chain[-1] if chain else {}
        if top.get("by") != r.me and top.get("kind") in ("event", "use"):
            for o in d.options:
                if o.text != "pass":
                    return o.text
        return "pass"

    def _target(self, r: ViewReader, d: Decision) -> str:
        best: tuple[float, str] | None = None
        for o in d.options:
            uid = _uid(o.text)
            if uid is None or uid not in r.cards:
                continue
            ap, dp = r.stats(uid) if r.defn(uid) and r.defn(uid).type == "chara" else (0, 0)
            mine = r.cards[uid].get("owner") == r.me
            score = (ap + dp) if not mine else (ap + dp) / 2
            if best is None or score > best[0]:
                best = (score, o.text)
        return best[1] if best else d.options[0].text

    def _pick(self, r: ViewReader, d: Decision) -> str:
        return d.options[0].text

    def _eliminate(self, r: ViewReader, d: Decision) -> str:
        return max((r.stats(_uid(o.text) or -1)[0], o.text) for o in d.options)[1]

    def _cost(self, r: ViewReader, d: Decision) -> str:
        return d.options[0].text


# -- search support: sampling hidden cards and judging positions -----------------------------


def infer_opponent_list(r: ViewReader, known_lists: Sequence[Sequence[str]]) -> list[str]:
    """The opponent's likely deck list: the public deck list that best matches
    the cards they have shown, else the shown cards themselves repeated."""
    seen = [c["cid"] for c in r.cards.values() if c.get("owner") == 1 - r.me]
    return likely_list(seen, known_lists, next(iter(r.t.defs)))


def determinize(
    view: Mapping[str, Any], t: Tables, my_list: list[str], opp_list: list[str], rng: random.Random
) -> State:
    """A full State consistent with the view: hidden cards are drawn from what
    each player's deck list still holds."""
    me = int(view["player"])
    return sample_state(view, {me: my_list, 1 - me: opp_list}, rng, opp_list or my_list)


def evaluate(state: State, t: Tables, player: int) -> float:
    """A position's worth for `player`, in [-1, 1]."""
    over = state.vars.get("over")
    if over:
        w = over.get("winner")
        return 0.0 if w is None else (1.0 if w == player else -1.0)
    from .effects import stats

    def side(p: int) -> float:
        z = state.zones
        points = len(z.get(f"{p}/points", ()))
        deck = len(z.get(f"{p}/deck", ()))
        board = sum(sum(stats(state, t, u)) for u in z.get(f"{p}/main", ())) / 40
        hand = len(z.get(f"{p}/hand", ()))
        return board + hand * 0.4 - points * 1.5 - (3 if deck < 6 else 0)

    diff = side(player) - side(1 - player)
    return max(-0.95, min(0.95, diff / 20))
