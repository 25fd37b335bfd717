"""A SENGOKU YUGI table over SSH: chosen in the lobby, joined by a second person, its
hidden setup choices and first turn played through the two sessions."""

from __future__ import annotations

from pathlib import Path

from net.helpers import start_server, two_at_a_table, wait_until  # type: ignore[import-not-found]


async def test_two_people_play_sengoku_yugi_over_ssh(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        # the default game, PSO CCG, then SENGOKU YUGI
        a, b, table, alice_app, bob_app = await two_at_a_table(server, keys, 2, "sengoku_yugi")
        # setup (G1 (9)): Commanders and Nameless cards, face down, then the first turn
        for _ in range(9):
            d = table.local.pending()
            if d is None:
                break
            app = alice_app if d.player == 0 else bob_app
            moves = len(table.local.game.moves)
            app.call_later(app.submit, d.texts[0])
            await wait_until(lambda m=moves: len(table.local.game.moves) > m, what="a move")
        assert len(table.local.game.moves) >= 8
        first = table.local.game.state.vars["first"]
        seen = (bob_app if first == 0 else alice_app).seat_table.view_for(1 - first)["zones"]
        theirs = [c for c in seen["shared/bf"] if c["owner"] == first]
        assert theirs and all(c["cid"] for c in theirs)  # revealed at the first turn
        mine = [c for c in seen["shared/bf"] if c["owner"] == 1 - first]
        assert mine and all(c["cid"] for c in mine)  # its owner sees its own face-down cards
        assert table.local.game.state.vars["turn"] == 1
        other_side = (alice_app if first == 0 else bob_app).seat_table.view_for(first)["zones"]
        hidden = [c for c in other_side["shared/bf"] if c["owner"] == 1 - first]
        assert hidden and all(c["cid"] is None for c in hidden)  # still face down (G1 (9)⑪)
        await b.close()
        await a.close()
    finally:
        await server.stop()
