"""The engine's game-neutral parts a fourth game needs, each on its own: a response
window restricted to one kind of answer (chain modes), a row of numbered slots with
left and right neighbours, a blind pick by hidden position, the current text of a
card, and the line saying who may answer and with what. The toy ruleset's section
T5 uses each at the table (tests/toy/ruleset.py, tests/tui/test_toy_extensions.py)."""

from __future__ import annotations

import pytest
from toy.ruleset import Toy

from pmtui.engine import blind, chain
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision
from pmtui.engine.notation import Notation, NotationError, hidden_ref, read_hidden
from pmtui.engine.screen import Line, answer_line, current_text
from pmtui.engine.slots import at_slot, free_slots, neighbours, slot_of
from pmtui.engine.state import Card, State, zkey
from pmtui.engine.views import redact, view

RS = Toy()


def _state(*cards: tuple[str, int, str, dict[str, object]]) -> State:
    state = State()
    for uid, (cid, owner, zone, flags) in enumerate(cards):
        state.cards.append(Card(uid, cid, owner, zone, dict(flags)))
        state.zone(zone).append(uid)
    return state


# -- a window restricted to one kind of answer -----------------------------------------------


def test_a_window_keeps_its_mode_through_answers_and_passes_until_it_resolves() -> None:
    state = State()
    ctx = Context(state, 0)
    chain.push(ctx, {"what": "attack"}, 0, mode="recall")
    assert chain.window_mode(state.vars) == "recall" and chain.holder(state.vars) == 1
    chain.answered(ctx, 1)  # an answer that applied at once: the other may answer next
    assert chain.holder(state.vars) == 0 and chain.window_mode(state.vars) == "recall"
    chain.push(ctx, {"what": "b"}, 0)  # no mode given: the window stays restricted
    assert chain.window_mode(state.vars) == "recall"
    assert chain.pass_response(ctx) is None
    assert chain.window_mode(state.vars) == "recall"  # a pass does not lift it
    assert [e["what"] for e in chain.pass_response(ctx) or ()] == ["b", "attack"]
    assert chain.window_mode(state.vars) == "" and state.vars.get("resp") is None


def test_an_answer_resets_the_passes() -> None:
    state = State()
    ctx = Context(state, 0)
    chain.push(ctx, {"what": "a"}, 0, mode="only")
    assert chain.pass_response(ctx) is None  # player 1 passes
    chain.answered(ctx, 0)  # player 0 answers: two passes are needed again
    assert chain.pass_response(ctx) is None
    assert chain.pass_response(ctx) is not None


def test_an_unrestricted_window_records_no_mode() -> None:
    """The windows of the games written before modes log what they always logged."""
    state = State()
    ctx = Context(state, 0)
    chain.push(ctx, {"what": "a"}, 0)
    assert state.vars["resp"] == {"prio": 1, "passes": 0}
    assert chain.window_mode(state.vars) == ""


def test_newest_only_resolves_one_link_and_leaves_the_rest_without_a_window() -> None:
    state = State()
    ctx = Context(state, 0)
    chain.push(ctx, {"what": "a"}, 0)
    chain.push(ctx, {"what": "b"}, 1)
    assert chain.pass_response(ctx, newest=True) is None
    assert [e["what"] for e in chain.pass_response(ctx, newest=True) or ()] == ["b"]
    assert [e["what"] for e in state.vars["chain"]] == ["a"] and state.vars.get("resp") is None
    chain.open_window(ctx, 1)  # the ruleset opens the next window over the one below
    assert chain.holder(state.vars) == 1 and not chain.bare(state.vars)
    chain.pass_response(ctx, newest=True)
    assert [e["what"] for e in chain.pass_response(ctx, newest=True) or ()] == ["a"]
    assert state.vars.get("chain") is None


def test_a_bare_window_keeps_its_kind_through_answers_and_closes_resolving_nothing() -> None:
    state = State()
    ctx = Context(state, 0)
    chain.stack(ctx, [{"what": "a", "by": 0}, {"what": "b", "by": 1}])
    assert [e["what"] for e in state.vars["chain"]] == ["a", "b"] and "resp" not in state.vars
    chain.open_window(ctx, 0, mode="only", bare=True)
    assert chain.bare(state.vars) and chain.window_mode(state.vars) == "only"
    chain.answered(ctx, 0)
    assert chain.bare(state.vars) and chain.holder(state.vars) == 1
    assert chain.pass_response(ctx) is None and chain.bare(state.vars)
    assert chain.pass_response(ctx) == []
    assert state.vars.get("resp") is None and [e["what"] for e in state.vars["chain"]] == ["a", "b"]
    assert chain.take(ctx)["what"] == "b" and len(state.vars["chain"]) == 1


# -- a row of numbered slots -----------------------------------------------------------------


