"""The table's log grows with the game instead of being built again for every record
(issue 19): it must read, every time, exactly as the log built from scratch.

Whole games of every ruleset, a person (random, who cancels and undoes now and then)
against a computer player; after each decision and undo, each reader's log
(both seats, a spectator) is compared with `log_lines` of all the records, redacted
through a `SecretDecisions` fed from scratch. The games must go through what can
change an earlier line: a decision naming a card hidden from a reader and shown to
them later (a play confirmed), and undo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pmtui.engine.game import Game, Record
from pmtui.engine.views import SecretDecisions, redact, redact_decision
from pmtui.table.games import ruleset
from pmtui.table.logtext import SEATS, GrowingLog, LogLine, card_namer, log_lines
from pmtui.table.session import LocalTable, new_game_header

VIEWERS = (0, 1, None)
GAMES = ("precious_memories", "pso", "sengoku_yugi")


def from_scratch(table: LocalTable, v: int | None, names: Sequence[str] = SEATS,
                 records: Sequence[Record] | None = None) -> list[tuple[int, LogLine]]:
    """The log of `records` (default: all the game's) built anew, shares nothing
    with the table's."""
    rs, screen = table.game.ruleset, table.screen
    records = table.game.records if records is None else records
    secrets = SecretDecisions(rs)
    secrets.feed(records)
    return log_lines(
        records[1:],
        event=lambda ev: redact(rs, ev, v),  # type: ignore[arg-type]
        decision=lambda rec: redact_decision(rec, v, secrets),
        card_name=card_namer(rs.cards),
        names=names,
        said=screen.event_line,
        zone_name=screen.layout.title,
    )


class Watch:
    """Compares a table's logs with the logs built anew, and counts what it saw happen."""

    def __init__(self, table: LocalTable) -> None:
        self.table = table
        self.before: dict[int | None, list[tuple[int, LogLine]]] = {}
        self.shown_later = 0  # a decision line that read only a kind and now reads whole
        self.checks = 0

    def check(self) -> None:
        for v in VIEWERS:
            want = from_scratch(self.table, v)
            assert self.table.log_for(v) == [line for _, line in want], (v, len(want))
            # `since`: the lines of the records from there on, as from scratch
            since = max(1, len(self.table.game.records) - 12)
            assert self.table.log_for(v, since=since) == [ln for s, ln in want if s >= since]
            old = dict(self.before.get(v, ()))
            self.shown_later += sum(1 for s, ln in want if ln.kind == "decision"
                                    and s in old and old[s].hidden and not ln.hidden)
            self.before[v] = want
        self.checks += 1


def play(game_id: str, seed: int, watch_every: bool = True) -> tuple[LocalTable, Watch, int]:
    header, seats = new_game_header(seed, vs="computer", game=game_id, level="easy")
    table = LocalTable(Game(ruleset(game_id), header), seats)
    watch = Watch(table)
    rng, undos = random.Random(seed), 0
    for step in range(5000):
        d = table.game.pending()
        if d is None:
            break
        if not table.is_human(d.player):
            table.step_computer()
        elif rng.random() < 0.03 and table.can_undo(d.player):
            table.undo_to_my_last(d.player)
            undos += 1
        elif "cancel" in d.texts and rng.random() < 0.3:
            table.act(d.player, "cancel")
        else:
            table.act(d.player, rng.choice([t for t in d.texts if t != "cancel"] or d.texts))
        # after every decision while the log is young, every few later (each check
        # builds three logs from scratch: the whole game at every step would be slow)
        if watch_every and (len(table.game.records) < 600 or step % 5 == 0):
            watch.check()
    assert table.game.over, "the game did not end"
    if watch_every:
        watch.check()
    return table, watch, undos


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_reads_as_built_anew_after_every_decision(game_id: str) -> None:
    table, watch, undos = play(game_id, 7)
    assert undos > 0 and watch.checks > 100
    if game_id != "sengoku_yugi":  # its pieces are all in sight: no play names a hidden card
        assert watch.shown_later > 0


def test_the_log_fed_one_record_at_a_time() -> None:
    """`GrowingLog` after each single record (mid-way through moves alike, between a
    play and its confirmation) reads as `log_lines` of the records so far."""
    table, _, _ = play("precious_memories", 11, watch_every=False)
    records = table.game.records
    rs, screen = table.game.ruleset, table.screen
    for v in VIEWERS:
        secrets = SecretDecisions(rs)
        log = GrowingLog(event=lambda ev, v=v: redact(rs, ev, v),  # type: ignore[misc]
                         decision=lambda rec, v=v, s=secrets: redact_decision(rec, v, s),
                         card_name=card_namer(rs.cards), names=("You", "CPU"),
                         said=screen.event_line, zone_name=screen.layout.title,
                         unsettled=lambda rec, v=v, s=secrets: s.unsettled(rec.get("seq"), v))
        for n in range(2, min(len(records), 400) + 1):
            secrets.feed(records[:n])
            log.feed(records[1:n])
            assert log.recheck()
            assert log.lines() == from_scratch(table, v, ("You", "CPU"), records[:n]), (v, n)


def test_a_replaced_game_is_read_anew() -> None:
    """A table given another game (the sandbox's undo) logs that game's records."""
    first, _, _ = play("precious_memories", 5, watch_every=False)
    other, _, _ = play("precious_memories", 6, watch_every=False)
    for v in VIEWERS:
        first.log_for(v)
    first.game = other.game
    for v in VIEWERS:
        assert first.log_for(v) == [ln for _, ln in from_scratch(other, v)]
