"""The screen stack stays bounded: a kind of screen is open once, however the keys
and the table's news interleave (help over a prompt over help ... once grew by two
screens a round, and each see-through screen draws the ones beneath it)."""

from __future__ import annotations

from collections import Counter

from pmtui.tui.screens.prompts import PromptScreen

from .helpers import make_app, settle

ROUNDS = 4


async def test_help_over_a_prompt_then_a_new_decision_opens_no_second_of_either() -> None:
    """? on a prompt opens help over it; the decision's news then (a network table's
    opponent moved) opens the prompt again: the kept one comes up over help, and the
    next ? brings that help up again, never a second of either."""
    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.open_prompt(force=True)
        await settle(pilot, app)
        assert isinstance(app.screen, PromptScreen)
        widgets: list[int] = []  # on the stack's screens, after each round
        for _ in range(ROUNDS):
            await pilot.press("question_mark")
            await settle(pilot, app)
            app.open_prompt(force=True)
            await settle(pilot, app)
            widgets.append(sum(len(list(s.walk_children(with_self=True)))
                               for s in app.screen_stack))
        assert max(widgets) == widgets[0], widgets  # once: a help and a prompt more a round
        kinds = Counter(type(s).__name__ for s in app.screen_stack)
        assert max(kinds.values()) == 1, kinds
        assert isinstance(app.screen, PromptScreen)
        assert len(app.screen_stack) == 4  # Textual's default screen, the table, help, a prompt
