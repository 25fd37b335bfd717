"""A PSO table over SSH: created from the lobby (the lobby asks which game), joined by a
second person, and played through their sessions."""

from __future__ import annotations

from pathlib import Path

from net.helpers import start_server, two_at_a_table, wait_until  # type: ignore[import-not-found]


async def test_two_people_play_pso_over_ssh(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        # the default game first, then PSO CCG
        a, b, table, alice_app, bob_app = await two_at_a_table(server, keys, "pso")
        # whoever is asked answers through their own session, a few times
        for _ in range(6):
            d = table.local.pending()
            if d is None:
                break
            app = alice_app if d.player == 0 else bob_app
            moves = len(table.local.game.moves)
            choice = next(t for t in d.texts if t not in ("back",))
            app.call_later(app.submit, choice)
            await wait_until(lambda m=moves: len(table.local.game.moves) > m, what="a move")
        assert len(table.local.game.moves) >= 6
        hand = bob_app.seat_table.view_for(1)["zones"]
        assert isinstance(hand["0/hand"], int) and isinstance(hand["1/hand"], list)
        await b.close()
        await a.close()
    finally:
        await server.stop()
