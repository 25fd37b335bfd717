"""Server tables without SSH: seats, who may act, views, journals, a restart."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pmtui.engine.decision import IllegalAction
from pmtui.net.tables import Registry, SeatTable, TableError, User

ALICE = User("alice", "SHA256:alice")
BOB = User("bob", "SHA256:bob")
MALLORY_AS_ALICE = User("alice", "SHA256:mallory")  # alice's name, another key


def two_player_table(reg: Registry):
    t = reg.create(ALICE, "starlit_overture")
    assert t.state == "waiting" and t.local is None
    reg.join(BOB, t.id, "tidewater_morning")
    assert t.state == "playing"
    return t


def play_some(t, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        d = t.local.pending()
        if d is None:
            return
        texts = [x for x in d.texts if x != "cancel"] or d.texts
        t.act(d.player, rng.choice(texts))


def test_create_join_and_seats(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = two_player_table(reg)
    assert t.seat_of(ALICE) == 0 and t.seat_of(BOB) == 1
    assert t.seat_of(MALLORY_AS_ALICE) is None  # a name alone is not a seat
    assert t.names() == ["alice", "bob"]
    header = json.loads(t.path.read_text().splitlines()[0])
    assert header["mode"] == "ssh" and header["table"]["id"] == t.id
    assert [p["name"] for p in header["players"]] == ["alice", "bob"]
    with pytest.raises(TableError):
        reg.join(User("carol", "k"), t.id, "starlit_overture")  # no open seat
    with pytest.raises(TableError):
        reg.create(ALICE, "no_such_deck")
    with pytest.raises(TableError):
        reg.create(ALICE, "/etc/passwd")  # only decks offered in the lobby


def test_cannot_join_own_table_or_create_two(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = reg.create(ALICE, "starlit_overture")
    with pytest.raises(TableError):
        reg.join(ALICE, t.id, "starlit_overture")
    with pytest.raises(TableError):
        reg.create(ALICE, "starlit_overture")
    with pytest.raises(TableError):
        reg.close(BOB, t.id)
    reg.close(ALICE, t.id)
    assert reg.listing() == []


def test_a_session_acts_only_for_its_seat(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = two_player_table(reg)
    d = t.local.pending()
    mine = SeatTable(t, d.player)
    theirs = SeatTable(t, 1 - d.player)
    watcher = SeatTable(t, None)
    choice = d.texts[0]
    with pytest.raises(IllegalAction):
        theirs.act(d.player, choice)  # acting for the other seat
    with pytest.raises(IllegalAction):
        theirs.act(1 - d.player, choice)  # not their decision
    with pytest.raises(IllegalAction):
        watcher.act(d.player, choice)
    assert theirs.decision_for(d.player) is None
    hidden = theirs.pending()
    assert hidden.player == d.player and hidden.options == ()
    mine.act(d.player, choice)
    assert len(t.local.game.moves) == 1


def test_views_are_the_seats_own(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = two_player_table(reg)
    play_some(t, 6)
    a, b, w = SeatTable(t, 0), SeatTable(t, 1), SeatTable(t, None)
    assert isinstance(a.view_for(0)["zones"]["0/hand"], list)
    assert isinstance(a.view_for(0)["zones"]["1/hand"], int)
    # asking for the other seat's view gives the public one
    assert isinstance(a.view_for(1)["zones"]["1/hand"], int)
    assert isinstance(a.view_for(1)["zones"]["0/hand"], int)
    assert isinstance(b.view_for(1)["zones"]["1/hand"], list)
    for z in ("0/hand", "1/hand"):
        assert isinstance(w.view_for(0)["zones"][z], int)
    assert a.log_for(1) == a.log_for(None)
    assert not hasattr(a, "game")  # the state never reaches a session


def test_preview_never_shows_another_seats_decision(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = two_player_table(reg)
    d = t.local.pending()
    s = SeatTable(t, d.player)
    nxt = s.preview(d.player, [d.texts[0]])
    assert nxt is None or nxt.player == d.player
    with pytest.raises(IllegalAction):
        SeatTable(t, 1 - d.player).preview(d.player, [])


def test_no_undo_between_two_people(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = two_player_table(reg)
    play_some(t, 4)
    for seat in (0, 1):
        assert not SeatTable(t, seat).can_undo(seat)
        with pytest.raises(IllegalAction):
            SeatTable(t, seat).undo_to_my_last(seat)


def test_against_the_computer(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = reg.play_computer(ALICE, "starlit_overture")
    assert t.vs_computer and t.seats[1].name == "Computer"
    d = t.local.pending()
    assert d is not None and d.player == 0  # the computer moved until alice must decide
    s = SeatTable(t, 0)
    s.act(0, d.texts[0])
    assert t.local.pending() is None or t.local.pending().player == 0
    if s.can_undo(0):
        s.undo_to_my_last(0)


def test_listeners_hear_every_move(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    heard: list[str] = []
    reg.subscribe(lambda: heard.append("lobby"))
    t = two_player_table(reg)
    t.subscribe(lambda: heard.append("table"))
    play_some(t, 3)
    assert heard.count("table") >= 3 and "lobby" in heard


def test_restart_brings_tables_back(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = two_player_table(reg)
    cpu = reg.play_computer(BOB, "tidewater_morning")
    play_some(t, 25, seed=4)
    before = (t.local.game.moves[:], SeatTable(t, 0).view_for(0))
    cpu_moves = cpu.local.game.moves[:]
    reg.shutdown()

    again = Registry(tmp_path)
    assert again.restore() == []
    t2 = again.get(t.id)
    assert t2.seat_of(ALICE) == 0 and t2.seat_of(BOB) == 1
    assert t2.seat_of(MALLORY_AS_ALICE) is None
    assert t2.local.game.moves == before[0]
    assert SeatTable(t2, 0).view_for(0) == before[1]
    c2 = again.get(cpu.id)
    assert c2.vs_computer and c2.local.game.moves == cpu_moves
    new = again.create(User("carol", "k"), "starlit_overture")
    assert new.id > max(t.id, cpu.id)  # ids are not reused
    play_some(t2, 5, seed=9)  # and the game goes on, saved in the same journal
    again.shutdown()


def test_a_table_waiting_for_its_second_player_survives_a_restart(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    waiting = reg.create(ALICE, "starlit_overture")
    closed = reg.create(BOB, "tidewater_morning")
    reg.close(BOB, closed.id)  # closed by its owner: gone for good
    reg.shutdown()

    again = Registry(tmp_path)
    assert again.restore() == []
    back = again.get(waiting.id)
    assert back.state == "waiting" and back.name == waiting.name
    assert back.seat_of(ALICE) == 0 and back.seat_of(MALLORY_AS_ALICE) is None
    assert back.seats[0].deck == waiting.seats[0].deck
    with pytest.raises(TableError):
        again.get(closed.id)
    again.join(BOB, back.id, "tidewater_morning")  # and it starts as any other
    assert back.state == "playing"
    assert not list((tmp_path / "tables").glob("waiting-*"))  # its journal keeps it now
    again.shutdown()

    third = Registry(tmp_path)
    assert third.restore() == []
    assert third.get(back.id).state == "playing"  # from the journal, not twice
    assert [t.id for t in third.listing()] == [back.id]
    third.shutdown()


def test_bad_waiting_table_files_are_one_line_warnings(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    t = reg.create(ALICE, "starlit_overture")
    reg.shutdown()
    tables = tmp_path / "tables"
    good = json.loads((tables / f"waiting-{t.id}.json").read_text())
    (tables / "waiting-7.json").write_text("{not json")
    (tables / "waiting-8.json").write_text(json.dumps({**good, "id": 8, "deck": "/etc/passwd"}))
    (tables / "waiting-9.json").write_text(json.dumps({**good, "id": 9,
                                                       "player": {"name": "a b"}}))
    again = Registry(tmp_path)
    warnings = again.restore()
    assert len(warnings) == 3, warnings
    assert all("\n" not in w and "waiting table not brought back" in w for w in warnings)
    assert "not one of the decks offered" in " ".join(warnings)
    assert [x.id for x in again.listing()] == [t.id]


def test_restore_skips_bad_journals(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "table-3.jsonl").write_text("not json\n")
    reg = Registry(tmp_path)
    warnings = reg.restore()
    assert len(warnings) == 1 and "table-3" in warnings[0]
    assert reg.create(ALICE, "starlit_overture").id == 4


def test_deck_files_in_the_data_dir(tmp_path: Path) -> None:
    from pmtui.table.games import builtin_decks
    from rulesets.precious_memories.cards import data_dir

    (tmp_path / "decks").mkdir()
    src = data_dir().joinpath("decks", f"{builtin_decks()[0]}.toml").read_text()
    (tmp_path / "decks" / "mine.toml").write_text(src)
    (tmp_path / "decks" / "broken.toml").write_text("name = 3\n")
    reg = Registry(tmp_path)
    specs = dict(reg.deck_choices())
    mine = next(s for label, s in specs.items() if label.startswith("mine"))
    assert reg.create(ALICE, mine).seats[0].deck
    broken = next(s for label, s in specs.items() if label.startswith("broken"))
    with pytest.raises(TableError):
        reg.create(BOB, broken)


# -- a table plays the game it was made for (issue 13) ----------------------------------------


@pytest.fixture
def twin_game():
    """A second installed game: Precious Memories under another id and name."""
    from pmtui.table import registry
    from rulesets.precious_memories import PreciousMemories

    class Twin(PreciousMemories):
        id = "pm_twin"
        name = "Twin Memories"

    registry.register("pm_twin", Twin)
    yield "pm_twin"
    registry.unregister("pm_twin")


def test_a_table_records_its_game_and_keeps_it_over_a_restart(tmp_path: Path,
                                                               twin_game: str) -> None:
    reg = Registry(tmp_path)
    ids = [gid for _, gid in reg.game_choices()]
    assert ids[0] == "precious_memories" and twin_game in ids  # the default first
    waiting = reg.create(ALICE, "starlit_overture", twin_game)
    assert waiting.game == twin_game and "Twin Memories" in waiting.describe()
    cpu = reg.play_computer(BOB, "tidewater_morning", game=twin_game)
    assert json.loads(cpu.path.read_text().splitlines()[0])["ruleset"] == twin_game
    assert cpu.local.game.ruleset.id == twin_game
    reg.shutdown()

    again = Registry(tmp_path)
    assert again.restore() == []
    assert again.get(waiting.id).game == twin_game  # from its waiting file
    assert again.get(cpu.id).game == twin_game  # from its journal
    again.join(BOB, waiting.id, "tidewater_morning")
    header = json.loads(again.get(waiting.id).path.read_text().splitlines()[0])
    assert header["ruleset"] == twin_game
    again.shutdown()


def test_a_table_of_a_game_not_installed_is_a_one_line_error(tmp_path: Path) -> None:
    reg = Registry(tmp_path)
    with pytest.raises(TableError, match="unknown ruleset 'chess'"):
        reg.create(ALICE, "starlit_overture", "chess")


def test_one_key_cannot_lock_everyone_out(tmp_path: Path) -> None:
    """Issue 18, item 4: one key under many names filled the 200-table cap with waiting
    tables, and every other player got "the server has too many tables open"."""
    from pmtui.net.tables import MAX_COMPUTER_PER_KEY, MAX_WAITING_PER_KEY

    reg = Registry(tmp_path)
    opened, refusals = 0, set()
    attempts = [(reg.create, i) for i in range(190)] + [(reg.play_computer, i) for i in range(10)]
    for action, i in attempts:
        try:
            action(User(f"sock{i}", "SHA256:mallory"), "starlit_overture")
            opened += 1
        except TableError as exc:
            refusals.add(str(exc))
    assert opened == MAX_WAITING_PER_KEY + MAX_COMPUTER_PER_KEY
    assert all("\n" not in r for r in refusals) and len(refusals) == 2
    # everybody else is served as before
    t = reg.create(ALICE, "starlit_overture")
    reg.join(BOB, t.id, "tidewater_morning")
    assert t.state == "playing"
    assert reg.play_computer(User("carol", "SHA256:carol"), "starlit_overture").vs_computer
    reg.shutdown()


def test_table_actions_are_rate_limited_per_key(tmp_path: Path) -> None:
    from pmtui.net.tables import ACTIONS_PER_MINUTE

    reg = Registry(tmp_path)
    now = [1000.0]
    reg.clock = lambda: now[0]
    user = User("alice", "SHA256:alice")
    for _ in range(ACTIONS_PER_MINUTE // 2):
        t = reg.create(user, "starlit_overture")
        reg.close(user, t.id)
        t = reg.create(user, "starlit_overture")
        reg.close(user, t.id)
    with pytest.raises(TableError, match="too many table actions"):
        reg.create(user, "starlit_overture")
    reg.create(BOB, "starlit_overture")  # another key is not slowed down
    now[0] += 61
    reg.create(user, "starlit_overture")


def test_waiting_tables_nobody_joins_expire_also_after_a_restart(tmp_path: Path) -> None:
    from pmtui.net.tables import WAITING_TTL

    reg = Registry(tmp_path)
    now = [5000.0]
    reg.clock = lambda: now[0]
    old = reg.create(ALICE, "starlit_overture")
    now[0] += WAITING_TTL / 2
    young = reg.create(BOB, "starlit_overture")
    again = Registry(tmp_path)  # a restart: the waiting files come back with their age
    again.clock = lambda: now[0]
    assert again.restore() == []
    assert {t.id for t in again.listing()} == {old.id, young.id}
    now[0] += WAITING_TTL / 2 + 1
    assert [t.id for t in again.listing()] == [young.id]
    assert not (tmp_path / "tables" / f"waiting-{old.id}.json").exists()
    assert (tmp_path / "tables" / f"waiting-{young.id}.json").exists()


def test_the_lobby_says_whose_turn_it_is_not_who_is_asked(tmp_path: Path) -> None:
    """docs/ssh.md: the lobby line is what a spectator may know. While the defender is
    asked a question only a hand card raises (SENGOKU YUGI G1 (14), S46: a secret
    decision), the lobby said "alice to play", telling everyone a card of that kind was
    in her hand; it names whose turn it is (the attacker's) instead."""
    from pmtui.table.scenarios import loads
    from pmtui.table.scenarios.run import new_game
    from pmtui.table.session import HUMAN, LocalTable
    from tests.sengoku_yugi.test_hidden import WHISPER_ASKED

    t = two_player_table(Registry(tmp_path))
    game = new_game(loads(WHISPER_ASKED))
    game.act("attack c3 c1 atk")
    game.act("done")
    d = game.pending()
    assert d is not None and d.player == 0 and d.secret_pass  # alice is asked in secret
    t.local = LocalTable(game, [HUMAN, HUMAN])
    assert t.describe().startswith("turn 4 · bob's turn · ")  # then who is away
    game.act("skip")
    assert t.describe().startswith("turn 4 · bob's turn · ")  # then who is away


def test_the_undo_key_says_why_between_two_people(tmp_path: Path) -> None:
    """The key said "nothing you may take back now" after a player's own summon: the
    reason is that undo between people needs a consent the server does not ask for."""
    from pmtui.net.game import NetApp

    reg = Registry(tmp_path)
    t = two_player_table(reg)
    play_some(t, 4)
    app = NetApp(SeatTable(t, 0))
    assert "between two players" in app.undo_refusal()
    computer = reg.play_computer(ALICE, "starlit_overture")
    assert NetApp(SeatTable(computer, 0)).undo_refusal() == "nothing you may take back now"


def test_the_log_names_a_seat_without_its_away_mark(tmp_path: Path) -> None:
    """A spectator's log read "blice (away): Start combat", as if she had played while
    away: the mark is the moment's, for the bars and the headline, not the history's."""
    from pmtui.net.game import NetApp

    reg = Registry(tmp_path)
    t = two_player_table(reg)
    play_some(t, 6)
    app = NetApp(SeatTable(t, None))
    assert app.label(0) == "alice (away)"  # nobody is at the table
    app.game_screen.pview = SeatTable(t, None).view_for(None)
    lines = [line.text for line in app.log_lines()]
    assert any(text.startswith(("alice: ", "bob: ")) for text in lines), lines
    assert not any("(away)" in text for text in lines), lines


async def test_the_lobby_says_what_each_deck_is(tmp_path: Path) -> None:
    """The deck menu listed "foxfire_vigil (starter)" and no more: a newcomer chose by a
    file name. Each deck now has its description under it; a deck file's own words
    come without terminal codes."""
    from textual.widgets import OptionList

    from pmtui.net.lobby import DeckScreen, LobbyApp
    from pmtui.table.games import builtin_decks, load_deck, ruleset
    from rulesets.precious_memories.cards import data_dir

    src = data_dir().joinpath("decks", f"{builtin_decks()[0]}.toml").read_text()
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "mine.toml").write_text(
        src.replace('description = "', 'description = "\\u001b[2JMine: ', 1))
    app = LobbyApp(Registry(tmp_path), ALICE)
    async with app.run_test(size=(80, 24)) as pilot:
        app._pick_deck("Your deck", lambda spec: None)
        await pilot.pause()
        assert isinstance(app.screen, DeckScreen)
        prompts = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        first = builtin_decks()[0]
        assert prompts[0] == f"{first} (starter)\n  {load_deck(first, ruleset()).description}"
        mine = next(p for p in prompts if p.startswith("mine"))
        assert "\\x1b[2JMine: " in mine and "\x1b" not in mine


