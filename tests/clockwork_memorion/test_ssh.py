"""A Clockwork Memorion table over SSH: chosen in the lobby, joined by a second person,
its secret setup played through the two sessions (M7-M8, S:42, S:157)."""

from __future__ import annotations

from pathlib import Path

from net.helpers import start_server, two_at_a_table, wait_until  # type: ignore[import-not-found]


async def test_two_people_play_clockwork_memorion_over_ssh(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        ids = [gid for _, gid in server.registry.game_choices()]
        assert "clockwork_memorion" in ids
        a, b, table, alice_app, bob_app = await two_at_a_table(
            server, keys, "clockwork_memorion")
        # both Summon Limits in secret, then each redraw kept: the first turn begins
        for _ in range(4):
            d = table.local.pending()
            assert d is not None
            app = alice_app if d.player == 0 else bob_app
            moves = len(table.local.game.moves)
            app.call_later(app.submit, d.texts[-1] if d.kind == "redraw" else d.texts[0])
            await wait_until(lambda m=moves: len(table.local.game.moves) > m, what="a move")
        state = table.local.game.state
        assert state.vars["phase"] == "main1" and state.vars["turn"] == 1
        first = state.vars["first"]
        for seat, app in ((0, alice_app), (1, bob_app)):
            zones = app.seat_table.view_for(seat)["zones"]
            assert all(c["cid"] for c in zones[f"{seat}/hand"])  # one's own hand
            assert zones[f"{1 - seat}/hand"] == (6 if seat != first else 7)  # theirs: a count
            assert len(zones[f"{seat}/hand"]) == (6 if seat == first else 7)  # S:157
            limit = zones[f"{1 - seat}/limit"][0]
            assert limit["marks"]  # both Summon Limits shown once both are laid (S:42)
        await b.close()
        await a.close()
    finally:
        await server.stop()
