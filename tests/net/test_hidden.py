"""Whole games through two SSH sessions (and a spectator): no session is ever sent a
hidden card of the opponent, by name, card id or card number.

Each decision is made through the deciding session's own `SeatTable` (the object its
game screen acts through), chosen by a computer player from that seat's own view; the
screens pass for their players where passing is all they can do, and every screen
redraws after every move before the next one is made. At the end the game's journal says which cards each
viewer could ever see; every other card of the opponent (for a spectator: of both) must
be absent from everything that session received.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from pmtui.ai import make_player
from pmtui.engine.decision import IllegalAction
from pmtui.engine.replay import ReplayCursor
from pmtui.engine.views import redact, view
from pmtui.net.game import NetApp

from .helpers import Client, app_of, start_server, wait_until
from .test_server import create_table, join_table, lobby

DECKS = {"starlit_overture": 2, "tidewater_morning": 3}  # downs in the deck list


def seen_cards(table: Any, viewer: int | None) -> set[int]:
    """Every card number `viewer` could see at some point of the game."""
    game = table.local.game
    rs = game.ruleset
    cur = ReplayCursor(game.records[0], game.records[1:])
    seen: set[int] = set()
    for step in range(len(cur) + 1):
        state = cur.seek(step)
        for cards in view(rs, state, viewer)["zones"].values():
            if isinstance(cards, list):
                seen.update(int(c["uid"]) for c in cards)
    for rec in game.records[1:]:
        if rec.get("type") == "event" and rec["event"].get("t") in ("look", "reveal"):
            ev = redact(rs, rec["event"], viewer)
            seen.update(int(u) for u in ev.get("cards", []) if isinstance(u, int))
    return seen


def forbidden(table: Any, viewer: int | None) -> tuple[set[str], set[int]]:
    """(texts, card numbers) that must never reach `viewer`'s session."""
    game = table.local.game
    defs = game.ruleset.t.defs
    cards = dict(enumerate(game.state.cards))
    seen = seen_cards(table, viewer)
    allowed_cids = {cards[u].cid for u in seen}
    if viewer is not None:  # your own cards are no secret to you
        allowed_cids |= {c.cid for c in cards.values() if c.owner == viewer}
    hidden = [u for u, c in cards.items() if u not in seen
              and (viewer is None or c.owner != viewer)]
    allowed_names = [defs[c].name for c in allowed_cids if c in defs]
    texts: set[str] = set()
    for u in hidden:
        cid = cards[u].cid
        if cid in allowed_cids:
            continue
        texts.add(cid)
        name = defs[cid].name if cid in defs else ""
        prefix = name[:8]
        if len(prefix) >= 5 and not any(n.startswith(prefix) for n in allowed_names):
            texts.add(prefix)
    return texts, set(hidden)


def leaks(client: Client, texts: set[str], uids: set[int]) -> list[str]:
    got = client.text()
    found = sorted(t for t in texts if t in got)
    numbers = {int(m) for m in re.findall(r"[#@](\d+)\b", got)}
    found += [f"#{u}" for u in sorted(uids & numbers)]
    return found


def idle(apps: list[NetApp]) -> bool:
    return all(not a._change_pending and a._message_queue.qsize() == 0 for a in apps)


async def settle(apps: list[NetApp]) -> None:
    """Until every screen has taken the last move in and drawn it."""
    for _ in range(5000):  # bounded: 10 s
        await asyncio.sleep(0.002)
        if idle(apps):
            await asyncio.sleep(0.018)  # a frame (Textual draws at most 60 a second)
            if idle(apps):
                return
    raise AssertionError("the screens never settled")


@pytest.mark.parametrize("seed,first", [(11, "starlit_overture"), (12, "tidewater_morning")])
async def test_whole_game_leaks_no_hidden_card(tmp_path: Path, seed: int, first: str) -> None:
    second = next(d for d in DECKS if d != first)
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice", size=(100, 30))
        b = await lobby(server, keys, "bob")
        tid = await create_table(server, a, downs=DECKS[first])
        await b.wait_for("alice vs —")
        bob = await join_table(server, b, downs=DECKS[second])
        alice = await app_of(server, "alice", "NetApp")
        c = await lobby(server, keys, "carol")
        c.send("w")
        carol = await app_of(server, "carol", "NetApp")
        table = server.registry.get(tid)
        apps = {0: alice, 1: bob}
        players = {p: make_player("heuristic", seed + p) for p in (0, 1)}
        for _ in range(4000):
            await settle([alice, bob, carol])
            d = table.local.pending()
            if d is None:
                break
            own = apps[d.player].seat_table
            mine = own.decision_for(d.player)
            if mine is None:
                continue
            choice = players[d.player].choose(own.view_for(d.player), mine)
            try:
                own.act(d.player, choice)
            except IllegalAction:
                pass  # the screen passed for its player first
        assert table.local.over, "the game did not end"
        await settle([alice, bob, carol])
        await asyncio.sleep(0.2)
        for client, viewer in ((a, 0), (b, 1), (c, None)):
            texts, uids = forbidden(table, viewer)
            assert texts and uids  # there was something to hide
            assert leaks(client, texts, uids) == [], f"{client.user} was sent hidden cards"
            assert len(client.out) > 10_000
        # the check itself works: the other player's screen does show their own hand
        own_hand, _ = forbidden(table, 1)
        assert leaks(a, own_hand, set()) != []
        for client in (a, b, c):
            await client.close()
    finally:
        await server.stop()
