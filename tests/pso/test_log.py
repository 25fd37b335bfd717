"""The PSO game log in words: the coin, each damage dealt, evasion and the end name the
seats as the table does ("You", "CPU"), never "player 1"."""

from __future__ import annotations

import pytest

from pmtui.cli import main
from pmtui.engine.game import Game
from pmtui.engine.views import redact, redact_decision
from pmtui.table.logtext import card_namer, log_lines

from .helpers import new_game, position_game, ref, ruleset, side

NAMES = ("You", "CPU")


def _log(g: Game, reader: int = 0) -> list[str]:
    rs = ruleset()
    return [line.text.strip() for _, line in log_lines(
        g.records[1:], event=lambda ev: redact(rs, ev, reader),
        decision=lambda rec: redact_decision(rec, reader), card_name=card_namer(rs.cards),
        names=NAMES, said=rs.screen.event_line)]


def test_the_coin_line_says_who_goes_first_by_name():
    """Setup: a coin decides who goes first (D-06); heads is the first seat."""
    seen = set()
    for seed in range(1, 12):
        g = new_game(seed)
        first = g.state.vars["first"]
        coin = [t for t in _log(g) if t.startswith("coin")]
        want = "coin: heads, You go first" if first == 0 else "coin: tails, CPU goes first"
        assert coin == [want]
        seen.add(first)
    assert seen == {0, 1}


def test_each_damage_dealt_has_one_line_with_what_is_left():
    """Character/monster card stats: Brakka's attack, ATP 30 against DFP 15 of the Golem:
    15 damage, the rest of its HP left; the line says the numbers compared."""
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-003"], monsters=["HAL-022"]),
        side(monsters=["HAL-033", {"id": "HAL-030", "dmg": 25}])]})
    golem = g.ruleset.pool["HAL-033"]
    g.act(f"attack {ref(g, 'HAL-003')}")
    g.act(f"target {ref(g, 'HAL-033')}")
    hits = [t for t in _log(g) if "damage" in t]
    assert hits == [f"CPU's {golem.name} takes 15 damage from "
                    f"{g.ruleset.pool['HAL-003'].name} (ATP 30 against DFP 15): "
                    f"{golem.hp - 15} HP left"]
    assert all("player" not in t for t in _log(g))


def test_a_blow_the_defence_stops_has_its_line():
    """Character/monster card stats: damage is ATP less the target's DFP; Mossback
    Hopper's ATP 10 against the Golem's DFP 15 deals none, and the log says so (it
    said nothing: the attack seemed to do nothing)."""
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-003"], monsters=["HAL-020"]),
        side(monsters=["HAL-033"])]})
    pool = g.ruleset.pool
    assert pool["HAL-020"].atp <= pool["HAL-033"].dfp
    g.act(f"attack {ref(g, 'HAL-020')}")
    g.act(f"target {ref(g, 'HAL-033')}")
    assert [t for t in _log(g) if "damage" in t] == [
        f"CPU's {pool['HAL-033'].name} takes no damage from {pool['HAL-020'].name} "
        f"(ATP {pool['HAL-020'].atp} against DFP {pool['HAL-033'].dfp}): its DFP stops it all"]
    assert g.state.cards[int(ref(g, "HAL-033").split("@")[1])].f.get("dmg", 0) == 0


def test_poison_damage_has_its_line():
    """Battle effects: a poisoned card loses 10 HP at the end of its owner's turn."""
    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-003"], monsters=[{"id": "HAL-033", "poi": True}]),
        side(monsters=["HAL-030"])]})
    g.act("end")
    name = g.ruleset.pool["HAL-033"].name
    lines = [t for t in _log(g, reader=1) if "damage" in t]
    assert lines == [f"Your {name} takes 10 damage (poison): "
                     f"{g.ruleset.pool['HAL-033'].hp - 10} HP left"]


