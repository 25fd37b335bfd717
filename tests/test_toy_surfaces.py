"""The toy ruleset (tests/toy) through every surface of pmtui: the simulate API and
command, verify, export, the replay model, check with a scenario file, the sandbox
model, the table screen and an SSH session. Nothing here knows the toy's rules beyond
what a player would: it proves the surfaces work for a game that is not the default.

Subprocesses find the toy through its entry point in tests/plugins (see the README
there); this process has it registered by tests/conftest.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toy.ruleset import BOARD, Toy

from pmtui.engine.game import Game
from pmtui.engine.journal import JournalWriter, read_journal
from pmtui.engine.state import State
from pmtui.engine.views import visible
from pmtui.table.games import make_header
from pmtui.table.registry import ruleset
from pmtui.table.simulate import play_one, simulate

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "tests" / "toy" / "scenarios"
RS = ruleset("toy")


def toy_env() -> dict[str, str]:
    paths = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "plugins")]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def pmtui(*args: str | Path, check: bool = False) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pmtui", *map(str, args)],
        env=toy_env(), capture_output=True, text=True, timeout=300, cwd=REPO,
    )
    if check:
        assert done.returncode == 0, done.stderr
    return done


def decks(i: int = 0) -> tuple[Any, Any]:
    return RS.load_deck("skirmish"), RS.load_deck("stones")


def saved_game(tmp_path: Path, seed: int = 4) -> Path:
    result = play_one(seed, decks(), ("random", "random"), keep=True, hashing=True, rs=RS)
    assert result.game is not None
    path = tmp_path / f"toy-{seed}.jsonl"
    with JournalWriter(path, result.game.header) as w:
        w.write(result.game.records[1:])
    return path


# -- simulate --------------------------------------------------------------------------------


def test_simulate_api_plays_whole_toy_games(tmp_path: Path) -> None:
    summary = simulate(6, 1, decks, ("random", "heuristic"), save_dir=tmp_path, ruleset=RS)
    data = summary.to_json()
    assert data["games"] == 6 and data["errors"] == 0, summary.error_messages
    assert data["p1_wins"] + data["p2_wins"] + data["draws"] == 6
    saves = sorted(tmp_path.glob("*.jsonl"))
    assert len(saves) == 6
    for path in saves:
        loaded = read_journal(path)
        assert loaded.header["ruleset"] == "toy"
        game = Game.from_records(RS, loaded.header, loaded.records, verify=True)
        assert game.over is not None


def test_the_search_player_plays_the_toy_through_its_dice() -> None:
    """Its rollouts meet the attack's die (a chance decision) and sample it."""
    result = play_one(2, decks(), ("search", "random"), level="easy", rs=RS)
    assert result.winner in (0, 1, None) and result.decisions > 0


def test_the_search_players_rollouts_sample_the_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing among attacks, its rollouts reach the attack's die (a chance decision)
    and draw it with chance.sample, by weight, with the player's own generator."""
    from pmtui.ai.search import SearchPlayer
    from pmtui.engine import chance
    from pmtui.engine.views import view

    drawn: list[str] = []
    real = chance.sample

    def counting(decision: Any, r: Any) -> Any:
        option = real(decision, r)
        drawn.append(option.text)
        return option

    monkeypatch.setattr(chance, "sample", counting)
    game = Game(RS, make_header(RS, list(decks()), 5, [{}, {}], "simulate"))
    for _ in range(200):
        d = game.pending()
        assert d is not None
        if any(t.startswith("attack") for t in d.texts):
            break
        places = [t for t in d.texts if t.startswith("place")]
        game.act(places[0] if places else "end", d.player)
    else:
        pytest.fail("no attack came up")
    player = SearchPlayer(seed=1, ruleset=RS, deck=[list(decks()[0].part("main"))], budget=0.05)
    choice = player.choose(view(RS, game.state, d.player), d)
    assert choice in d.texts
    assert drawn and set(drawn) <= {f"roll {f}" for f in range(1, 7)}


def test_pmtui_games_lists_the_toy_in_a_subprocess() -> None:
    out = pmtui("games", check=True).stdout
    assert "toy" in out and "precious_memories" in out


def test_pmtui_simulate_game_toy(tmp_path: Path) -> None:
    done = pmtui("simulate", "--game", "toy", "--games", "5", "--seed", "3", "--json",
                 "--jobs", "2", "--save-dir", tmp_path, check=True)
    data = json.loads(done.stdout)
    assert data["games"] == 5 and data["errors"] == 0
    assert data["p1_wins"] + data["p2_wins"] + data["draws"] == 5
    assert len(list(tmp_path.glob("*.jsonl"))) == 5
    again = json.loads(pmtui("simulate", "--game", "toy", "--games", "5", "--seed", "3",
                             "--json", "--jobs", "1", check=True).stdout)
    for key in ("p1_wins", "p2_wins", "draws", "decisions", "avg_turns"):
        assert again[key] == data[key]  # the same games, however many processes


