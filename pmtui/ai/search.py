"""A search player: flat Monte Carlo over its options with determinization.

For each legal option it samples hidden cards consistent with its view (never
the real hidden state), applies the option, plays on with the rules-of-thumb
policy until the next turn is over, and scores the result. The option with the
best average wins. A level sets the time budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from pmtui.engine.context import Context, GameOver
from pmtui.engine.decision import Decision
from pmtui.engine.views import view as make_view

# seconds of thinking per searched decision, by level
LEVELS = {"easy": 0.05, "normal": 0.25, "hard": 1.0}
# decisions that are worth a search; the others follow the rules of thumb
SEARCHED = {"priority", "approach", "interfere", "respond", "redraw", "eliminate", "target"}


class SearchPlayer:
    name = "search"

    def __init__(
        self,
        seed: int = 0,
        ruleset: Any = None,
        level: str = "normal",
        deck: tuple[list[str], list[str]] | None = None,
        budget: float | None = None,
        **_: Any,
    ) -> None:
        if ruleset is None:
            from pmtui.games import ruleset as default

            ruleset = default()
        self.rs = ruleset
        self.rng = random.Random(seed)
        self._seed = seed
        self.budget = budget if budget is not None else LEVELS.get(level, LEVELS["normal"])
        self.deck = deck

    # Made on first use, not here: the game screen builds this player before its first
    # frame, and the strategy module and four deck files are not needed until it moves.
    @cached_property
    def policy(self) -> Any:
        return self.rs.make_strategy(self._seed + 1)

    @cached_property
    def public_lists(self) -> list[list[str]]:
        from pmtui.games import builtin_decks, load_deck

        return [list(load_deck(name, self.rs).main) for name in builtin_decks()]

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        if len(decision.options) == 1 or decision.kind not in SEARCHED:
            return self.policy.choose(view, decision)
        from rulesets.precious_memories import strategy as pm

        r = pm.ViewReader(view, self.rs.t)
        my_list = list(self.deck[0]) if self.deck else self.public_lists[0]
        opp_list = pm.infer_opponent_list(r, self.public_lists)
        texts = decision.texts
        totals = {t: 0.0 for t in texts}
        counts = {t: 0 for t in texts}
        deadline = time.perf_counter() + self.budget
        i = 0
        while True:
            text = texts[i % len(texts)]
            i += 1
            state = pm.determinize(view, self.rs.t, my_list, opp_list, self.rng)
            totals[text] += self._rollout(state, text, decision.player)
            counts[text] += 1
            if i >= len(texts) and time.perf_counter() > deadline:
                break
            if i > 400 * len(texts):
                break
        # the heuristic's own choice breaks ties and earns a small prior
        prior = self.policy.choose(view, decision)
        return max(texts, key=lambda t: totals[t] / max(counts[t], 1) + (0.02 if t == prior else 0))

    def _rollout(self, state: Any, text: str, me: int) -> float:
        from rulesets.precious_memories import strategy as pm

        rs = self.rs
        seed = self.rng.randrange(2**31)
        start_turn = state.vars.get("turn", 0)
        decision = rs.decision(state)
        steps = 0
        try:
            while decision is not None:
                if steps == 0:
                    choice = text
                else:
                    v = make_view(rs, state, decision.player)
                    choice = self.policy.choose(v, decision)
                option = decision.find(choice) or decision.options[0]
                ctx = Context(state, seed + steps, rs.end_check)
                try:
                    rs.apply(ctx, decision, option)
                except GameOver:
                    break
                steps += 1
                if state.vars.get("turn", 0) > start_turn + 1 or steps > 250:
                    break
                decision = rs.decision(state)
        except (KeyError, IndexError, ValueError, AssertionError, RuntimeError):
            return 0.0  # a sample the rules could not follow: no opinion
        return pm.evaluate(state, rs.t, me)
