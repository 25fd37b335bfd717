"""A saved game analysed: one seat's estimated chance to win around each of its decisions.

For every decision of the seat (with more than one option, still in effect after the
undos) the search player's playouts (pmtui/ai/search.py) weigh the options from the
seat's view: the cards it could not see are sampled with the ruleset's `determinize`,
never read. "both" (a finished game) plays out from the true position instead, for
both seats' decisions.

- `before`: the chance with the best option the playouts found (the position's worth);
- `after`: the chance with the option played;
- `best`, `best_chance`: the option the search would have played and its chance.

Every chance goes through the strategy's calibration map (pmtui/engine/calibration.py),
fitted so that a position put at 70 % is won about 70 % of the time (docs/ai.md).

The budget is a count of playout rounds (each round plays every option weighed once,
from one sample), never the clock, and every position draws its random numbers from
the seed and its own step: the result is the same for a seed however the positions are
spread over processes. A result is kept beside the save (or in the user cache folder
when that folder cannot be written), keyed by the save's digest and the settings.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pmtui.ai.search import SearchPlayer
from pmtui.engine import calibration
from pmtui.engine.decision import CHANCE, Decision
from pmtui.engine.journal import read_journal
from pmtui.engine.replay import ReplayCursor, effective_decisions
from pmtui.engine.ruleset import Ruleset
from pmtui.engine.state import State
from pmtui.engine.views import view
from pmtui.table.files import write_atomically

# playout rounds per position, by level: counted, so a result never depends on the clock
LEVEL_ROUNDS = {"easy": 4, "normal": 12, "hard": 40}
# options weighed at one decision: the one played, the rules of thumb's, then the others
# in the order the rules list them (a choice of cards can have hundreds)
MAX_OPTIONS = 8
TURNING = 0.15  # a fall of this much chance (15 points) marks a turning point
FORMAT = "pmtui-analysis"
VERSION = 2  # of the method: a result of another version is worked out again


class AnalysisError(ValueError):
    """A save or a setting the analysis refuses (one line)."""


@dataclass(frozen=True, slots=True)
class Settings:
    seat: int | None  # 0 or 1; None: both seats, every card known (a finished game)
    level: str = "normal"
    seed: int = 1

    @property
    def rounds(self) -> int:
        return LEVEL_ROUNDS[self.level]

    def to_json(self) -> dict[str, Any]:
        return {"seat": "both" if self.seat is None else self.seat + 1, "level": self.level,
                "seed": self.seed, "version": VERSION}


@dataclass(frozen=True, slots=True)
class Point:
    """One decision of the analysed seat, and what the playouts made of it."""

    step: int  # the step at which it was asked (the index of its record)
    seat: int
    turn: int | None
    kind: str
    played: str
    before: float  # chances in [0, 1]
    after: float
    best: str
    best_chance: float
    weighed: int  # options weighed

    @property
    def loss(self) -> float:
        """How much chance the option played gave away against the best one found."""
        return max(0.0, self.before - self.after)


@dataclass(slots=True)
class Analysis:
    settings: Settings
    digest: str  # of the save's bytes
    points: list[Point] = field(default_factory=list)
    skipped: int = 0  # decisions whose position the rules could not ask again

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "digest": self.digest, "settings": self.settings.to_json(),
                "skipped": self.skipped, "points": [asdict(p) for p in self.points],
                "turning_points": [p.step for p in self.turning_points()]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], settings: Settings) -> Analysis:
        points = [Point(**p) for p in data["points"]]
        return cls(settings, str(data["digest"]), points, int(data.get("skipped", 0)))

    def turning_points(self, seat: int | None = None) -> list[Point]:
        """The decisions after which `seat`'s chance (every seat's: None) stood 15 points
        or more below where it stood before it, or below where it stood after the seat's
        previous decision (what the other side or luck did in between)."""
        out: list[Point] = []
        last: dict[int, float] = {}
        for p in self.points:
            high = max(p.before, last.get(p.seat, p.before))
            if (seat is None or p.seat == seat) and high - p.after >= TURNING - 1e-9:
                out.append(p)
            last[p.seat] = p.after
        return out

    def at(self, step: int, seat: int | None = None) -> Point | None:
        """The analysed decision asked at `step`, or the last one before it."""
        found = None
        for p in self.points:
            if p.step > step:
                break
            if seat is None or p.seat == seat:
                found = p
        return found


# -- one position ------------------------------------------------------------------------


def weighed_options(decision: Decision, played: str, prior: str) -> list[str]:
    texts = decision.texts
    first = [t for t in dict.fromkeys((played, prior)) if t in texts]
    return (first + [t for t in texts if t not in first])[:MAX_OPTIONS]


def chances(
    rs: Ruleset,
    state: State,
    decision: Decision,
    played: str,
    settings: Settings,
    my_list: Sequence[str],
    public_lists: Sequence[Sequence[str]] | None = None,
    salt: object = "",
) -> tuple[dict[str, float], str]:
    """Each weighed option's chance to win for the deciding seat (mean playout score
    rescaled from [-1, 1]), and the rules of thumb's choice. From that seat's view
    unless `settings.seat` is None (then from the true state). The random numbers come
    from the seed and `salt` (the position's step) alone."""
    me = decision.player
    seed = random.Random(f"{settings.seed}|{salt}").randrange(2**31)
    player = SearchPlayer(seed=seed, ruleset=rs, deck=[list(my_list)])
    if public_lists is not None:  # loaded once per process, not once per position
        player.__dict__["public_lists"] = [list(x) for x in public_lists]
    policy = player.policy
    pview = view(rs, state, me)
    prior = policy.choose(pview, decision)
    texts = weighed_options(decision, played, prior)
    scores: dict[str, list[float]] = {t: [] for t in texts}
    for _ in range(settings.rounds):
        round_seed = player.rng.randrange(2**31)
        if settings.seat is None:
            sample = state.copy()
        else:
            sample = policy.determinize(pview, list(my_list), player.public_lists,
                                        random.Random(round_seed))
        for i, text in enumerate(texts):
            start = sample if i == len(texts) - 1 else sample.copy()
            scores[text].append(player.rollout(start, text, me, round_seed))
    out = {t: min(1.0, max(0.0, (sum(v) / len(v) + 1) / 2)) for t, v in scores.items()}
    return out, prior


def positions(records: Sequence[Mapping[str, Any]], seat: int | None) -> list[int]:
    """The record indexes of the decisions to analyse: `seat`'s (both seats': None),
    still in effect after the undos."""
    body = [r for r in records if r.get("type") != "header"]
    return [i for i in effective_decisions(body)
            if body[i].get("player") != CHANCE and (seat is None or body[i].get("player") == seat)]


def analyse_steps(
    header: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    steps: Sequence[int],
    settings: Settings,
    rs: Ruleset | None = None,
    done: Callable[[int], None] | None = None,
    raw: bool = False,
) -> list[Point | None]:
    """The points of the decisions at `steps` with more than one option (None: one the
    rules no longer ask there, a save of older rules, or whose view the strategy could
    not sample). `done(1)` after each position. `raw`: the playouts' chances without the
    strategy's calibration map (what the map is fitted on)."""
    if rs is None:
        from pmtui.table.games import ruleset as load
        from pmtui.table.registry import header_ruleset

        rs = load(header_ruleset(header))
    cursor = ReplayCursor(header, [dict(r) for r in records])
    decks = header.get("decks") or []
    main = rs.deck_parts[0]
    lists = SearchPlayer(ruleset=rs).public_lists
    ab = calibration.UNCHANGED if raw else calibration.of(rs.make_strategy(searching=True))
    out: list[Point | None] = []
    for step in steps:
        out.append(_point(rs, cursor, step, settings, decks, main, lists, ab))
        if done is not None:
            done(1)
    return [p for p in out if p is not NO_CHOICE]


NO_CHOICE = Point(-1, -1, None, "", "", 0.0, 0.0, "", 0.0, 1)  # a decision with one option


def _point(rs: Ruleset, cursor: ReplayCursor, step: int, settings: Settings,
           decks: Sequence[Any], main: str, lists: Sequence[Sequence[str]],
           ab: calibration.Calibration) -> Point | None:
    rec = cursor.record_at(step) or {}
    state = cursor.state_at(step).copy()
    try:
        decision = rs.decision(state)
    except (KeyError, IndexError, ValueError, AssertionError, RuntimeError):
        decision = None
    seat, played = rec.get("player"), str(rec.get("action", ""))
    if decision is None or decision.player != seat or decision.find(played) is None:
        return None
    if len(decision.options) < 2:
        return NO_CHOICE
    played = decision.find(played).text  # type: ignore[union-attr]
    deck = decks[seat] if seat < len(decks) and isinstance(decks[seat], Mapping) else {}
    try:
        by, prior = chances(rs, state, decision, played, settings,
                            list(deck.get(main) or []), lists, salt=step)
    except (KeyError, IndexError, ValueError, AssertionError, RuntimeError):
        return None  # a view the strategy could not sample (a hand-edited save)
    best = max(by, key=lambda t: (by[t], t == played, t == prior))  # ties: no better
    # the map after the choice of the best: its clamp could make a tie of two chances
    top, mine = (calibration.calibrated(by[t], ab) for t in (best, played))
    return Point(step, seat, state.vars.get("turn"), decision.kind, played,
                 top, mine, best, top, len(by))


def _batch(args: tuple[dict[str, Any], list[dict[str, Any]], list[int], Settings]
           ) -> list[Point | None]:
    header, records, steps, settings = args
    return analyse_steps(header, records, steps, settings)


# -- a whole save ------------------------------------------------------------------------


@dataclass(slots=True)
class Plan:
    """An analysis to work out: the save read and checked, its positions counted."""

    path: Path | None  # where to keep the result (None: a game in memory, not kept)
    settings: Settings
    key: str  # the save's digest
    header: dict[str, Any]
    body: list[dict[str, Any]]
    steps: list[int]

    def run(self, jobs: int = 1, done: Callable[[int], None] | None = None) -> Analysis:
        """Work it out (in `jobs` processes; `done(n)` as positions are finished), and
        keep the result."""
        results = _run(self.header, self.body, self.steps, self.settings, jobs, done)
        points = [p for p in results if p is not None]
        result = Analysis(self.settings, self.key, points, sum(1 for p in results if p is None))
        if self.path is not None:
            keep(self.path, result)
        return result


def plan(path: Path, settings: Settings, use_cache: bool = True) -> Plan | Analysis:
    """The kept analysis of the save at `path` when one matches its digest and the
    settings, else the Plan to work it out (AnalysisError, SaveError, FoldError: one
    line)."""
    if settings.level not in LEVEL_ROUNDS:
        raise AnalysisError(f"unknown level {settings.level!r} "
                            f"(known: {', '.join(LEVEL_ROUNDS)})")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise AnalysisError(f"{exc.strerror or exc}") from None
    key = hashlib.sha256(data).hexdigest()
    kept = load_kept(path, key, settings) if use_cache else None
    if kept is not None:
        return kept
    loaded = read_journal(path)
    return plan_records(loaded.header, loaded.records, settings, path, key)


def plan_records(header: Mapping[str, Any], records: Sequence[Mapping[str, Any]],
                 settings: Settings, path: Path | None = None, key: str = "") -> Plan:
    """The Plan for a game's records (a game in memory: `path` None, nothing kept)."""
    body = [dict(r) for r in records if r.get("type") != "header"]
    over = ReplayCursor(header, body).state_at(len(body)).vars.get("over")
    if settings.seat is None and not over:
        raise AnalysisError("--seat both reads every hidden card: only for a finished game")
    return Plan(path, settings, key, dict(header), body, positions(body, settings.seat))


def analyse(path: Path, settings: Settings, *, jobs: int = 1,
            done: Callable[[int], None] | None = None, use_cache: bool = True) -> Analysis:
    """The analysis of the save at `path`, kept or worked out (see `plan`)."""
    got = plan(path, settings, use_cache)
    return got if isinstance(got, Analysis) else got.run(jobs, done)


def text_lines(result: Analysis,
               label: Callable[[Point, str], str] = lambda p, action: action) -> list[str]:
    """An analysis as text: a line a decision, the turning points marked with "!";
    `label` says an option in words where it was asked (`labeller`)."""
    turning = {p.step for p in result.turning_points()}
    out = []
    for p in result.points:
        mark = "!" if p.step in turning else " "
        turn = "set-up" if p.turn is None else f"turn {p.turn}"
        line = (f"{mark} step {p.step:>5} {turn:>8} P{p.seat + 1} {p.kind}: "
                f"{label(p, p.played)}  {p.before:.0%} -> {p.after:.0%}")
        if p.best != p.played:
            line += f"  (the computer: {label(p, p.best)}, {p.best_chance:.0%})"
        out.append(line)
    out.append(f"{len(result.points)} decisions, {len(turning)} turning points (!)"
               + (f", {result.skipped} the rules no longer ask" if result.skipped else ""))
    return out


def labeller(header: Mapping[str, Any], records: Sequence[Mapping[str, Any]]
              ) -> Callable[[Point, str], str]:
    """An option of a point in the ruleset's words, as the seat saw the board when it
    was asked (the replay viewer's analysis box says it so too)."""
    from pmtui.table.replay import ReplayModel

    model = ReplayModel(header, records)

    def label(p: Point, action: str) -> str:
        model.cursor.seek(p.step)
        return model.rs.screen.label(action, model.view(p.seat))

    return label


def _run(header: dict[str, Any], body: list[dict[str, Any]], steps: list[int],
         settings: Settings, jobs: int, done: Callable[[int], None] | None
         ) -> list[Point | None]:
    # small batches keep both cores busy to the end and the progress bar moving; each
    # position's numbers come from the seed and its step, so the cut changes nothing
    size = max(1, min(8, len(steps) // max(1, jobs * 4)))
    batches = [steps[i:i + size] for i in range(0, len(steps), size)]
    if jobs <= 1 or len(batches) <= 1:  # one position at a time: a viewer may stop it
        return analyse_steps(header, body, steps, settings, done=done)
    from pmtui.table.simulate import _worker_start

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(batches)), initializer=_worker_start)
    try:
        futures = [pool.submit(_batch, (header, body, b, settings)) for b in batches]
        sizes = {f: len(b) for f, b in zip(futures, batches, strict=True)}
        for future in as_completed(futures):
            if done is not None:
                done(sizes[future])
        return [p for f in futures for p in f.result()]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# -- where a result is kept --------------------------------------------------------------


def beside(path: Path) -> Path:
    return path.with_name(path.name + ".analysis.json")


def in_cache(path: Path) -> Path:
    import platformdirs

    name = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:24]
    return platformdirs.user_cache_path("pmtui", appauthor=False) / "analysis" / f"{name}.json"


