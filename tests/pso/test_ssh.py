"""A PSO table over SSH: created from the lobby (the lobby asks which game), joined by a
second person, and played through their sessions."""

from __future__ import annotations

from pathlib import Path

from net.helpers import Client, app_of, start_server, wait_until

DOWN, ENTER = "\x1b[B", "\r"


async def _lobby(server, keys, user: str) -> Client:  # noqa: ANN001
    c = await Client.connect(server.port, user, keys.keys[user])
    await c.wait_for(f"signed in as {user}")
    await app_of(server, user, "LobbyApp")
    return c


async def test_two_people_play_pso_over_ssh(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a = await _lobby(server, keys, "alice")
        b = await _lobby(server, keys, "bob")
        a.set_mark()
        a.send("c")
        await a.wait_for("Which game?")
        a.send(DOWN + ENTER)  # the default game first, then PSO CCG
        await a.wait_for("Your deck for a new table")
        a.send(ENTER)
        await a.wait_for("waiting for a player")
        table = server.registry.get(max(server.registry.tables))
        assert table.game == "pso"
        await b.wait_for("alice vs —")
        b.set_mark()
        b.send("j")
        await b.wait_for("Your deck for table")
        b.send(ENTER)
        bob_app = await app_of(server, "bob", "NetApp")
        alice_app = await app_of(server, "alice", "NetApp")
        assert table.local.game.ruleset.id == "pso"
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
