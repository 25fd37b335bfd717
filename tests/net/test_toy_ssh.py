"""The toy ruleset (tests/toy) over SSH: chosen in the lobby, played against the computer
to its end in one session, the face-down relic never named on the screen; back in the
lobby the finished table keeps only its result."""

from __future__ import annotations

from pathlib import Path

from toy.ruleset import Toy

from pmtui.net.game import NetApp

from .helpers import app_of, wait_until
from .test_server import DOWN, ENTER, lobby, start_server

RS = Toy()


async def test_a_toy_game_over_ssh_to_its_end(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice")
        a.set_mark()
        a.send("p")
        await a.wait_for("Which game?")
        ids = [gid for _, gid in server.registry.game_choices()]
        a.send(DOWN * ids.index("toy") + ENTER)
        await a.wait_for("Your deck against the computer")
        a.send(ENTER)
        app = await app_of(server, "alice", "NetApp")
        assert isinstance(app, NetApp)
        table = server.registry.get(app.seat_table.table_id)
        assert table.game == "toy"
        game = table.local.game
        assert game.header["ruleset"] == "toy"
        await a.wait_for("Grid Skirmish")  # the toy's own screen, drawn over SSH
        for _ in range(400):  # alice ends her turn at once; the computer plays its own
            if game.over is not None:
                break
            await wait_until(lambda: not table.computer_running or game.over is not None,
                             what="the computer")
            d = table.local.pending()
            if d is None or d.player != 0:
                continue
            moves = len(game.moves)
            choice = "end" if "end" in d.texts else d.texts[0]
            app.call_later(app.submit, choice)
            await wait_until(lambda m=moves: len(game.moves) > m or game.over is not None,
                             what="a move")
        assert game.over is not None
        # the end reaches the player's screen, in words ("You have no HP left")
        await a.wait_for(app.named(str(game.over["reason"])))
        seen = a.text(0)
        assert " HP" in seen
        box = game.state.zones["shared/box"]  # the relic that never came out
        assert RS.cards[game.state.cards[box[0]].cid].name not in seen
        b2 = next(u for u in game.state.zones["shared/board"]
                  if game.state.cards[u].f.get("cell") == "b2")
        if game.state.cards[b2].f.get("down"):  # never opened: its name never reached alice
            assert RS.cards[game.state.cards[b2].cid].name not in seen
        # back in the lobby, the finished table lets go of its game; its result stays
        a.set_mark()
        a.send("q")
        await a.wait_for("signed in as alice")
        await wait_until(lambda: table.local is None, what="the finished table released")
        assert table.writer is None and table.state == "over"
        await a.wait_for("over: ")
        a.set_mark()
        a.send(ENTER)
        await a.wait_for(f"The game at table {table.id} is over")
        await a.close()
    finally:
        await server.stop()