async def test_the_way_back_to_your_seat_follows_the_cursor(tmp_path: Path) -> None:
    """"j takes you back to table 1" stayed while the cursor was on another table, where
    j joins that one: the hint now says what j does on the row under the cursor."""
    from textual.widgets import Static

    from pmtui.net.lobby import LobbyApp

    reg = Registry(tmp_path)
    mine = two_player_table(reg)
    other = reg.create(User("carol", "SHA256:carol"), "starlit_overture")
    app = LobbyApp(reg, BOB)
    async with app.run_test(size=(80, 24)) as pilot:
        def message() -> str:
            return str(app.query_one("#message", Static).render())

        await pilot.pause()
        assert app.selected_id() == mine.id
        assert message() == f"You have a game at table {mine.id}: j takes you back to your seat."
        await pilot.press("down")
        assert app.selected_id() == other.id
        assert message() == (f"You have a game at table {mine.id}: "
                             "select it (▶) and press j to go back to your seat.")
        await pilot.press("up")
        assert message().endswith("j takes you back to your seat.")
        app.say("something else")
        await pilot.press("down")
        assert message() == "something else"  # another message is not overwritten


def test_a_joiner_is_offered_only_decks_of_the_tables_format(tmp_path: Path) -> None:
    """A 40-card quick-format deck met a full-format one at a table: the joiner is now
    offered only decks of the waiting deck's format (DeckList.format; the toy's deck
    files name theirs, T1), another is refused in one line, and against the computer a
    deck of a format no starter deck has is refused too."""
    reg = Registry(tmp_path)
    folder = tmp_path / "decks" / "toy"
    folder.mkdir(parents=True)
    cards = '["TOY-01", "TOY-01", "TOY-01", "TOY-02", "TOY-02", "TOY-03", "TOY-04", "TOY-04"]'
    for name, fmt in (("quick_a", "quick"), ("quick_b", "quick"), ("plain", "")):
        (folder / f"{name}.toml").write_text(
            f'name = "{name}"\n' + (f'format = "{fmt}"\n' if fmt else "") + f"main = {cards}\n")
    every = [spec for _, spec in reg.deck_choices("toy")]
    t = reg.create(ALICE, str(folder / "quick_a.toml"), "toy")
    offered = [spec for _, spec in reg.deck_choices("toy", t.options, t.deck_waiting())]
    assert offered == [str(folder / f"quick_{x}.toml") for x in "ab"] != every
    with pytest.raises(TableError, match=f"^table {t.id} plays quick-format decks; "
                                         "skirmish is full-format$"):
        reg.join(BOB, t.id, "skirmish")
    assert t.open_seat() == 1  # the refusal took no seat
    reg.join(BOB, t.id, str(folder / "quick_b.toml"))
    assert t.state == "playing"
    carol = User("carol", "SHA256:carol")
    with pytest.raises(TableError, match="no starter deck of quick_a's format"):
        reg.play_computer(carol, str(folder / "quick_a.toml"), game="toy")
    full = reg.play_computer(carol, str(folder / "plain.toml"), game="toy")
    assert full.local is not None and full.local.game.header["decks"][1]["name"] == "skirmish"


