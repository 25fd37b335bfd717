"""Own decks as files: decks/<game>/NAME.toml under the user data directory, written
atomically and never over a file that cannot be read (docs/decks.md)."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from pmtui.cli import _own_deck_paths, main
from pmtui.engine.ruleset import DeckList
from pmtui.table.decks import (
    MAX_DECK_BYTES,
    DeckStore,
    DeckStoreError,
    check_name,
    decks_root,
    same_cards,
)
from pmtui.table.registry import known, ruleset


@pytest.fixture()
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize("rid", known())
def test_every_built_in_deck_saves_and_loads_back_the_same(rid: str, tmp_path: Path) -> None:
    rs = ruleset(rid)
    store = DeckStore(rs, tmp_path)
    for i, name in enumerate(rs.builtin_decks()):
        deck = rs.load_deck(name)
        path = store.save(deck, f"mine {i}")
        assert path == tmp_path / rid / f"mine {i}.toml"
        tomllib.loads(path.read_text(encoding="utf-8"))  # plain TOML a person can edit
        again = store.load(f"MINE {i}")  # names are found case aside
        assert again.name == f"mine {i}" and same_cards(deck, again, rs.deck_parts)
        assert rs.validate_deck(again) == rs.validate_deck(deck)
    assert store.names() == [f"mine {i}" for i in range(len(rs.builtin_decks()))]
    assert not list((tmp_path / rid).glob("*.tmp"))


def test_the_folder_is_under_the_user_data_directory(data_home: Path) -> None:
    assert decks_root() == data_home / "pmtui" / "decks"
    store = DeckStore(ruleset("pso"))
    assert store.folder == data_home / "pmtui" / "decks" / "pso"


def test_a_hand_written_file_loads(tmp_path: Path) -> None:
    rs = ruleset("precious_memories")
    folder = tmp_path / rs.id
    folder.mkdir()
    main_ids = "\n".join(f'"sta-{n:03d}" = 4  # lower case ids match' for n in range(1, 11))
    main_ids += "\n" + "\n".join(f'"STB-{n:03d}" = 4' for n in range(1, 5)) + '\n"STA-012" = 4'
    (folder / "by hand.toml").write_text(
        f'# my first deck\nname = "Written by hand"\n\n[main]\n{main_ids}\n', encoding="utf-8")
    store = DeckStore(rs, tmp_path)
    assert store.names() == ["by hand"]
    deck = store.load("by hand")
    assert deck.name == "Written by hand" and len(deck.part("main")) == 60
    assert rs.validate_deck(deck) == []


def test_a_file_that_cannot_be_read_is_never_written_over(tmp_path: Path) -> None:
    rs = ruleset("precious_memories")
    store = DeckStore(rs, tmp_path)
    broken = tmp_path / rs.id / "mine.toml"
    broken.parent.mkdir()
    broken.write_bytes(b"name = \"half a deck\n[main\n")
    deck = rs.load_deck(rs.builtin_decks()[0])
    with pytest.raises(DeckStoreError) as err:
        store.save(deck, "mine")
    assert "the file is kept" in str(err.value) and "\n" not in str(err.value)
    assert broken.read_bytes() == b"name = \"half a deck\n[main\n"
    with pytest.raises(DeckStoreError):
        store.rename("mine", "other")
    assert broken.exists() and not (tmp_path / rs.id / "other.toml").exists()


def test_a_deck_the_format_cannot_hold_is_not_written(tmp_path: Path) -> None:
    """A PSO deck file names one main character ("Deck Limits"): a deck setting two aside
    would lose one, so the write is refused and the old file stays."""
    rs = ruleset("pso")
    store = DeckStore(rs, tmp_path)
    deck = rs.load_deck("ember_vault")
    path = store.save(deck, "vault")
    before = path.read_bytes()
    two = replace(deck, parts={**deck.parts, "lead": (*deck.part("lead"), "HAL-004")})
    with pytest.raises(DeckStoreError, match="cannot be written"):
        store.save(two, "vault")
    assert path.read_bytes() == before and not list(path.parent.glob("*.tmp"))


@pytest.mark.parametrize("bad", ["", "  ", "a/b", "..\\up", "x\x1b[31m", "tab\there",
                                 ".hidden", "a:b", "x" * 65])
def test_names_are_bounded(bad: str) -> None:
    with pytest.raises(DeckStoreError) as err:
        check_name(bad)
    message = str(err.value)
    assert "\n" not in message and "\x1b" not in message and "\t" not in message


def test_names_may_hold_spaces_and_letters_of_any_script() -> None:
    assert check_name("  Kitsune no Yoru 狐 ") == "Kitsune no Yoru 狐"


def test_files_and_the_number_of_decks_are_bounded(tmp_path: Path) -> None:
    rs = ruleset("precious_memories")
    store = DeckStore(rs, tmp_path, max_decks=2)
    deck = rs.load_deck(rs.builtin_decks()[0])
    store.save(deck, "one")
    store.save(deck, "two")
    with pytest.raises(DeckStoreError, match="at most 2"):
        store.save(deck, "three")
    store.save(deck, "two")  # replacing one is fine
    huge = tmp_path / rs.id / "huge.toml"
    huge.write_bytes(b"#" * (MAX_DECK_BYTES + 1))
    with pytest.raises(DeckStoreError, match="at most 64 KB"):
        store.load("huge")


def test_built_in_names_are_kept_for_the_built_in_decks(tmp_path: Path) -> None:
    rs = ruleset("sengoku_yugi")
    name = rs.builtin_decks()[0]
    with pytest.raises(DeckStoreError, match="built-in"):
        DeckStore(rs, tmp_path).save(rs.load_deck(name), name)


def test_rename_and_delete(tmp_path: Path) -> None:
    rs = ruleset("sengoku_yugi")
    store = DeckStore(rs, tmp_path)
    deck = rs.load_deck("moon_shore_ultimate")
    store.save(deck, "shore")
    store.save(deck, "other")
    with pytest.raises(DeckStoreError, match="already"):
        store.rename("shore", "other")
    store.rename("shore", "Moon tide")
    assert store.names() == ["Moon tide", "other"]
    assert store.load("moon tide").name == "Moon tide"
    assert same_cards(store.load("Moon tide"), deck, rs.deck_parts)
    store.delete("other")
    assert store.names() == ["Moon tide"]
    with pytest.raises(DeckStoreError, match="no own"):
        store.delete("other")


def test_deck_list_marks_built_in_and_own_decks(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rs = ruleset("pso")
    store = DeckStore(rs)
    store.save(rs.load_deck("ember_vault_quick"), "Quick mine")
    bad = store.folder / "broken.toml"
    bad.write_text("name = 3\n", encoding="utf-8")
    assert main(["deck", "list", "--game", "pso"]) == 0
    out = capsys.readouterr().out
    assert "  ember_vault_quick        built-in  Quick format" in out
    assert "  Quick mine               own       legal" in out
    assert "  broken                   own       cannot be read: " in out


def test_simulate_and_play_find_an_own_deck_by_name(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rs = ruleset("sengoku_yugi")
    store = DeckStore(rs)
    path = store.save(rs.load_deck("mist_valley_standard"), "Valley")
    assert main(["simulate", "--game", "sengoku_yugi", "--games", "1", "--jobs", "1",
                 "--deck", "valley", "--opponent-deck", "moon_shore_standard", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0
    import argparse

    args = argparse.Namespace(game="sengoku_yugi", deck="Valley", opponent_deck=None)
    _own_deck_paths(args)
    assert args.deck == str(path)
    assert rs.load_deck(args.deck).name == "Valley"


def test_a_broken_own_deck_given_to_play_is_one_line(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = DeckStore(ruleset("precious_memories"))
    store.folder.mkdir(parents=True)
    (store.folder / "bad.toml").write_bytes(b"\x00" * 10)
    assert main(["simulate", "--games", "1", "--jobs", "1", "--deck", "bad"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pmtui: ")


def test_the_written_file_uses_the_games_own_format(tmp_path: Path) -> None:
    rs = ruleset("precious_memories")
    deck = DeckList("x", {"main": ("STA-001",) * 4 + ("STA-011a",), "ex": ("STA-017",)})
    data = tomllib.loads(DeckStore(rs, tmp_path).save(deck, "x").read_text(encoding="utf-8"))
    assert data == {"name": "x", "main": {"STA-001": 4, "STA-011a": 1}, "ex": {"STA-017": 1}}


def test_a_foreign_or_broken_deck_file_is_one_line(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PSO deck given to Precious Memories, a list given where a deck file is wanted,
    a name with a terminal escape: one line each, the files untouched."""
    from rulesets.pso.cards import data_dir

    data_home.mkdir(parents=True, exist_ok=True)
    foreign = data_home / "vault.toml"
    foreign.write_bytes(data_dir().joinpath("decks", "ember_vault.toml").read_bytes())
    listing = data_home / "list.toml"
    listing.write_text("# main\n4 STA-001\n", encoding="utf-8")
    for spec in (str(foreign), str(listing), "\x1b[2Jgone"):
        for command in (["deck", "export", spec], ["simulate", "--games", "1", "--jobs", "1",
                                                     "--deck", spec]):
            assert main(command) == 2, (command, spec)
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and "\x1b" not in err, err
    assert listing.read_text(encoding="utf-8") == "# main\n4 STA-001\n"


@pytest.mark.parametrize("rid", known())
def test_the_deck_members_of_the_contract_answer_for_every_card(rid: str) -> None:
    """deck_slot names one of the game's parts for every pool card; deck_summary names
    fields the game has (the curve's a number); deck_format_name is words or ""."""
    from pmtui.engine.cardquery import find_field

    rs = ruleset(rid)
    for cid in rs.cards:
        slot = rs.deck_slot(cid)
        assert slot.part in rs.deck_parts and (slot.copies is None or slot.copies >= 1)
    want = rs.deck_summary
    for name in (want.kind, want.colour, want.curve):
        find_field(rs.card_fields, name, rid)
    assert find_field(rs.card_fields, want.curve, rid).number
    for name in rs.builtin_decks():
        assert isinstance(rs.deck_format_name(rs.load_deck(name)), str)