def _entry_key(settings: Settings) -> str:
    return json.dumps(settings.to_json(), sort_keys=True)


def load_kept(path: Path, key: str, settings: Settings) -> Analysis | None:
    """The kept result for this save's digest `key` and these settings, if any."""
    for where in (beside(path), in_cache(path)):
        try:
            data = json.loads(where.read_text(encoding="utf-8"))
            entry = data["entries"][_entry_key(settings)]
            if data.get("format") == FORMAT and entry.get("digest") == key:
                return Analysis.from_json(entry, settings)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
    return None


def keep(path: Path, result: Analysis) -> Path | None:
    """Write the result beside the save, else in the user cache folder; None when
    neither can be written (the result is then only worked out again next time)."""
    for where in (beside(path), in_cache(path)):
        try:
            try:
                data = json.loads(where.read_text(encoding="utf-8"))
                entries = {k: v for k, v in data["entries"].items()
                           if v.get("digest") == result.digest}  # the save's older ones go
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                entries = {}
            entries[_entry_key(result.settings)] = result.to_json()
            data = json.dumps({"format": FORMAT, "entries": entries}).encode()
            # readable as the save beside it is (the umask decides, as for the save)
            write_atomically(where, data, mode=0o666)
            return where
        except OSError:
            continue
    return None


def parse_seat(text: str) -> int | None:
    """"1", "2" or "both" (None); AnalysisError otherwise."""
    if text == "both":
        return None
    if text in ("1", "2"):
        return int(text) - 1
    raise AnalysisError(f"--seat must be 1, 2 or both, not {text!r}")


def default_seat(path: Path) -> int:
    """The seat a save's analysis is for by default: its human player's, else seat 1."""
    try:
        players = read_journal(path).header.get("players") or []
    except OSError as exc:
        raise AnalysisError(f"{exc.strerror or exc}") from None
    humans = [i for i, p in enumerate(players[:2])
              if isinstance(p, Mapping) and p.get("kind") == "human"]
    return humans[0] if humans else 0
