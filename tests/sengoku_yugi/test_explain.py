"""`explain`: why an action is not legal now, one line naming its place in the guides."""

from __future__ import annotations

from .position import Position


def test_a_legal_action_has_no_reason() -> None:
    pos = Position()
    pos.put("SGY-001", 0, "bf", at="c2")
    assert pos.rs.explain(pos.state, "move c2 d2") is None


def test_reasons_name_the_rule() -> None:
    pos = Position(ap=(0, 0))
    pos.put("SGY-001", 0, "bf", at="c2")
    pos.put("SGY-002", 0, "hand")
    why = pos.rs.explain(pos.state, "move c2 d2")
    assert why is not None and "1 AP" in why and "(11)④" in why
    why = pos.rs.explain(pos.state, "move c2 d3")
    assert why is not None and "diagonally" in why
    why = pos.rs.explain(pos.state, "deploy SGY-002 d2")
    assert why is not None and "costs 5 AP" in why and "\n" not in why


def test_outside_the_main_phase_the_reason_is_the_pending_question_in_words() -> None:
    pos = Position()
    pos.put("SGY-004", 0, "bf", at="c2", dt=1, hp=5)
    pos.put("SGY-027", 1, "bf", at="c3", df=True)
    pos.act("attack c2 c3 atk")
    why = pos.rs.explain(pos.state, "end")
    assert why == f"first answer “{pos.decision.prompt}”"  # the pending one, in words
