"""The palette (ctrl+p) lists each play once, in words no two of its entries share,
and none of Textual's own commands (theme, screenshot, quit, keys): the settings (o)
are the one place for colours."""

from __future__ import annotations

from textual.command import CommandPalette

from pmtui.table.sandbox.model import Sandbox

from .helpers import settle
from .test_chain import CHAIN, chain_app

# two copies of Shiori Nagisa (TWC-002) in hand, two Kanon Amagiri cards (STA-003,
# STA-020: one name, different cards) in the Main Area, in the Main Phase
TWINS = {**CHAIN, "p1": {**CHAIN["p1"], "main": ["STA-003", "STA-020"],
                         "hand": ["TWC-002", "TWC-002", "TWC-003"]}}


async def test_palette_entries_read_apart_and_hold_no_system_commands() -> None:
    app = chain_app(Sandbox.from_doc(TWINS).game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        texts = app.table.decision_for(0).texts
        summons = [t for t in texts if t.startswith("summon TWC-002@") and t.endswith(" main")]
        assert len(summons) == 2  # two options, one play
        labels = [label for _, label in app.legal_actions()]
        assert len(labels) == len(set(labels)), labels
        assert labels.count("Summon Shiori Nagisa to the Main Area") == 1
        assert not list(app.get_system_commands(app.screen))
        await pilot.press("ctrl+p")
        await settle(pilot, app)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("t", "h", "e", "m", "e")
        await settle(pilot, app)
        shown = " ".join(str(w.render()) for w in app.screen.query("CommandList"))
        assert "Theme" not in shown and "Screenshot" not in shown
