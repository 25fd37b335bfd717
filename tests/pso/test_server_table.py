"""A PSO table on the server (without SSH): two people create and join it with PSO decks,
play it to its end through their seats, and each sees only their own hidden cards."""

from __future__ import annotations

import json
import random
from pathlib import Path

from pmtui.cli import main
from pmtui.net.tables import Registry, SeatTable, User

ALICE = User("alice", "SHA256:alice")
BOB = User("bob", "SHA256:bob")


def test_two_people_play_a_pso_table_to_its_end(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    reg = Registry(tmp_path)
    assert "pso" in [gid for _, gid in reg.game_choices()]
    t = reg.create(ALICE, "verdant_patrol_quick", "pso")
    reg.join(BOB, t.id, "ember_vault_quick")
    assert t.state == "playing" and t.local.game.ruleset.id == "pso"
    rng = random.Random(4)
    for _ in range(3000):
        d = t.local.pending()
        if d is None:
            break
        for seat in (0, 1):
            v = SeatTable(t, seat).view_for(seat)
            other = v["zones"].get(f"{1 - seat}/hand", 0)
            assert isinstance(other, int)  # the other seat's hand: a count only
        texts = [x for x in d.texts if x != "back"] or d.texts
        t.act(d.player, rng.choice(texts))
    assert t.local.game.over is not None
    path = t.path
    reg.shutdown()
    assert json.loads(path.read_text().splitlines()[0])["ruleset"] == "pso"
    assert main(["verify", str(path)]) == 0
    assert "re-executed identically" in capsys.readouterr().out
