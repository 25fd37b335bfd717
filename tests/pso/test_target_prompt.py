"""A target prompt says what the target is for (docs/tui.md, "Prompts"): the
decision carries the card whose effect or attack it is (`info["card"]`,
docs/rulesets.md), and the table names it. It used to say only "Choose the target"."""

from __future__ import annotations

from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from tests.tui.helpers import settle

from .helpers import position_game, ref, side


async def test_the_target_prompt_names_the_card_it_is_for() -> None:
    g = position_game({"turn": 2, "tp": 0, "phase": "main", "players": [
        side(lead=["HAL-001"], monsters=["HAL-022"], hand=["HAL-056"]),
        side(monsters=["HAL-033", "HAL-020"])]})
    event = ref(g, "HAL-056")
    app = PmApp(LocalTable(g, [HUMAN, HUMAN]), config=TuiConfig(watch=frozenset()),
                threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.submit(f"event {event}")
        await settle(pilot, app)
        d = app.table.decision_for(0)
        assert d is not None and d.kind == "target"
        name = app.spec.card_name("HAL-056")
        # PSO aims on the board (g): the prompt line says it
        assert app.game_screen._prompt_text().plain.startswith(f"▶ {d.prompt} for {name}")
