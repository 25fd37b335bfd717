"""The help's keys page says what each key does: SENGOKU YUGI's "act" verb (an ACT
ability, key c) once shared its binding id with the table's enter key, so enter's line
read "use an ACT ability" and remapping `act` moved both keys; the verb's id is now
`verb_act` (docs/tui.md, "Keys")."""

from __future__ import annotations

from rich.console import Console

from pmtui.engine.game import Game
from pmtui.table.registry import ruleset
from pmtui.table.session import LocalTable, new_game_header
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import HelpScreen

from .helpers import settle


def _app(keymap: dict[str, str] | None = None) -> PmApp:
    header, seats = new_game_header(1, vs="computer", game="sengoku_yugi")
    return PmApp(LocalTable(Game(ruleset("sengoku_yugi"), header), seats), threaded=False,
                 config=TuiConfig(keymap=dict(keymap or {})))


async def _help_text(pilot, app: PmApp) -> str:  # type: ignore[no-untyped-def]
    await settle(pilot, app)
    await pilot.press("question_mark")
    await settle(pilot, app)
    assert isinstance(app.screen, HelpScreen)
    console = Console(width=110, color_system=None)
    with console.capture() as out:
        for s in app.screen.query("Static"):
            console.print(s.content)
    return out.get()


async def test_enter_is_described_as_the_table_key_not_as_the_games_verb() -> None:
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        text = await _help_text(pilot, app)
        enter = next(x for x in text.splitlines() if x.lstrip().startswith("enter "))
        assert "act on the focused card" in enter, enter
        c = next(x for x in text.splitlines() if x.lstrip().startswith("c "))
        assert "ACT ability" in c, c


async def test_remapping_enter_leaves_the_games_act_verb_on_its_own_key() -> None:
    app = _app({"act": "j", "verb_act": "z"})
    async with app.run_test(size=(120, 40)) as pilot:
        # the board's keys as Textual dispatches them (the keymap applied)
        board = {key: [b.action for b in group]
                 for node, keys in app.game_screen._binding_chain if node is app.game_screen
                 for key, group in keys.key_to_bindings.items()}
        assert board["j"] == ["act"] and board["z"] == ["verb('act')"]
        assert "enter" not in board and "c" not in board
        lines = (await _help_text(pilot, app)).splitlines()
        ability = next(x for x in lines if "ACT ability" in x)
        assert ability.split()[:1] == ["z"] and "verb_act" in ability, ability
        enter = next(x for x in lines if "act on the focused card" in x)
        assert enter.split()[:1] == ["j"], enter