def test_neighbours_are_the_slots_left_and_right_in_the_same_row() -> None:
    row, other = zkey(0, "row"), zkey(1, "row")
    state = _state(("A", 0, row, {"slot": 1}), ("B", 0, row, {"slot": 2}),
                   ("C", 0, row, {"slot": 4}), ("D", 1, other, {"slot": 3}))
    assert neighbours(state, 1) == (0, None)  # slot 3 is empty: the other row does not count
    assert neighbours(state, 0) == (None, 1)
    assert neighbours(state, 2) == (None, None)
    assert at_slot(state, row, 4) == 2 and at_slot(state, row, 3) is None
    assert free_slots(state, row, 5) == [3, 5]
    assert slot_of(state, 3) == 3


def test_a_card_without_a_slot_has_no_neighbours() -> None:
    state = _state(("A", 0, "0/row", {}), ("B", 0, "0/row", {"slot": True}))
    assert slot_of(state, 0) is None and slot_of(state, 1) is None  # a flag, not a number
    assert neighbours(state, 0) == (None, None)


# -- a blind pick by position ----------------------------------------------------------------


def test_a_blind_pick_offers_positions_and_finds_the_card_when_applied() -> None:
    hand = zkey(1, "hand")
    state = _state(("X", 1, hand, {}), ("Y", 1, hand, {}), ("Z", 1, hand, {}))
    opts = blind.offer(state, hand, "pick")
    assert [o.text for o in opts] == ["pick hand#1", "pick hand#2", "pick hand#3"]
    assert blind.picked(state, hand, "hand#2") == 1
    assert blind.picked(state, hand, opts[2].data[2]) == 2
    with pytest.raises(ValueError, match="no position 4"):
        blind.picked(state, hand, 4)
    notation = Notation({"pick": ("HIDDEN",)})
    for o in opts:  # the notation reads each option back
        assert str(notation.parse(o.text)) == o.text


def test_mixing_the_zone_shows_its_new_order_only_to_those_who_see_it() -> None:
    hand = zkey(1, "hand")
    state = _state(*(("TOY-01", 1, hand, {}) for _ in range(6)))
    ctx = Context(state, 5)
    blind.mix(ctx, hand)
    shuffle = next(e for e in ctx.events if e["t"] == "shuffle")
    assert "order" in redact(RS, shuffle, 1)  # the hand's owner sees their cards
    assert "order" not in redact(RS, shuffle, 0) and "order" not in redact(RS, shuffle, None)


def test_a_hidden_position_reads_back_or_is_refused_in_one_line() -> None:
    assert hidden_ref("hand", 2) == "hand#2"
    assert read_hidden("hand#12") == ("hand", 12)
    for bad in ("hand#", "hand2", "#2", "Hand#2"):
        with pytest.raises(NotationError, match="hidden position"):
            read_hidden(bad)


# -- the current text, who may answer --------------------------------------------------------


def test_the_current_text_is_the_views_where_the_ruleset_derives_one() -> None:
    assert current_text({"cid": "X"}, "printed words") == ("printed words", False)
    assert current_text({"text": "gain 2 HP"}, "gain [warmth] HP") == ("gain 2 HP", True)
    assert current_text({"text": "same"}, "same") == ("same", False)


def test_the_answer_line_names_who_may_answer_and_with_what() -> None:
    names = ["Ann", "Bo"]
    assert answer_line({"vars": {}}, names, {}) is None
    plain = answer_line({"vars": {"resp": {"prio": 1, "passes": 0}}}, names, {})
    assert plain == Line("Bo may answer", "bold")
    only = answer_line({"vars": {"resp": {"prio": 0, "passes": 1, "mode": "recall"}}},
                       names, {"recall": "recalls"})
    assert only is not None and only.text + only.more == "Ann may answer: recalls only"


def test_the_toys_lantern_text_changes_with_its_neighbours() -> None:
    """T5c through the view: the lit side's blank is filled with the creatures beside it."""
    camp = zkey(0, "camp")
    state = _state(("TOY-01", 0, camp, {"post": 1}),
                   ("TOY-07", 0, camp, {"post": 2, "side": "lit"}))
    lantern = view(RS, state, 1)["zones"][camp][1]
    printed = RS.cards["TOY-07"].sides["lit"]["text"]
    assert "[warmth]" in printed and lantern["printed"] == printed
    text, changed = current_text(lantern, printed)
    assert changed and "gain 1 HP" in text
    face = RS.screen.face(lantern, "camp", view(RS, state, 1))
    assert face.text == text and face.text_changed
    assert face.status == ("lit",)


def test_the_toys_snare_window_is_the_screens_restricted_window() -> None:
    state = State()
    ctx = Context(state, 0)
    chain.push(ctx, {"attack": 0}, 0, mode="snare")
    d = Decision(1, "respond", ())
    w = RS.screen.window(d, {"vars": state.vars})
    assert w is not None and w.only == "traps" and w.stop in {s.name for s in RS.screen.stops}
