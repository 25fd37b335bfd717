"""A pass that ends the player's turn with nothing asked after it (nothing could
approach: the rules skip the rest of the turn) gets one line; it went straight to the
computer's turn without a word. A pass after which the turn goes on says nothing."""

from __future__ import annotations

from pmtui.table.sandbox.model import Sandbox

from .helpers import settle
from .test_chain import CHAIN, chain_app

NOTHING = {**CHAIN, "p1": {**CHAIN["p1"], "main": [], "hand": []}}  # no chara, no card


async def _pass_in_main(doc: dict[str, object]) -> tuple[list[str], bool]:
    """The notices after the person passes in their Main Phase, and whether the turn
    was still theirs afterwards."""
    app = chain_app(Sandbox.from_doc(doc).game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.table.decision_for(0).texts == ["pass"]
        before = {n.message for n in app._notifications}
        await pilot.press("p")
        await settle(pilot, app)
        said = [n.message for n in app._notifications if n.message not in before]
        return said, app.table.view_for(0)["vars"].get("turn") == 3


async def test_a_pass_that_ends_the_turn_says_so() -> None:
    said, same_turn = await _pass_in_main(NOTHING)
    assert not same_turn
    assert [m for m in said if m.startswith("Your turn is over")] == [
        "Your turn is over: nothing more was possible after your pass (Your move (main))"]


async def test_a_pass_after_which_the_turn_goes_on_says_nothing() -> None:
    # the person's chara may approach: the turn goes on to the approach
    doc = {**CHAIN, "p1": {**CHAIN["p1"], "hand": []}}
    said, same_turn = await _pass_in_main(doc)
    assert same_turn
    assert not [m for m in said if m.startswith("Your turn is over")]
