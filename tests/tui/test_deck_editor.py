"""The deck editor screen (docs/decks.md): a legal deck built by keys in every game,
saved and played; undo, delete with a confirmation, start from a built-in deck, and a
file that cannot be read kept as it is."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from textual.widgets import TextArea

from pmtui.cli import main
from pmtui.engine.ruleset import DeckList
from pmtui.table.deck_editor import DeckEditor, open_deck
from pmtui.table.decks import DeckStore, DeckStoreError, same_cards
from pmtui.table.registry import ruleset
from pmtui.tui.screens.deck_editor import DeckEditorApp, DeckEditorScreen

# one built-in deck a game (its shortest format), rebuilt card by card
TARGETS = {"precious_memories": "starlit_overture", "pso": "verdant_patrol_quick",
           "sengoku_yugi": "moon_shore_ultimate"}


def _screen(app: DeckEditorApp) -> DeckEditorScreen:
    screen = app.screen
    assert isinstance(screen, DeckEditorScreen)
    return screen


async def _type(pilot, text: str) -> None:  # noqa: ANN001
    for ch in text:
        await pilot.press(ch if ch != " " else "space")


async def _paste_box(pilot, app: DeckEditorApp) -> TextArea:  # noqa: ANN001
    """The deck list paste box, opened by its key (i)."""
    await pilot.press("i")
    await pilot.pause()
    return app.screen.query_one(TextArea)


@pytest.mark.slow  # some 300 keys a game through the screen: half a minute each
@pytest.mark.parametrize("rid", sorted(TARGETS))
async def test_a_legal_deck_is_built_by_keys_saved_and_played(
    rid: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    rs = ruleset(rid)
    target = rs.load_deck(TARGETS[rid])
    store = DeckStore(rs)
    app = DeckEditorApp(DeckEditor(rs, store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        assert not screen.editor.verdict().startswith("legal")
        for part in rs.deck_parts:
            for cid, n in Counter(target.part(part)).items():
                await pilot.press("slash")
                await _type(pilot, cid)
                await pilot.press("enter")  # back to the list, the card under the cursor
                assert screen.query_one("#cards").highlighted.value == cid
                for _ in range(n):
                    if rs.deck_slot(cid).part == part:
                        await pilot.press("plus")
                    else:  # a part the game would not choose by itself: ask for it
                        await pilot.press("p")
                        for _ in range(rs.deck_parts.index(part)):
                            await pilot.press("down")
                        await pilot.press("enter")
        await pilot.pause()
        assert screen.editor.problems() == []
        assert screen.editor.verdict().startswith(f"legal for {rs.name}")
        assert "legal for" in str(screen.query_one("#verdict").render())
        await pilot.press("a")
        await _type(pilot, "By keys")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.editor.name == "By keys" and not screen.editor.modified
        await pilot.press("q")
    saved = store.load("by keys")
    assert same_cards(saved, target, rs.deck_parts) and rs.validate_deck(saved) == []
    assert main(["simulate", "--game", rid, "--games", "1", "--jobs", "1", "--deck",
                 "By keys", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0


async def test_copies_come_and_go_with_undo_and_limits_shown(tmp_path: Path) -> None:
    rs = ruleset("precious_memories")
    app = DeckEditorApp(DeckEditor(rs, DeckStore(rs, tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        cid = screen.query_one("#cards").highlighted.value
        for _ in range(5):
            await pilot.press("plus")
        assert screen.editor.count(cid) == 5
        assert any("5 copies" in p for p in screen.editor.problems())
        label = screen.query_one("#cards").highlighted.label.plain
        assert label.startswith("5/4 ")  # the copies limit beside the count
        await pilot.press("minus")
        await pilot.press("u")
        assert screen.editor.count(cid) == 5
        await pilot.press("u", "u")
        assert screen.editor.count(cid) == 3
        await pilot.press("tab")  # to the deck: - takes from the focused row
        await pilot.press("minus")
        assert screen.editor.count(cid) == 2
        await pilot.press("d")  # the card in full
        await pilot.pause()
        sheet = str(app.screen.query_one("#card-body").render())
        assert rs.cards[cid].name in sheet and f"{cid}@" not in sheet and cid in sheet


async def test_start_from_a_built_in_deck_then_delete_with_confirmation(
    tmp_path: Path,
) -> None:
    rs = ruleset("sengoku_yugi")
    store = DeckStore(rs, tmp_path)
    app = DeckEditorApp(DeckEditor(rs, store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.press("b")
        names = rs.builtin_decks()
        for _ in range(names.index("mist_valley_standard")):
            await pilot.press("down")
        await pilot.press("enter")
        assert same_cards(screen.editor.deck(), rs.load_deck("mist_valley_standard"),
                          rs.deck_parts)
        assert screen.editor.verdict() == "legal for SENGOKU YUGI, Standard mode"
        await pilot.press("a")
        await _type(pilot, "valley")
        await pilot.press("enter")
        assert store.names() == ["valley"]
        await pilot.press("x")  # asks first; the first answer keeps it
        await pilot.press("enter")
        assert store.names() == ["valley"]
        await pilot.press("x", "down", "enter")
        assert store.names() == [] and screen.editor.name is None


async def test_a_file_that_cannot_be_read_is_kept(tmp_path: Path) -> None:
    rs = ruleset("pso")
    store = DeckStore(rs, tmp_path)
    broken = store.folder / "mine.toml"
    broken.parent.mkdir(parents=True)
    broken.write_text('name = "mine"\nlead = [\n', encoding="utf-8")
    with pytest.raises(DeckStoreError):
        open_deck(rs, store, "mine")
    app = DeckEditorApp(DeckEditor(rs, store, rs.load_deck("ember_vault")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await _type(pilot, "mine")
        await pilot.press("enter")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any("the file is kept" in n and "\n" not in n for n in notes)
    assert broken.read_text(encoding="utf-8") == 'name = "mine"\nlead = [\n'


def test_deck_edit_of_a_missing_or_broken_deck_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["deck", "edit", "--game", "pso", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope.toml" in err


@pytest.mark.parametrize("rid", sorted(TARGETS))
def test_the_summary_counts_every_card_by_the_rulesets_fields(rid: str, tmp_path: Path) -> None:
    rs = ruleset(rid)
    deck = rs.load_deck(TARGETS[rid])
    summary = DeckEditor(rs, DeckStore(rs, tmp_path), deck).summary()
    kind = {"precious_memories": "type", "pso": "type", "sengoku_yugi": "kind"}[rid]
    kinds = Counter(str(getattr(rs.cards[c], kind)) for c in deck.cards)
    assert dict(summary.kinds) == dict(kinds)
    assert summary.curve_name == rs.deck_summary.curve
    values = [v for v, _ in summary.curve]
    assert values == sorted(values) and sum(n for _, n in summary.curve) <= len(deck.cards)


def test_a_pso_deck_being_built_may_have_no_main_character_yet(tmp_path: Path) -> None:
    """The deck check, not the file, says a main character is missing ("Deck Limits")."""
    rs = ruleset("pso")
    path = DeckStore(rs, tmp_path).save(DeckList("x", {"main": ("HAL-020",)}), "x")
    assert "lead" in path.read_text(encoding="utf-8")
    deck = rs.load_deck(str(path))
    assert deck.part("lead") == ()
    assert rs.validate_deck(deck) == ["a deck sets aside exactly one main character, not 0"]


async def test_a_pasted_list_is_read_and_the_list_copied_out(tmp_path: Path) -> None:

    from pmtui.table.decklist import export_list

    rs = ruleset("pso")
    target = rs.load_deck("ember_vault_quick")
    app = DeckEditorApp(DeckEditor(rs, DeckStore(rs, tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        (await _paste_box(pilot, app)).load_text("# main\n2 Nobody Here\n")
        await pilot.press("ctrl+s")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any(n.startswith('line 2: no card "Nobody Here"') for n in notes)
        assert screen.editor.deck().cards == ()  # nothing changed
        (await _paste_box(pilot, app)).load_text("\n".join(export_list(rs, target)))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert same_cards(screen.editor.deck(), target, rs.deck_parts)
        assert screen.editor.problems() == []
        copied: list[str] = []
        app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
        await pilot.press("e")
        await pilot.pause()
        assert copied == ["\n".join(export_list(rs, target))]
        assert "# lead" in str(app.screen.query_one("#card-body").render())


async def test_a_huge_paste_is_refused_in_one_line(tmp_path: Path) -> None:
    from textual import events

    rs = ruleset("precious_memories")
    app = DeckEditorApp(DeckEditor(rs, DeckStore(rs, tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        area = await _paste_box(pilot, app)
        area.post_message(events.Paste("4 STA-001\n" * (1024 * 1024)))  # 10 MB
        await pilot.pause()
        assert area.text == ""
        notes = [n.message for n in app._notifications]
        assert any("at most 64 KB" in n and "\n" not in n for n in notes)
        area.post_message(events.Paste("4 STA-001\n"))  # a small one is taken
        await pilot.pause()
        assert "4 STA-001" in area.text and len(area.text) < 100


async def test_a_pasted_list_taken_back_and_given_again(tmp_path: Path) -> None:
    """ctrl+z after pasting a long list, then ctrl+y: Textual redrew the scrollbars with
    the cursor on a line the undo had removed (ValueError; random keys over SSH found
    it)."""
    from textual import events

    rs = ruleset("precious_memories")
    app = DeckEditorApp(DeckEditor(rs, DeckStore(rs, tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        area = await _paste_box(pilot, app)
        await _type(pilot, "# main")
        area.history.checkpoint()
        pasted = "\n" + "\n".join(["4 STA-001"] * 30)
        app.post_message(events.Paste(pasted))  # as the terminal gives it
        await pilot.pause()
        assert area.document.line_count == 31 and area.cursor_location[0] == 30
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert area.text == "# main" and area.cursor_location == (0, 6)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert area.text == "# main" + pasted and area.cursor_location[0] == 30
        assert app.screen.query_one(TextArea) is area  # the paste box still up


async def test_save_rename_and_leaving_with_changes(tmp_path: Path) -> None:
    rs = ruleset("pso")
    store = DeckStore(rs, tmp_path)
    store.save(rs.load_deck("ember_vault_quick"), "vault")
    app = DeckEditorApp(open_deck(rs, store, "Vault"))  # found case aside
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        assert screen.editor.name == "vault" and not screen.editor.modified
        await pilot.press("plus")
        await pilot.press("s")  # saved under its own name, no question
        assert len(store.load("vault").part("main")) == 41
        await pilot.press("r")
        for _ in range(len("vault")):
            await pilot.press("backspace")
        await _type(pilot, "Deep vault")
        await pilot.press("enter")
        assert store.names() == ["Deep vault"] and screen.editor.name == "Deep vault"
        await pilot.press("minus")
        await pilot.press("q")  # changes not saved: asked again, not left
        assert app.is_running and isinstance(app.screen, DeckEditorScreen)
        await pilot.press("q")
    assert len(store.load("deep vault").part("main")) == 41  # the change was not saved


async def test_two_enters_read_at_once_in_the_name_box_close_only_the_box(
        tmp_path: Path) -> None:
    """Keys read in one go (a paste, a burst over SSH) reach the box before it has
    gone: the second enter once dismissed it again, which popped the editor (in the
    lobby: its last screen, which ended the session)."""
    from textual import events

    rs = ruleset("pso")
    store = DeckStore(rs, tmp_path)
    app = DeckEditorApp(open_deck(rs, store, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        await pilot.press("a")  # save as: the name box
        await _type(pilot, "burst")
        for _ in range(2):
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, DeckEditorScreen)
        assert store.names() == ["burst"]


@pytest.mark.parametrize("action", ["paste", "save_as", "editor"])
async def test_a_screen_closed_before_it_is_up_raises_nothing(
        action: str, tmp_path: Path) -> None:
    """The paste or name box, or an editor, closed before it has been mounted (keys
    read in one go: the random keys found it): its mount once looked for its widgets,
    already gone (NoMatches, a notice of an internal error)."""
    rs = ruleset("pso")
    store = DeckStore(rs, tmp_path)
    app = DeckEditorApp(open_deck(rs, store, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if action == "editor":  # as the lobby opens one
            app.push_screen(DeckEditorScreen(open_deck(rs, store, None)))
        else:
            getattr(_screen(app), f"action_{action}")()
        app.screen.dismiss(None)
        for _ in range(3):
            await pilot.pause()
        assert not [n.message for n in app._notifications if "internal" in n.message]
        # (a second editor took the first's place: one of each kind, tui/stack.py)
        assert isinstance(app.screen, DeckEditorScreen) == (action != "editor")


async def test_a_scroll_key_on_a_sheet_already_closed_raises_nothing(tmp_path: Path) -> None:
    """A down key read in one go with the one that closed a card sheet reaches the sheet
    after its widgets have gone: it once looked for its scrolling part (NoMatches)."""
    from pmtui.tui.screens.info import CardScreen

    rs = ruleset("pso")
    app = DeckEditorApp(open_deck(rs, DeckStore(rs, tmp_path), None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")  # the deck as a list, on a sheet
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, CardScreen)
        await pilot.press("escape")
        for _ in range(3):
            await pilot.pause()
        sheet.action_scroll(1)  # as a key still queued for it would
