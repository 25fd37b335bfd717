"""The `pmtui` command. Every failure is one line on stderr and a non-zero exit."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pmtui.net.recycle import RESTART_ABOVE  # no asyncssh: that is loaded only for serving

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from pmtui.engine.journal import LoadedJournal
    from pmtui.engine.ruleset import DeckList, Ruleset


class CliError(Exception):
    """A user-facing failure: printed as one line, exit status 2 (1 for failed checks)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


# Built-in deck names differ per game; listing them here would load every game on each
# start, so the help points to the command that lists them.
DECK_HELP = ("a built-in or own deck's name (`pmtui deck list` lists them) or a "
             "deck file")


# `pmtui cards` options for the filters most games have; each is the query term
# NAME:VALUE, so a game without that field refuses it naming its own (--fields).
CARD_FILTERS = {
    "colour": "only cards of this colour, e.g. red (several: red,blue)",
    "type": "only cards of this type, e.g. event",
    "cost": "only cards of this cost: 4, a range 2-4, or 3+",
    "series": "only cards of a series (a part of its name will do)",
    "keyword": "only cards with this keyword",
}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pmtui", description="A terminal table for card games (`pmtui games` lists them)."
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("games", help="the games (rulesets) installed")

    play = sub.add_parser("play", help="new game (default: against the computer)")
    _game_option(play)
    play.add_argument("--vs", choices=["computer", "hotseat"], default="computer",
                      help="the opponent: the computer, or a second player at this "
                           "keyboard (default: computer)")
    play.add_argument("--deck", help=f"your deck: {DECK_HELP}")
    play.add_argument("--opponent-deck", help=f"the opponent's deck: {DECK_HELP}")
    play.add_argument("--seed", type=_seed, help="random seed, a whole number from 0 "
                      "(default: a fresh one)")
    play.add_argument("--level", choices=["easy", "normal", "hard"], default="normal",
                      help="computer level (default: normal)")
    play.add_argument("--opponent", choices=["random", "heuristic", "search"], default="search",
                      help="computer player kind (default: search)")
    # a str, not a Path: a trailing "/" (save into that folder) must survive
    play.add_argument("--save", help="save file, or a folder to save into "
                      "(default: the data directory)")
    _option_option(play)

    resume = sub.add_parser("resume", help="continue the latest (or given) unfinished game")
    resume.add_argument("save", nargs="?", type=Path,
                        help="the save file (default: the latest unfinished game)")

    replay = sub.add_parser("replay", help="step-by-step replay viewer")
    replay.add_argument("save", type=Path, help="the save file to watch")
    _unverified_option(replay)
    replay.add_argument("--analyse", action="store_true",
                        help="work out the analysis at once (the a key starts it "
                             "otherwise): the win-chance line and the turning points")

    sandbox = sub.add_parser("sandbox", help="set up positions and ask what is legal and why")
    _game_option(sandbox, "(a scenario file names its own)")
    sandbox.add_argument("scenario", nargs="?", type=Path,
                         help="a scenario file to start from (default: an example position)")
    sandbox.add_argument("--cards", action="append", type=Path, default=[], metavar="FILE",
                         help="a card file of made-up cards to load too (repeatable; a "
                              "scenario file names its own with card_files)")

    check = sub.add_parser("check", help="run scenario files headless")
    check.add_argument("scenario", type=Path, nargs="+",
                       help="scenario files (docs/scenarios.md), or folders: each one's "
                            "*.toml files")
    check.add_argument("--json", action="store_true",
                       help="print each result as one JSON object (one a line)")

    sim = sub.add_parser("simulate", help="play games between computer players")
    _game_option(sim)
    sim.add_argument("--games", type=int, default=100,
                     help="how many games to play (default: 100)")
    sim.add_argument("--seed", type=_seed, default=1,
                     help="the first game's seed; game i plays seed+i (default: 1)")
    sim.add_argument("--p1", default="random", help="player kind for seat 1")
    sim.add_argument("--p2", default="random", help="player kind for seat 2")
    sim.add_argument("--deck", help=f"seat 1's deck (default: built-in decks in rotation): "
                                    f"{DECK_HELP}")
    sim.add_argument("--opponent-deck", help=f"seat 2's deck: {DECK_HELP}")
    sim.add_argument("--level", choices=["easy", "normal", "hard"], default="normal",
                     help="level of search players")
    _option_option(sim)
    sim.add_argument("--save-dir", type=Path, help="write each game's save into this folder")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.add_argument("--jobs", type=int, help="processes to play in (default: every core)")
    sim.add_argument("--cluster", metavar="ADDRESS",
                     help='a Dask scheduler to play on (pip install "pmtui[cluster]")')

    an = sub.add_parser("analyse", help="each decision's chance to win, and the computer's "
                                        "choice (docs/ai.md)")
    an.add_argument("save", type=Path, help="the save file to analyse")
    an.add_argument("--seat", default=None, metavar="1|2|both",
                    help="whose decisions, from that seat's view (default: the human's, "
                         "else 1); both: every card known, a finished game only")
    an.add_argument("--level", choices=["easy", "normal", "hard"], default="normal",
                    help="how many playouts a position gets (default: normal)")
    an.add_argument("--seed", type=int, default=1, help="the playouts' seed (default: 1)")
    an.add_argument("--jobs", type=int, help="processes to work in (default: every core)")
    an.add_argument("--json", action="store_true", help="print the result as one JSON object")

    verify = sub.add_parser("verify", help="re-execute a save and compare")
    verify.add_argument("save", type=Path, help="the save file to check")

    export = sub.add_parser("export", help="print a save as a transcript or as events")
    export.add_argument("save", type=Path, help="the save file to print")
    export.add_argument("--format", choices=["text", "json"], default="text",
                        help="text: a readable transcript; json: one event per line "
                             "(default: text)")
    _unverified_option(export)

    cards = sub.add_parser("cards", help="list and search the card pool")
    _game_option(cards)
    cards.add_argument("query", nargs="*",
                       help="words every listed card holds, and FIELD:VALUE filters such "
                            "as cost:2-4 (none: every card)")
    for name, what in CARD_FILTERS.items():
        cards.add_argument(f"--{name}", *(["--color"] if name == "colour" else []),
                           dest=f"filter_{name}", metavar="VALUE", help=what)
    cards.add_argument("--fields", action="store_true",
                       help="list the game's filter fields and the values each takes")
    cards.add_argument("--json", action="store_true",
                       help="print the cards as a JSON list of every field")

    deck = sub.add_parser("deck", help="deck tools")
    deck_sub = deck.add_subparsers(dest="deck_command", metavar="ACTION")
    validate = deck_sub.add_parser("validate", help="check a deck file")
    _game_option(validate)
    validate.add_argument("file", help="the deck file (docs/cards.md)")
    listing = deck_sub.add_parser("list", help="the built-in and own decks of each game")
    _game_option(listing, "(default: every game)")
    export = deck_sub.add_parser("export", help='print a deck as a "3 Card Name" list')
    _game_option(export)
    export.add_argument("name", help="a built-in or own deck's name, or a deck file")
    imported = deck_sub.add_parser("import", help="read a deck list and save it as an own deck")
    _game_option(imported)
    imported.add_argument("file", help='the list ("3 Card Name" a line, "# part" headings); '
                                       '"-" reads it from the standard input')
    imported.add_argument("--name", help="the own deck's name (default: the file's name)")
    edit = deck_sub.add_parser("edit", help="the deck editor")
    _game_option(edit)
    edit.add_argument("deck", nargs="?", metavar="NAME|FILE",
                      help="an own deck, a built-in deck to start from, or a deck file "
                           "(default: a new deck)")

    serve = sub.add_parser("serve", help="host games over SSH")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222,
                       help="the port to listen on (default: 2222)")
    serve.add_argument("--data-dir", type=Path,
                       help="where the server keeps its tables, decks and host key "
                            "(default: the user data folder's pmtui/server)")
    serve.add_argument("--authorized-keys", type=Path,
                       help="the public keys let in, OpenSSH format (default: "
                            "authorized_keys in the data dir)")
    serve.add_argument("--open", action="store_true", help="let anyone in (off by default)")
    serve.add_argument("--restart-above", type=_mib, default=RESTART_ABOVE, metavar="MIB",
                       help="when nobody is connected and the server holds this many MiB "
                            "more than when it started, it starts afresh in the same "
                            f"process to give the memory back (default: {RESTART_ABOVE:g}; "
                            "docs/ssh.md)")
    serve.add_argument("--no-restart", action="store_true",
                       help="never start afresh (the memory stays with the process)")
    return p


