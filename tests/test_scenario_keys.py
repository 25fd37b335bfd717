"""The scenario keys every game shares (docs/scenarios.md), proven on the toy ruleset
(tests/toy) and used by a scenario of each bundled game: made-up cards (`card_files`)
in scenarios and in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.table.sandbox import Sandbox
from pmtui.table.scenarios import ScenarioError, load, loads, run

TESTS = Path(__file__).parent
TOY = TESTS / "toy" / "scenarios"
# one scenario of each game that loads made-up cards
MADE_UP = [
    TOY / "t3_made_up_card_hits.toml",
    TESTS / "scenarios" / "p17_purple_same_name_other_series.toml",
    TESTS / "scenarios" / "pso" / "spell_cards_base_zero_deals_mst.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_11_deployment_pays_the_cost.toml",
]
GAMES = {"toy": ("TOY-90", "power = 5"), "precious_memories": ("XTO-009", "ap = 30"),
         "pso": ("XPS-009", "type = \"spell\""), "sengoku_yugi": ("SGX-009", "kind = \"main\"")}


def toy(body: str, tmp_path: Path, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text('ruleset = "toy"\n' + body, encoding="utf-8")
    return path


# -- card_files ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", MADE_UP, ids=lambda p: p.stem)
def test_every_game_loads_made_up_cards(path: Path) -> None:
    sc = load(path)
    assert sc.card_files and all(p.is_file() for p in sc.card_files)
    made_up = {cid for cid in sc.rs.cards if cid[:3] in ("TOY", "XTO", "XPS", "SGX")}
    assert made_up - set(load(path).rs.cards) == set()
    result = run(sc)
    assert result.ok, result.failures


def test_the_toy_made_up_card_is_only_in_its_scenario() -> None:
    sc = load(TOY / "t3_made_up_card_hits.toml")
    plain = load(TOY / "t3_attack_die.toml")
    assert "TOY-90" in sc.rs.cards and "TOY-90" not in plain.rs.cards
    assert sc.rs.pool_digest != plain.rs.pool_digest  # a save notices the changed pool


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bad_card_file_is_one_line_naming_the_file_and_key(game: str, tmp_path: Path) -> None:
    """Made-up cards are checked like the game's own: a card missing its fields, a file
    that is not TOML and a missing file are each refused in one line."""
    cid, field = GAMES[game]
    bad = {
        "partial.toml": f'[[card]]\nid = "{cid}"\n{field}\n',
        "broken.toml": "[[card]\n",
    }
    for name, text in bad.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name in (*bad, "missing.toml"):
        text = f'ruleset = "{game}"\ncard_files = ["{name}"]\n'
        with pytest.raises(ScenarioError) as err:
            loads(text, str(tmp_path / "s.toml"))
        message = str(err.value)
        assert "\n" not in message and "card_files" in message and name in message, message
        assert message.startswith(str(tmp_path / "s.toml") + ":2:"), message


def test_a_made_up_card_may_not_replace_a_games_own(tmp_path: Path) -> None:
    (tmp_path / "dup.toml").write_text(
        '[[card]]\nid = "TOY-01"\nname = "Twin"\nkind = "creature"\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="card_files: .*TOY-01"):
        loads('ruleset = "toy"\ncard_files = ["dup.toml"]\n', str(tmp_path / "s.toml"))


@pytest.mark.parametrize("path", MADE_UP, ids=lambda p: p.stem)
def test_the_sandbox_saves_made_up_cards_relative_to_the_new_file(
    path: Path, tmp_path: Path
) -> None:
    sb, notes = Sandbox.from_scenario(path)
    assert notes == []
    target = tmp_path / "deeper" / "saved.toml"
    report = sb.save(target)
    assert "pmtui check passes" in report
    again = load(target)
    assert [p.resolve() for p in again.card_files] == [p.resolve() for p in sb.card_files]
    assert "../" in target.read_text(encoding="utf-8")  # named from the saved file's folder


def test_the_sandbox_command_loads_card_files(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    assert main(["sandbox", "--game", "pso", "--cards", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: --cards: ") and "nope.toml" in err and err.count("\n") == 1
    cards = TESTS / "scenarios" / "pso" / "cards" / "made_up.toml"
    assert main(["sandbox", "--cards", str(cards), str(MADE_UP[2])]) == 2
    assert "card_files" in capsys.readouterr().err


def test_the_sandbox_adds_a_made_up_card() -> None:
    from pmtui.table.registry import ruleset

    cards = (TESTS / "scenarios" / "sengoku_yugi" / "cards" / "made_up.toml",)
    rs = ruleset("sengoku_yugi").with_card_files(cards)
    sb = Sandbox.from_doc(rs=rs, card_files=cards)
    uid = sb.add("SGX-001", 0, "hand")
    assert sb.state.cards[uid].cid == "SGX-001"
    assert 'card_files = ["' in sb.to_toml()
