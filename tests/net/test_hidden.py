"""Whole games through two SSH sessions (and a spectator): no session is ever sent a
hidden card of the opponent, by name, card id or card number.

Each decision is made through the deciding session's own `SeatTable` (the object its
game screen acts through), chosen by a computer player from that seat's own view; the
screens pass for their players where passing is all they can do, and every screen
redraws after every step (a few decisions of one seat, as a payment is sent at once)
before the next one is made. At the end the game's journal says which cards each viewer
could ever see; every other card of the opponent (for a spectator: of both) must be
absent from everything that session received.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from pmtui.ai import make_player
from pmtui.engine.decision import IllegalAction
from pmtui.engine.replay import ReplayCursor
from pmtui.engine.views import redact, view
from pmtui.net.game import NetApp

from .helpers import Client, app_of, start_server
from .test_server import create_table, join_table, lobby

# a card id counts as a whole word only: STA-011a (a parallel) is not STA-011, while a
# name is matched by its first letters, as a card on the board shows it cut short
CARD_ID = re.compile(r"[A-Z]{2,4}-\d{3}[a-z]?")
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
    defs = game.ruleset.cards
    cards = dict(enumerate(game.state.cards))
    seen = seen_cards(table, viewer)
    allowed_cids = {cards[u].cid for u in seen}
    if viewer is not None:  # your own cards are no secret to you
        allowed_cids |= {c.cid for c in cards.values() if c.owner == viewer}
    hidden = [u for u, c in cards.items() if u not in seen
              and (viewer is None or c.owner != viewer)]
    # words the screen may show for the cards it may show: a hidden card's name counts
    # as leaked only where no visible card's name or text has it too
    shown = " ".join(
        " ".join([d.name, d.series, " ".join(d.properties), d.text, d.flavour])
        for d in (defs[c] for c in allowed_cids if c in defs)
    )
    texts: set[str] = set()
    for u in hidden:
        cid = cards[u].cid
        if cid in allowed_cids:
            continue
        texts.add(cid)
        name = defs[cid].name if cid in defs else ""
        prefix = name[:10]  # names are cut to fit a card's width
        if len(prefix) >= 6 and prefix not in shown:
            texts.add(prefix)
    return texts, set(hidden)


def leaks(client: Client, texts: set[str], uids: set[int]) -> list[str]:
    got = client.text()
    found = sorted(t for t in texts if (re.search(rf"(?<![\w-]){re.escape(t)}(?!\w)", got)
                                        if CARD_ID.fullmatch(t) else t in got))
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


async def play_a_little(table: Any, apps: dict[int, NetApp], players: dict[int, Any]) -> bool:
    """The next few decisions of one seat, made through that seat's session (as its
    screen sends a whole payment at once); False when the game is over."""
    seat = None
    for _ in range(6):
        d = table.local.pending()
        if d is None:
            return False
        if seat is not None and d.player != seat:
            break
        seat = d.player
        own = apps[d.player].seat_table
        mine = own.decision_for(d.player)
        if mine is None:
            break
        choice = players[d.player].choose(own.view_for(d.player), mine)
        try:
            own.act(d.player, choice)
        except IllegalAction:
            break  # the screen passed for its player first
    return True


class Cancelling:
    """A computer player that, half the time it may, cancels the play it is paying for
    (issue 18: a cancelled play's card used to stay named in the others' log)."""

    def __init__(self, seed: int, rules: Any) -> None:
        self.inner = make_player("heuristic", seed, ruleset=rules)
        self.rng = random.Random(seed)
        self.cancelled = 0

    def choose(self, seen: Any, d: Any) -> str:
        if "cancel" in d.texts and d.kind == "pay" and self.rng.random() < 0.5:
            self.cancelled += 1
            return "cancel"
        return self.inner.choose(seen, d)


@pytest.mark.parametrize("seed,first,spectator,cancel", [
    (11, "starlit_overture", True, False),
    (12, "tidewater_morning", False, False),
    (13, "starlit_overture", True, True),
])
async def test_whole_game_leaks_no_hidden_card(tmp_path: Path, seed: int, first: str,
                                               spectator: bool, cancel: bool) -> None:
    second = next(d for d in DECKS if d != first)
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice", size=(90, 26))
        b = await lobby(server, keys, "bob")
        tid = await create_table(server, a, downs=DECKS[first])
        await b.wait_for("alice vs —")
        bob = await join_table(server, b, downs=DECKS[second])
        alice = await app_of(server, "alice", "NetApp")
        table = server.registry.get(tid)
        apps = {0: alice, 1: bob}
        screens = [alice, bob]
        viewers: list[tuple[Client, int | None]] = [(a, 0), (b, 1)]
        if spectator:
            c = await lobby(server, keys, "carol")
            c.send("w")
            screens.append(await app_of(server, "carol", "NetApp"))
            viewers.append((c, None))
        rules = table.local.game.ruleset
        players = {p: Cancelling(seed + p, rules) if cancel
                   else make_player("heuristic", seed + p, ruleset=rules) for p in (0, 1)}
        for _ in range(2000):
            await settle(screens)
            if not await play_a_little(table, apps, players):
                break
        assert table.local.over, "the game did not end"
        if cancel:
            assert sum(p.cancelled for p in players.values()) > 0
        await a.wait_for("back to the lobby")  # the game-over box: q leads to the lobby
        await settle(screens)
        await asyncio.sleep(0.2)
        for client, viewer in viewers:
            texts, uids = forbidden(table, viewer)
            assert texts and uids  # there was something to hide
            assert leaks(client, texts, uids) == [], f"{client.user} was sent hidden cards"
            assert len(client.out) > 10_000
        # the check itself works: it finds the names alice's own screen showed her
        cards = table.local.game.state.cards
        defs = table.local.game.ruleset.cards
        own = {defs[cards[u].cid].name[:8] for u in seen_cards(table, 0) if cards[u].owner == 0}
        assert leaks(a, own, set())
        for client, _ in viewers:
            await client.close()
    finally:
        await server.stop()