def _game_option(parser: argparse.ArgumentParser, note: str = "") -> None:
    parser.add_argument(
        "--game", metavar="ID", type=_game_id,
        help=f"which game (default: {_default_game()}; `pmtui games` lists them) {note}".strip(),
    )


def _unverified_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--unverified", action="store_true",
                        help="show a save that does not verify (`pmtui verify`), under a "
                             "warning that says why")


SEED_LIMIT = 1 << 128  # a secret seed is 128 bits (engine/context.py); a chosen one no more


def _seed(text: str) -> int:
    """`--seed`: a whole number from 0 up to 2^128 - 1 (argparse words a refusal)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{text} is not from 0 to 2^128 - 1")
    return value


def _mib(text: str) -> float:
    """`--restart-above`: a number of MiB, 0 or more (0: any growth)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a number of MiB, 0 or more")
    return value


def _game_id(text: str) -> str:
    """`--game`: a game's id; empty is refused, not taken for the default game."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a game's id (`pmtui games` lists them)")
    return text


def _option_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", metavar="NAME=VALUE",
        help="a game option, such as a mode or a board size (repeatable; "
             "`pmtui games` lists each game's options and values)",
    )


def _options(args: argparse.Namespace, rs: Ruleset) -> dict[str, str]:
    """The `--option NAME=VALUE` words as header options (CliError, one line)."""
    from pmtui.table.games import SetupError, parse_options

    try:
        return parse_options(rs, getattr(args, "option", None))
    except SetupError as exc:
        raise CliError(str(exc)) from None


def _default_game() -> str:
    from pmtui.table.registry import DEFAULT_RULESET

    return DEFAULT_RULESET


def _ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset `--game` names (the default without it); CliError when not installed."""
    from pmtui.table.registry import UnknownRuleset, ruleset

    try:
        return ruleset(getattr(args, "game", None) or _default_game())
    except UnknownRuleset as exc:
        raise CliError(str(exc)) from None


