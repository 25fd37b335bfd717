"""Hidden information: face-down setup cards, hands, Stronghold, picks (design §Hidden)."""

from __future__ import annotations

import json

from pmtui.engine.views import redact, redact_decision, view
from pmtui.table.replay import Replay, ReplayModel
from pmtui.table.scenarios import loads
from pmtui.table.scenarios.run import new_game as scenario_game

from .helpers import new_game, ruleset
from .test_rules_turn import setup_to_first_turn


def test_the_second_players_face_down_cards_never_reach_the_first_player() -> None:
    """G1 (9)②-③, ⑪: the Commander and Nameless cards are face down until the second
    player's first turn; no event or decision shows the first player which they are."""
    game = setup_to_first_turn(seed=4)
    first = game.state.vars["first"]
    second = 1 - first
    secret = {game.state.cards[u].cid for u in game.state.zone("shared/bf")
              if game.state.cards[u].owner == second}
    secret |= {game.state.cards[u].cid for u in game.state.zone(f"{second}/cz")}
    rs = ruleset()
    seen = []
    for rec in game.records[1:]:
        if rec["type"] == "event":
            seen.append(redact(rs, rec["event"], first))
        elif rec["type"] == "decision":
            seen.append(redact_decision(rec, first))
    text = json.dumps(seen)
    assert secret and not any(cid in text for cid in secret)
    # the spectator does not see them either, the owner does
    def theirs(viewer: int | None) -> list[dict[str, object]]:
        return [c for c in view(rs, game.state, viewer)["zones"]["shared/bf"]
                if c["owner"] == second]

    assert len(theirs(None)) == 2 and all(c["cid"] is None for c in theirs(None))
    assert all(c["cid"] for c in theirs(second))


def test_hands_and_strongholds_are_counts_for_the_opponent() -> None:
    game = setup_to_first_turn(seed=5)
    v = view(ruleset(), game.state, 0)
    assert isinstance(v["zones"]["1/hand"], int) and isinstance(v["zones"]["1/sh"], int)
    assert isinstance(v["zones"]["0/hand"], list)


def test_ultimate_summoning_zone_is_the_owners() -> None:
    """S29: the owner searches it; the opponent sees a count."""
    game = new_game("ultimate", seed=3)
    v = view(ruleset(), game.state, 0)
    assert isinstance(v["zones"]["0/summon"], list) and isinstance(v["zones"]["1/summon"], int)


def test_a_troop_pick_is_hidden_from_the_opponent() -> None:
    """G2 (9) Troop: the cards looked at stay the user's secret."""
    rs = ruleset()
    vars_ = {"ab": {"p": 0, "u": 1, "pick": {"do": "troop", "from": [5, 6], "private": True}}}
    assert "from" not in rs.redact_vars(vars_, 1)["ab"]["pick"]
    assert rs.redact_vars(vars_, 0)["ab"]["pick"]["from"] == [5, 6]


def test_an_ability_used_from_hand_keeps_its_number_secret() -> None:
    """S46: `show hand#N`; the opponent's variables and events never hold the card's number
    (it may stay hidden: Hand→SH goes under the Stronghold)."""
    from .position import Position

    pos = Position(p=1)
    pos.put("SGY-030", 1, "bf", at="c3", dt=1, hp=5)
    whisper = pos.put("SGY-021", 0, "hand")  # Rallying Whisper: Hand→SH
    pos.deck(0, "SGY-001", "SGY-002")
    pos.act("attack c3 c1 atk")
    pos.act("done")
    pos.act("show hand#1")
    rs = ruleset()
    for ev in pos.events:
        seen = json.dumps(redact(rs, ev, 1))
        for leak in (f'"card": {whisper}', f'"u": {whisper}', f"[{whisper}, 0]"):
            assert leak not in seen, seen
    assert rs.redact_vars(pos.state.vars, 1).get("used_hand") is None
    assert rs.redact_vars(pos.state.vars, 0)["used_hand"] == [[whisper, 0]]


