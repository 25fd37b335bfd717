"""A game at one table: seats (a person at the keyboard or a computer player) around a Game.

No Textual here: the TUI, tests and (later) other front ends drive a game through
this. Everything a seat may learn goes through `view_for`, `decision_for` and
`log_for`, which only use the engine's redaction boundary (`pmtui.engine.views`).
A lock serialises access because the TUI runs the computer in a worker thread.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pmtui.ai.base import Player
from pmtui.engine.context import LEGACY_RNG, derived
from pmtui.engine.decision import Decision, IllegalAction
from pmtui.engine.game import Game, Record
from pmtui.engine.ruleset import CardDef, Ruleset
from pmtui.engine.screen import PickSet, PlainScreen, ScreenSpec, View
from pmtui.engine.state import SHARED
from pmtui.engine.views import LazyView, SecretDecisions, redact, redact_decision, view
from pmtui.table.logtext import SEATS, GrowingLog, LogLine, card_namer, printable
from pmtui.table.undo import Consent, UndoRefused, undo_targets
from pmtui.table.undo import undo as undo_to

HUMAN = "human"
Seat = str | Player  # "human", or a computer Player

__all__ = ["HUMAN", "LocalTable", "LogLine", "Seat"]


class LocalTable:
    """Seats around one game on this machine (vs the computer, or hot seat)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        names: Sequence[str] | None = None,
        save_path: Path | None = None,
    ) -> None:
        if len(seats) != 2:
            raise ValueError("a table has two seats")
        self.game = game
        self.seats = list(seats)
        # the file the game is saved in (None: not saved here); the game-over review
        # keeps its analysis beside it, as `pmtui analyse` does
        self.save_path = save_path
        players = game.header.get("players") or [{}, {}]
        self.names = [printable(n) for n in names] if names else [
            printable(p.get("name") or f"Player {i + 1}") for i, p in enumerate(players[:2])
        ]
        self.lock = threading.RLock()
        self._plain: ScreenSpec | None = None
        self.auto: set[int] = set()  # indexes in game.moves of passes made for a person
        # what each pass of a person answered (index in game.moves -> kind, options and
        # prompt),
        # so a question asked again unchanged is known without re-running the game
        self._passed: dict[int, tuple[str, tuple[str, ...], str]] = {}
        # The save does not say which passes were made for a person: the front end's
        # rule for passing (its stop settings) reads the ones logged before this table
        # opened again, when undo reaches them (`_made_before`).
        self.passes_for: Callable[[Decision, View], bool] | None = None
        self._loaded = len(game.moves)  # moves made before this table: read by passes_for
        self._read: set[int] = set()  # of those, the ones read so far
        self.problems: list[str] = []  # one-line reports for the front end to show
        self._log_cache: dict[tuple[int | None, tuple[str, ...]], _TableLog] = {}
        self._secrets: SecretDecisions | None = None
        self._secrets_of: Game | None = None

    # -- who is who -------------------------------------------------------------------

    def is_human(self, player: int) -> bool:
        return self.seats[player] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [p for p in (0, 1) if self.is_human(p)]

    @property
    def over(self) -> dict[str, Any] | None:
        with self.lock:
            return self.game.over

    @property
    def defs(self) -> Mapping[str, CardDef]:
        return self.game.ruleset.cards

    @property
    def screen(self) -> ScreenSpec:
        """How the ruleset's game looks (pmtui.engine.screen); a plain one for a game
        whose ruleset does not describe its board yet."""
        spec = self.game.ruleset.screen
        if hasattr(spec, "layout"):
            return spec
        if self._plain is None:
            rs = self.game.ruleset
            shared = sorted({k.partition("/")[2] for k in self.game.state.zones
                             if k.startswith(SHARED + "/")})
            self._plain = PlainScreen(getattr(spec, "title", rs.name), rs.visibility,
                                      rs.cards, shared)
        return self._plain

    # -- reading ----------------------------------------------------------------------

    def pending(self) -> Decision | None:
        """The pending decision, whoever's it is. Front ends show it only to its player."""
        with self.lock:
            return self.game.pending()

    def decision_for(self, player: int) -> Decision | None:
        """The pending decision if it is `player`'s, else None (its options may be secret)."""
        with self.lock:
            d = self.game.pending()
            return d if d is not None and d.player == player else None

    def view_for(self, player: int | None) -> dict[str, Any]:
        with self.lock:
            return view(self.game.ruleset, self.game.state, player)

    def vars_for(self, player: int | None) -> dict[str, Any]:
        """The game's variables as `player` may see them, without building the zones'
        cards (the lobby's line for each table reads two of them)."""
        with self.lock:
            return LazyView(self.game.ruleset, self.game.state, player)["vars"]

    def has_secrets(self, player: int) -> bool:
        """Whether `player`'s view shows a card the other seat's view does not (a hand,
        a private deck): the hot-seat table covers the screen before showing it."""
        mine, theirs = self.view_for(player)["zones"], self.view_for(1 - player)["zones"]
        seen = {c.get("uid") for z in theirs.values() if isinstance(z, list)
                for c in z if c.get("cid") is not None}
        return any(c.get("cid") is not None and c.get("uid") not in seen
                   for z in mine.values() if isinstance(z, list) for c in z)

    def log_for(self, player: int | None, names: Sequence[str] | None = None,
                since: int = 0) -> list[LogLine]:
        """The log as `player` may read it: decisions (redacted) and short event lines.
        `names` name the seats (default P1, P2); `since`: only the lines of records from
        that index of `game.records` on (what happened after a point the reader saw)."""
        key = (player, tuple(names or SEATS))
        with self.lock:
            secrets = self._secret_decisions()  # fed first: the log reads it
            log = self._log_cache.get(key)
            if log is None or not log.follows(self.game, secrets):
                log = _TableLog(self.game, player, key[1], secrets, self.screen)
                self._log_cache[key] = log
            log.update()
            return log.since(since)

    def _secret_decisions(self) -> SecretDecisions:
        """The log's decisions naming cards someone may not see yet (fed as it grows)."""
        if self._secrets is None or self._secrets_of is not self.game:
            self._secrets, self._secrets_of = SecretDecisions(self.game.ruleset), self.game
        self._secrets.feed(self.game.records)
        return self._secrets

    def why_not(self, player: int, uid: int) -> list[tuple[str, str]]:
        """For a card of `player`'s that they can see: the actions the ruleset suggests
        for it that are not legal now, each with the rules' reason (`Ruleset.explain`).
        Empty for anybody else's card: a reason may speak of the position as a whole."""
        with self.lock:
            state = self.game.state
            if not 0 <= uid < len(state.cards) or \
                    not state.cards[uid].zone.startswith(f"{player}/"):
                return []
            rs = self.game.ruleset
            ref = f"{state.cards[uid].cid}@{uid}"
            d = self.game.pending()
            legal = set(d.texts) if d is not None and d.player == player else set()
            out: list[tuple[str, str]] = []
            try:
                for text in rs.positions.suggestions(state, uid):
                    if ref in text.split() and text not in legal:
                        reason = rs.explain(state, text)
                        if reason and d is not None and d.player == player:
                            out.append((text, reason))
            except Exception:  # noqa: BLE001 - a question never breaks the table
                return out
            return out

    def why_not_action(self, player: int, text: str) -> str | None:
        """The rules' reason why `text`, an action naming no card ("end", "stop"), is
        not legal for `player` now; None when it is, or when `player` is not deciding."""
        with self.lock:
            d = self.game.pending()
            if d is None or d.player != player or text in d.texts:
                return None
            try:
                return self.game.ruleset.explain(self.game.state, text)
            except Exception:  # noqa: BLE001 - a question never breaks the table
                return None

    # -- acting -----------------------------------------------------------------------

    def act(self, player: int, text: str, *, auto: bool = False) -> None:
        """Apply `player`'s choice (IllegalAction when it is not legal now).

        The game's on_records callback (the save) runs inside, so the choice is
        durable before this returns and before any screen shows its result.
        `auto` marks a choice the front end made for the person (a forced pass),
        which undo skips over.
        """
        with self.lock:
            d = self.game.pending()
            self.game.act(text, player)
            k = len(self.game.moves) - 1
            if auto:
                self.auto.add(k)
            if d is not None and text == self.screen.words.pass_text:
                self._passed[k] = (d.kind, tuple(d.texts), d.prompt)

    def pass_stands(self, decision: Decision, upto: int | None = None) -> bool:
        """Whether `decision` asks its player again what they just passed on: their last
        move (among the first `upto` moves) was a pass on the same question (the same
        kind and options, its prompt the same or with a note added: "…? (both
        passed …)", not the next window's), and every move since is another player's
        pass. Nothing changed, so their pass stands (a rule where a window closes only
        after both pass in a fixed order asks the first passer twice: the table answers
        the second time)."""
        pass_text = self.screen.words.pass_text
        if pass_text not in decision.texts:
            return False
        with self.lock:
            moves = self.game.moves[:upto] if upto is not None else self.game.moves
            k = len(moves) - 1
            while k >= 0 and moves[k][0] != decision.player:
                if moves[k][1] != pass_text:
                    return False  # something was played since
                k -= 1
            if k < 0 or k == len(moves) - 1 or moves[k][1] != pass_text:
                return False
            asked = self._passed.get(k)
            if asked is None:  # a pass logged before this table opened (a resume)
                before = self.game.ruleset.decision(self.game.state_after(k))
                if before is None:
                    return False
                asked = self._passed[k] = (before.kind, tuple(before.texts), before.prompt)
            kind, texts, prompt = asked
            return (kind, texts) == (decision.kind, tuple(decision.texts)) \
                and bool(prompt) and decision.prompt.startswith(prompt)

    def preview(self, player: int, texts: Sequence[str]) -> Decision | None:
        """The decision that would follow `texts` (applied in order), on a scratch copy.

        Nothing is logged or saved: the pay picker uses it to show the engine's
        own verdict (total, met or not, why) for cards picked but not yet sent.
        """
        with self.lock:
            game = self.game
            scratch = Game(game.ruleset, game.header, hashing=False, start=False)
            scratch.state = game.state.copy()
            for text in texts:
                scratch.act(text, player)
            return scratch.pending()

    def step_computer(self) -> bool:
        """Apply one computer decision; False when a person must decide or the game is over."""
        with self.lock:
            d = self.game.pending()
            if d is None or self.is_human(d.player):
                return False
            seat = self.seats[d.player]
            assert not isinstance(seat, str)
            try:
                choice = seat.choose(LazyView(self.game.ruleset, self.game.state, d.player), d)
                if d.find(choice) is None:
                    raise IllegalAction(f"not a legal choice now: {choice!r}")
            except Exception as exc:  # noqa: BLE001 - a broken computer must not stop the game
                # Stand in with a legal choice, deterministically, and tell the front end.
                choice = next((t for t in d.texts if t != "cancel"), d.texts[0])
                self.problems.append(
                    f"computer player failed ({type(exc).__name__}: {exc}); played {choice}"
                )
            self.game.act(choice, d.player)
            return True

    def run_computer(
        self, on_step: Callable[[], None] | None = None, limit: int = 100_000
    ) -> int:
        """Apply computer decisions until a person must decide (or the game ends)."""
        steps = 0
        while steps < limit and self.step_computer():
            steps += 1
            if on_step is not None:
                on_step()
        return steps

    # -- undo ---------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """How the game is played (the header's `mode`): decides what undo may reach."""
        return str(self.game.header.get("mode", "computer"))

    def undo_target(self, player: int) -> int | None:
        """The `keep` the undo key goes back to (pmtui.table.undo's policy for this mode),
        skipping passes made for the person; None when there is nothing to take back."""
        with self.lock:
            targets = undo_targets(self.game, player, self.mode)
            inside = self._inside_plays(player)
            return next((k for k in reversed(targets) if k not in inside
                         and k not in self.auto and not self._made_before(k)), None)

    def _made_before(self, k: int) -> bool:
        """Whether move `k`, logged before this table opened (a resumed save), is a pass
        the stop settings would have made for its player: read once, on the state
        before it (re-executed from the undo cache), and remembered in `auto`."""
        if k >= self._loaded or self.passes_for is None or k in self._read:
            return k in self.auto
        self._read.add(k)
        player, text = self.game.moves[k]
        if not self.is_human(player):
            return False
        state = self.game.state_after(k)
        decision = self.game.ruleset.decision(state)
        if decision is None or decision.player != player:
            return False
        if text not in (self.screen.words.pass_text, decision.secret_pass):
            return False
        if (self.passes_for(decision, view(self.game.ruleset, state, player))
                or self.pass_stands(decision, upto=k)):
            self.auto.add(k)
            return True
        return False

    def _inside_plays(self, player: int) -> set[int]:
        """Moves of `player`'s that are no move of their own to take back: the picks and
        the confirm or cancel of a set being picked (a PickSet prompt: paying a cost),
        and the start of a play that was cancelled (taking it back would change
        nothing). So undo goes back to the play itself: taking back a cancel reopened
        the picker, where esc cancelled again, a loop."""
        kinds = [k for k in self.screen.prompts.values() if isinstance(k, PickSet)]
        if not kinds:
            return set()
        picks = {k.pick_verb for k in kinds}
        ends = {k.confirm for k in kinds} | {k.cancel for k in kinds}
        cancels = {k.cancel for k in kinds}
        moves = self.game.moves
        out: set[int] = set()
        for i, (p, text) in enumerate(moves):
            if p != player or not (text.split()[:1] and text.split()[0] in picks
                                   or text in ends):
                continue
            out.add(i)
            if text in cancels:  # the play it abandoned: back to its first move
                j = i - 1
                while j >= 0 and (moves[j][0] != player
                                  or (moves[j][1].split() or [""])[0] in picks):
                    j -= 1
                if j >= 0:
                    out.add(j)
        return out

    def can_undo(self, player: int) -> bool:
        return self.undo_target(player) is not None

    def undo_to_my_last(self, player: int, consent: Consent = None) -> str:
        """Take back `player`'s last own decision (not a pass made for them) and
        everything after it, through `pmtui.table.undo.undo`; returns its text.
        UndoRefused (one line) when the mode does not allow it."""
        with self.lock:
            i = self.undo_target(player)
            if i is None:
                raise UndoRefused("nothing you may take back now")
            text = self.game.moves[i][1]
            undo_to(self.game, player, self.mode, i, consent)
            self.auto = {j for j in self.auto if j < i}
            self._read = {j for j in self._read if j < i}
            self._passed = {j: q for j, q in self._passed.items() if j < i}
            self._loaded = min(self._loaded, i)
            return text