def test_a_players_name_keeps_its_case_in_the_log():
    """A player signed in as "ann" reads "ann's", not "Ann's", at the start of a line;
    only "You" becomes "Your"."""
    rs = ruleset()
    cid = next(c for c, d in rs.pool.items() if d.type == "monster")
    ev = {"t": "flag", "card": 3, "cid": cid, "seat": 1, "dealt": 10, "left": 5,
          "why": "poison"}
    assert rs.screen.event_line(ev, str, ("You", "ann")).startswith("ann's ")
    assert rs.screen.event_line({**ev, "seat": 0}, str, ("You", "ann")).startswith("Your ")


def test_the_end_line_reads_with_names():
    """Winning: no Monster left loses; the reason names the loser as the table does
    ("CPU"), never "player 2", in the log as on the game-over screen."""
    for seed in range(1, 30):
        g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
            side(lead=["HAL-003"], monsters=["HAL-022"]),
            side(lead=["HAL-002"], monsters=[{"id": "HAL-020", "dmg": 10}])]}, seed)
        g.act(f"attack {ref(g, 'HAL-003')}")
        g.act(f"target {ref(g, 'HAL-020')}")
        if g.over is not None:
            assert _log(g)[-1] == "== You win: CPU has no Monster left =="
            return
    raise AssertionError("every seed evaded")


@pytest.mark.parametrize("value", ["abc", "0", "-2", "1.5", "10001", "1" + "0" * 18])
def test_a_bad_turn_limit_is_one_line_naming_the_option(
        value: str, capsys: pytest.CaptureFixture[str]) -> None:
    """D-27: the turn limit is a whole number of turns, 1 to 10,000."""
    assert main(["simulate", "--game", "pso", "--games", "1", "--jobs", "1",
                 "--option", f"turn_limit={value}"]) != 0
    err = capsys.readouterr().err.strip()
    assert err == (f"pmtui: turn_limit '{value}': give a whole number of turns from 1 to "
                   "10000 (default 200)")


def test_a_roll_line_keeps_a_die_that_looks_like_a_card_id():
    """A roll shown by its dice ("d5: 3") has a word shaped like a card id; the pool
    raises for an unknown id, and the table's log crashed on it (a traceback on the
    board of a PSO game): the die keeps its name."""
    rs = ruleset()
    name = card_namer(rs.cards)
    assert name("d5") == "d5"
    assert name(next(iter(rs.cards))) == rs.cards[next(iter(rs.cards))].name
    ev = {"t": "roll", "sides": 5, "faces": [3], "why": "a test roll"}
    lines = [line.text.strip() for _, line in log_lines(
        [{"type": "event", "event": ev}], event=lambda e: e, decision=lambda rec: rec,
        card_name=name, names=NAMES, said=None)]
    assert lines == ["d5: 3 (a test roll)"]


def test_a_blow_that_destroys_says_the_numbers_then_who_leaves():
    """Character/monster card stats and A12: Brakka's ATP 30 against the Slag Crawler's
    DFP 10 (HP 60, 45 taken) deals 20: no HP left, and it is destroyed at once. The
    replay's step line for the blow is the same line."""
    from log_helpers import step_lines

    g = position_game({"turn": 2, "tp": 0, "phase": "combat", "players": [
        side(lead=["HAL-003"], monsters=["HAL-022"]),
        side(monsters=["HAL-033", {"id": "HAL-030", "dmg": 45}])]})
    pool = g.ruleset.pool
    g.act(f"attack {ref(g, 'HAL-003')}")
    g.act(f"target {ref(g, 'HAL-030')}")
    blow = (f"CPU's {pool['HAL-030'].name} takes 20 damage from {pool['HAL-003'].name} "
            "(ATP 30 against DFP 10): no HP left")
    log = _log(g)
    assert blow in log
    assert log[log.index(blow) + 1] == f"CPU {pool['HAL-030'].name}: monsters→discard (destroyed)"
    assert blow in step_lines(g, 0)
