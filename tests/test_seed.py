"""The seed of a new game cannot be found from what a player sees (issue 18, item 1).

A 31-bit seed could be searched in a few core-hours from a player's own opening
cards; a new game now has a secret 128-bit seed and a keyed derivation (HMAC-SHA256
per outcome), while `--seed N` games and old saves keep the derivation they had.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

import pmtui.engine.context as context
from pmtui.engine.context import (
    KEYED_RNG,
    LEGACY_RNG,
    SECRET_SEED_BITS,
    derived,
    new_secret_seed,
)
from pmtui.engine.game import Game
from pmtui.engine.journal import VERSION, read_journal
from pmtui.net.tables import Registry, User
from pmtui.table.games import builtin_decks, load_deck, make_header, ruleset
from pmtui.table.saves import check_save, open_game, start_game
from pmtui.table.session import computer_seed, new_game_header

GOLDEN = Path(__file__).resolve().parent.parent / "saves"


def header_for(seed: int, rng: str) -> dict:
    rs = ruleset()
    decks = [load_deck(n, rs) for n in builtin_decks()[:2]]
    return make_header(rs, decks, seed, [{"name": "a"}, {"name": "b"}], "computer", rng=rng)


def opening(seed: int, rng: str) -> list:
    """The setup's events: both shuffles and who chooses the turn order."""
    return Game(ruleset(), header_for(seed, rng), hashing=False).records[1:]


def test_the_secret_seed_space_is_at_least_2_to_the_128(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    real = context.secrets.randbits

    def spy(k: int) -> int:
        asked.append(k)
        return real(k)

    monkeypatch.setattr(context.secrets, "randbits", spy)
    seeds = {new_secret_seed() for _ in range(64)}
    assert asked and min(asked) >= 128 and SECRET_SEED_BITS >= 128
    assert len(seeds) == 64  # drawn from the OS every time, never repeated
    assert max(s.bit_length() for s in seeds) > 120  # not a short number in disguise


def test_every_bit_of_a_keyed_seed_changes_the_deal() -> None:
    """A derivation that kept only some bits (e.g. `seed % 2**31`) would deal the
    same cards for seeds that differ above those bits."""
    base = new_secret_seed()
    deal = opening(base, KEYED_RNG)
    for bit in (0, 31, 32, 63, 64, 100, 127):
        assert opening(base ^ (1 << bit), KEYED_RNG) != deal, bit
    assert opening(base, KEYED_RNG) == deal  # and it is reproducible from the header


def test_keyed_outcomes_are_not_the_plain_text_seeded_ones() -> None:
    seed = 12345
    assert opening(seed, KEYED_RNG) != opening(seed, LEGACY_RNG)
    # the legacy derivation is exactly the old one: Random("<seed>/<n>")
    assert derived(seed, LEGACY_RNG, "3").random() == random.Random("12345/3").random()
    # the keyed one never seeds Random with the seed in plain text
    assert derived(seed, KEYED_RNG, "3").random() != random.Random("12345/3").random()


def test_no_visible_value_is_a_plain_function_of_the_secret_seed() -> None:
    """What a player sees of the table apart from the cards (the computer's own
    randomness, the default decks) comes through the keyed derivation: the legacy
    formulas (seed * 2 + 2, seed % 4) would hand the seed to whoever learns them."""
    seed = new_secret_seed()
    for seat in (0, 1):
        cs = computer_seed(seed, KEYED_RNG, seat)
        assert cs not in (seed * 2 + 1 + seat, seed * 2 + 2 + seat, seed)
        assert cs.bit_length() <= 64  # a digest's bits, not the seed's
    assert computer_seed(7, LEGACY_RNG, 1) == 16  # chosen seeds: as before (simulate, replays)
    picks = {new_game_header(s, rng=KEYED_RNG)[0]["decks"][0]["name"]
             for s in range(2**127, 2**127 + 4 * 40, 4)}
    assert len(picks) > 1  # seeds equal modulo 4 do not all pick the same deck


def test_pmtui_play_without_seed_is_secret_and_with_seed_reproducible(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pmtui.tui.launch as launch

    monkeypatch.setattr(launch, "_run_table", lambda *a: 0)
    for seed, save in ((None, tmp_path / "secret.jsonl"), (42, tmp_path / "chosen.jsonl")):
        args = argparse.Namespace(seed=seed, vs="computer", deck=None, opponent_deck=None,
                                  level="easy", opponent="random", save=str(save))
        assert launch.play(args) == 0
    secret = read_journal(tmp_path / "secret.jsonl").header
    chosen = read_journal(tmp_path / "chosen.jsonl").header
    assert secret["rng"] == KEYED_RNG and secret["seed"] >= 2**64
    assert chosen["rng"] == LEGACY_RNG and chosen["seed"] == 42


def test_a_secret_seed_is_kept_out_of_the_save_file_name(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import pmtui.table.saves as saves

    monkeypatch.setattr(saves, "saves_dir", lambda: tmp_path)
    seed = new_secret_seed()
    game, writer = start_game(header_for(seed, KEYED_RNG))
    writer.close()
    assert str(seed) not in writer.path.name and "seed" not in writer.path.name
    game, writer = start_game(header_for(77, LEGACY_RNG))
    writer.close()
    assert writer.path.name.endswith("-seed77.jsonl")


def test_server_games_get_secret_keyed_seeds(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    table = reg.play_computer(User("alice", "SHA256:a"), "starlit_overture")
    header = table.local.game.header
    assert header["rng"] == KEYED_RNG and header["seed"].bit_length() > 64
    reg.shutdown()


def test_unknown_derivation_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    game, writer = start_game(header_for(5, LEGACY_RNG), path)
    writer.close()
    lines = path.read_text().splitlines()
    head = json.loads(lines[0]) | {"rng": "md5-of-my-birthday"}
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    from pmtui.engine.journal import SaveError

    with pytest.raises(SaveError, match="unknown random-number derivation"):
        check_save(path)


def version_1_copy(src: Path, dest: Path, cut: int | None = None) -> Path:
    """A save as version 1 wrote it: no "rng" in the header."""
    lines = src.read_text().splitlines()
    head = json.loads(lines[0])
    head.pop("rng", None)
    head["version"] = 1
    body = lines[1:cut] if cut else lines[1:]
    dest.write_text("\n".join([json.dumps(head), *body]) + "\n")
    return dest


def test_old_saves_keep_the_legacy_derivation_and_continue_in_place(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game, writer = start_game(header_for(2024, LEGACY_RNG), path)
    rng = random.Random(3)
    for _ in range(40):
        d = game.pending()
        game.act(rng.choice([t for t in d.texts if t != "cancel"] or d.texts), d.player)
    writer.close()
    old = version_1_copy(path, tmp_path / "v1.jsonl")
    loaded = read_journal(old)
    assert loaded.header["rng"] == LEGACY_RNG and loaded.header["version"] == VERSION  # upcast
    check_save(old)  # re-executes with the derivation it was played with
    game2, writer2, warnings = open_game(old)
    assert warnings == []
    d = game2.pending()
    game2.act(d.texts[0], d.player)  # continued in place ...
    writer2.close()
    again = read_journal(old)
    assert json.loads(old.read_text().splitlines()[0])["version"] == 1  # ... as a version-1 file
    assert again.header["rng"] == LEGACY_RNG
    check_save(old)


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.jsonl")))
def test_golden_saves_read_as_legacy(name: str) -> None:
    header = read_journal(GOLDEN / name).header
    assert header.get("rng") == LEGACY_RNG