WHISPER_ASKED = """
ruleset = "sengoku_yugi"
name = "a hand card's trigger"
page = "G1 (14)"
[position]
turn = 4
[p1]
hand = ["SGY-021"]
sh = 10
[p2]
bf = [{ card = "SGY-030", at = "c3" }]
sh = 10
"""


def test_a_question_about_a_hand_card_is_the_owners_secret() -> None:
    """G1 (14), S46: when a unit attacks the Stronghold, the defender is asked whether to
    show a hand card and use its ability. The attacker must not learn that a question
    was asked (that would tell them a card of that kind is in the hand): neither from
    the variables while it is pending nor from the log once it is declined."""
    from pmtui.table.session import HUMAN, LocalTable

    game = scenario_game(loads(WHISPER_ASKED))
    game.act("attack c3 c1 atk")
    game.act("done")
    d = game.pending()
    assert d is not None and (d.player, d.texts) == (0, ["show hand#1", "skip"])
    rs = ruleset()
    assert view(rs, game.state, 0)["vars"]["trig"]  # the owner sees their question
    for viewer in (1, None):
        assert not view(rs, game.state, viewer)["vars"].get("trig")
    game.act("skip")
    table = LocalTable(game, [HUMAN, HUMAN])
    asked = [line.text for line in table.log_for(0) if line.kind == "decision"]
    assert asked[-1] == "P1 skip"
    for viewer in (1, None):
        lines = [line.text for line in table.log_for(viewer) if line.kind == "decision"]
        assert lines == ["P2 attack c3 c1 atk", "P2 done"], lines
        for rec in game.records[1:]:
            if rec["type"] == "event":
                assert "stronghold-attacked" not in json.dumps(redact(rs, rec["event"], viewer))


def _what_the_attacker_sees(hand_card: str) -> list[tuple[int, str, list[str]]]:
    """From the attack on the defender's Stronghold until the attacker decides again:
    at each pending decision, whose it is (the attacker's screen says "Waiting for P1…"),
    the attacker's view and their log. The defender skips every question."""
    from pmtui.table.session import HUMAN, LocalTable

    game = scenario_game(loads(WHISPER_ASKED.replace('"SGY-021"', f'"{hand_card}"')))
    game.act("attack c3 c1 atk")
    game.act("done")
    table = LocalTable(game, [HUMAN, HUMAN])
    rs = ruleset()
    seen = []
    for _ in range(50):
        d = game.pending()
        assert d is not None
        seen.append((d.player, json.dumps(view(rs, game.state, 1), sort_keys=True),
                     [line.text for line in table.log_for(1)]))
        if d.player != 0:
            return seen
        game.act("skip" if "skip" in d.texts else d.texts[0])
    raise AssertionError("the defender was asked more than 50 times")


def test_the_hand_window_is_the_same_for_the_attacker_whatever_the_hand_holds() -> None:
    """G1 (14) Trigger, Hand; S45, S47: the attacker learns nothing of the defender's hand.
    The hand's window is asked whether or not a card in it can answer (Rallying Whisper,
    or a Level 1 card that cannot), so the attacker sees the same waits, the same views
    and the same log either way (before, they waited on one more question when the hand
    held a card that could answer)."""
    with_card = _what_the_attacker_sees("SGY-021")
    without = _what_the_attacker_sees("SGY-001")
    assert [who for who, _, _ in with_card].count(0) >= 1  # the defender was asked
    assert with_card == without
    game = scenario_game(loads(WHISPER_ASKED.replace('"SGY-021"', '"SGY-001"')))
    game.act("attack c3 c1 atk")
    game.act("done")
    d = game.pending()
    assert d is not None and (d.player, d.kind, d.texts) == (0, "hand", ["skip"])
    assert d.prompt.startswith("No card in your hand can be used now")


