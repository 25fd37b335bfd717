"""The cache of the parsed built-in card pool (rulesets/precious_memories/pool_cache.py):
a hit gives the same tables, any change to a card file is a miss, and a broken card
file still fails with its one-line error, at load time and through `pmtui play`."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.table import registry
from rulesets.precious_memories import cards, pool_cache
from rulesets.precious_memories.cards import CardError
from rulesets.precious_memories.tables import Tables

BROKEN = 'set = "Broken"\n[[card]]\nid = "BRK-001"\nname = "No Type"\n'


@pytest.fixture
def card_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the built-in card folder standing in for it, and an empty cache."""
    folder = tmp_path / "cards"
    shutil.copytree(Path(str(cards.data_dir())), folder)
    monkeypatch.setattr(cards, "data_dir", lambda: folder)
    monkeypatch.setenv("PMTUI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PMTUI_NO_CACHE", raising=False)
    registry.forget()
    yield folder
    registry.forget()  # the next test loads the real pool again


def count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    builds: list[int] = []
    real = Tables._build.__func__  # type: ignore[attr-defined]

    def build(cls: type[Tables], pool: cards.CardPool) -> Tables:
        builds.append(1)
        return real(cls, pool)

    monkeypatch.setattr(Tables, "_build", classmethod(build))
    return builds


def cache_file(tmp_path: Path) -> Path:
    return tmp_path / "cache" / pool_cache.FILE


def test_a_hit_gives_the_same_tables(card_dir: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    builds = count_builds(monkeypatch)
    first = Tables.load()
    assert cache_file(tmp_path).is_file() and builds == [1]
    again = Tables.load()
    assert builds == [1], "the second load must come from the cache"
    assert again.pool.digest == first.pool.digest
    assert again.defs == first.defs and again.effects == first.effects
    assert again.kw == first.kw and again.permanent == first.permanent
    assert again.series.canonical("x") == first.series.canonical("x")
    fresh = Tables._build(cards.load_pool())
    assert again.pool.digest == fresh.pool.digest and again.defs == fresh.defs


def test_a_changed_card_file_is_a_miss(card_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builds = count_builds(monkeypatch)
    before = Tables.load()
    path = card_dir / "starlit_academy.toml"
    text = path.read_text(encoding="utf-8")
    name = before.pool.get("STA-001").name
    path.write_text(text.replace(f'name = "{name}"', 'name = "Renamed"', 1), encoding="utf-8")
    after = Tables.load()
    assert builds == [1, 1]
    assert after.pool.get("STA-001").name == "Renamed"
    assert after.pool.digest != before.pool.digest
    assert Tables.load().pool.digest == after.pool.digest
    assert builds == [1, 1], "the changed files are cached in turn"


def test_a_broken_card_file_still_fails_in_one_line(card_dir: Path, tmp_path: Path) -> None:
    good = Tables.load()  # cached
    stored = cache_file(tmp_path).read_bytes()
    (card_dir / "zz_broken.toml").write_text(BROKEN, encoding="utf-8")
    for _ in range(2):  # and again: a failure is never cached
        with pytest.raises(CardError) as info:
            Tables.load()
        msg = str(info.value)
        assert "\n" not in msg
        assert msg.startswith("cards/precious_memories/zz_broken.toml: card BRK-001: field")
    assert cache_file(tmp_path).read_bytes() == stored
    (card_dir / "zz_broken.toml").unlink()
    assert Tables.load().pool.digest == good.pool.digest


def test_play_reports_a_broken_card_file(card_dir: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    Tables.load()  # a cache entry for the good files exists
    (card_dir / "zz_broken.toml").write_text(BROKEN, encoding="utf-8")
    code = main(["play", "--seed", "1", "--save", str(tmp_path / "g.jsonl")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith("pmtui: cards/precious_memories/zz_broken.toml: card BRK-001: field")


def test_a_corrupt_cache_is_rebuilt(card_dir: Path, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    builds = count_builds(monkeypatch)
    good = Tables.load()
    cache_file(tmp_path).write_bytes(b"not a pickle")
    assert Tables.load().pool.digest == good.pool.digest
    assert builds == [1, 1]
    assert Tables.load().pool.digest == good.pool.digest and builds == [1, 1]


def test_no_cache_when_turned_off(card_dir: Path, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PMTUI_NO_CACHE", "1")
    Tables.load()
    assert not (tmp_path / "cache").exists()


def test_an_unwritable_cache_dir_is_no_error(card_dir: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PMTUI_CACHE_DIR", str(blocker / "cache"))  # under a file
    assert len(Tables.load().pool) == len(Tables.load().pool) > 0


@pytest.mark.parametrize("argv", [["cards"], ["simulate", "--games", "1"]])
def test_other_commands_report_a_broken_card_file_in_one_line(
        card_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    (card_dir / "zz_broken.toml").write_text(BROKEN)
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "zz_broken.toml" in err
