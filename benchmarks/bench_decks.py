"""What the deck editor spends on a change, and a deck list's round trip, per game.

    python benchmarks/bench_decks.py [--repeat 50]

For one built-in deck of each game: the editor screen at 80x24 redrawing after a
change (the ruleset's check, the summary and curve, both lists: `_draw`), the time
from a key (+ then -) until the app is idle again under Textual's test pilot, and
`export_list` then `import_list` of the deck. Prints milliseconds (means).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pmtui.table.deck_editor import DeckEditor  # noqa: E402
from pmtui.table.decklist import export_list, import_list  # noqa: E402
from pmtui.table.decks import DeckStore  # noqa: E402
from pmtui.table.registry import ruleset  # noqa: E402
from pmtui.tui.screens.deck_editor import DeckEditorApp  # noqa: E402

DECKS = (("precious_memories", "starlit_overture"), ("pso", "ember_vault"),
         ("sengoku_yugi", "moon_shore_ultimate"))


async def editor(rid: str, name: str, repeat: int) -> tuple[float, float]:
    rs = ruleset(rid)
    ed = DeckEditor(rs, DeckStore(rs, Path(tempfile.mkdtemp())), rs.load_deck(name))
    app = DeckEditorApp(ed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        t = time.perf_counter()
        for _ in range(repeat):
            screen._draw()
        draw = (time.perf_counter() - t) / repeat
        t = time.perf_counter()
        for _ in range(repeat // 2):
            await pilot.press("plus")
            await pilot.press("minus")
        key = (time.perf_counter() - t) / (2 * (repeat // 2))
    return draw, key


def round_trip(rid: str, name: str, repeat: int) -> float:
    rs = ruleset(rid)
    deck = rs.load_deck(name)
    t = time.perf_counter()
    for _ in range(repeat):
        import_list(rs, "\n".join(export_list(rs, deck)), name)
    return (time.perf_counter() - t) / repeat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    for rid, name in DECKS:
        draw, key = asyncio.run(editor(rid, name, args.repeat))
        trip = round_trip(rid, name, args.repeat)
        print(f"{rid:<18} redraw {draw * 1000:5.1f} ms · key to idle {key * 1000:6.1f} ms"
              f" · list out and in {trip * 1000:5.2f} ms ({name})")


if __name__ == "__main__":
    main()
