"""A search player: flat Monte Carlo over its options with determinization.

For each legal option it samples hidden cards consistent with its view (never
the real hidden state), applies the option, plays on with the rules-of-thumb
policy until the next turn is over, and scores the result. The option with the
best average wins. A level sets the time budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any

from pmtui.engine import chance
from pmtui.engine.context import Context, GameOver
from pmtui.engine.decision import CHANCE, Decision
from pmtui.engine.ruleset import Ruleset, Strategy
from pmtui.engine.state import State
from pmtui.engine.views import LazyView

# seconds of thinking per searched decision, by level: the thread's processor time, so
# a busy machine does not make a weaker player, within WALL_CAP times that on the clock
# so that the table stays responsive
LEVELS = {"easy": 0.05, "normal": 0.25, "hard": 1.0}
WALL_CAP = 4.0


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
        return self.rs.make_strategy(self._seed + 1, searching=True)

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
        prior = policy.choose(view, decision)  # the rules of thumb's own choice
        scores: dict[str, list[float]] = {t: [] for t in texts}
        spent = Budget(self.budget)
        # Each round plays every option from the same sampled hidden cards with the same
        # random numbers (common random numbers): the options are compared on equal
        # luck, so a difference in their scores comes from the option, not from the draw.
        # The first round is played whole; then the budget stops the search at once.
        for rnd in range(400):
            seed = self.rng.randrange(2**31)
            sample = policy.determinize(view, my_list, self.public_lists, random.Random(seed))
            for i, text in enumerate(texts):
                state = sample if i == len(texts) - 1 else sample.copy()
                scores[text].append(self.rollout(state, text, decision.player, seed))
                if rnd and spent.over():
                    break
            if spent.over():
                break
        z = policy.search_confidence
        return better_than(prior, scores, z) if z > 0 else best_average(prior, scores)

    def rollout(self, state: State, text: str, me: int, seed: int) -> float:
        """Apply `text` to `state` and play on with the policy: the result for `me`, in
        [-1, 1] (also the replay analysis's, pmtui/table/analysis.py)."""
        rs = self.rs
        luck = Luck(seed)
        end_turn = state.vars.get("turn", 0) + self.policy.search_turns
        decision = rs.decision(state)
        steps = 0
        try:
            while decision is not None:
                ctx = Context(state, seed + steps, rs.end_check, end_vars=rs.end_vars)
                try:
                    if decision.player == CHANCE:  # a die: one outcome, sampled by weight
                        chance.resolve(rs, ctx, decision, chance.sample(decision,
                                                                        luck.of(decision)))
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
                if state.vars.get("turn", 0) >= end_turn or steps > 250:
                    break
                decision = rs.decision(state)
        except (KeyError, IndexError, ValueError, AssertionError, RuntimeError):
            return 0.0  # a sample the rules could not follow: no opinion
        return self.policy.evaluate(state, me)


class Luck:
    """A round's random numbers, one stream per kind of chance: the n-th roll of the same
    chance (the same outcomes: an evasion roll of the same card) draws the same number
    in every option's playout, whatever came before it. Options that make the same rolls
    in another order (two attackers, swapped) then meet the same luck, and the
    comparison sees the difference the option makes, not the order of the dice."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seen: dict[str, int] = {}

    def of(self, decision: Decision) -> random.Random:
        key = f"{decision.kind}|{'|'.join(decision.texts)}"
        n = self.seen[key] = self.seen.get(key, 0) + 1
        return random.Random(f"{self.seed}|{key}|{n}")


class Budget:
    """Thinking time: `seconds` of this thread's processor time, or WALL_CAP times that
    on the clock, whichever runs out first."""

    def __init__(self, seconds: float) -> None:
        now = time.perf_counter()
        self.cpu: Callable[[], float]
        try:
            self.cpu = time.thread_time
            start = self.cpu()
        except (AttributeError, OSError):
            # A platform without a per-thread processor clock (missing, or failing when
            # read): the budget is counted on the clock instead, so a decision still ends.
            self.cpu, start = time.perf_counter, now
        self.cpu_end = start + seconds
        self.wall_end = now + WALL_CAP * seconds
        # Reading the processor time can cost far more than reading the clock (half a
        # millisecond on some virtual machines), and a thread cannot use more of it than
        # the clock shows pass: so it is read only once the clock says it may be spent.
        self.next_read = now + seconds

    def over(self) -> bool:
        now = time.perf_counter()
        if now > self.wall_end:
            return True
        if now < self.next_read:
            return False
        left = self.cpu_end - self.cpu()
        self.next_read = now + left
        return left <= 0


def best_average(prior: str, scores: Mapping[str, Sequence[float]]) -> str:
    """The option with the best average score; `prior` breaks ties and earns a little."""
    return max(scores, key=lambda t: sum(scores[t]) / len(scores[t]) + (0.02 if t == prior
                                                                         else 0.0))


def better_than(prior: str, scores: Mapping[str, Sequence[float]], z: float) -> str:
    """`prior` unless another option beat it clearly: the largest mean gain over the
    rounds both played (each round one sample for all options) that stands more than
    `z` standard errors above zero. With too few rounds to tell, the prior stays."""
    base = scores[prior]
    best, best_gain = prior, 0.0
    for text, values in scores.items():
        diffs = [a - b for a, b in zip(values, base, strict=False)]
        n = len(diffs)
        if text == prior or n < 3:
            continue
        mean = sum(diffs) / n
        if mean <= best_gain:
            continue
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > z * math.sqrt(var / n):
            best, best_gain = text, mean
    return best