def test_a_pso_table_offers_a_joiner_only_decks_of_its_format(tmp_path: Path) -> None:
    """PSO's built-in decks come in the standard format (99 cards) and the quick one (40,
    our practice format, docs/rules-interpretations-pso.md D-31): a quick deck waiting
    at a table is met only by quick decks, a standard one is refused in one line."""
    reg = Registry(tmp_path)
    t = reg.create(ALICE, "ember_vault_quick", "pso")
    offered = [spec for _, spec in reg.deck_choices("pso", t.options, t.deck_waiting())]
    assert offered and all(spec.endswith("_quick") for spec in offered)
    with pytest.raises(TableError, match=f"^table {t.id} plays quick-format decks; "
                                         ".* is standard-format$"):
        reg.join(BOB, t.id, "verdant_patrol")
    reg.join(BOB, t.id, "verdant_patrol_quick")
    assert t.state == "playing"


def test_a_deck_file_of_another_game_is_labelled_by_its_own_folder(tmp_path: Path) -> None:
    """The lobby's deck menu names where a player's deck file lies: decks/ for the default
    game, decks/<game id>/ for another (it read decks/NAME.toml for both)."""
    reg = Registry(tmp_path)
    folder = tmp_path / "decks" / "toy"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('name = "mine"\nmain = ["TOY-01"]\n')
    labels = [label for label, spec in reg.deck_choices("toy") if spec.endswith("mine.toml")]
    assert labels == ["mine (decks/toy/mine.toml)"]
