"""A search player: flat Monte Carlo over its options with determinization.

For each legal option it samples hidden cards consistent with its view (never
the real hidden state), applies the option, plays on with the rules-of-thumb
policy until the next turn is over, and scores the result. The option with the
best average wins. A level sets the time budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from pmtui.engine import chance
from pmtui.engine.context import Context, GameOver
from pmtui.engine.decision import CHANCE, Decision
from pmtui.engine.ruleset import Ruleset, Strategy
from pmtui.engine.state import State
from pmtui.engine.views import LazyView

# seconds of thinking per searched decision, by level
LEVELS = {"easy": 0.05, "normal": 0.25, "hard": 1.0}


class SearchPlayer:
    name = "search"

    def __init__(
        self,
        seed: int = 0,
        ruleset: Ruleset | None = None,
        level: str = "normal",
        deck: Sequence[Sequence[str]] | None = None,  # its own deck's parts
        budget: float | None = None,
        **_: Any,
    ) -> None:
        if ruleset is None:
            raise ValueError("the search player needs the game's ruleset")
        self.rs: Ruleset = ruleset
        self.rng = random.Random(seed)
        self._seed = seed
        self.budget = budget if budget is not None else LEVELS.get(level, LEVELS["normal"])
        self.deck = deck

    # Made on first use, not here: the game screen builds this player before its first
    # frame, and the strategy module and four deck files are not needed until it moves.
    @cached_property
    def policy(self) -> Strategy:
        return self.rs.make_strategy(self._seed + 1)

    @cached_property
    def public_lists(self) -> list[list[str]]:
        """The built-in decks' shuffled parts: what an opponent's deck may be."""
        rs = self.rs
        main = rs.deck_parts[0]
        return [list(rs.load_deck(name).part(main)) for name in rs.builtin_decks()]

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        policy = self.policy
        if len(decision.options) == 1 or decision.kind not in policy.searched_kinds:
            return policy.choose(view, decision)
        my_list = list(self.deck[0]) if self.deck else self.public_lists[0]
        texts = decision.texts
        totals = {t: 0.0 for t in texts}
        counts = {t: 0 for t in texts}
        deadline = time.perf_counter() + self.budget
        i = 0
        while True:
            text = texts[i % len(texts)]
            i += 1
            state = policy.determinize(view, my_list, self.public_lists, self.rng)
            totals[text] += self._rollout(state, text, decision.player)
            counts[text] += 1
            if i >= len(texts) and time.perf_counter() > deadline:
                break
            if i > 400 * len(texts):
                break
        # the heuristic's own choice breaks ties and earns a small prior
        prior = self.policy.choose(view, decision)
        return max(texts, key=lambda t: totals[t] / max(counts[t], 1) + (0.02 if t == prior else 0))

    def _rollout(self, state: State, text: str, me: int) -> float:
        rs = self.rs
        seed = self.rng.randrange(2**31)
        start_turn = state.vars.get("turn", 0)
        decision = rs.decision(state)
        steps = 0
        try:
            while decision is not None:
                ctx = Context(state, seed + steps, rs.end_check)
                try:
                    if decision.player == CHANCE:  # a die: one outcome, sampled by weight
                        chance.resolve(rs, ctx, decision, chance.sample(decision, self.rng))
                    else:
                        if steps == 0:
                            choice = text
                        elif len(decision.options) == 1:  # most steps of a playout: no view
                            choice = decision.options[0].text
                        else:  # built only if the policy reads it
                            v = LazyView(rs, state, decision.player)
                            choice = self.policy.choose(v, decision)
                        option = decision.find(choice) or decision.options[0]
                        rs.apply(ctx, decision, option)
                except GameOver:
                    break
                steps += 1
                if state.vars.get("turn", 0) > start_turn + 1 or steps > 250:
                    break
                decision = rs.decision(state)
        except (KeyError, IndexError, ValueError, AssertionError, RuntimeError):
            return 0.0  # a sample the rules could not follow: no opinion
        return self.policy.evaluate(state, me)