def _asked_and_passed() -> tuple[ReplayModel, int]:
    """The replay of an attack whose defender is asked about a hand card and passes,
    and the step of that secret question."""
    game = scenario_game(loads(WHISPER_ASKED))
    game.act("attack c3 c1 atk")
    game.act("done")
    game.act("skip")
    model = ReplayModel(game.records[0], game.records[1:])
    return model, next(i + 1 for i, r in enumerate(game.records[1:]) if r.get("secret"))


def test_the_replay_does_not_step_onto_a_question_the_viewer_may_not_know_of() -> None:
    """docs/engine.md, "Views": a replay stepped over the secret record, so the moment
    the defender was asked about a hand card showed as an empty step (and the `]`
    stride stopped there). From the attacker's side the question and the variable
    changes around it that they cannot see are passed over and not counted; the
    defender, and "both", still see it."""
    model, secret = _asked_and_passed()
    for viewer, sees in ((1, False), (0, True), (None, True)):
        replay = Replay(model, perspective=viewer, start=0)
        visited, shown = [], []
        while replay.position < len(model):
            replay.step(1)
            visited.append(replay.position)
            shown.append(replay.shown().position)
        assert (secret in visited) == sees
        # the attacker also passes over the question's own variable changes around it
        assert len(visited) == len(model) - (0 if sees else 3)
        assert shown == list(range(1, len(shown) + 1))  # the count has no gap
        if not sees:  # nor a step with nothing on it, nor a decision stop
            assert all(model.record_text(s - 1, viewer) for s in visited)
            replay.seek(0)
            while replay.stride("decision", 1) is None:
                assert replay.position != secret


def test_a_seat_switched_to_on_a_question_it_may_not_know_of_sees_the_step_before() -> None:
    """docs/engine.md, "Views": after the game, the defender's replay stands on their
    secret question; switching to the attacker's side put them on a step they may not
    know of (an empty line, numbered as the step before). It moves to that step."""
    model, secret = _asked_and_passed()
    replay = Replay(model, perspective=0, start=0, allow_both=True)
    replay.seek(secret)
    assert replay.shown().line  # the defender's own question
    assert replay.view_as(1) is None
    before = min(model.unseen(1)) - 1
    assert secret in model.unseen(1) and replay.position == before
    assert replay.shown().line == model.record_text(before - 1, 1) != ""


def _counter_asked(hand_card: str) -> list[tuple[int, str]]:
    """Player 2 grows Genba onto their Frontline, whose Ember Oath has a Counter paid with
    a Level 2-3 hand card: what player 2 sees at each decision until they decide again
    (whose it is, their view), player 1 allowing."""
    from .position import Position

    pos = Position(p=1)
    pos.put("SGY-005", 1, "bf", at="c3", hp=3)
    pos.put("SGY-001", 0, "bf", at="c2")
    pos.put(hand_card, 0, "hand")
    oath = pos.put("SGY-006", 1, "hand")
    pos.act(f"grow SGY-006@{oath} c3")
    pos.act(f"use SGY-006@{oath}")
    d = pos.decision
    assert (d.player, d.kind) == (0, "counter")
    assert d.texts == (["counter", "allow"] if hand_card == "SGY-002" else ["allow"])
    rs = ruleset()
    seen = []
    for _ in range(10):
        d = pos.decision
        seen.append((d.player, json.dumps(view(rs, pos.state, 1), sort_keys=True)))
        if d.player != 0:
            return seen
        pos.act("allow")
    raise AssertionError("player 1 was asked more than 10 times")


def test_the_counter_question_is_the_same_for_the_user_whatever_the_hand_holds() -> None:
    """G1 (14) Intimidation I note ("must show the Counter cost and ask the opponent"),
    S26, S48: the opponent is asked whether or not their hand can pay the Counter, so the
    ability's user cannot tell (before, a hand without a Level 2-3 card was not asked)."""
    can = _counter_asked("SGY-002")  # Aoi, Level 2: can pay
    cannot = _counter_asked("SGY-001")  # Aoi, Level 1: cannot
    assert can[0][0] == 0 and can == cannot
