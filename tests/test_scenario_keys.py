"""The scenario keys every game shares (docs/scenarios.md), proven on the toy ruleset
(tests/toy) and used by a scenario of each bundled game: made-up cards (`card_files`),
the setup and a turn's very beginning (`[setup]`, `phase = "start"`), fixed outcomes
(`fix`), deck legality (`deck`, `deck_legal`), what a reader was shown and reads
(`shown_to`, `log_seen_by`), named state and card data (`state`, `card_data`); and the
sandbox opening and saving each, and `pmtui check` running many files."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.table.sandbox import Sandbox
from pmtui.table.scenarios import ScenarioError, load, loads, run

TESTS = Path(__file__).parent
TOY = TESTS / "toy" / "scenarios"
# one scenario of each game that loads made-up cards
MADE_UP = [
    TOY / "t3_made_up_card_hits.toml",
    TESTS / "scenarios" / "p17_purple_same_name_other_series.toml",
    TESTS / "scenarios" / "pso" / "spell_cards_base_zero_deals_mst.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_11_deployment_pays_the_cost.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "m13_made_up_card_summoned.toml",
]
GAMES = {"toy": ("TOY-90", "power = 5"), "precious_memories": ("XTO-009", "ap = 30"),
         "pso": ("XPS-009", "type = \"spell\""), "sengoku_yugi": ("SGX-009", "kind = \"main\""),
         "clockwork_memorion": ("CWX-009", "power = 300")}


def toy(body: str, tmp_path: Path, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text('ruleset = "toy"\n' + body, encoding="utf-8")
    return path


# -- card_files ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", MADE_UP, ids=lambda p: p.stem)
def test_every_game_loads_made_up_cards(path: Path) -> None:
    sc = load(path)
    assert sc.card_files and all(p.is_file() for p in sc.card_files)
    made_up = {cid for cid in sc.rs.cards if cid[:3] in ("TOY", "XTO", "XPS", "SGX", "CWX")}
    assert made_up - set(load(path).rs.cards) == set()
    result = run(sc)
    assert result.ok, result.failures


def test_the_toy_made_up_card_is_only_in_its_scenario() -> None:
    sc = load(TOY / "t3_made_up_card_hits.toml")
    plain = load(TOY / "t3_attack_die.toml")
    assert "TOY-90" in sc.rs.cards and "TOY-90" not in plain.rs.cards
    assert sc.rs.pool_digest != plain.rs.pool_digest  # a save notices the changed pool


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bad_card_file_is_one_line_naming_the_file_and_key(game: str, tmp_path: Path) -> None:
    """Made-up cards are checked like the game's own: a card missing its fields, a file
    that is not TOML and a missing file are each refused in one line."""
    cid, field = GAMES[game]
    bad = {
        "partial.toml": f'[[card]]\nid = "{cid}"\n{field}\n',
        "broken.toml": "[[card]\n",
    }
    for name, text in bad.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name in (*bad, "missing.toml"):
        text = f'ruleset = "{game}"\ncard_files = ["{name}"]\n'
        with pytest.raises(ScenarioError) as err:
            loads(text, str(tmp_path / "s.toml"))
        message = str(err.value)
        assert "\n" not in message and "card_files" in message and name in message, message
        assert message.startswith(str(tmp_path / "s.toml") + ":2:"), message


def test_a_made_up_card_may_not_replace_a_games_own(tmp_path: Path) -> None:
    (tmp_path / "dup.toml").write_text(
        '[[card]]\nid = "TOY-01"\nname = "Twin"\nkind = "creature"\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="card_files: .*TOY-01"):
        loads('ruleset = "toy"\ncard_files = ["dup.toml"]\n', str(tmp_path / "s.toml"))


@pytest.mark.parametrize("path", MADE_UP, ids=lambda p: p.stem)
def test_the_sandbox_saves_made_up_cards_relative_to_the_new_file(
    path: Path, tmp_path: Path
) -> None:
    sb, notes = Sandbox.from_scenario(path)
    assert notes == []
    target = tmp_path / "deeper" / "saved.toml"
    report = sb.save(target)
    assert "pmtui check passes" in report
    again = load(target)
    assert [p.resolve() for p in again.card_files] == [p.resolve() for p in sb.card_files]
    assert "../" in target.read_text(encoding="utf-8")  # named from the saved file's folder


def test_the_sandbox_command_loads_card_files(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    assert main(["sandbox", "--game", "pso", "--cards", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pmtui: --cards: ") and "nope.toml" in err and err.count("\n") == 1
    cards = TESTS / "scenarios" / "pso" / "cards" / "made_up.toml"
    assert main(["sandbox", "--cards", str(cards), str(MADE_UP[2])]) == 2
    assert "card_files" in capsys.readouterr().err


def test_the_sandbox_adds_a_made_up_card() -> None:
    from pmtui.table.registry import ruleset

    cards = (TESTS / "scenarios" / "sengoku_yugi" / "cards" / "made_up.toml",)
    rs = ruleset("sengoku_yugi").with_card_files(cards)
    sb = Sandbox.from_doc(rs=rs, card_files=cards)
    uid = sb.add("SGX-001", 0, "hand")
    assert sb.state.cards[uid].cid == "SGX-001"
    assert 'card_files = ["' in sb.to_toml()


# -- setup and the turn's start -----------------------------------------------------------

SETUP = [
    TOY / "t1_setup_on_given_decks.toml",
    TESTS / "scenarios" / "p08_first_player_draws_one.toml",
    TESTS / "scenarios" / "pso" / "setup_monster_search_retries.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_09_setup_runs_on_given_decks.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "g_setup_runs_on_given_decks.toml",
]
TURN_START = [
    TOY / "t3_turn_start_untires_and_draws.toml",
    TESTS / "scenarios" / "p08_turn_start_position.toml",
    TESTS / "scenarios" / "pso" / "game_play_turn_starts_with_a_draw.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_11_active_phase_at_turn_start.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "g_turn_start_stands_up_and_draws.toml",
]
TOY_DECKS = (
    '[setup.p1]\nmain = ["TOY-03", "TOY-02", "TOY-01", "TOY-04", "TOY-01", "TOY-01", '
    '"TOY-02", "TOY-01"]\n[setup.p2]\nmain = ["TOY-01", "TOY-01", "TOY-01", "TOY-02", '
    '"TOY-02", "TOY-03", "TOY-04", "TOY-04"]\n'
)


@pytest.mark.parametrize("path", SETUP + TURN_START, ids=lambda p: p.stem)
def test_every_game_runs_its_own_setup_and_turn_start(path: Path) -> None:
    result = run(load(path))
    assert result.ok, result.failures
    assert result.checked >= 3


def test_fix_decides_the_shuffles_and_the_coin_of_the_setup(tmp_path: Path) -> None:
    """The same decks with and without `fix`: kept, the hand is the deck's top three and
    P2 starts; from the seed alone the order is shuffled."""
    fixed = run(loads(f'ruleset = "toy"\nfix = ["keep", "keep", "keep", "tails"]\n{TOY_DECKS}',
                      str(tmp_path / "f.toml"))).game
    hand = [fixed.state.cards[u].cid for u in fixed.state.zones["0/hand"]]
    assert sorted(hand) == ["TOY-01", "TOY-02", "TOY-03"]
    assert fixed.pending().player == 1
    events = [r["event"] for r in fixed.records if r.get("type") == "event"]
    rolls = [ev for ev in events if ev["t"] in ("shuffle", "roll")]
    assert all(ev.get("fixed") for ev in rolls) and len(rolls) == 4
    free = [run(loads(f'ruleset = "toy"\nseed = {s}\n{TOY_DECKS}', str(tmp_path / "s.toml"))).game
            for s in range(6)]
    orders = {tuple(g.state.cards[u].cid for u in g.state.zones["0/deck"]) for g in free}
    assert len(orders) > 1  # the seed shuffles: fixing is what kept the order


def test_a_fix_entry_used_up_leaves_the_rest_to_the_seed(tmp_path: Path) -> None:
    text = f'ruleset = "toy"\nfix = ["keep"]\n{TOY_DECKS}'
    game = run(loads(text, str(tmp_path / "s.toml"))).game
    assert game.state.vars["fix"] == 1
    events = [r["event"] for r in game.records if r.get("type") == "event"]
    shuffles = [ev for ev in events if ev["t"] == "shuffle"]
    assert shuffles[0].get("fixed") and "rng" in shuffles[1] and not shuffles[1].get("fixed")


@pytest.mark.parametrize(
    ("fix", "words"),
    [
        ('["roll 4"]', "fix entry 1 'roll 4' does not fit: the game shuffles P1's deck"),
        ('["keep", "keep", "keep", "roll 3"]', "fix entry 4 'roll 3' does not fit"),
        ('["keep", "order TOY-05"]', "which holds no more TOY-05"),
    ],
)
def test_a_fix_entry_that_does_not_fit_is_one_line_at_its_line(
    fix: str, words: str, tmp_path: Path
) -> None:
    text = f'ruleset = "toy"\nfix = {fix}\n{TOY_DECKS}'
    with pytest.raises(ScenarioError) as err:
        loads(text, str(tmp_path / "s.toml"))
    message = str(err.value)
    assert words in message and "\n" not in message, message
    assert message.startswith(f"{tmp_path / 's.toml'}:2: fix: "), message


def test_a_fix_entry_that_does_not_fit_an_action_fails_the_run(tmp_path: Path) -> None:
    """A fixed outcome met during the actions that does not fit: a failure at its line."""
    text = ('ruleset = "toy"\nfix = [\n  "heads",\n]\nactions = ["spring a1"]\n'
            '[position]\nturn = 2\nactive = "p1"\n[position.board]\na1 = "p1 TOY-04 down"\n'
            '[p1]\ndeck = ["TOY-01"]\n[p2]\ndeck = ["TOY-01"]\n')
    result = run(loads(text, "s.toml"))
    assert not result.ok
    assert result.failures[0].startswith("s.toml:3: fix: fix entry 1 'heads' does not fit: "
                                         "the game rolls 1d3 here"), result.failures


def test_a_fixed_roll_reaches_a_roll_no_one_declares() -> None:
    """The toy's trap rolls its damage at once (no chance decision): `fix` decides it."""
    text = ('ruleset = "toy"\nfix = ["roll 3"]\nactions = ["spring a1"]\n'
            '[position]\nturn = 2\nactive = "p1"\n[position.board]\na1 = "p1 TOY-04 down"\n'
            '[p1]\ndeck = ["TOY-01"]\n[p2]\ndeck = ["TOY-01"]\n[[expect]]\nhp = [6, 3]\n')
    result = run(loads(text, "s.toml"))
    assert result.ok, result.failures


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('fix = "keep"\n', "fix: a list of outcomes"),
        ('fix = ["roll four"]\n', "write the faces"),
        ('fix = ["pick"]\n', 'write "pick ID"'),
        (f'{TOY_DECKS}[p1]\ndeck = ["TOY-01"]\n', "p1: a scenario with [setup] starts"),
        ('[setup.p1]\nmain = ["TOY-01"]\nextra = ["TOY-01"]\n[setup.p2]\nmain = []\n',
         "no deck part 'extra' (parts: main)"),
        ('[setup.p1]\nmain = ["TOY-99"]\n[setup.p2]\nmain = []\n', "unknown card id TOY-99"),
        ('[setup.p1]\nmain = []\n', "setup.p2: the deck of p2 is missing"),
        ('[setup]\np1 = "no_such_deck"\np2 = "skirmish"\n', "setup.p1: no_such_deck"),
        ('[setup]\np1 = "skirmish"\np2 = "skirmish"\noptions = { speed = "2" }\n',
         "unknown option 'speed'"),
    ],
)
def test_bad_setup_and_fix_are_one_line(body: str, words: str, tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as err:
        loads('ruleset = "toy"\n' + body, str(tmp_path / "s.toml"))
    assert words in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_a_setup_deck_may_be_a_built_in_deck_or_a_file(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('main = ["TOY-03", "TOY-03", "TOY-03", "TOY-03", '
                                        '"TOY-03", "TOY-03", "TOY-03", "TOY-03"]\n')
    text = ('ruleset = "toy"\nfix = ["keep", "keep"]\n[setup]\np1 = "mine.toml"\n'
            'p2 = "skirmish"\n[[expect]]\nzone = "p1.hand"\n'
            'cards = ["TOY-03", "TOY-03", "TOY-03"]\n')
    result = run(loads(text, str(tmp_path / "s.toml")))
    assert result.ok, result.failures


def test_undo_and_replay_come_back_to_the_same_fixed_outcomes() -> None:
    """The count of used entries is in the state (set by the events), so an undo
    re-executes to the same outcomes and a replay of the log folds to the same state."""
    from pmtui.engine.state import fold

    text = ('ruleset = "toy"\nfix = ["roll 2", "roll 1"]\nactions = ["spring a1", "end", '
            '"end", "spring b1"]\n[position]\nturn = 2\nactive = "p1"\n[position.board]\n'
            'a1 = "p1 TOY-04 down"\nb1 = "p1 TOY-04 down"\n'
            '[p1]\ndeck = ["TOY-01", "TOY-01"]\n[p2]\ndeck = ["TOY-01", "TOY-01"]\n'
            '[[expect]]\nhp = [6, 3]\n')
    result = run(loads(text, "s.toml"))
    assert result.ok, result.failures
    game = result.game
    events = [r["event"] for r in game.records if r.get("type") == "event"]
    assert fold(events).vars == game.state.vars
    game.undo(1)
    assert game.state.vars["hp"] == [6, 4] and game.state.vars["fix"] == 1
    game.act("end")
    game.act("end")
    game.act(next(t for t in game.pending().texts if t.startswith("spring")))
    assert game.state.vars["hp"] == [6, 3]


def test_the_sandbox_opens_and_saves_a_setup_scenario(tmp_path: Path) -> None:
    sb, notes = Sandbox.from_scenario(SETUP[0])
    assert notes == [] and sb.fix_left() == []
    assert "pmtui check passes" in sb.save(tmp_path / "saved.toml")
    sb.add("TOY-01", 0, "hand")  # once edited, it is a position
    assert "pmtui check passes" in sb.save(tmp_path / "edited.toml")
    text = (tmp_path / "edited.toml").read_text(encoding="utf-8")
    assert "[position]" in text and "[setup" not in text
    sb, _ = Sandbox.from_scenario(TURN_START[0])
    assert "pmtui check passes" in sb.save(tmp_path / "start.toml")


def test_the_sandbox_keeps_the_unused_fixed_outcomes(tmp_path: Path) -> None:
    path = toy('fix = ["roll 3", "roll 1"]\n[position]\nturn = 2\n[position.board]\n'
               'a1 = "p1 TOY-04 down"\nb1 = "p1 TOY-04 down"\n[p1]\ndeck = ["TOY-01"]\n'
               '[p2]\ndeck = ["TOY-01"]\n', tmp_path)
    sb, _ = Sandbox.from_scenario(path)
    before = sb.mark()
    sb.table.act(0, "spring a1")
    assert sb.played(before)
    assert sb.state.vars["hp"] == [6, 3] and sb.fix_left() == ["roll 1"]
    sb.add("TOY-01", 0, "hand")  # an edit starts a new game: the rest stays fixed
    assert sb.fix_left() == ["roll 1"]
    text = sb.to_toml(tmp_path / "out.toml")
    assert 'fix = ["roll 1"]' in text


# -- random outcomes fixed ----------------------------------------------------------------

FIXED = [
    TOY / "t3_snare_damage_fixed.toml",
    TESTS / "scenarios" / "p16_random_discard_fixed.toml",
    TESTS / "scenarios" / "pso" / "event_cards_trap_damage_evaded_or_hit.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_qa_after_die_fixed.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "m8_coin_decides_who_goes_first_fixed.toml",
]
# each file's fix list turned around (or changed) gives the other outcome
SWAPPED = {
    "t3_snare_damage_fixed": ('["roll 3"]', '["roll 1"]'),
    "p16_random_discard_fixed": ('["pick STA-003"]', '["pick STA-004"]'),
    "event_cards_trap_damage_evaded_or_hit": ('["evade", "hit"]', '["hit", "evade"]'),
    "g1_qa_after_die_fixed": ('["roll 6", "roll 1"]', '["roll 1", "roll 6"]'),
    "m8_coin_decides_who_goes_first_fixed": ('["tails"]', '["heads"]'),
}


@pytest.mark.parametrize("path", FIXED, ids=lambda p: p.stem)
def test_every_game_fixes_its_random_outcomes(path: Path) -> None:
    """Each holds as written, and fails with the outcomes changed: fix decides them."""
    result = run(load(path))
    assert result.ok, result.failures
    old, new = SWAPPED[path.stem]
    text = path.read_text(encoding="utf-8")
    assert old in text
    other = run(loads(text.replace(old, new), str(path)))
    assert not other.ok


def test_a_fixed_word_the_draw_does_not_have_is_refused() -> None:
    path = FIXED[2]
    text = path.read_text(encoding="utf-8").replace('["evade", "hit"]', '["miss"]')
    result = run(loads(text, str(path)))
    assert not result.ok
    assert "fix entry 1 'miss' does not fit: the game rolls 1d5 here (or 'evade', 'hit')" \
        in result.failures[0], result.failures


# -- deck legality ------------------------------------------------------------------------

DECKS = [
    TOY / "t1_deck_legality.toml",
    TESTS / "scenarios" / "p25_deck_building.toml",
    TESTS / "scenarios" / "pso" / "deck_limits.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_05_deck_building.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "s004_deck_building.toml",
]


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_every_game_checks_deck_legality(path: Path) -> None:
    """Each deck expectation holds as written, and fails when turned around."""
    result = run(load(path))
    assert result.ok, result.failures
    text = path.read_text(encoding="utf-8")
    assert "deck_legal = true" in text and "deck_legal = false" in text
    flipped = text.replace("deck_legal = true", "deck_legal = X").replace(
        "deck_legal = false", "deck_legal = true").replace("deck_legal = X", "deck_legal = false")
    flipped = "\n".join(line for line in flipped.splitlines()
                        if not line.startswith("reason_contains"))
    other = run(loads(flipped, str(path)))
    wrong = [f for f in other.failures if "expected the deck to be" in f]
    assert len(wrong) == text.count("deck_legal ="), other.failures


def test_a_deck_reason_that_is_not_given_fails(tmp_path: Path) -> None:
    path = toy('[[expect]]\ndeck = { main = ["TOY-01"] }\ndeck_legal = false\n'
               'reason_contains = "relic"\n', tmp_path)
    result = run(load(path))
    assert not result.ok
    assert "expected a reason mentioning 'relic': a deck holds 8 cards" in result.failures[0]


def test_a_deck_file_is_found_from_the_scenario(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "stones.toml").write_text('main = ["TOY-01"]\n')
    path = toy('[[expect]]\ndeck = "decks/stones.toml"\ndeck_legal = false\n'
               'reason_contains = "8 cards"\n', tmp_path)
    assert run(load(path)).ok


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('deck = "skirmish"\n', "expect.deck and expect.deck_legal go together"),
        ('deck_legal = true\n', "expect.deck and expect.deck_legal go together"),
        ('deck = "skirmish"\ndeck_legal = true\nreason_contains = "x"\n',
         "reason_contains goes with illegal = [...] or deck_legal = false"),
        ('deck = { side = ["TOY-01"] }\ndeck_legal = true\n',
         "expect.deck: no deck part 'side' (parts: main)"),
        ('deck = { main = ["TOY-77"] }\ndeck_legal = true\n',
         "expect.deck.main: unknown card id TOY-77"),
        ('deck = "missing.toml"\ndeck_legal = true\n', "expect.deck: missing.toml"),
        ('deck = 3\ndeck_legal = true\n', "wrong kind of value 3"),
    ],
)
def test_bad_deck_expectations_are_one_line(body: str, words: str, tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as err:
        loads('ruleset = "toy"\n[[expect]]\n' + body, str(tmp_path / "s.toml"))
    message = str(err.value)
    assert words in message and "\n" not in message and ":2:" in message, message


# -- what each seat was shown and reads ---------------------------------------------------

SHOWN = [
    TOY / "t3_set_trap_hidden_until_sprung.toml",
    TESTS / "scenarios" / "p21_searched_card_is_shown.toml",
    TESTS / "scenarios" / "pso" / "setup_monster_search_is_shown_to_its_owner.toml",
    TESTS / "scenarios" / "pso" / "event_cards_trap_hidden_until_it_fires.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_09_familiar_eggs_shown_once.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "s133_searched_memorion_is_shown.toml",
]


@pytest.mark.parametrize("path", SHOWN, ids=lambda p: p.stem)
def test_every_game_says_what_each_seat_was_shown(path: Path) -> None:
    sc = load(path)
    keys = {k for x in sc.expects for k in x.data}
    assert {"shown_to", "log_seen_by"} <= keys
    result = run(sc)
    assert result.ok, result.failures


def _toy_trap(expect: str) -> Path:
    text = (TOY / "t3_set_trap_hidden_until_sprung.toml").read_text(encoding="utf-8")
    return text.split("[[expect]]")[0] + "[[expect]]\n" + expect


@pytest.mark.parametrize(
    ("expect", "words"),
    [
        ('after = 1\nshown_to = "p2"\ncards = ["TOY-04"]\n',
         "expected p2 to be shown [TOY-04] by this step, they were shown nothing"),
        ('after = 4\nshown_to = "p1"\ncards = []\n',
         "expected p1 to be shown nothing by this step, they were shown [TOY-04@1]"),
        ('after = 1\nlog_seen_by = "p2"\nlog_contains = ["Snare Vine"]\n',
         "expected p2's log to say 'Snare Vine'; it reads: "),
        ('after = 1\nlog_seen_by = "p1"\nlog_lacks = ["Snare Vine"]\n',
         "expected p1's log not to say 'Snare Vine': "),
    ],
)
def test_wrong_expectations_of_what_was_shown_fail(expect: str, words: str) -> None:
    result = run(loads(_toy_trap(expect), "s.toml"))
    assert not result.ok and words in result.failures[0], result.failures


def test_what_was_shown_is_the_step_of_its_action() -> None:
    """Shown by action 4, not again after a later step that shows nothing."""
    text = _toy_trap('after = 4\nshown_to = "p2"\ncards = ["TOY-04"]\n')
    text = text.replace('"p1: spring a1"]', '"p1: spring a1", "p1: pilfer hand#1"]')
    assert run(loads(text, "s.toml")).ok
    later = text.replace("after = 4", "after = 5")
    assert not run(loads(later, "s.toml")).ok


@pytest.mark.parametrize(
    ("expect", "words"),
    [
        ('shown_to = "p3"\ncards = []\n', 'expect.shown_to: "p1" or "p2" or "spectator"'),
        ('shown_to = "p1"\n', "expect.shown_to goes with cards = [...]"),
        ('shown_to = "p1"\ncards = []\nzone = "p1.hand"\n', "without zone or card"),
        ('log_contains = ["x"]\n', "go with log_seen_by"),
        ('log_seen_by = "p1"\nlog_lacks = [""]\n', "expect.log_lacks: a list of texts"),
        ('log_seen_by = "nobody"\nlog_lacks = ["x"]\n', "expect.log_seen_by:"),
    ],
)
def test_bad_shown_and_log_keys_are_one_line(expect: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        loads(_toy_trap(expect), "s.toml")
    assert words in str(err.value) and "\n" not in str(err.value), str(err.value)


# -- named state and card data --------------------------------------------------------------

STATE = [
    TOY / "t3_named_state.toml",
    TESTS / "scenarios" / "p24_named_state_of_a_stack.toml",
    TESTS / "scenarios" / "pso" / "stat_boosters_evp_replaced_card_data_kept.toml",
    TESTS / "scenarios" / "sengoku_yugi" / "g1_11_named_state_after_growth_and_burn.toml",
    TESTS / "scenarios" / "clockwork_memorion" / "s173_named_state_of_blank_and_filled_slots.toml",
]


@pytest.mark.parametrize("path", STATE, ids=lambda p: p.stem)
def test_every_game_reads_named_state_and_card_data(path: Path) -> None:
    sc = load(path)
    assert any("state" in x.data and "card" in x.data for x in sc.expects)
    assert any("state" in x.data and "card" not in x.data for x in sc.expects)
    assert any("card_data" in x.data for x in sc.expects)
    result = run(sc)
    assert result.ok, result.failures


@pytest.mark.parametrize(
    ("path", "old", "new", "key"),
    [
        (TOY / "t3_named_state.toml", "state = { tired = true }", "state = { tired = false }",
         "tired"),
        (STATE[2], "state = { evp = 2, conditions = [] }", "state = { evp = 1 }", "evp"),
        (STATE[3], "ailments = { burn = 1 }", "ailments = { burn = 2 }", "ailments"),
        (STATE[1], 'stack = ["STA-001"]', "stack = []", "stack"),
        (STATE[2], "card_data = { evp = 1,", "card_data = { evp = 2,", "evp"),
        (STATE[4], 'slots = [["Endurance"], []]', 'slots = [["Endurance"], ["+100"]]', "slots"),
    ],
    ids=["toy", "pso-state", "sengoku-ailments", "pm-stack", "pso-card-data", "cwm-slots"],
)
def test_a_wrong_named_state_fails_naming_it(path: Path, old: str, new: str, key: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    result = run(loads(text.replace(old, new), str(path)))
    assert not result.ok and any(f"'s {key} to be" in f for f in result.failures), \
        result.failures


@pytest.mark.parametrize(
    ("expect", "words"),
    [
        ('card = "TOY-02"\nstate = { tried = true }\n',
         "expect.state: no 'tried' among a card's named state in toy (known: cell, down, "
         "tired, power)"),
        ('state = { tired = true }\n', "no 'tired' among the moment's (add card = ... for a "
                                       "card's) named state"),
        ('card_data = { power = 2 }\n', "expect.card_data goes with card = ..."),
        ('card = "TOY-02"\ncard_data = { colour = "red" }\n',
         "the card has no field 'colour' (fields: id, name, kind, power, text, sides)"),
        ('card = "TOY-02"\nstate = 3\n', "expect.state: wrong kind of value 3"),
    ],
)
def test_bad_state_keys_are_one_line(expect: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        loads('ruleset = "toy"\n[[expect]]\n' + expect, "s.toml")
    assert words in str(err.value) and "\n" not in str(err.value), str(err.value)


ALL = sorted({*TESTS.glob("scenarios/*.toml"), *TESTS.glob("scenarios/pso/*.toml"),
              *TESTS.glob("scenarios/sengoku_yugi/*.toml"),
              *TESTS.glob("scenarios/clockwork_memorion/*.toml"), *TOY.glob("*.toml")})


def test_every_game_names_exactly_its_named_state() -> None:
    """facts gives every name it lists, and no other, for every card and moment of every
    scenario's position: a scenario may ask for each."""
    for path in ALL:
        sc = load(path)
        game = run(sc).game
        positions = sc.rs.positions
        assert set(positions.facts(game.state, None)) == set(positions.moment_facts), path
        for uid, card in enumerate(game.state.cards):
            if card.zone:
                assert set(positions.facts(game.state, uid)) == set(positions.card_facts), \
                    (path, card)


# -- what every installed game owes the scenario format -----------------------------------


def _installed() -> list[str]:
    from pmtui.table.registry import known

    return known()


@pytest.mark.parametrize("game", _installed())
def test_every_installed_game_loads_card_files_and_names_its_state(
    game: str, tmp_path: Path
) -> None:
    """A game added later (its own ruleset package) owes these too: no extra file changes
    nothing, a missing one is a one-line error naming it, and its default position has
    exactly the named state it lists."""
    from pmtui.engine.game import Game
    from pmtui.table.registry import ruleset
    from pmtui.table.sandbox.model import new_header

    rs = ruleset(game)
    same = rs.with_card_files([])
    assert set(same.cards) == set(rs.cards) and same.pool_digest == rs.pool_digest
    with pytest.raises((OSError, ValueError)) as err:
        rs.with_card_files([tmp_path / "nope.toml"])
    assert "nope.toml" in str(err.value) and "\n" not in str(err.value)
    positions = rs.positions
    state = Game(rs, new_header(positions.parse(positions.default_doc), rs=rs),
                 hashing=False).state
    assert set(positions.facts(state, None)) == set(positions.moment_facts)
    for uid, card in enumerate(state.cards):
        if card.zone:
            assert set(positions.facts(state, uid)) == set(positions.card_facts)


@pytest.mark.parametrize("path", SETUP, ids=lambda p: p.stem)
def test_the_sandbox_saves_a_setup_scenario_as_one(path: Path, tmp_path: Path) -> None:
    """Unedited, a game that started from decks is saved as its decks, fixed outcomes and
    actions; it loads back to the same cards where they were; undone to before its first
    action it is still the decks."""
    sb, notes = Sandbox.from_scenario(path)
    assert notes == []
    target = tmp_path / "saved.toml"
    sb.save(target)
    text = target.read_text(encoding="utf-8")
    assert "[setup.p1]" in text and "[position]" not in text
    again = run(load(target)).game
    assert again.state.zones == sb.state.zones
    while sb.history:
        sb.undo()
    sb.save(target)
    assert "[setup.p1]" in target.read_text(encoding="utf-8")
    assert "actions" not in target.read_text(encoding="utf-8")


START_MOMENT = {"precious_memories": "start", "pso": "start", "sengoku_yugi": "active",
                "toy": "start", "clockwork_memorion": "start"}


@pytest.mark.parametrize("game", sorted(START_MOMENT))
def test_the_sandbox_sets_a_turns_very_beginning_and_saves_it(game: str, tmp_path: Path) -> None:
    """The sandbox's moment menu offers the turn's start: the turn's own start runs, and
    the file saved keeps the moment before it, which pmtui check runs the same way."""
    from pmtui.engine import chain
    from pmtui.table.registry import ruleset

    sb = Sandbox.from_doc(rs=ruleset(game))
    phase = START_MOMENT[game]
    moment = next(m for m in sb.positions.moments(sb.state) if m.moment.get("phase") == phase)
    sb.set_moment(moment.label, **moment.moment)
    # it has run, or stands in the first window it opens over no play (a phase's start)
    assert sb.state.vars.get("phase") != phase or chain.bare(sb.state.vars)
    target = tmp_path / "start.toml"
    assert "pmtui check passes" in sb.save(target)
    assert f'phase = "{phase}"' in target.read_text(encoding="utf-8")
    again = run(load(target)).game
    assert again.state.zones == sb.state.zones and again.state.vars == sb.state.vars


def test_pmtui_check_runs_many_files_and_folders(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """Every file of a folder runs; a malformed one is one line and the others still run;
    the exit status is the worst."""
    folder = TESTS / "scenarios" / "sengoku_yugi"
    assert main(["check", str(folder)]) == 0
    out = capsys.readouterr().out
    n = len(list(folder.glob("*.toml")))
    assert out.rstrip().endswith(f"checked {n} files: {n} ok, 0 failed")
    bad = toy('fix = "keep"\n', tmp_path, "bad.toml")
    wrong = toy('[[expect]]\ndeck = "skirmish"\ndeck_legal = false\n', tmp_path, "wrong.toml")
    assert main(["check", str(bad), str(wrong), str(DECKS[1])]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 2  # the malformed file's line, the failed one's count
    assert captured.out.rstrip().endswith("checked 3 files: 1 ok, 1 failed, 1 malformed")
    assert main(["check", "--json", str(wrong), str(DECKS[1])]) == 1
    import json

    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["ok"] for line in lines] == [False, True]
    assert main(["check", str(tmp_path / "none")]) == 2


def test_fix_decides_a_declared_action_too_by_its_first_word() -> None:
    """PSO's evasion of a declared attack is a chance step the game resolves itself
    without chance = "ask": `fix` decides it with the option ("evade HAL-023") or, when
    one option starts so, its first word, the same words as undeclared damage."""
    base = (TESTS / "scenarios" / "pso" / "stats_evasion_and_its_side_effects.toml").read_text(
        encoding="utf-8")
    text = base.replace('chance = "ask"\n', 'fix = ["evade", "hit HAL-021"]\n').replace(
        '"evade HAL-023",', "").replace('"hit HAL-021",', "")
    text = text.split("[[expect]]")[0] + "[[expect]]" + "[[expect]]".join(
        text.split("[[expect]]")[2:])  # the expectation about the pending chance step goes
    result = run(loads(text, "s.toml"))
    assert result.ok, result.failures
    swapped = run(loads(text.replace('["evade", "hit HAL-021"]', '["hit", "evade"]'), "s.toml"))
    assert not swapped.ok
