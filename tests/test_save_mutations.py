"""Mutated saves through verify, export, resume and replay (docs/save-format.md).

Golden saves of every ruleset are changed in many ways: a header key of the wrong
kind, a value rewritten to another JSON type (1 -> true, 7 -> "7"), an event, a
decision, a hash or a sequence number changed, records dropped, doubled or swapped,
notes and unknown keys added, bytes flipped, lines cut. Each mutant goes through the
four ways a save is read, in process: `check_save` (pmtui verify), `read_journal`,
`header_problem` and `transcript` (pmtui export), `open_game` and the seats (pmtui resume, up to the
screen) and the replay model with what it shows (pmtui replay, up to the screen).

Every way either works or refuses with the one-line errors its command prints:
anything else is a traceback (an "internal error" on a screen). A mutant that
changes the game's content is caught by verify, as an error or as a warning the
golden save does not get; one that changes nothing the game depends on (a note, an
unknown key, a player's name: docs/save-format.md says which) verifies. A mismatch
message always shows two different things.
"""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pmtui.engine.game import header_problem
from pmtui.engine.journal import SaveError, read_journal
from pmtui.engine.state import FoldError
from pmtui.table.games import SetupError
from pmtui.table.replay import Replay, ReplayModel
from pmtui.table.saves import check_save, check_shown, open_game
from pmtui.table.session import seats_from_header
from pmtui.table.transcript import transcript

ROOT = Path(__file__).resolve().parent.parent
# the shorter golden saves of each ruleset (re-execution stops at the first change,
# so a mutant costs about as much as the game up to it)
GOLDEN = ["saves/lantern-vs-foxfire.jsonl", "saves/starlit-vs-tidewater.jsonl",
          "saves/pso/standard-heuristic.jsonl", "saves/sengoku_yugi/standard-heuristic.jsonl"]
VARIANTS = {GOLDEN[0]: 2, GOLDEN[1]: 2, GOLDEN[2]: 1, GOLDEN[3]: 1}

Recs = list[dict[str, Any]]
# content: True  - changes the game: verify must catch it (error or a new warning)
#          False - changes nothing the game depends on: verify must pass
#          None  - either (a cut file is a shorter game; a flipped byte lands anywhere)
Mutation = Callable[[Recs, random.Random], "Recs | bytes | None"]
KINDS: dict[str, tuple[bool | None, Mutation]] = {}


def kind(name: str, content: bool | None) -> Callable[[Mutation], Mutation]:
    def register(fn: Mutation) -> Mutation:
        KINDS[name] = (content, fn)
        return fn
    return register


def renumber(recs: Recs) -> Recs:
    for i, r in enumerate(recs):
        r["seq"] = i
    return recs


