"""A whole PSO game against the computer played by keys only at 80x24: the test reads
the screen's state to decide, but every move is a key press (arrows to focus a card,
the game's verb keys, enter in prompts), as docs/tui.md describes them."""

from __future__ import annotations

from collections import Counter

from textual.pilot import Pilot

from pmtui.engine.game import Game
from pmtui.table.registry import ruleset
from pmtui.table.session import LocalTable, new_game_header
from pmtui.tui.app import PmApp
from pmtui.tui.keys import GAME_BINDINGS
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.prompts import ChoiceScreen, RespondScreen
from tests.tui.helpers import to_row


async def _focus(pilot: Pilot[object], screen: GameScreen, uid_ref: str) -> None:
    """Move the cursor onto the card named `uid_ref` ("HAL-001@0") with the arrow keys."""
    def here() -> bool:
        spot = screen.spot()
        return spot is not None and spot.card is not None and \
            f"{spot.card.get('cid')}@{spot.card.get('uid')}" == uid_ref

    def holds(i: int) -> bool:
        return any(s.card is not None and f"{s.card.get('cid')}@{s.card.get('uid')}" == uid_ref
                   for s in screen.board.nav[i].spots)

    rows = [i for i in range(len(screen.board.nav)) if holds(i)]
    assert rows, f"no row holds {uid_ref}"
    await to_row(pilot, screen, rows[0])
    width = len(screen.board.nav[screen.board.row].spots)
    for _ in range(width):
        await pilot.press("left")
    for _ in range(width):
        if here():
            break
        await pilot.press("right")
    assert here(), f"the cursor never reached {uid_ref}"


async def test_a_whole_game_is_played_by_keys_against_the_computer() -> None:
    header, seats = new_game_header(11, vs="computer", game="pso", opponent="heuristic")
    game = Game(ruleset("pso"), header)
    app = PmApp(LocalTable(game, seats), hotseat=False, catch_errors=False)
    used: Counter[str] = Counter()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):
            await pilot.pause(0.02)
            if game.over is not None:
                break
            d = game.pending()
            if d is None or d.player != 0:
                continue
            screen = app.screen
            if not isinstance(screen, GameScreen):  # a prompt is open: take its first line
                await pilot.press("enter")
                used["prompt"] += 1
                continue
            if screen.decision is None:
                continue  # the screen has not caught up with the game yet
            texts = [o.text for o in d.options]
            by_verb: dict[str, list[str]] = {}
            for t in texts:
                by_verb.setdefault(t.split()[0], []).append(t)
            if d.kind == "main":
                for verb, key in (("monster", "m"), ("character", "h"), ("area", "l")):
                    if verb in by_verb:
                        await _focus(pilot, screen, by_verb[verb][0].split()[1])
                        await pilot.press(key)
                        used[verb] += 1
                        break
                else:
                    if "trap" in by_verb and not used["trap"]:
                        await pilot.press("t")  # a prompt: which trap
                        used["trap"] += 1
                    else:
                        await pilot.press("c")
                        used["combat"] += 1
            elif d.kind == "combat":
                if "attack" in by_verb:
                    await _focus(pilot, screen, by_verb["attack"][0].split()[1])
                    await pilot.press("a")
                    used["attack"] += 1
                else:
                    await pilot.press("n")
                    used["end"] += 1
            elif d.kind == "target":
                targets = by_verb.get("target", [])
                if targets:
                    await _focus(pilot, screen, targets[0].split()[1])
                    await pilot.press("g")
                    used["target"] += 1
                else:
                    await pilot.press("x")
            else:  # lead, prefer, trap: a prompt the enter key opens
                await pilot.press("enter")
                used["open"] += 1
        assert game.over is not None, f"the game did not end ({used})"
        await pilot.pause(0.3)
        shot = app.export_screenshot().replace("&#160;", " ")
        assert "Game over" in shot or "won" in shot, (used, type(app.screen).__name__)
    # the keys really did the playing: cards came from the hand and attacks were aimed
    assert used["monster"] + used["character"] > 0 and used["target"] > 0, used
    assert used["end"] > 0
    players = {r.get("player") for r in game.records if r.get("type") == "decision"}
    assert 0 in players


def test_no_pso_verb_key_hides_a_table_key() -> None:
    table_keys = {b.key for b in GAME_BINDINGS}
    clashes = [v for v in ruleset("pso").screen.verbs if v.key in table_keys]
    assert clashes == []


async def test_a_verb_key_on_a_card_it_does_not_fit_says_so() -> None:
    """The attack key on a monster in the hand during the main phase: a short notice
    (the rules' reason), where the key used to do nothing."""
    for seed in range(1, 40):
        header, seats = new_game_header(seed, vs="computer", game="pso", opponent="heuristic")
        game = Game(ruleset("pso"), header)
        d = game.pending()
        if d is not None and d.player == 0 and any(t.startswith("monster ") for t in d.texts):
            break
    monster = next(t for t in d.texts if t.startswith("monster ")).split()[1]
    app = PmApp(LocalTable(game, seats), hotseat=False, catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await _focus(pilot, screen, monster)
        await pilot.press("a")
        await pilot.pause(0.1)
        notes = [n.message for n in app._notifications]
        assert any(m.startswith("Attack ") for m in notes), notes
        assert game.pending() == d  # nothing was played
        await pilot.press("m")  # the verb that fits still plays it
        await pilot.pause(0.1)
        assert game.state.cards[int(monster.split("@")[1])].zone == "0/monsters"


async def test_the_trap_prompt_asks_which_trap_not_respond() -> None:
    """The trap key opens the choice of a trap to set: titled by what it asks, as the
    bottom line says it, with its line under the title; it answers no play, so it is
    neither titled "Respond?" nor listed with a chain."""
    for seed in range(1, 40):
        header, seats = new_game_header(seed, vs="computer", game="pso", opponent="heuristic")
        game = Game(ruleset("pso"), header)
        d = game.pending()
        if d is not None and d.player == 0 and "trap" in d.texts:
            break
    app = PmApp(LocalTable(game, seats), hotseat=False, catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("t")
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, ChoiceScreen) and not isinstance(screen, RespondScreen)
        asked = game.pending()
        assert asked is not None and asked.kind == "trap"
        assert screen.title_text == app.asked(asked)
        assert "Respond" not in screen.title_text
        assert screen.body_text == ruleset("pso").screen.prompts["trap"].body  # no chain
