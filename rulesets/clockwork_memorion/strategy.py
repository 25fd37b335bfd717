"""Rules of thumb for computer players, a position's score, and determinization.

The heuristic reads only the player's view and the option texts: it summons the
strongest successor it may, inherits Power and keywords onto its best attacker, uses
counter-gaining abilities, deifies when it can, attacks where no blocker of the other
side would survive its Power or the Ruler is open, blocks to save Life when a blocker
survives or Life runs low, and passes windows unless a recall adds Power to its own
attacker.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pmtui.engine.decision import Decision
from pmtui.engine.sampling import likely_list
from pmtui.engine.state import Card, State

from .board import (
    START_LIFE,
    counters,
    deified,
    in_play,
    keywords,
    life,
    mind,
    power,
    ruler,
    successors,
    zone,
)
from .cards import Pool

if TYPE_CHECKING:
    from .ruleset import ClockworkMemorion


# a card id to fill a hidden place with once a list runs out (a plain memorion)
FILLER = "CWM-012"


def _uid(word: str) -> int | None:
    _, sep, num = word.partition("@")
    return int(num) if sep and num.isdigit() else None


class Rules:
    # Not Main Phase I: its 30 or so options (every recall, move and inherit) got about
    # two playouts each in a normal budget, never enough to overturn `choose` (docs/ai.md)
    searched_kinds = frozenset({"battle", "block"})
    search_confidence = 1.0
    search_turns = 1

    def __init__(self, rs: ClockworkMemorion, seed: int = 0) -> None:
        self.rs = rs
        self.pool = rs.pool
        self.rng = random.Random(seed)

    # -- reading the view --------------------------------------------------------------

    def _cards(self, view: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
        out = {}
        for z in view["zones"].values():
            if isinstance(z, list):
                for c in z:
                    if c.get("uid") is not None:
                        out[int(c["uid"])] = c
        return out

    def _row(self, view: Mapping[str, Any], p: int) -> list[Mapping[str, Any]]:
        z = view["zones"].get(f"{p}/succ")
        return list(z) if isinstance(z, list) else []

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        texts = decision.texts
        me = int(view["player"])
        cards = self._cards(view)
        kind = decision.kind
        by: dict[str, list[str]] = {}
        for t in texts:
            by.setdefault(t.split()[0], []).append(t)

        def stat(u: int | None, key: str) -> int:
            c = cards.get(u) if u is not None else None
            if c is None:
                return 0
            if key in c:
                return int(c[key])
            d = self.pool.get(c["cid"])
            return int(getattr(d, key, 0))

        if kind == "limit":
            return texts[0]
        if kind == "redraw":  # send back memorions beyond two, keep successors
            mems = [t for t in by.get("return", [])
                    if self.pool.get(t.split()[1].partition("@")[0]).kind in ("memorion", "king")]
            returned = int(decision.prompt.split("(")[1].split()[0]) if "(" in decision.prompt \
                else 0
            return mems[0] if len(mems) > 2 and returned < 2 else "keep"
        if kind == "discard":
            return min(texts, key=lambda t: self._worth(t.split()[1]))
        if kind == "put":  # the looked-at card it would most like to draw, first
            return max(texts, key=lambda t: self._worth(t.split()[1]))
        if kind == "assign":  # all onto the first blocker that can be destroyed
            u = _uid(texts[0].split()[1])
            need = stat(u, "mind")
            fits = [t for t in texts if int(t.split()[2]) >= need]
            return fits[0] if fits else texts[-1]
        if kind == "pick":
            return self._pick(view, decision, cards, me)
        if kind == "block":
            return self._block(view, decision, cards, me)
        if kind in ("respond", "recall_time"):
            return self._respond(texts, cards, me)
        for verb in ("deify",):
            if verb in by:
                return by[verb][0]
        if "summon" in by:
            best = max(by["summon"], key=lambda t: (stat(_uid(t.split()[1]), "level"),
                                                     stat(_uid(t.split()[1]), "power"),
                                                     -int(t.split()[2][1:])))
            u = _uid(best.split()[1])
            z = int(best.split()[2][1:])
            # not onto a successor of ours unless the newcomer is stronger
            row = {int(c.get("z", 0)): c for c in self._row(view, me)}
            old = row.get(z)
            if old is None or stat(int(old["uid"]), "power") < stat(u, "power"):
                return best
            empty = [t for t in by["summon"] if int(t.split()[2][1:]) not in row]
            if empty:
                return max(empty, key=lambda t: stat(_uid(t.split()[1]), "power"))
        uses = [t for t in by.get("use", []) if self._use_good(t, cards)]
        if uses:
            return uses[0]
        if "inherit" in by:
            best = max(by["inherit"], key=lambda t: self._inherit_worth(t, cards))
            if self._inherit_worth(best, cards) > 0:  # never a weakening word on our own
                return best
        if "attack" in by:
            good = [t for t in by["attack"] if self._attack_good(view, t, cards, me)]
            if good:
                return max(good, key=lambda t: stat(_uid(t.split()[1]), "power"))
        for verb in ("battle", "main2", "end", "pass"):
            if verb in by:
                return by[verb][0]
        return self.rng.choice(texts)

    def _worth(self, word: str) -> int:
        c = self.pool.get(word.partition("@")[0])
        return c.level * 100 + c.power if c.kind == "successor" else 150

    def _use_good(self, text: str, cards: Mapping[int, Mapping[str, Any]]) -> bool:
        u = _uid(text.split()[1])
        c = cards.get(u) if u is not None else None
        if c is None:
            return False
        d = self.pool.get(c["cid"])
        n = int(text.split()[2]) - 1
        abil = (d.deified if c.get("deified") else d.abilities)
        if n >= len(abil):
            return False
        ab = abil[n]
        if ab.do == "gain":
            return d.kind == "ruler"
        return ab.do in ("damage", "blind_discard", "search_mem")

    def _inherit_worth(self, text: str, cards: Mapping[int, Mapping[str, Any]]) -> int:
        w = text.split()
        m = self.pool.get(w[1].partition("@")[0])
        h = cards.get(_uid(w[2]) or -1) or {}
        score = 0 if len(w) == 3 and m.kind == "memorion" else 100
        if m.kind == "king":
            score += 150
        if m.genre == "power" and m.word.startswith("-"):
            score -= 200
        return score + int(h.get("power", 0))

    def _attack_good(self, view: Mapping[str, Any], text: str,
                     cards: Mapping[int, Mapping[str, Any]], me: int) -> bool:
        u = _uid(text.split()[1])
        att = cards.get(u) if u is not None else None
        if att is None:
            return False
        if self._rampage_hurts(view, att, me):
            return False
        theirs = [c for c in self._row(view, 1 - me) if not c.get("act")]
        if not theirs:
            return True
        pw, md = int(att.get("power", 0)), int(att.get("mind", 0))
        strongest = max(int(c.get("power", 0)) for c in theirs)
        return pw >= strongest or md > strongest

    def _rampage_hurts(self, view: Mapping[str, Any], card: Mapping[str, Any],
                       me: int) -> bool:
        """Rampage would destroy one of our own neighbours (M26)."""
        if "rampage" not in card.get("keywords", ()):
            return False
        z = int(card.get("z", 0))
        return any(abs(int(c.get("z", 0)) - z) == 1 and int(c.get("mind", 0)) <= 200
                   for c in self._row(view, me))

    def _block(self, view: Mapping[str, Any], decision: Decision,
               cards: Mapping[int, Mapping[str, Any]], me: int) -> str:
        att = cards.get(int(decision.info.get("card", -1)))
        pw = int(att.get("power", 0)) if att else 0
        my_life = int((view["vars"].get("life") or [START_LIFE] * 2)[me])
        best, score = "block none", 0.0
        for t in decision.texts[1:]:
            group = [cards.get(_uid(w) or -1) or {} for w in t.split()[1:]]
            if len(group) > 2 or any(self._rampage_hurts(view, c, me) for c in group):
                continue
            mind = sum(int(c.get("mind", 0)) for c in group)
            back = sum(int(c.get("power", 0)) for c in group)
            kill = att is not None and back >= int(att.get("mind", 0))
            survive = mind > pw and len(group) == 1
            s = (2.0 if kill else 0) + (1.0 if survive else 0) - 0.5 * len(group)
            if pw >= my_life:
                s += 5
            elif my_life - pw < 800:
                s += 1.0
            if s > score:
                best, score = t, s
        return best

    def _respond(self, texts: list[str], cards: Mapping[int, Mapping[str, Any]],
                 me: int) -> str:
        for t in texts:
            w = t.split()
            if w[0] == "recall" and len(w) >= 6 and w[-1] == "add":
                m = self.pool.get(w[1].partition("@")[0])
                tgt = cards.get(_uid(w[2]) or -1) or {}
                if m.genre == "power" and not m.word.startswith("-") and \
                        int(tgt.get("owner", -1)) == me and tgt.get("kind") == "successor":
                    return t
                if m.genre == "power" and m.word.startswith("-") and \
                        int(tgt.get("owner", me)) != me:
                    return t
        return "pass" if "pass" in texts else texts[-1]

    def _pick(self, view: Mapping[str, Any], decision: Decision,
              cards: Mapping[int, Mapping[str, Any]], me: int) -> str:
        """Damage: the strongest of theirs it destroys, else their strongest; a discard
        from our own hand: the least worth; otherwise theirs before ours."""
        amount = 0
        src = cards.get(int(decision.info.get("card", -1)))
        if src is not None and "damage" in decision.prompt:
            d = self.pool.get(src["cid"])
            abil = d.deified if src.get("deified") else d.abilities
            amount = max((int(w.lstrip("+")) for a in abil for sl in a.slots
                          if a.do.startswith("damage") and sl.genre == "power"
                          for w in sl.words if w.lstrip("+").isdigit()), default=100)
        best: tuple[float, str] | None = None
        for t in decision.texts:
            u = _uid(t.split()[1])
            c = cards.get(u) if u is not None else None
            if c is None:
                score = 0.0  # a blind pick by position
            else:
                mine = int(c.get("owner", -1)) == me
                pw = int(c.get("power", 0))
                if "discard" in decision.prompt:
                    score = -self._worth(c["cid"]) if mine else 0
                elif "damage" in decision.prompt:
                    kills = int(c.get("mind", 0)) <= amount
                    score = (-1 if mine else 1) * (pw + (1000 if kills else 0) + 1)
                else:
                    score = (-1 if mine else 1) * (pw + 1)
            if best is None or score > best[0]:
                best = (score, t)
        return best[1] if best else decision.texts[0]

    # -- the search's leaf score ------------------------------------------------------------

    def evaluate(self, state: State, player: int) -> float:
        """A position's worth for `player`, in [-1, 1]: 2P - 1, P the chance that they
        win as a logistic model of both sides' boards puts it (EVAL_BIAS, EVAL_MOVER,
        EVAL_OTHER; fitted on heuristic games by benchmarks/fit_cm_eval.py)."""
        over = state.vars.get("over")
        if over:
            w = over.get("winner")
            return 0.0 if w is None else (1.0 if w == player else -1.0)
        mover = int(state.vars.get("ap", player))
        z = EVAL_BIAS
        for p, weights in ((mover, EVAL_MOVER), (1 - mover, EVAL_OTHER)):
            z += sum(w * f for w, f in zip(weights, features(state, self.pool, p),
                                             strict=True))
        win = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
        return 2.0 * (win if mover == player else 1.0 - win) - 1.0

    # -- determinization ------------------------------------------------------------------

    def determinize(self, view: Mapping[str, Any], my_list: Sequence[str],
                    known_lists: Sequence[Sequence[str]], rng: random.Random) -> State:
        """A full state consistent with `view`: the cards it names keep their numbers;
        hidden ones (decks, the other hand) get what their owner's list still holds, the
        other side's list being the public one that holds most of the cards it showed."""
        zones = view["zones"]
        me = int(view["player"])
        total = sum(len(z) if isinstance(z, list) else int(z) for z in zones.values())
        named = {int(c["uid"]) for z in zones.values() if isinstance(z, list)
                 for c in z if c.get("uid") is not None}
        free = [u for u in range(total) if u not in named]
        rng.shuffle(free)
        shown = [str(c["cid"]) for z in zones.values() if isinstance(z, list) for c in z
                 if c.get("uid") is not None and int(c["owner"]) != me]
        other = likely_list(shown, known_lists, FILLER, size=30) if known_lists \
            else my_list
        pools = {me: Counter(my_list), 1 - me: Counter(other)}
        for z in zones.values():
            for c in z if isinstance(z, list) else ():
                if c.get("uid") is not None and pools[int(c["owner"])][c["cid"]] > 0:
                    pools[int(c["owner"])][c["cid"]] -= 1

        def draw(owner: int) -> str:
            left = sorted(pools[owner].elements())
            cid = rng.choice(left) if left else FILLER
            pools[owner][cid] -= 1
            return cid

        state = State()
        cards: dict[int, Card] = {}
        for key, z in zones.items():
            seat = int(key.partition("/")[0]) if key.partition("/")[0].isdigit() else 0
            entries = z if isinstance(z, list) else [None] * int(z)
            state.zones[key] = []
            for c in entries:
                if c is not None and c.get("uid") is not None:
                    uid, cid, owner = int(c["uid"]), str(c["cid"]), int(c["owner"])
                    flags = {k: val for k, val in c.items() if k in _FLAGS}
                else:
                    uid, owner = free.pop(), seat
                    cid, flags = draw(owner), {}
                cards[uid] = Card(uid, cid, owner, key, flags)
                state.zones[key].append(uid)
        state.cards = [cards[u] for u in range(total)]
        state.vars = dict(view["vars"])
        return state


