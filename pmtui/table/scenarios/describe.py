"""Showing a scenario's position: as text lines (`pmtui check`) and as JSON (`--json`).
Omniscient: a scenario is a sandbox. The game's words come from its ruleset."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.engine.state import SHARED, zkey

from .load import Scenario
from .run import result_text


def position(sc: Scenario, game: Game) -> dict[str, object]:
    """The whole position as JSON data."""
    state = game.state
    pos = sc.rs.positions
    d = game.pending()
    players: dict[str, object] = {}
    for p, name in enumerate(pos.players):
        zones: dict[str, object] = {}
        for zone in pos.zones:
            uids = state.zones.get(zkey(p, zone), [])
            if zone in pos.counted_zones:
                zones[zone] = len(uids)
                continue
            if uids:
                zones[zone] = [pos.card_json(state, u) for u in uids]
        players[name] = zones
    shared = {
        name: [pos.card_json(state, u) for u in uids] for name, uids in _shared(game)
    }
    over = game.over
    return {
        **pos.moment(state),
        "to_act": None if d is None else sc.seat_name(d.player),
        "decision": None if d is None else d.kind,
        "winner": None
        if over is None
        else ("draw" if over.get("winner") is None else pos.players[over["winner"]]),
        "players": players,
        **({"shared": shared} if shared else {}),
    }


def _shared(game: Game) -> list[tuple[str, list[int]]]:
    """The zones no player owns that hold cards (a board, a common pile), by name."""
    prefix = SHARED + "/"
    return sorted(
        (key.removeprefix(prefix), uids)
        for key, uids in game.state.zones.items()
        if key.startswith(prefix) and uids
    )


def describe(sc: Scenario, game: Game) -> list[str]:
    """The position as text lines (every card with its number, state and numbers)."""
    state = game.state
    pos = sc.rs.positions
    title = sc.name + (f" ({sc.page})" if sc.page else "")
    out = [f"== {title}", pos.moment_line(state)]
    for p, name in enumerate(pos.players):
        first = True
        for zone in pos.zones:
            uids = state.zones.get(zkey(p, zone), [])
            if zone in pos.counted_zones:
                text = f"{len(uids)} cards"
            elif not uids:
                continue
            else:
                text = " ".join(pos.card_text(state, u) for u in uids)
            out.append(f"{name.upper() if first else '':<3} {zone:<9} {text}")
            first = False
    for i, (zone, uids) in enumerate(_shared(game)):
        text = " ".join(pos.card_text(state, u) for u in uids)
        out.append(f"{'--' if i == 0 else '':<3} {zone:<9} {text}")
    if game.over is not None:
        out.append(f"game over: {result_text(game)}")
    d = game.pending()
    if d is not None:
        out.append(f"to act: {sc.seat_name(d.player).upper()} ({d.kind}): {d.prompt}")
        out.append("legal: " + " | ".join(d.texts))
    return out