# -- the log, as one player reads it -------------------------------------------------------


class _TableLog:
    """One reader's log of a table's game, grown with the game's records: the same
    lines as `log_lines` of them all, every time (tests/test_log_growing.py).

    What an earlier line may depend on that changes: the records (the game replaced,
    or its log cut: `follows` sees it, and the log is built anew) and which decisions
    `SecretDecisions` hides (a play confirmed shows the decision that named its card
    to the others: `GrowingLog.recheck`, once the secrets have the new records).
    Events are redacted each on its own (`redact`), names and words are fixed.
    """

    def __init__(self, game: Game, player: int | None, names: Sequence[str],
                 secrets: SecretDecisions, screen: ScreenSpec) -> None:
        rs = game.ruleset
        self.game, self.records, self.secrets = game, game.records, secrets
        self._new = lambda: GrowingLog(
            event=lambda ev: redact(rs, ev, player),  # type: ignore[arg-type]
            decision=lambda rec: redact_decision(rec, player, secrets),
            card_name=card_namer(rs.cards),
            names=names,
            said=screen.event_line,
            zone_name=screen.layout.title,
            unsettled=lambda rec: secrets.unsettled(rec.get("seq"), player),
        )
        self._log = self._new()
        self._last: Record | None = None  # the last record taken in
        self._steps: list[int] = []  # the record of each line (in order)
        self._lines: list[LogLine] = []

    def follows(self, game: Game, secrets: SecretDecisions) -> bool:
        """Whether the lines so far are still of `game`'s records (none taken away)."""
        fed, records = self._log.fed, game.records
        return (game is self.game and records is self.records and secrets is self.secrets
                and (fed == 0 or (len(records) > fed and records[fed] is self._last)))

    def update(self) -> None:
        """Take in the game's new records (the secrets fed with them all first)."""
        body = self.records[1:]
        if self._log.fed == len(body):
            return
        self._log.feed(body)
        if not self._log.recheck():  # not expected (SecretDecisions only shows more): anew
            self._log = self._new()
            self._log.feed(body)
        self._last = self.records[-1]
        lines = self._log.lines()
        self._steps, self._lines = [s for s, _ in lines], [x for _, x in lines]

    def since(self, since: int) -> list[LogLine]:
        """The lines of the records from index `since` of the game's records on."""
        return self._lines[bisect_left(self._steps, since):]


