"""Export and replay check a save as they read it (issue 29, item 6).

`pmtui export` printed, and `pmtui replay` opened, saves that `pmtui verify` refuses (a
forged decision, a forged player, an unknown ruleset) as if they were the game played.
Now such a save is refused in one line, or shown only with `--unverified`, under a
warning that stays on screen.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main
from pmtui.engine.journal import SaveError
from pmtui.table.replay import ReplayModel

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "saves" / "starlit-vs-tidewater.jsonl"
Recs = list[dict[str, Any]]


def first_decision(recs: Recs, verb: str) -> dict[str, Any]:
    return next(r for r in recs if r.get("type") == "decision"
                and str(r.get("action", "")).startswith(verb))


def forge_action(recs: Recs) -> None:
    """The issue's forgery: an approach rewritten as a pass."""
    first_decision(recs, "approach")["action"] = "pass"


def forge_player(recs: Recs) -> None:
    rec = first_decision(recs, "approach")
    rec["player"] = 1 - rec["player"]


def forge_ruleset(recs: Recs) -> None:
    recs[0]["ruleset"] = "../../etc/passwd"


def forge_card(recs: Recs) -> None:
    recs[0]["decks"][0]["main"][0] = "LBK-007"


FORGERIES: dict[str, Callable[[Recs], None]] = {
    "action": forge_action, "player": forge_player, "ruleset": forge_ruleset,
    "card": forge_card,
}


def forged(tmp_path: Path, how: str) -> Path:
    recs = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    FORGERIES[how](recs)
    path = tmp_path / f"{how}.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("how", sorted(FORGERIES))
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_export_refuses_a_save_that_does_not_verify(
        tmp_path: Path, how: str, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = forged(tmp_path, how)
    assert main(["verify", str(path)]) == 1
    capsys.readouterr()
    assert main(["export", str(path), "--format", fmt]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and str(path) in err
    assert "it does not verify, so it is not shown; --unverified shows it anyway" in err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_export_unverified_shows_it_under_a_warning(
        tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = forged(tmp_path, "action")
    assert main(["export", str(path), "--format", fmt, "--unverified"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith(f"pmtui: warning: NOT VERIFIED: {path} line ")
    assert len(out.splitlines()) > 100
    if fmt == "text":
        assert out.startswith(f"# NOT VERIFIED: {path} line ")
    else:
        assert all(isinstance(json.loads(line), dict) for line in out.splitlines())


def test_a_good_save_exports_without_a_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(GOLDEN)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "NOT VERIFIED" not in out


@pytest.mark.parametrize("how", ["action", "player"])
def test_replay_refuses_a_forged_decision(tmp_path: Path, how: str) -> None:
    """The replay checked the hashes, which a decision's record does not carry: a forged
    decision opened as if played."""
    path = forged(tmp_path, how)
    with pytest.raises(SaveError, match="--unverified shows it anyway") as exc:
        ReplayModel.from_file(path)
    assert "\n" not in str(exc.value) and str(path) in str(exc.value)
    model = ReplayModel.from_file(path, unverified=True)
    assert model.unverified.startswith(f"NOT VERIFIED: {path} line ")
    assert ReplayModel.from_file(GOLDEN).unverified == ""


def test_pmtui_replay_refuses_it_in_one_line(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = forged(tmp_path, "action")
    assert main(["replay", str(path)]) == 2
    _, err = capsys.readouterr()
    assert len(err.splitlines()) == 1 and "--unverified shows it anyway" in err


async def test_the_unverified_warning_stays_on_the_replay_screen(tmp_path: Path) -> None:
    from pmtui.tui.replay import ReplayApp

    app = ReplayApp(ReplayModel.from_file(forged(tmp_path, "action"), unverified=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = app.replay_screen.query_one("#unverified")
        for key in ("right", "right", "n", "end", "home"):
            await pilot.press(key)
            await pilot.pause()
            assert banner.display and banner.region.height == 1
            assert str(banner.render()).startswith("NOT VERIFIED: ")
    good = ReplayApp(ReplayModel.from_file(GOLDEN))
    async with good.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not good.replay_screen.query("#unverified")
