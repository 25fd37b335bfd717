"""The settings screen (key o): a change applies at once and is written to tui.toml
(atomically), and the file read again gives it back; a bad entry in the file leaves
the defaults with a one-line notice each."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pmtui.table.registry import ruleset
from pmtui.table.session import HUMAN, new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.display import set_depth
from pmtui.tui.keys import load_config
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.settings import SettingsScreen
from pmtui.tui.widgets.picklist import PickList

from .helpers import Scripted, settle
from .test_stops import _my_passes, _to_my_main

GAME = "precious_memories"


def _app(path: Path) -> PmApp:
    header, _ = new_game_header(3, vs="computer", level="random")
    table = new_table(header, [HUMAN, Scripted()])
    return PmApp(table, config=load_config(path), threaded=False)


async def _open(pilot, app: PmApp) -> SettingsScreen:  # noqa: ANN001
    await pilot.press("o")
    await settle(pilot, app)
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


async def _to_item(pilot, screen: SettingsScreen, value: str) -> None:  # noqa: ANN001
    """Move the highlight (by key presses) to the item `value`."""
    pick = screen.query_one(PickList)
    target = [i.value for i in pick.items].index(value)
    while pick.index < target:
        await pilot.press("down")
    while pick.index > target:
        await pilot.press("up")
    assert pick.highlighted is not None and pick.highlighted.value == value


async def test_a_stop_changed_applies_at_once_and_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "tui.toml"
    path.write_text('[keys]\nsummon = "S"  # kept\n[options]\nwatch = []\n', encoding="utf-8")
    app = _app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_my_main(pilot, app)
        turn = app.table.view_for(0)["vars"]["turn"]
        before = len(_my_passes(app))
        screen = await _open(pilot, app)
        labels = [i.label.plain for i in screen.query_one(PickList).items]
        # the game's own stops and watches, with its words
        assert "Stop in: the other player's Main Phase" in labels
        assert "Summary after: a point goes to a Point Zone" in labels
        await _to_item(pilot, screen, "stop:own_main")
        await pilot.press("space")  # off: your own Main Phase passes for you
        assert "own_main" not in (app.config.stops or ())
        assert "Saved to" in str(screen.query_one("#hint").render())
        await pilot.press("escape")
        await settle(pilot, app)
        # it took effect: the Main Phase the player was in was passed for them
        assert len(_my_passes(app)) > before or app.table.view_for(0)["vars"]["turn"] > turn
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["keys"] == {"summon": "S"}  # the rest of the file stays
    assert data["games"][GAME]["stops"] == ["approach", "opponent_main", "respond"]
    assert not list(tmp_path.glob("*.tmp"))  # written beside it, then renamed over it
    again = load_config(path).check(ruleset().screen, GAME)
    assert again.stops == frozenset({"approach", "opponent_main", "respond"})
    assert again.problems == []


async def test_colours_and_summaries_are_set_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "tui.toml"
    app = _app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # the first prompt (turn order) closes; the board
        await settle(pilot, app)
        assert isinstance(app.screen, GameScreen)
        screen = await _open(pilot, app)
        await _to_item(pilot, screen, "theme")
        await pilot.press("space")
        assert app.theme == "textual-light" and app.current_theme.dark is False
        await _to_item(pilot, screen, "depth")
        await pilot.press("space", "space", "space")  # auto -> 24-bit -> 256 -> 16
        assert app.config.depth == "16"
        await _to_item(pilot, screen, "watch:turn")
        await pilot.press("enter")
        assert "turn" not in (app.config.watch or ())
        await _to_item(pilot, screen, "always_ask")
        await pilot.press("space")
        assert app.always_ask
        await pilot.press("o")  # closes too
        await settle(pilot, app)
        assert not isinstance(app.screen, SettingsScreen)
    cfg = load_config(path).check(ruleset().screen, GAME)
    assert (cfg.theme, cfg.depth, cfg.always_ask) == ("light", "16", True)
    again = _app(path)  # the depth applies from the next start, before the first frame
    assert again.console.color_system == "standard"  # Rich's public name for 16 colours
    assert cfg.watch == frozenset({"points", "leaves"}) and cfg.problems == []
    # another game keeps its own stops and watches: these names are not its
    other = load_config(path).check(ruleset("pso").screen, "pso")
    assert other.problems == [] and "turn" in (other.watch or ())


async def test_a_bad_entry_leaves_the_defaults_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "tui.toml"
    path.write_text('[options]\nalways_ask = "yes"\ntheme = "pink"\ndepth = 99\n'
                    'stops = ["lunch"]\ncolour = "red"\n', encoding="utf-8")
    app = _app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        notices = [n.message for n in app._notifications]
        for word in ("options.always_ask", "options.theme", "options.depth",
                     "options.stops", "unknown option 'colour'"):
            line = next((n for n in notices if word in n), None)
            assert line is not None and "\n" not in line, word
        assert not app.always_ask and app.theme == "textual-dark"
        assert app.config.depth == "auto"
        assert app.config.stops == frozenset(s.name for s in app.spec.stops)


def test_the_depth_is_set_in_one_place_and_read_through_rich_s_public_api() -> None:
    """Rich's Console has no setter for its colour depth; the one write is
    `display.set_depth`, every read is `Console.color_system` (it used to be read
    through the private attribute in three places)."""
    import pmtui

    root = Path(pmtui.__file__).parent
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if "._color_system" in p.read_text(encoding="utf-8"))
    assert users == ["tui/display.py"]


@pytest.mark.parametrize(("asked", "terminal", "drawn"), [
    ("16", "truecolor", "standard"),  # the player chose fewer: fewer
    ("truecolor", "256", "256"),  # the terminal shows fewer: never more than it shows
    ("256", "256", "256"),
    ("auto", "standard", "standard"),  # no choice: what the terminal shows
    ("256", None, "256"),  # a terminal that says nothing: the settings
])
def test_over_ssh_the_lower_of_the_settings_and_the_terminal_wins(
        tmp_path: Path, asked: str, terminal: str | None, drawn: str) -> None:
    """docs/ssh.md "Sessions": the server sets the table's depth with the terminal's
    as the most (pmtui/net/server.py, the same call as here)."""
    path = tmp_path / "tui.toml"
    path.write_text(f'[options]\ndepth = "{asked}"\n', encoding="utf-8")
    app = _app(path)
    set_depth(app.console, app.asked_depth, terminal)
    assert app.console.color_system == drawn


def test_a_bad_game_entry_is_named_where_it_is(tmp_path: Path) -> None:
    """A bad stop or watch under [games.ID] is reported as games.ID.stops, not as
    options.stops (which the file may not even have), in one line."""
    path = tmp_path / "tui.toml"
    path.write_text('[options]\nstops = ["own_main"]\n\n[games.pso]\nstops = ["lunch"]\n'
                    'watch = ["tea"]\n', encoding="utf-8")
    cfg = load_config(path).check(ruleset("pso").screen, "pso")
    assert [p.split(": ", 1)[1].split(" must")[0] for p in cfg.problems] == \
        ["games.pso.stops", "games.pso.watch"]
    assert all("\n" not in p for p in cfg.problems)
    # the same names under [options] are still reported as options
    cfg = load_config(path).check(ruleset().screen, "precious_memories")
    assert cfg.problems == [] and cfg.stops == frozenset({"own_main"})
    path.write_text('[options]\nstops = ["lunch"]\n', encoding="utf-8")
    cfg = load_config(path).check(ruleset("pso").screen, "pso")
    assert [p.split(": ", 1)[1].split(" must")[0] for p in cfg.problems] == ["options.stops"]


def test_a_file_that_cannot_be_read_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "tui.toml"
    path.write_text("not [toml", encoding="utf-8")
    cfg = load_config(path)
    assert cfg.file is None and len(cfg.problems) == 1


def test_the_file_written_reads_back_as_it_was() -> None:
    """Whatever the file held (keys with odd names, quotes, other games' tables) is
    written back as TOML that reads the same, with the new options in it."""
    from pmtui.tui.keys import TuiConfig, config_text

    raw = {"keys": {"pass": 'p,"space"', "odd key": "ü\\x", "del": "a\x7fb\x1b"},
           "games": {"pso": {"stops": ["own_turn"], "n": 3, "f": 0.5,
                             "list": [{"a": 1}, {}]}}}
    cfg = TuiConfig(stops=frozenset({"respond"}), watch=frozenset(), theme="light",
                    game=GAME, raw=raw)
    data = tomllib.loads(config_text(cfg))
    assert data["keys"] == raw["keys"]
    assert data["games"]["pso"] == raw["games"]["pso"]
    assert data["games"][GAME] == {"stops": ["respond"], "watch": []}
    assert data["options"] == {"always_ask": False, "theme": "light", "depth": "auto"}


def test_no_game_gives_the_settings_key_to_a_verb() -> None:
    from pmtui.table.registry import known
    from pmtui.tui.keys import GAME_BINDINGS

    key = next(b.key for b in GAME_BINDINGS if b.id == "settings")
    for game in known():
        assert key not in {v.key for v in ruleset(game).screen.verbs}, game