# -- setting up a table ------------------------------------------------------------------

LEVELS = {"easy": "random", "normal": "heuristic", "hard": "heuristic"}


def computer_seed(seed: int, rng: str, seat: int) -> int:
    """The seed of the computer player at `seat` of a game with this seed.

    A legacy (chosen) seed keeps the old formula, so replays of `--seed N` and
    `simulate` games stay the same; a secret seed gives the player a value drawn
    through the keyed derivation, which leads nowhere back to the game's seed (a
    computer's choices are seen by its opponent).
    """
    if rng == LEGACY_RNG:
        return seed * 2 + 1 + seat
    return derived(seed, rng, f"player/{seat}").getrandbits(64)


def computer_player(level: str, seed: int, ruleset: Ruleset | None = None) -> Player:
    """A computer player by kind ("random", ...) or level ("easy", "normal", "hard")."""
    from pmtui.ai import make_player
    from pmtui.table.games import ruleset as default

    rs = ruleset or default()
    try:
        return make_player(level, seed, ruleset=rs)
    except ValueError:
        if level not in LEVELS:
            raise
    try:
        return make_player(LEVELS[level], seed, ruleset=rs)
    except ValueError:  # that kind is not built yet: the random player stands in
        return make_player("random", seed)


def new_game_header(
    seed: int,
    *,
    rng: str = LEGACY_RNG,
    vs: str = "computer",
    deck: str | None = None,
    opponent_deck: str | None = None,
    level: str = "normal",
    opponent: str | None = None,
    game: str | None = None,
    options: Mapping[str, str] | None = None,
) -> tuple[dict[str, Any], list[Seat]]:
    """The header of a new game and its seats (SetupError / ValueError on bad input).

    `game` is the ruleset id (the default game without it). `opponent` is the
    computer's kind (random, heuristic, search), made with `level` and its own
    deck; without it `level` alone picks a player (older callers).
    `rng`: how the seed becomes outcomes (legacy for a chosen seed, keyed for a secret one).
    `options`: the ruleset's header options (`--option`); decks not given come from the
    built-in decks that suit them.
    """
    from pmtui.table.games import builtin_decks, check_options, load_deck, make_header, ruleset
    from pmtui.table.games import opponent_deck as next_deck

    rs = ruleset(game) if game else ruleset()
    options = dict(options or {})
    names = builtin_decks(rs, options)
    first = seed if rng == LEGACY_RNG else derived(seed, rng, "decks").randrange(len(names))
    mine = load_deck(deck or names[first % len(names)], rs)
    # the computer's deck, unless given: the next built-in one of my deck's format
    theirs = load_deck(opponent_deck or next_deck(rs, names, mine, first + 1)
                       or names[(first + 1) % len(names)], rs)
    if options:  # a bad value is one line now, before a save is made
        check_options(rs, (mine, theirs), options)
    seats: list[Seat]
    if vs == "hotseat":
        seats = [HUMAN, HUMAN]
        players = [{"name": "Player 1", "kind": HUMAN}, {"name": "Player 2", "kind": HUMAN}]
    else:
        deck_lists = tuple(list(theirs.part(part)) for part in rs.deck_parts)
        cpu_seed = computer_seed(seed, rng, 1)
        cpu = (computer_player(level, cpu_seed, rs) if opponent is None
               else computer_seat(opponent, cpu_seed, level, deck_lists, rs))
        seats = [HUMAN, cpu]
        players = [{"name": "You", "kind": HUMAN}, {"name": "Computer", "kind": cpu.name}]
    if vs != "hotseat":
        options = {"level": level, **options}
    extra: dict[str, Any] = {"options": options} if options else {}
    header = make_header(rs, [mine, theirs], seed, players, mode=vs, rng=rng, **extra)
    return header, seats


