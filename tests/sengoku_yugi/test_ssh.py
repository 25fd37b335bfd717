"""A SENGOKU YUGI table over SSH: chosen in the lobby, joined by a second person, its
hidden setup choices and first turn played through the two sessions."""

from __future__ import annotations

from pathlib import Path

import pytest
from net.helpers import start_server, two_at_a_table, wait_until  # type: ignore[import-not-found]


async def test_two_people_play_sengoku_yugi_over_ssh(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        # the default game, PSO CCG, then SENGOKU YUGI
        a, b, table, alice_app, bob_app = await two_at_a_table(server, keys, "sengoku_yugi")
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


async def test_the_creator_chooses_the_game_options_in_the_lobby(tmp_path: Path) -> None:
    """The lobby asks for each of the game's options (Ruleset.option_values): here
    Ultimate on a 6x7 board. The listing names them, the joiner is offered the decks
    that suit them, and the game is set up with them."""
    server, keys = await start_server(tmp_path)
    try:
        menus = server.registry.option_menus("sengoku_yugi")
        values = {title.partition(":")[0]: [v for _, v in choices] for title, choices in menus}
        assert values == {"mode": ["", "standard", "ultimate"],
                          "board": ["", "4x5", "4x7", "6x5", "6x7"]}
        picks = [values["mode"].index("ultimate"), values["board"].index("6x7")]
        a, b, table, _alice, _bob = await two_at_a_table(server, keys, "sengoku_yugi",
                                                           picks)
        assert table.options == {"mode": "ultimate", "board": "6x7"}
        assert "mode ultimate, board 6x7" in table._game_note()
        assert table.seats[1].deck.endswith("(Ultimate)")  # bob's first deck that suits
        v = table.local.game.state.vars
        assert (v["mode"], v["board"]) == ("ultimate", "6x7")
        assert table.local.game.records[0]["options"] == {"mode": "ultimate", "board": "6x7"}
        await b.close()
        await a.close()
    finally:
        await server.stop()


def test_table_options_are_checked_kept_and_suit_the_decks(tmp_path: Path) -> None:
    from pmtui.net.tables import Registry, TableError, User

    alice, bob = User("alice", "SHA256:a"), User("bob", "SHA256:b")
    reg = Registry(tmp_path)
    with pytest.raises(TableError, match="not one of the values offered"):
        reg.create(alice, "mist_valley_standard", "sengoku_yugi", {"board": "8x9"})
    with pytest.raises(TableError, match="not one of the decks offered"):  # Standard deck
        reg.create(alice, "mist_valley_standard", "sengoku_yugi", {"mode": "ultimate"})
    t = reg.create(alice, "mist_valley_ultimate", "sengoku_yugi", {"mode": "ultimate"})
    offered = [spec for _, spec in reg.deck_choices("sengoku_yugi", t.options)]
    assert offered and all(spec.endswith("_ultimate") for spec in offered)
    again = Registry(tmp_path)  # a restart brings the waiting table back with its options
    again.restore()
    assert again.get(t.id).options == {"mode": "ultimate"}
    again.join(bob, t.id, "moon_shore_ultimate")
    assert again.get(t.id).local.game.state.vars["mode"] == "ultimate"
    cpu = reg.play_computer(bob, "moon_shore_standard", game="sengoku_yugi",
                            options={"board": "4x7"})
    assert cpu.local.game.state.vars["board"] == "4x7"
    header = cpu.local.game.records[0]
    assert header["options"] == {"board": "4x7"} and header["ruleset"] == "sengoku_yugi"
