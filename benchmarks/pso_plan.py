"""The PSO combat plan against the one-action rules, without search: two heuristic
players, one of them with the search player's combat plan (rulesets/pso/plan.py).

    python benchmarks/pso_plan.py [--games 800] [--seed 5000]

The built-in PSO decks in rotation, the planning side in seat 1 and seat 2 by turns.
Prints the planning side's wins, how often whoever went first won, and how many games
each side ended on the first turn when it went first (every opposing Monster destroyed
before the other side could act).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.engine.game import Game  # noqa: E402
from pmtui.engine.views import LazyView  # noqa: E402
from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args()
    rs = ruleset("pso")
    decks = [load_deck(n, rs) for n in builtin_decks(rs)]
    won = first_won = 0
    firsts = {True: 0, False: 0}  # by whether the planning side went first
    wipes = {True: 0, False: 0}
    for g in range(args.games):
        pair = (decks[g % 4], decks[(g // 4) % 4])
        header = make_header(rs, pair, args.seed + g, [{"name": "a"}, {"name": "b"}], "bench")
        game = Game(rs, header, hashing=False)
        planner = g % 2
        players = [rs.make_strategy(g * 2 + p, searching=p == planner) for p in (0, 1)]
        first = None
        while (d := game.pending()) is not None:
            if first is None and game.state.vars.get("turn"):
                first = game.state.vars.get("ap")
            game.act(players[d.player].choose(LazyView(rs, game.state, d.player), d))
        winner = (game.over or {}).get("winner")
        won += winner == planner
        first_won += winner == first
        firsts[first == planner] += 1
        wipes[first == planner] += game.state.vars.get("turn") == 1
    print(f"{args.games} games: the planning side won {won}; whoever went first won "
          f"{first_won}; games over on the first turn: planning side first "
          f"{wipes[True]} of {firsts[True]}, one-action side first {wipes[False]} of "
          f"{firsts[False]}")


if __name__ == "__main__":
    main()