def computer_seat(
    kind: str, seed: int, level: str = "normal",
    deck: Sequence[list[str]] | None = None,
    ruleset: Ruleset | None = None,
) -> Player:
    """A computer player of a kind (random, heuristic, search) at a level (ValueError: unknown).
    `deck`: its own deck's parts, in the ruleset's order of deck parts."""
    from pmtui.ai import make_player
    from pmtui.table.games import ruleset as default

    return make_player(kind, seed, level=level, deck=deck, ruleset=ruleset or default())


def seats_from_header(header: Mapping[str, Any]) -> tuple[list[Seat], list[str]]:
    """The seats of a saved game (`pmtui resume`): "human" stays a person, a computer
    kind is made again with the level in `options` and its own deck. An unknown kind
    gets the default computer, with a one-line notice in the second list."""
    players = list(header.get("players") or [])[:2]
    while len(players) < 2:
        players.append({"kind": HUMAN})
    options = header.get("options")
    level = str(options.get("level", "normal")) if isinstance(options, Mapping) else "normal"
    decks = list(header.get("decks") or [])
    seed = int(header.get("seed", 0))
    rng = str(header.get("rng", LEGACY_RNG))
    from pmtui.table.games import ruleset

    rs = ruleset(str(header.get("ruleset"))) if header.get("ruleset") else ruleset()
    seats: list[Seat] = []
    notes: list[str] = []
    for i, p in enumerate(players):
        kind = str(p.get("kind", HUMAN)) if isinstance(p, Mapping) else HUMAN
        if kind == HUMAN:
            seats.append(HUMAN)
            continue
        d = decks[i] if i < len(decks) and isinstance(decks[i], Mapping) else {}
        deck = [list(d.get(part) or []) for part in rs.deck_parts]
        try:
            seats.append(computer_seat(kind, computer_seed(seed, rng, i), level, deck, rs))
        except (ValueError, TypeError):
            notes.append(f"unknown computer player {kind!r}: the search player takes its seat")
            seats.append(computer_seat("search", computer_seed(seed, rng, i), level, deck, rs))
    return seats, notes


def new_table(
    header: dict[str, Any],
    seats: Sequence[Seat],
    on_records: Callable[[list[Record]], None] | None = None,
) -> LocalTable:
    from pmtui.table.games import ruleset

    game = Game(ruleset(str(header.get("ruleset"))), header, on_records=on_records)
    return LocalTable(game, seats)
