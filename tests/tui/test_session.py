"""LocalTable: seats, redacted views and log, computer moves, preview, undo, saving."""

from __future__ import annotations

import pytest

from pmtui.engine.decision import Decision, IllegalAction
from pmtui.engine.game import Game
from pmtui.engine.screen import View, stop_passes
from pmtui.table.session import HUMAN, LocalTable, new_game_header, new_table

from .helpers import Scripted


def table(seed: int = 5, records: list | None = None) -> LocalTable:
    header, _ = new_game_header(seed, level="random")
    return new_table(header, [HUMAN, Scripted()],
                     on_records=records.extend if records is not None else None)


def to_my_main(t: LocalTable) -> None:
    """Answer setup for the human and let the computer move, until a main-phase choice."""
    for _ in range(500):
        t.run_computer()
        d = t.pending()
        if d.kind == "priority" and t.game.state.vars.get("ap") == 0:
            return
        t.act(0, "first" if d.kind == "order" else "keep" if d.kind == "redraw" else
              "pass" if "pass" in d.texts else d.texts[0])
    raise AssertionError("never reached the human's main phase")


def test_run_computer_stops_at_a_human_decision() -> None:
    t = table()
    t.run_computer()
    d = t.pending()
    assert d is not None and t.is_human(d.player)
    assert t.decision_for(1) is None and t.decision_for(0) is d


def test_views_and_log_hide_the_opponents_hand() -> None:
    t = table()
    t.run_computer()
    t.act(0, "first" if t.pending().kind == "order" else "keep")
    t.run_computer()
    v = t.view_for(0)
    assert isinstance(v["zones"]["1/hand"], int)  # a count, never cards
    assert isinstance(v["zones"]["0/hand"], list)
    hidden = {t.game.state.cards[u].cid for u in t.game.state.zone("1/hand")}
    names = {t.defs[c].name for c in hidden}
    visible = {c["cid"] for z in v["zones"].values() if isinstance(z, list) for c in z}
    secret_names = {t.defs[c].name for c in hidden - visible}
    text = "\n".join(line.text for line in t.log_for(0))
    for cid in hidden - visible:
        assert cid not in text
    for name in secret_names:
        assert name not in text or name in {t.defs[c].name for c in visible}
    assert names  # the opponent does hold cards


def test_records_are_saved_before_act_returns() -> None:
    saved: list[dict] = []
    t = table(records=saved)
    t.run_computer()
    d = t.pending()
    before = len(saved)
    t.act(d.player, d.texts[0])
    assert len(saved) > before
    assert saved[before]["type"] == "decision" and saved[before]["action"] == d.texts[0]
    assert len(saved) == len(t.game.records) - 1  # everything but the header


def test_illegal_action_is_refused() -> None:
    t = table()
    t.run_computer()
    with pytest.raises(IllegalAction):
        t.act(0, "summon NOPE-000@1 main")
    with pytest.raises(IllegalAction):
        t.act(1, "pass")  # not their decision


def test_preview_pay_does_not_change_the_game() -> None:
    t = table(seed=1)
    to_my_main(t)
    d = t.pending()
    summon = next(o for o in d.texts if o.startswith("summon") and o.endswith(" main")
                  and t.defs[o.split()[1].split("@")[0]].cost > 0)
    t.act(0, summon)
    pay = t.pending()
    assert pay.kind == "pay"
    n = len(t.game.records)
    after = t.preview(0, [pay.texts[0]])
    assert after is not None and after.kind in ("pay", "respond", "priority")
    assert len(t.game.records) == n  # nothing logged
    assert t.pending().info["paid"] == []


def test_undo_to_my_last_decision() -> None:
    t = table()
    to_my_main(t)
    moves = len(t.game.moves)
    t.act(0, "pass")
    t.run_computer()
    assert t.can_undo(0)
    text = t.undo_to_my_last(0)
    assert text == "pass"
    assert len(t.game.moves) == moves
    assert t.game.records[-1]["type"] == "undo"
    assert any(line.kind == "undo" for line in t.log_for(0))


def test_option_labels_from_the_screen_description() -> None:
    from pmtui.table.games import ruleset

    label = ruleset().screen.label  # names come from the card pool: STA-001 Mirei, ...
    name = ruleset().screen.card_name
    a, b = name("STA-001"), name("STA-030")
    assert label("summon STA-001@3 main", {}) == f"Summon {a} to the Main Area"
    assert label("summon STA-001@3 main replace STA-030@9", {}).endswith(f"discarding {b}")
    assert label("support STA-030@3 on STA-001@9", {}) == f"Set {b} on {a}"
    assert label("pass", {}) == "Pass"


def test_a_resumed_table_reads_the_passes_made_for_the_person_by_its_stops() -> None:
    """After a resume the table knows which logged passes it made for the person from
    the stop settings alone (`stop_passes`), exactly as the session that made them knew
    it: here one stop only, so the table passes in the other windows even when the
    person could act, and the person passes by hand where the game asks them."""

    t = table(seed=3)
    spec = t.screen
    stops = frozenset({"own_main"})

    def rule(d: Decision, v: View) -> bool:  # the front end's rule, as the TUI passes by
        return stop_passes(spec, d, v, stops)

    for _ in range(400):
        t.run_computer()
        d = t.pending()
        if d is None:
            break
        if rule(d, t.view_for(0)):
            t.act(0, "pass", auto=True)
        else:  # the person: a move when there is one, else a pass by hand
            t.act(0, next((x for x in d.texts if x not in ("pass", "cancel")), d.texts[0]))
    mine_passes = [k for k, (p, x) in enumerate(t.game.moves) if p == 0 and x == "pass"]
    assert t.auto and set(mine_passes) - t.auto  # both kinds of pass were made

    resumed = LocalTable(Game.from_records(t.game.ruleset, t.game.header, t.game.records[1:]),
                         [HUMAN, Scripted()])
    resumed.passes_for = rule
    assert resumed.undo_target(0) == t.undo_target(0)
    read = {k for k in range(len(t.game.moves)) if resumed._made_before(k)}
    assert read == t.auto
    without = LocalTable(Game.from_records(t.game.ruleset, t.game.header, t.game.records[1:]),
                         [HUMAN, Scripted()])
    assert without.undo_target(0) == max(k for k, (p, _) in enumerate(t.game.moves) if p == 0)