def early(recs: Recs, rng: random.Random, type_: str, test: Callable[[dict[str, Any]], bool]
          = lambda r: True) -> int | None:
    """A record of `type_` in the first half of the game (cheaper to re-execute to)."""
    found = [i for i, r in enumerate(recs) if i and r.get("type") == type_ and test(r)]
    if not found:
        return None
    return rng.choice(found[: max(1, len(found) // 2)])


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [x for i, v in enumerate(value) for x in leaves(v, (*path, i))]
    return [(path, value)]


def set_at(obj: Any, path: tuple[Any, ...], value: Any) -> None:
    for p in path[:-1]:
        obj = obj[p]
    obj[path[-1]] = value


def event_leaf(recs: Recs, rng: random.Random, test: Callable[[Any], bool]) -> bool | None:
    """Pick an event leaf passing `test`; returns its (record, path, value) or None."""
    for _ in range(40):
        i = early(recs, rng, "event")
        if i is None:
            return None
        found = [(p, v) for p, v in leaves(recs[i]["event"]) if test(v) and p]
        if found:
            return i, *rng.choice(found)  # type: ignore[return-value]
    return None


def is_int(v: Any) -> bool:
    return type(v) is int


# -- the header --------------------------------------------------------------------------

def header_set(key: str, value: Callable[[dict[str, Any]], Any]) -> Mutation:
    def fn(recs: Recs, rng: random.Random) -> Recs:
        recs[0][key] = value(recs[0])
        return recs
    return fn


kind("players a string", True)(header_set("players", lambda h: "x"))
kind("players of strings", True)(header_set("players", lambda h: ["x", "y"]))
kind("decks a string", True)(header_set("decks", lambda h: "x"))
kind("decks of numbers", True)(header_set("decks", lambda h: [7, 8]))
kind("seed as text", True)(header_set("seed", lambda h: str(h["seed"])))
kind("seed as float", True)(header_set("seed", lambda h: float(h["seed"])))
kind("seed as true/false", True)(header_set("seed", lambda h: bool(h["seed"])))
kind("seed + 1", True)(header_set("seed", lambda h: h["seed"] + 1))
kind("ruleset a number", True)(header_set("ruleset", lambda h: 3))
kind("another ruleset", True)(header_set(
    "ruleset", lambda h: "pso" if h["ruleset"] != "pso" else "sengoku_yugi"))
kind("ruleset_version", True)(header_set("ruleset_version", lambda h: "9.9.9"))
kind("pool_digest", True)(header_set("pool_digest", lambda h: "0" * 64))
kind("rng another", True)(header_set(
    "rng", lambda h: "hmac-sha256" if h.get("rng") == "legacy" else "legacy"))
kind("rng unknown", True)(header_set("rng", lambda h: "dice"))
kind("mode a number", True)(header_set("mode", lambda h: 5))
kind("options a string", True)(header_set("options", lambda h: "x"))
kind("mode another", False)(header_set(
    "mode", lambda h: "hotseat" if h.get("mode") != "hotseat" else "computer"))
kind("unknown header key", False)(header_set("zz_later", lambda h: [1, {"a": None}]))


@kind("player name a number", True)
def _(recs: Recs, rng: random.Random) -> Recs:
    recs[0]["players"][rng.randrange(2)]["name"] = 5
    return recs


@kind("player renamed", False)
def _(recs: Recs, rng: random.Random) -> Recs:
    recs[0]["players"][rng.randrange(2)]["name"] = "mallory \x1b]0;owned\x07"
    return recs


@kind("deck card changed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    deck = recs[0]["decks"][rng.randrange(2)]
    main = deck["main"]
    pairs = [(i, c) for i, c in enumerate(main) if c != main[0]]
    if not pairs:
        return None
    i, c = rng.choice(pairs)
    main[i] = main[0] if rng.random() < 0.5 else c + "x"
    return recs


@kind("deck card a number", True)
def _(recs: Recs, rng: random.Random) -> Recs:
    recs[0]["decks"][rng.randrange(2)]["main"][0] = 12
    return recs


@kind("header key removed", True)
def _(recs: Recs, rng: random.Random) -> Recs:
    del recs[0][rng.choice(["decks", "seed"])]
    return recs


# -- decisions ---------------------------------------------------------------------------

@kind("action changed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision")
    actions = {r["action"] for r in recs if r.get("type") == "decision"}
    if i is None or len(actions) < 2:
        return None
    recs[i]["action"] = rng.choice(sorted(actions - {recs[i]["action"]}))
    return recs


@kind("action a number", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision")
    if i is None:
        return None
    recs[i]["action"] = 5
    return recs


@kind("player as true/false", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision", lambda r: r.get("player") in (0, 1))
    if i is None:
        return None
    recs[i]["player"] = bool(recs[i]["player"])
    return recs


@kind("player the other seat", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision", lambda r: r.get("player") in (0, 1))
    if i is None:
        return None
    recs[i]["player"] = 1 - recs[i]["player"]
    return recs


@kind("decision kind changed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision", lambda r: "kind" in r)
    if i is None:
        return None
    recs[i]["kind"] = str(recs[i]["kind"]) + "-not"
    return recs


@kind("decision private toggled", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision")
    if i is None:
        return None
    if recs[i].get("private"):
        del recs[i]["private"]
    else:
        recs[i]["private"] = True
    return recs


@kind("decision removed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision")
    return None if i is None else renumber(recs[:i] + recs[i + 1:])


@kind("decision doubled", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision")
    return None if i is None else renumber(recs[:i + 1] + [dict(recs[i])] + recs[i + 1:])


@kind("undo inserted", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision")
    if i is None:
        return None
    made = sum(1 for r in recs[:i] if r.get("type") == "decision")
    undo = {"seq": 0, "type": "undo", "to": rng.choice([-1, max(0, made - 1), made + 5])}
    return renumber(recs[:i] + [undo] + recs[i:])


# -- events ------------------------------------------------------------------------------

def event_change(test: Callable[[Any], bool], new: Callable[[Any], Any]) -> Mutation:
    def fn(recs: Recs, rng: random.Random) -> Recs | None:
        found = event_leaf(recs, rng, test)
        if found is None:
            return None
        i, path, value = found  # type: ignore[misc]
        set_at(recs[i]["event"], path, new(value))
        return recs
    return fn


kind("event 0/1 as true/false", True)(event_change(lambda v: v in (0, 1) and is_int(v), bool))
kind("event number as float", True)(event_change(is_int, float))
kind("event number as text", True)(event_change(is_int, str))
kind("event number + 1", True)(event_change(is_int, lambda v: v + 1))
kind("event number huge", True)(event_change(is_int, lambda v: 10**30))
kind("event text changed", True)(event_change(lambda v: isinstance(v, str), lambda v: v + "x"))
kind("event value null", True)(event_change(lambda v: v is not None, lambda v: None))
kind("event value nested", True)(event_change(
    lambda v: v is not None, lambda v: json.loads("[" * 60 + "1" + "]" * 60)))


@kind("event key removed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event")
    if i is None:
        return None
    ev = recs[i]["event"]
    del ev[rng.choice(sorted(ev))]
    return recs


@kind("event key added", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event")
    if i is None:
        return None
    recs[i]["event"]["zz"] = 1
    return recs


@kind("event not an object", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event")
    if i is None:
        return None
    recs[i]["event"] = rng.choice([5, "move", [1, 2], None])
    return recs


@kind("event removed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event")
    return None if i is None else renumber(recs[:i] + recs[i + 1:])


@kind("event doubled", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event")
    return None if i is None else renumber(recs[:i + 1] + [copy.deepcopy(recs[i])] + recs[i + 1:])


@kind("events swapped", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    for _ in range(40):
        i = early(recs, rng, "event")
        if i is not None and recs[i + 1].get("type") == "event" \
                and recs[i]["event"] != recs[i + 1]["event"]:
            recs[i], recs[i + 1] = recs[i + 1], recs[i]
            return renumber(recs)
    return None


@kind("chain changed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event", lambda r: "chain" in r)
    if i is None:
        return None
    recs[i]["chain"] = "0123456789abcdef"
    return recs


@kind("digest changed", True)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event", lambda r: "digest" in r)
    if i is None:
        return None
    recs[i]["digest"] = "0123456789abcdef"
    return recs


@kind("chain removed", False)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "event", lambda r: "chain" in r)
    if i is None:
        return None
    del recs[i]["chain"]
    return recs


# -- records as a whole ------------------------------------------------------------------

@kind("note between a decision and its events", False)
def _(recs: Recs, rng: random.Random) -> Recs | None:
    i = early(recs, rng, "decision", lambda r: True)
    if i is None:
        return None
    return renumber(recs[:i + 1] + [{"seq": 0, "type": "note", "text": "hm \x1b[2J"}]
                    + recs[i + 1:])


@kind("note at the end", False)
def _(recs: Recs, rng: random.Random) -> Recs:
    return renumber([*recs, {"seq": 0, "type": "note", "text": "the end", "data": [1]}])


@kind("unknown key on a record", False)
def _(recs: Recs, rng: random.Random) -> Recs:
    recs[rng.randrange(1, len(recs))]["zz_later"] = {"x": 1}
    return recs


@kind("record type unknown", True)
def _(recs: Recs, rng: random.Random) -> Recs:
    recs[rng.randrange(1, len(recs) // 2)]["type"] = "telepathy"
    return recs


@kind("record type another", True)
def _(recs: Recs, rng: random.Random) -> Recs:
    i = rng.randrange(1, len(recs) // 2)
    recs[i]["type"] = rng.choice(sorted({"event", "decision", "undo", "note"}
                                        - {recs[i]["type"], "note"}))
    return recs


@kind("seq rewritten", True)
def _(recs: Recs, rng: random.Random) -> Recs:
    i = rng.randrange(1, len(recs))
    recs[i]["seq"] = rng.choice([True, str(i), float(i), None]) if i != 1 else True
    return recs


@kind("lines cut", None)
def _(recs: Recs, rng: random.Random) -> Recs:
    return recs[: rng.randrange(1, len(recs))]


@kind("torn last line", None)
def _(recs: Recs, rng: random.Random) -> bytes:
    data = dump(recs)
    return data[: len(data) - rng.randrange(2, 60)]


@kind("byte flipped", None)
def _(recs: Recs, rng: random.Random) -> bytes:
    data = bytearray(dump(recs))
    i = rng.randrange(len(data) // 2)
    data[i] = rng.choice(b'#"{}[],:0\n\x00\xff')
    return bytes(data)


@kind("CRLF line ends", False)
def _(recs: Recs, rng: random.Random) -> bytes:
    return dump(recs).replace(b"\n", b"\r\n")


# -- running them --------------------------------------------------------------------------

def dump(recs: Recs) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
                    for r in recs)


def load(path: Path) -> Recs:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def mutants() -> list[Any]:
    return [pytest.param(golden, name, n,
                         id=f"{Path(golden).parent.name}/{Path(golden).stem}-{name}-{n}")
            for golden in GOLDEN for name in KINDS for n in range(VARIANTS[golden])]


def make(golden: str, name: str, n: int, recs: Recs) -> bytes | None:
    """Mutant n of kind `name` of a golden save: the file's bytes, None when the kind
    finds nothing to change in it."""
    made = KINDS[name][1](copy.deepcopy(recs), random.Random(f"{golden}/{name}/{n}"))
    if made is None:
        return None
    data = made if isinstance(made, bytes) else dump(made)
    return None if data == (ROOT / golden).read_bytes() else data


def diff_shown(message: str) -> None:
    """A mismatch message shows two different things."""
    m = re.search(r"re-executed, (\S+) is (.*) where the log has (.*)$", message)
    if m:
        assert m.group(2) != m.group(3), message
    m = re.search(r": logged (.*), re-executed (.*)$", message)
    if m:
        assert m.group(1) != m.group(2), message


def one_line(message: str, path: Path) -> None:
    assert "\n" not in message and str(path) in message, message


@pytest.fixture(scope="module")
def goldens(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Recs, list[str]]]:
    out = {}
    for g in GOLDEN:
        _, _, warnings = check_save(ROOT / g)
        assert not warnings
        out[g] = (load(ROOT / g), warnings)
    return out


@pytest.mark.parametrize("golden,name,n", mutants())
def test_mutant(golden: str, name: str, n: int, goldens: dict[str, tuple[Recs, list[str]]],
                tmp_path: Path) -> None:
    content = KINDS[name][0]
    made = make(golden, name, n, goldens[golden][0])
    if made is None:
        pytest.skip("nothing to mutate this way in this save")
    path = tmp_path / "m.jsonl"
    path.write_bytes(made)

    # pmtui verify
    try:
        _, _, warnings = check_save(path)
        refused = None
    except SaveError as exc:
        refused = str(exc)
        one_line(refused, path)
        diff_shown(refused)
        warnings = []
    if content:
        assert refused or set(warnings) - set(goldens[golden][1]), \
            f"{name}: a change of content passed verify"
    elif content is False:
        assert refused is None, f"{name}: refused though nothing the game needs changed: {refused}"

    # pmtui export
    try:  # as cmd_export: read, the header's shape, the check verify makes, the transcript
        loaded = read_journal(path)
        if header_problem(loaded.header) is None:
            check_shown(loaded, str(path))
            assert refused is None, f"{name}: export shows what verify refuses"
            lines = list(transcript(loaded.header, loaded.records))
            assert all("\n" not in x for x in lines)
    except SaveError as exc:
        one_line(str(exc), path)
        assert refused is not None, f"{name}: verify passed, export refused"
    except ValueError as exc:  # cmd_export prints it after the file's name
        assert "\n" not in str(exc)

    # pmtui replay, up to what the screen draws
    try:
        model = ReplayModel.from_file(path)
    except (SaveError, FoldError, SetupError) as exc:
        assert "\n" not in str(exc)
    else:
        assert refused is None, f"{name}: replay shows what verify refuses"
        if content and not set(warnings) - set(goldens[golden][1]):
            pytest.fail("replay accepted what verify did not catch")
        for perspective in (0, 1, None):
            r = Replay(model, perspective=perspective)
            for step in (r.position, len(model) // 3, len(model)):
                r.seek(step)
                r.shown()

    # pmtui resume, up to the screen (it may cut a torn tail: last)
    try:
        game, writer, _ = open_game(path)
    except SaveError as exc:
        one_line(str(exc), path)
        assert refused is not None or content is None, f"{name}: verify passed, resume refused"
    else:
        try:
            seats_from_header(game.header)
            game.pending()
        finally:
            writer.close()


def test_enough_mutants() -> None:
    """The issue's bar: at least 300 mutants (each changing its file) of 30 kinds."""
    made = {(g, name): 0 for g in GOLDEN for name in KINDS}
    for g in GOLDEN:
        recs = load(ROOT / g)
        for name in KINDS:
            made[g, name] = sum(make(g, name, n, recs) is not None for n in range(VARIANTS[g]))
    assert sum(made.values()) >= 300
    assert len({name for (_, name), count in made.items() if count}) >= 30
    assert {g for (g, _), count in made.items() if count} == set(GOLDEN)


def test_a_golden_copy_resumes_and_verifies(tmp_path: Path) -> None:
    """The harness itself: an unchanged golden passes all four ways."""
    path = tmp_path / "g.jsonl"
    shutil.copy(ROOT / GOLDEN[0], path)
    check_save(path)
    ReplayModel.from_file(path)
    game, writer, warnings = open_game(path)
    writer.close()
    assert warnings == []


def test_a_save_of_another_game_is_refused_by_replay(tmp_path: Path) -> None:
    """A header naming another ruleset: the replay refuses it in one line (it drew the
    board before and failed on the first unknown card, an internal error)."""
    recs = load(ROOT / GOLDEN[0])
    recs[0]["ruleset"] = "pso"
    path = tmp_path / "other.jsonl"
    path.write_bytes(dump(recs))
    with pytest.raises(FoldError, match="is not one of the cards of pso"):
        ReplayModel.from_file(path)
