"""Each player's own decks on the server, under their player name (docs/ssh.md, "Your
own decks"): offered first in the lobby, edited from it (`e`), bounded, and listed to
nobody else."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.engine.ruleset import DeckList
from pmtui.net.tables import OWN, Registry, TableError, User
from pmtui.table.decks import MAX_DECK_BYTES, MAX_DECKS, DeckStoreError
from pmtui.table.registry import ruleset

from .helpers import Client, app_of, start_server, wait_until

ALICE = User("alice", "SHA256:alice")
BOB = User("bob", "SHA256:bob")
ENTER, DOWN = "\r", "\x1b[B"


def test_own_decks_are_offered_first_and_to_nobody_else(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    store = reg.own_decks(ALICE)
    rs = ruleset()
    store.save(rs.load_deck("foxfire_vigil"), "Fox night")
    assert store.folder == tmp_path / "players" / "alice" / "decks" / rs.id
    choices = reg.deck_choices(user=ALICE)
    assert choices[0] == ("Fox night (your deck)", f"{OWN}Fox night")
    assert choices[1][1] == rs.builtin_decks()[0]  # then the starter decks
    assert all(not spec.startswith(OWN) for _, spec in reg.deck_choices(user=BOB))
    with pytest.raises(TableError, match="not one of the decks offered"):
        reg.load_deck(f"{OWN}Fox night", user=BOB)
    # a table copies the deck into its game: editing it later changes no game
    t = reg.create(ALICE, f"{OWN}Fox night")
    reg.join(BOB, t.id, "tidewater_morning")
    cards = list(t.local.game.header["decks"][0]["main"])
    store.save(rs.load_deck("starlit_overture"), "Fox night")
    assert list(t.local.game.header["decks"][0]["main"]) == cards
    assert t.seats[0].deck == "Fox night"


def test_a_players_decks_are_bounded(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    store = reg.own_decks(ALICE, "pso")
    assert store.max_decks == MAX_DECKS == 50
    deck = ruleset("pso").load_deck("ember_vault_quick")
    for i in range(MAX_DECKS):
        store.save(deck, f"d{i}")
    with pytest.raises(DeckStoreError, match="at most 50"):
        store.save(deck, "one more")
    big = store.folder / "big.toml"
    big.write_bytes(b"#" * (MAX_DECK_BYTES + 1))
    with pytest.raises(TableError, match="at most 64 KB"):
        reg.load_deck(f"{OWN}big", "pso", user=ALICE)
    for bad in (User("..", "k"), User(".", "k")):
        with pytest.raises(TableError, match="cannot keep decks"):
            reg.own_decks(bad)


def test_an_illegal_own_deck_is_refused_at_a_table_in_one_line(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    reg.own_decks(ALICE).save(DeckList("half", {}), "half")
    with pytest.raises(TableError) as err:
        reg.create(ALICE, f"{OWN}half")
    assert "\n" not in str(err.value) and "60" in str(err.value)


async def test_a_deck_built_over_ssh_is_played_and_hidden_from_others(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a = await Client.connect(server.port, "alice", keys.keys["alice"])
        await a.wait_for("signed in as alice")
        lobby = await app_of(server, "alice", "LobbyApp")
        a.send("e")
        await a.wait_for(lambda: "Which game?" in a.text() or "Your decks" in a.text())
        if "Your decks" not in a.text():
            a.send(ENTER)  # the default game, first
            await a.wait_for("Your decks (0 of 50)")
        a.send(ENTER)  # a new deck
        await wait_until(lambda: type(lobby.screen).__name__ == "DeckEditorScreen",
                         what="the editor")
        editor = lobby.screen.editor
        a.send("b")  # start from a starter deck: the first one
        await wait_until(lambda: type(lobby.screen).__name__ == "MenuScreen", what="menu")
        a.send(ENTER)
        await wait_until(lambda: editor.problems() == [], what="a legal deck")
        a.send("a")
        await wait_until(lambda: type(lobby.screen).__name__ == "NameScreen", what="name")
        a.send("Mine")
        a.send(ENTER)
        await wait_until(lambda: editor.name == "Mine", what="saved")
        a.send("q")
        await wait_until(lambda: type(lobby.screen).__name__ != "DeckEditorScreen",
                         what="back in the lobby")
        assert server.registry.own_decks(User("alice")).names() == ["Mine"]
        # bob's deck menu has no deck of alice's
        b = await Client.connect(server.port, "bob", keys.keys["bob"])
        await b.wait_for("signed in as bob")
        bob_lobby = await app_of(server, "bob", "LobbyApp")
        b.set_mark()
        b.send("p")
        await b.wait_for(lambda: "Which game?" in b.text(b.mark)
                         or "Your deck against" in b.text(b.mark))
        if "Your deck against" not in b.text(b.mark):
            b.send(ENTER)
            await b.wait_for("Your deck against the computer")
        assert "Mine" not in b.text(b.mark)
        assert not any(spec.startswith(OWN) for _, spec in bob_lobby.screen.choices)
        # alice plays the computer with her deck, offered first
        a.set_mark()
        a.send("p")
        await a.wait_for(lambda: "Which game?" in a.text(a.mark)
                         or "Your deck against" in a.text(a.mark))
        if "Your deck against" not in a.text(a.mark):
            a.send(ENTER)
            await a.wait_for("Your deck against the computer")
        await a.wait_for("Mine (your deck)")
        a.send(ENTER)
        app = await app_of(server, "alice", "NetApp")
        table = server.registry.get(app.seat_table.table_id)
        assert table.seats[0].deck == "Mine"
        await a.close()
        await b.close()
    finally:
        await server.stop()


def test_a_table_waiting_with_an_own_deck_survives_a_restart(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    rs = ruleset()
    reg.own_decks(ALICE).save(rs.load_deck("foxfire_vigil"), "Fox night")
    waiting = reg.create(ALICE, f"{OWN}Fox night")
    reg.shutdown()
    again = Registry(tmp_path)
    assert again.restore() == []
    back = again.get(waiting.id)
    assert back.seats[0].deck == "Fox night"
    assert back.decks[0] is not None and len(back.decks[0].part("main")) == 60
    again.shutdown()