def test_pmtui_cards_and_deck_validate_for_the_toy(tmp_path: Path) -> None:
    out = pmtui("cards", "--game", "toy", "bell", check=True).stdout
    assert "TOY-06" in out and "TOY-01" not in out
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "relics"\nmain = ["TOY-05", "TOY-01"]\n')
    done = pmtui("deck", "validate", "--game", "toy", deck)
    assert done.returncode != 0
    assert "relic" in (done.stdout + done.stderr) and "Traceback" not in done.stderr


def test_pmtui_cards_lists_both_sides_of_a_double_sided_card() -> None:
    """T5b: the lantern's two sides, each on a line of its own under the card's line; a
    word found only on one side finds the card; --json carries the sides."""
    out = pmtui("cards", "--game", "toy", "unlit", check=True).stdout.splitlines()
    assert out[0].startswith("TOY-07") and len(out) == 3
    assert out[1].strip().startswith("dark: Dark Lantern: Unlit")
    assert out[2].strip().startswith("lit: Lit Lantern: At your turn start")
    data = json.loads(pmtui("cards", "--game", "toy", "TOY-07", "--json", check=True).stdout)
    assert set(data[0]["sides"]) == {"dark", "lit"}


# -- verify and export --------------------------------------------------------------------------


def test_pmtui_verify_and_export_a_toy_save(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    assert pmtui("verify", path, check=True).returncode == 0
    logged = read_journal(path).records
    text = pmtui("export", path, "--format", "text", check=True).stdout
    actions = [r["action"] for r in logged if r.get("type") == "decision"]
    assert actions and all(a in text for a in actions)  # the transcript has every decision
    lines = pmtui("export", path, "--format", "json", check=True).stdout.splitlines()
    events = [json.loads(line) for line in lines if line.strip()]
    assert events == [r["event"] for r in logged if r.get("type") == "event"]
    assert any(e["t"] == "roll" for e in events)
    # a tampered roll no longer verifies: the dice come from the seed
    raw = path.read_text().splitlines()
    for i, line in enumerate(raw):
        rec = json.loads(line)
        ev = rec.get("event") or {}
        if ev.get("t") == "roll" and "faces" in ev:
            ev["faces"] = [ev["faces"][0] % ev["sides"] + 1]
            raw[i] = json.dumps(rec)
            break
    else:
        pytest.fail("the saved game has no roll")
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("\n".join(raw) + "\n")
    done = pmtui("verify", bad)
    assert done.returncode != 0 and "Traceback" not in done.stderr


# -- replay ----------------------------------------------------------------------------------------


def _trap_game() -> Game:
    """A toy game in which a trap is set face down (seed found by playing)."""
    for seed in range(40):
        result = play_one(seed, decks(), ("random", "random"), keep=True, rs=RS)
        assert result.game is not None
        if any(r.get("type") == "decision" and str(r.get("action")).startswith("set ")
               for r in result.game.records):
            return result.game
    pytest.fail("no random toy game set a trap")


def test_the_replay_model_steps_through_a_toy_game_without_leaks(tmp_path: Path) -> None:
    from pmtui.table.replay import ReplayModel

    game = _trap_game()
    model = ReplayModel(game.header, game.records[1:])
    hook = RS.concealed
    assert hook is not None
    for step in range(len(model)):
        model.cursor.seek(step)
        state: State = model.cursor.state
        for who in (0, 1):
            board = model.view(who)["zones"].get(BOARD, [])
            for card, uid in zip(board, state.zones.get(BOARD, []), strict=True):
                secret = hook(state, uid, who)
                assert (card["cid"] is None) is secret
    # the record that sets the trap, as the opponent reads it, does not name the card
    for i, rec in enumerate(game.records[1:]):
        ev = rec.get("event") or {}
        if ev.get("t") == "move" and ev.get("why") == "set":
            opponent = 1 - game.state.cards[ev["card"]].owner
            text = model.record_text(i, opponent)
            assert "TOY-04" not in text and "Snare" not in text
            mine = model.record_text(i, 1 - opponent)
            assert mine  # the owner's reading exists (and may name it)
            break
    else:
        pytest.fail("no set move in the log")
    for who in (0, 1, None):
        assert model.log(who)  # the log renders for every perspective


def test_the_table_log_shows_rolls_and_hides_a_set_trap() -> None:
    """The log a player reads at the table (LocalTable.log_for): every roll in words; a
    trap set face down is "a card" to the opponent while it lies there (T3)."""
    from pmtui.table.session import HUMAN, LocalTable

    game = _trap_game()
    table = LocalTable(game, [HUMAN, HUMAN])
    sets = [r for r in game.records if r.get("type") == "event"
            and r["event"]["t"] == "move" and r["event"]["why"] == "set"]
    owners = [game.state.cards[r["event"]["card"]].owner for r in sets]
    rolls = sum(1 for r in game.records if r.get("type") == "event" and r["event"]["t"] == "roll")
    for viewer in (0, 1):
        lines = [line.text for line in table.log_for(viewer)]
        assert sum(1 for t in lines if t.strip().startswith(("coin:", "hit:", "d3:"))) == rolls
        set_lines = [t for t in lines if "(set)" in t]
        assert len(set_lines) == len(owners)
        for line, owner in zip(set_lines, owners, strict=True):
            assert ("Snare Vine" in line) is (owner == viewer), (viewer, line)


# -- check --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.toml")))
def test_pmtui_check_runs_toy_scenarios(name: str) -> None:
    done = pmtui("check", SCENARIOS / name, "--json", check=True)
    data = json.loads(done.stdout)
    assert data["ok"] is True and data["failures"] == []


def test_pmtui_check_shows_the_shared_board() -> None:
    out = pmtui("check", SCENARIOS / "t3_attack_die.toml", check=True).stdout
    assert "board     TOY-02@4(a1,tired)" in out
    data = json.loads(pmtui("check", SCENARIOS / "t3_open_relic.toml", "--json",
                            check=True).stdout)
    assert data["position"]["shared"]["board"] == [
        {"card": "TOY-05@2", "zone": "shared/board", "cell": "b2"}  # opened: face up now
    ]


def test_pmtui_check_fails_a_wrong_expectation(tmp_path: Path) -> None:
    text = (SCENARIOS / "t3_attack_die.toml").read_text().replace("hp = [6, 4]", "hp = [6, 5]")
    path = tmp_path / "wrong.toml"
    path.write_text(text)
    done = pmtui("check", path)
    assert done.returncode == 1
    assert "expected HP [6, 5]" in done.stdout + done.stderr


def test_the_transcript_names_chance_and_who_moved_to_the_board() -> None:
    from pmtui.table.scenarios import load, run
    from pmtui.table.transcript import transcript

    result = run(load(SCENARIOS / "t3_attack_die.toml"))
    lines = list(transcript(result.game.header, result.game.records[1:]))
    assert any(line.endswith("chance roll 2") for line in lines), lines
    from pmtui.table.session import HUMAN, LocalTable

    game = _trap_game()
    texts = [line.text for line in LocalTable(game, [HUMAN, HUMAN]).log_for(None)]
    assert any(t.strip().startswith(("P1 ", "P2 ")) and "→Board (set)" in t for t in texts)
    assert not any(t.strip().startswith("?") for t in texts)


def test_the_fixed_die_decides_in_check() -> None:
    """T3: with the die fixed at 2 the attack misses; at 3 it hits for the Knight's 2."""
    from pmtui.table.scenarios import load, run

    result = run(load(SCENARIOS / "t3_attack_die.toml"))
    assert result.ok, result.failures
    rolls = [r["event"] for r in result.game.records if r.get("type") == "event"
             and r["event"]["t"] == "roll"]
    assert [(r["outcome"], r.get("fixed")) for r in rolls] == [("roll 2", True), ("roll 3", True)]


# -- the sandbox model ----------------------------------------------------------------------


def test_the_sandbox_model_sets_up_plays_and_saves_a_toy_position(tmp_path: Path) -> None:
    from pmtui.table.sandbox import Sandbox

    sb = Sandbox.from_doc(rs=RS)
    assert sb.game.pending() is not None and sb.game.pending().kind == "main"
    knight = sb.add("TOY-02", 0, "board", cell="a1")
    assert sb.where(knight) == (0, "board")
    attack = f"attack TOY-02@{knight}"
    assert attack in sb.game.pending().texts
    assert sb.why("attack TOY-01@0") is not None  # not a legal choice: a reason comes back
    d = sb.game.pending()
    sb.game.act(attack, d.player)
    assert sb.state.cards[knight].f.get("tired")
    sb.undo()
    assert not sb.state.cards[knight].f.get("tired")
    path = tmp_path / "saved.toml"
    sb.save(path)
    assert 'ruleset = "toy"' in path.read_text()
    done = pmtui("check", path, "--json", check=True)
    assert json.loads(done.stdout)["ok"] is True


def test_the_sandbox_opens_a_toy_scenario_with_its_fixed_dice() -> None:
    from pmtui.table.sandbox import Sandbox

    sb, notes = Sandbox.from_scenario(SCENARIOS / "t3_attack_die.toml")
    assert notes == []
    assert sb.state.vars["hp"] == [6, 4]
    assert sb.rs is not None and sb.rs.id == "toy"


# -- the board --------------------------------------------------------------------------------


def test_board_cards_are_in_a_shared_zone_everyone_sees() -> None:
    game = Game(Toy(), make_header(RS, list(decks()), 1, [{}, {}], "simulate"))
    assert all(visible(RS, BOARD, v) for v in (0, 1, None))
    assert game.state.zones[BOARD]