def _subparser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of `command` (the top-level one when there is none)."""
    for action in parser._actions:  # argparse keeps its subparsers only here
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            return action.choices[command]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # the command's own usage, not the top level's
            sub = _subparser(parser, args.command)
            sub.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # argparse already printed a one-line usage error
        return int(exc.code or 0)
    command = args.command or "play"
    if args.command is None:
        args = parser.parse_args(["play"])
    try:
        with _escaped_output(command, args):
            return int(COMMANDS[command](args) or 0)
    except CliError as exc:
        print(f"pmtui: {_printable(exc)}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last net: no traceback reaches a player
        if os.environ.get("PMTUI_DEBUG"):
            raise
        text = str(exc).strip()
        print(f"pmtui: {_printable(text.splitlines()[0]) if text else type(exc).__name__}",
              file=sys.stderr)
        return 1


# The commands that draw a screen (Textual writes its own escapes to the terminal); every
# other command's stdout and stderr go through `_Escaped`.
SCREENS = frozenset({"play", "resume", "replay", "sandbox", "serve"})


class _Escaped(io.TextIOBase):
    """A stream that writes what it is given with every control character written out
    (logtext.output_printable), lines kept: whatever a command prints from a file (a
    card's name, a scenario's, a player's in a save) cannot reach the terminal as an
    escape, nor stop the output (a lone surrogate)."""

    def __init__(self, terminal: TextIO, json: bool) -> None:
        # `terminal`: the stream written to, for what draws with escapes of its own and
        # holds no words from a file (the progress bar)
        self.terminal, self.json = terminal, json

    def write(self, text: str) -> int:
        from pmtui.table.logtext import output_printable

        self.terminal.write(output_printable(text, self.json))
        return len(text)

    def flush(self) -> None:
        self.terminal.flush()

    def isatty(self) -> bool:
        return self.terminal.isatty()

    def fileno(self) -> int:
        return self.terminal.fileno()


@contextlib.contextmanager
def _escaped_output(command: str, args: argparse.Namespace) -> Iterator[None]:
    if command in SCREENS:
        yield
        return
    as_json = bool(getattr(args, "json", False)) or getattr(args, "format", None) == "json"
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaped(out, as_json), _Escaped(err, False)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = out, err


def _printable(text: object) -> str:
    """An error line may quote a file (a deck's name): its control characters written out."""
    from pmtui.table.logtext import printable

    return printable(text)


# -- commands ---------------------------------------------------------------------


def _not_yet(name: str) -> CliError:
    return CliError(f"{name} is not available in this version yet")


def cmd_play(args: argparse.Namespace) -> int:
    _own_deck_paths(args)
    try:
        from pmtui.tui.launch import play
    except ImportError:
        raise _not_yet("the game screen") from None
    return play(args)


def cmd_resume(args: argparse.Namespace) -> int:
    try:
        from pmtui.tui.launch import resume
    except ImportError:
        raise _not_yet("resume") from None
    return resume(args)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        from pmtui.tui.launch import replay
    except ImportError:
        raise _not_yet("the replay viewer") from None
    return replay(args)


def cmd_sandbox(args: argparse.Namespace) -> int:
    try:
        from pmtui.tui.launch import sandbox
    except ImportError:
        raise _not_yet("the sandbox") from None
    return sandbox(args)


def cmd_check(args: argparse.Namespace) -> int:
    """Run scenarios headless. Exit 0: every expectation met; 1: an expectation failed or
    an action was not legal (one line each, naming its line); 2: a malformed file (each
    one line on stderr; the other files still run)."""
    paths: list[Path] = []
    for path in args.scenario:
        found = sorted(path.glob("*.toml")) if path.is_dir() else [path]
        if not found:
            raise CliError(f"{path}: no scenario files (*.toml) in this folder")
        paths += found
    statuses = [_check_one(path, args.json) for path in paths]
    if len(paths) > 1 and not args.json:
        bad = statuses.count(2)
        print(f"checked {len(paths)} files: {statuses.count(0)} ok, {statuses.count(1)} "
              f"failed" + (f", {bad} malformed" if bad else ""))
    return max(statuses)


def _check_one(path: Path, as_json: bool) -> int:
    """One scenario file: its report, and its status (0, 1, 2)."""
    from pmtui.table.scenarios import ScenarioError, describe, load, position, run

    try:
        sc = load(path)
    except ScenarioError as exc:
        print(f"pmtui: {_printable(exc)}", file=sys.stderr)
        return 2
    result = run(sc)
    if as_json:
        d = result.game.pending()
        print(
            json.dumps(
                {
                    "ok": result.ok,
                    "scenario": sc.name,
                    "page": sc.page,
                    "failures": result.failures,
                    "notes": result.notes,
                    "applied": result.applied,
                    "legal": [] if d is None else d.texts,
                    "position": position(sc, result.game),
                },
                ensure_ascii=False,
            )
        )
    else:
        for line in describe(sc, result.game):
            print(line)
        for note in result.notes:
            print(f"note: {note}")
        for failure in result.failures:
            print(f"FAIL {failure}")
        if result.ok:
            print(f"ok: {len(result.applied)} actions, {len(sc.expects)} expectations met")
        else:
            print(f"failed: {len(result.failures)} problem(s)", file=sys.stderr)
    return 0 if result.ok else 1


def cmd_serve(args: argparse.Namespace) -> int:
    from pmtui.net.server import serve  # asyncssh is loaded only for serving

    return serve(args.host, args.port, args.data_dir, args.authorized_keys, args.open,
                 None if args.no_restart else args.restart_above)


def _decks_for(
    args: argparse.Namespace, rs: Ruleset | None = None, options: Mapping[str, str] | None = None
) -> Callable[[int], tuple[DeckList, DeckList]]:
    """Game i's two decks: --deck / --opponent-deck, else every pairing of the starter
    decks that suit the game options in rotation. A bad option value fails here."""
    from pmtui.table.games import SetupError, builtin_decks, check_options, load_deck

    rs = rs or _ruleset(args)
    names = builtin_decks(rs, options)
    try:
        if args.deck or args.opponent_deck:
            a = load_deck(args.deck or names[0], rs)
            b = load_deck(args.opponent_deck or args.deck or names[0], rs)
            if options:
                check_options(rs, (a, b), options)
            return lambda i: (a, b)
        decks = [load_deck(n, rs) for n in names]
        if options:
            check_options(rs, (decks[0], decks[0]), options)
    except SetupError as exc:
        raise CliError(str(exc)) from None
    pairs = [(x, y) for x in decks for y in decks]
    return lambda i: pairs[i % len(pairs)]


def _jobs(args: argparse.Namespace) -> int:
    from pmtui.table.simulate import default_jobs

    if args.cluster and args.save_dir:
        raise CliError("--save-dir cannot be used with --cluster (workers may not share a disk)")
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise CliError("--jobs must be at least 1")
    return jobs


def cmd_simulate(args: argparse.Namespace) -> int:
    from pmtui.cluster import ClusterError
    from pmtui.progress import progress_bar
    from pmtui.table.simulate import simulate

    if args.games < 1:
        raise CliError("--games must be at least 1")
    rs = _ruleset(args)
    options = _options(args, rs)
    _own_deck_paths(args, rs)
    pairs = _decks_for(args, rs, options)
    for kind in (args.p1, args.p2):
        from pmtui.ai import make_player

        try:
            make_player(kind, 0, ruleset=rs)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    jobs = _jobs(args)
    show = not args.json and sys.stdout.isatty() and sys.stderr.isatty()
    with progress_bar(args.games, "games", show) as done:
        try:
            summary = simulate(
                args.games, args.seed, pairs, (args.p1, args.p2),
                save_dir=args.save_dir, level=args.level, jobs=jobs, cluster=args.cluster,
                done=done, ruleset=rs, options=options,
            )
        except ClusterError as exc:
            raise CliError(str(exc)) from None
    data = summary.to_json()
    if args.json:
        print(json.dumps(data))
    else:
        for k, v in data.items():
            print(f"{k:>16}: {v}")
        for msg in summary.error_messages[:10]:
            print(f"error: {msg}")
    return 0


def _load_save(path: Path) -> LoadedJournal:
    from pmtui.engine.journal import SaveError, read_journal

    try:
        loaded = read_journal(path)
    except SaveError as exc:
        raise CliError(str(exc)) from None
    for w in loaded.warnings:
        print(f"pmtui: warning: {w}", file=sys.stderr)
    return loaded


def cmd_analyse(args: argparse.Namespace) -> int:
    from pmtui.engine.journal import SaveError, read_journal
    from pmtui.engine.state import FoldError
    from pmtui.progress import progress_bar
    from pmtui.table.analysis import (
        AnalysisError,
        Plan,
        Settings,
        default_seat,
        labeller,
        parse_seat,
        plan,
        text_lines,
    )
    from pmtui.table.games import SetupError
    from pmtui.table.simulate import default_jobs

    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise CliError("--jobs must be at least 1")
    show = not args.json and sys.stdout.isatty() and sys.stderr.isatty()
    try:
        seat = default_seat(args.save) if args.seat is None else parse_seat(args.seat)
        got = plan(args.save, Settings(seat, args.level, args.seed))
        game = None  # the save as read: a worked-out plan has it, a kept result not
        if isinstance(got, Plan):
            game = got.header, got.body
            with progress_bar(len(got.steps), "positions", show) as done:
                got = got.run(jobs, done)
        if args.json:
            print(json.dumps(got.to_json(), ensure_ascii=False))
            return 0
        if game is None:
            loaded = read_journal(args.save)
            game = loaded.header, loaded.records
        lines = text_lines(got, labeller(*game))
    except (AnalysisError, SaveError, FoldError, SetupError) as exc:
        text = str(exc)  # a save's own error names the file already
        raise CliError(text if str(args.save) in text else f"{args.save}: {text}") from None
    for line in lines:
        print(_printable(line))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from pmtui.engine.journal import SaveError
    from pmtui.table.saves import check_log

    loaded = _load_save(args.save)
    try:
        game, warnings = check_log(loaded, str(args.save))
    except SaveError as exc:
        raise CliError(str(exc), status=1) from None
    for w in warnings:
        print(f"pmtui: warning: {w}", file=sys.stderr)
    decisions = sum(1 for r in loaded.records if r.get("type") == "decision")
    state = "finished" if game.over else "unfinished"
    print(
        f"{args.save}: OK, {decisions} decisions and {len(loaded.records)} records "
        f"re-executed identically ({state} game)"
    )
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from pmtui.engine.game import header_problem
    from pmtui.engine.journal import SaveError
    from pmtui.table.saves import check_shown
    from pmtui.table.transcript import transcript

    loaded = _load_save(args.save)
    problem = header_problem(loaded.header)  # verify and resume: when the game is made
    if problem:
        raise CliError(f"{args.save} line 1: {problem}")
    try:
        warnings, unverified = check_shown(loaded, str(args.save), unverified=args.unverified)
    except SaveError as exc:
        raise CliError(str(exc), status=1) from None
    for w in [unverified, *warnings] if unverified else warnings:
        print(f"pmtui: warning: {w}", file=sys.stderr)
    if unverified and args.format == "text":
        print(f"# {unverified}")  # the transcript says so too, wherever it is kept
    if args.format == "json":
        for rec in loaded.records:
            if rec.get("type") == "event":
                print(json.dumps(rec.get("event"), ensure_ascii=False))
        return 0
    try:
        for line in transcript(loaded.header, loaded.records):
            print(line)
    except ValueError as exc:
        raise CliError(f"{args.save}: {exc}") from None
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    from pmtui.table.registry import installed, ruleset

    default = _default_game()
    for entry in installed():
        mark = "  (default)" if entry.id == default else ""
        print(f"{entry.id:<20} {entry.name} {entry.version}{mark}")
        for name, what in ruleset(entry.id).header_options.items():  # for `--option`
            print(f"{'':<4}--option {name}=...  {what}")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from pmtui.engine.cardquery import QueryError, describe

    rs = _ruleset(args)
    if args.fields:
        for line in describe(rs.card_fields, list(rs.cards.values())):
            print(line)
        return 0
    terms = []
    for name in CARD_FILTERS:
        value = getattr(args, f"filter_{name}")
        if value is not None:
            if '"' in value:
                raise CliError(f"--{name}: a value cannot hold a double quote")
            terms.append(f'{name}:"{value}"')
    try:
        found = rs.search_cards(" ".join([*terms, *args.query]))
    except QueryError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps([dict(c.data) for c in found], ensure_ascii=False))
        return 0
    for c in found:
        print(_printable(c.line))
        for face in c.faces:  # a double-sided card: each face on a line of its own
            print(_printable(f"    {face}"))
    if not found:
        print("no card matches", file=sys.stderr)
        return 1
    return 0


def _own_deck_paths(args: argparse.Namespace, rs: Ruleset | None = None) -> None:
    """--deck / --opponent-deck naming an own deck: its file, once it reads (CliError)."""
    from pmtui.table.decks import DeckStore, DeckStoreError

    if not (args.deck or args.opponent_deck):
        return
    store = DeckStore(rs or _ruleset(args))
    for key in ("deck", "opponent_deck"):
        spec = getattr(args, key)
        if spec and spec not in store.rs.builtin_decks() and store.find(spec) is not None:
            try:
                setattr(args, key, store.load(spec).source)
            except DeckStoreError as exc:
                raise CliError(str(exc)) from None


def _any_deck(rs: Ruleset, spec: str) -> DeckList:
    """A built-in deck, an own deck or a deck file by path (CliError, one line)."""
    from pmtui.table.decks import DeckStore, DeckStoreError, find_deck

    try:
        return find_deck(DeckStore(rs), spec)[0]
    except DeckStoreError as exc:
        raise CliError(str(exc)) from None


def cmd_deck(args: argparse.Namespace) -> int:
    actions = {"list": _list_decks, "export": _export_deck, "import": _import_deck,
               "edit": _edit_deck}
    if args.deck_command in actions:
        return actions[args.deck_command](args)
    if args.deck_command != "validate":
        raise CliError("usage: pmtui deck validate|list|export|import|edit (pmtui deck --help)")
    from pmtui.engine.ruleset import DeckError

    rs = _ruleset(args)
    try:
        deck = rs.load_deck(args.file)
    except DeckError as exc:
        raise CliError(str(exc), status=1) from None
    problems = rs.validate_deck(deck)
    for problem in problems:
        print(f"{args.file}: {problem}")
    if problems:
        return 1
    sizes = ", ".join(f"{part} {len(deck.part(part))}" for part in rs.deck_parts)
    print(f"{args.file}: legal deck ({sizes})")
    return 0


def _list_decks(args: argparse.Namespace) -> int:
    """Each game's built-in decks, then the player's own: the name `--deck` takes, which
    it is, and the deck's description (an own deck: whether it is legal)."""
    from pmtui.engine.ruleset import DeckError
    from pmtui.table.decks import DeckStore, DeckStoreError
    from pmtui.table.registry import installed

    games = [args.game] if args.game else [entry.id for entry in installed()]
    for game in games:
        rs = _ruleset(argparse.Namespace(game=game))
        print(f"{rs.id} ({rs.name}):")
        for name in rs.builtin_decks():
            try:
                about = rs.load_deck(name).description
            except DeckError as exc:
                about = f"cannot be read: {exc}"
            print(_printable(f"  {name:<24} built-in  {about}".rstrip()))
        store = DeckStore(rs)
        for name in store.names():
            try:
                problems = rs.validate_deck(store.load(name))
                about = f"not legal: {problems[0]}" if problems else "legal"
            except DeckStoreError as exc:
                about = f"cannot be read: {exc}"
            print(_printable(f"  {name:<24} own       {about}"))
    return 0


def _export_deck(args: argparse.Namespace) -> int:
    from pmtui.table.decklist import export_list

    rs = _ruleset(args)
    for line in export_list(rs, _any_deck(rs, args.name)):
        print(_printable(line))
    return 0


def _import_deck(args: argparse.Namespace) -> int:
    """Read a list (a file or stdin, bounded), save it as an own deck, say if it is legal."""
    from pmtui.table.decklist import MAX_LIST_BYTES, DeckListError, import_list
    from pmtui.table.decks import DeckStore, DeckStoreError

    rs = _ruleset(args)
    if args.file == "-":
        raw = sys.stdin.buffer.read(MAX_LIST_BYTES + 1)
        where, default = "standard input", None
    else:
        try:
            with open(args.file, "rb") as f:
                raw = f.read(MAX_LIST_BYTES + 1)
        except OSError as exc:
            raise CliError(f"{args.file}: cannot be read ({exc.strerror or exc})") from None
        where, default = args.file, Path(args.file).stem
    if len(raw) > MAX_LIST_BYTES:
        raise CliError(f"{where}: a deck list has at most {MAX_LIST_BYTES // 1024} KB")
    name = args.name or default
    if not name:
        raise CliError("give the deck a name: --name NAME")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(f"{where}: not UTF-8 text") from None
    store = DeckStore(rs)
    try:
        deck = import_list(rs, text, name)
        path = store.save(deck, name)
    except (DeckListError, DeckStoreError) as exc:
        raise CliError(f"{where}: {exc}" if isinstance(exc, DeckListError) else str(exc)) \
            from None
    problems = rs.validate_deck(deck)
    print(_printable(f"saved {path.stem} ({path})"))
    for problem in problems:
        print(_printable(f"not legal yet: {problem}"))
    if not problems:
        sizes = ", ".join(f"{part} {len(deck.part(part))}" for part in rs.deck_parts)
        print(f"legal deck ({sizes})")
    return 0


def _edit_deck(args: argparse.Namespace) -> int:
    try:
        from pmtui.tui.launch_decks import edit
    except ImportError:
        raise _not_yet("the deck editor") from None
    return edit(args)


COMMANDS = {
    "games": cmd_games,
    "play": cmd_play,
    "resume": cmd_resume,
    "replay": cmd_replay,
    "sandbox": cmd_sandbox,
    "check": cmd_check,
    "simulate": cmd_simulate,
    "analyse": cmd_analyse,
    "verify": cmd_verify,
    "export": cmd_export,
    "cards": cmd_cards,
    "deck": cmd_deck,
    "serve": cmd_serve,
}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