_FLAGS = frozenset({"z", "act", "dei", "dmg", "pp", "mp", "mu", "eu", "host", "slot", "face",
                    "rev", "doom"})


# The evaluation's logistic model of "the player whose turn it is wins", one weight per
# feature of each side (features()), fitted on heuristic-against-heuristic games at the
# start of every turn, where the search's playouts stop: python benchmarks/fit_cm_eval.py
EVAL_BIAS = 0.0491
EVAL_MOVER = (0.2994, 0.0857, 0.0963, 0.0068, 0.0857, 0.0068, 0.3129, 0.4212, 1.4713, 0.0899,
              -0.0237, 0.0988)
EVAL_OTHER = (-0.3738, -0.2621, -0.0798, 0.0868, 0.2880, -0.2263, -0.2381, -0.3088, -0.9226,
              -0.1531, 0.0121, -0.0387)


def features(state: State, pool: Pool, p: int) -> tuple[float, ...]:
    """One side's position for the evaluation: Life (in hundreds); its successors, their
    Power and Mind (hundreds); those in Stand, and their Mind (who can still block the
    coming turn: attackers stay in Action through the other's turn); cards in hand;
    memory counters; a deified Ruler; memorions memorised; keywords held; the deck."""
    row = [u for u in successors(state, p) if in_play(state, u)]
    stand = [u for u in row if not state.cards[u].f.get("act")]
    r = ruler(state, p)
    return (
        life(state, p) / 100,
        float(len(row)),
        sum(power(state, pool, u) for u in row) / 100,
        sum(mind(state, pool, u) for u in row) / 100,
        float(len(stand)),
        sum(mind(state, pool, u) for u in stand) / 100,
        float(len(zone(state, p, "hand"))),
        float(counters(state, p)),
        1.0 if r is not None and deified(state, r) else 0.0,
        float(len(zone(state, p, "mem"))),
        float(sum(len(keywords(state, pool, u)) for u in row)),
        float(len(zone(state, p, "deck"))),
    )
