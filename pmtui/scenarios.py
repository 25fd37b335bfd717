"""Scenario files and `pmtui check`: set up a position, play actions, check expectations.

A scenario is TOML (docs/scenarios.md): the position, a list of actions in
notation (docs/notation.md) and `[[expect]]` tables. `load` turns a file into
a `Scenario` (or raises ScenarioError, one line naming the file and line),
`run` plays it and checks every expectation, `run_check` is the command.

Exit status of `pmtui check`: 0 every expectation met; 1 an expectation failed
or an action was not legal (each failure is one line naming its line); 2 the
file itself is malformed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pmtui.engine.decision import IllegalAction
from pmtui.engine.game import Game
from pmtui.engine.journal import FORMAT, VERSION
from pmtui.engine.state import State, zkey
from pmtui.engine.views import view
from pmtui.games import DEFAULT_RULESET, SetupError, ruleset
from pmtui.notation import (
    Ambiguous,
    NoMatch,
    NotationError,
    fits,
    parse,
    parse_loose,
    resolve,
)

PLAYERS = ("p1", "p2")
TOP_KEYS = {
    "ruleset",
    "name",
    "page",
    "description",
    "seed",
    "position",
    "p1",
    "p2",
    "actions",
    "expect",
}
ZONE_NAMES = (
    "hand",
    "main",
    "support",
    "points",
    "discard",
    "removed",
    "ex",
    "deck",
    "attached",
    "stack",
    "stage",
)
_EXPECT_TYPES: dict[str, tuple[type, ...]] = {
    "after": (int,),
    "note": (str,),
    "zone": (str,),
    "cards": (list,),
    "count": (int,),
    "ordered": (bool,),
    "down": (int, bool),
    "seen_by": (str,),
    "hidden": (bool,),
    "card": (str,),
    "player": (str,),
    "ap": (int,),
    "dp": (int,),
    "rest": (bool,),
    "winner": (str,),
    "phase": (str,),
    "step": (str,),
    "turn": (int,),
    "approacher": (str,),
    "to_act": (str,),
    "decision": (str,),
    "legal": (list,),
    "illegal": (list,),
    "choices": (list,),
    "reason_contains": (str,),
}


class ScenarioError(ValueError):
    """A malformed scenario file: one line, naming the file and, where known, the line."""


# -- finding lines in the TOML text ----------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


class Locator:
    """Maps a key path of the parsed document back to a line of the file text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines()
        self.headers: list[tuple[int, str]] = []
        for i, line in enumerate(self.lines):
            m = _HEADER.match(line)
            if m and not line.lstrip().startswith("#"):
                self.headers.append((i, m.group(2).replace(" ", "").replace('"', "")))

    def _section_end(self, start: int) -> int:
        for i, _ in self.headers:
            if i > start:
                return i
        return len(self.lines)

    def line(self, path: tuple[Any, ...], value: str | None = None) -> int | None:
        """1-based line of `path` (keys and list indexes), or None."""
        lo, hi = 0, self.headers[0][0] if self.headers else len(self.lines)
        best: int | None = None
        prefix = ""
        parts = list(path)
        k = 0
        while k < len(parts):
            part = parts[k]
            if isinstance(part, int):
                k += 1
                continue
            name = prefix + str(part)
            found = [i for i, h in self.headers if h == name]
            if found:
                pick = 0
                if k + 1 < len(parts) and isinstance(parts[k + 1], int):
                    pick = parts[k + 1]
                    k += 1
                if pick >= len(found):
                    break
                best = found[pick]
                lo, hi = best + 1, self._section_end(best)
                prefix = name + "."
                k += 1
                continue
            key = re.compile(rf"^\s*(?:[\w.\"]*\.)?\"?{re.escape(str(part))}\"?\s*=")
            inline = re.compile(rf"(?:^|[{{,\s])\"?{re.escape(str(part))}\"?\s*=")
            hit = None
            for i in range(lo, hi):
                if key.search(self.lines[i]) or (best is not None and inline.search(self.lines[i])):
                    hit = i
                    break
            if hit is None:
                break
            best = hit
            lo = hit
            k += 1
        if value is not None:
            start = best if best is not None else 0
            end = hi if best is not None else len(self.lines)
            for i in range(start, max(end, start + 1)):
                if i < len(self.lines) and value in self.lines[i]:
                    return i + 1
        return None if best is None else best + 1

    def strings_after(self, path: tuple[Any, ...], texts: list[str]) -> list[int | None]:
        """Lines of consecutive string items of the list at `path`, in order."""
        start_line = self.line(path)
        if start_line is None:
            return [None] * len(texts)
        offsets = [0]
        for line in self.lines:
            offsets.append(offsets[-1] + len(line) + 1)
        pos = offsets[start_line - 1]
        joined = "\n".join(self.lines)
        out: list[int | None] = []
        for text in texts:
            hits = [j for q in ('"', "'") if (j := joined.find(q + text + q, pos)) >= 0]
            if not hits:
                out.append(None)
                continue
            j = min(hits)
            out.append(joined.count("\n", 0, j) + 1)
            pos = j + len(text) + 2
        return out


# -- loading ----------------------------------------


@dataclass
class Action:
    text: str
    line: int | None
    player: int | None = None  # "p1: pass" asserts whose decision it is


@dataclass
class Expect:
    data: dict[str, Any]
    line: int | None
    after: int


@dataclass
class Scenario:
    path: str
    name: str
    page: str
    description: str
    header: dict[str, Any]
    actions: list[Action]
    expects: list[Expect]
    rs: Any = field(repr=False, default=None)


def _where(path: str, line: int | None) -> str:
    return f"{path}:{line}" if line else path


def load(path: Path | str) -> Scenario:
    """Read and check a scenario file; ScenarioError (one line) on any problem."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{name}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise ScenarioError(f"{name}: cannot read ({exc.strerror or exc})") from None
    return loads(text, name)


def loads(text: str, name: str = "<scenario>") -> Scenario:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            what = msg[: m.start()].strip()
            raise ScenarioError(
                f"{name}:{m.group(1)}: TOML syntax error: {what} (column {m.group(2)})"
            ) from None
        raise ScenarioError(f"{name}: TOML syntax error: {msg.splitlines()[0]}") from None
    loc = Locator(text)

    def fail(message: str, path: tuple[Any, ...] = (), value: str | None = None) -> ScenarioError:
        return ScenarioError(f"{_where(name, loc.line(path, value) if path else None)}: {message}")

    for key in doc:
        if key not in TOP_KEYS:
            raise fail(f"unknown key {key!r} (known: {', '.join(sorted(TOP_KEYS))})", (key,))
    rs_id = doc.get("ruleset", DEFAULT_RULESET)
    if not isinstance(rs_id, str):
        raise fail("ruleset: must be a string", ("ruleset",))
    try:
        rs = ruleset(rs_id)
        positions = importlib.import_module(f"rulesets.{rs_id}.scenario")
    except (SetupError, ModuleNotFoundError):
        raise fail(f"ruleset: unknown ruleset {rs_id!r}", ("ruleset",)) from None
    for key in ("name", "description"):
        if not isinstance(doc.get(key, ""), str):
            raise fail(f"{key}: must be a string", (key,))
    page = doc.get("page", "")
    if isinstance(page, int) and not isinstance(page, bool):
        page = f"p.{page:02d}"
    if not isinstance(page, str):
        raise fail('page: a rulebook page like "p.11" or a number', ("page",))
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("seed: must be a whole number", ("seed",))

    try:
        position = positions.parse_position(doc, rs.t)
    except positions.PositionError as exc:
        line = loc.line(exc.path, exc.value) if exc.path else None
        raise ScenarioError(f"{_where(name, line)}: {exc}") from None

    raw_actions = doc.get("actions", [])
    if not isinstance(raw_actions, list) or not all(isinstance(a, str) for a in raw_actions):
        raise fail("actions: must be a list of strings in notation", ("actions",))
    lines = loc.strings_after(("actions",), raw_actions)
    actions = []
    for raw, line in zip(raw_actions, lines, strict=True):
        actions.append(_action(raw, line, name, rs))

    raw_expects = doc.get("expect", [])
    if not isinstance(raw_expects, list):
        raise fail("expect: write each expectation as an [[expect]] table", ("expect",))
    expects = []
    for i, e in enumerate(raw_expects):
        line = loc.line(("expect", i))
        expects.append(_expect(e, line, name, len(actions), rs))

    header = {
        "format": FORMAT,
        "version": VERSION,
        "seq": 0,
        "type": "header",
        "ruleset": rs.id,
        "ruleset_version": rs.version,
        "pool_digest": rs.t.pool.digest,
        "seed": seed,
        "mode": "scenario",
        "players": [{"name": "P1", "kind": "scenario"}, {"name": "P2", "kind": "scenario"}],
        "decks": [{"name": "scenario", "main": [], "ex": []} for _ in PLAYERS],
        "scenario": position,
        "scenario_name": doc.get("name", Path(name).stem),
    }
    return Scenario(
        path=name,
        name=str(doc.get("name", Path(name).stem)),
        page=page,
        description=str(doc.get("description", "")),
        header=header,
        actions=actions,
        expects=expects,
        rs=rs,
    )


def _check_notation(text: str, where: str, rs: Any) -> None:
    try:
        move = parse(text, lenient=True)
    except NotationError as exc:
        raise ScenarioError(f"{where}: {text!r}: {exc}") from None
    for ref in move.refs:
        if ref.cid not in rs.t.pool:
            raise ScenarioError(f"{where}: {text!r}: unknown card id {ref.cid}")


def _action(raw: str, line: int | None, name: str, rs: Any) -> Action:
    where = _where(name, line)
    text = raw.strip()
    player = None
    m = re.match(r"^(p[12])\s*:\s*(.*)$", text)
    if m:
        player = PLAYERS.index(m.group(1))
        text = m.group(2)
    _check_notation(text, where, rs)
    return Action(" ".join(text.split()), line, player)


def _expect(e: Any, line: int | None, name: str, n_actions: int, rs: Any) -> Expect:
    where = _where(name, line)
    if not isinstance(e, Mapping):
        raise ScenarioError(f"{where}: an [[expect]] must be a table")
    for key, value in e.items():
        types = _EXPECT_TYPES.get(key)
        if types is None:
            raise ScenarioError(
                f"{where}: expect: unknown key {key!r} (known: {', '.join(sorted(_EXPECT_TYPES))})"
            )
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ScenarioError(f"{where}: expect.{key}: wrong kind of value {value!r}")
    checks = set(e) - {"after", "note", "player", "ordered", "reason_contains"}
    if not checks:
        raise ScenarioError(f"{where}: expect: nothing to check")
    after = e.get("after", n_actions)
    if not 0 <= after <= n_actions:
        raise ScenarioError(
            f"{where}: expect.after: {after} is not between 0 and the {n_actions} actions"
        )
    for key in ("zone",):
        if key in e:
            _zone(e[key], where)
    for key in ("player", "seen_by", "approacher"):
        if key in e and e[key] not in PLAYERS:
            raise ScenarioError(f'{where}: expect.{key}: "p1" or "p2", not {e[key]!r}')
    if "to_act" in e and e["to_act"] not in (*PLAYERS, "none"):
        raise ScenarioError(f'{where}: expect.to_act: "p1", "p2" or "none"')
    if "winner" in e and e["winner"] not in (*PLAYERS, "draw", "none"):
        raise ScenarioError(f'{where}: expect.winner: "p1", "p2", "draw" or "none"')
    if "card" in e and "cards" in e:
        raise ScenarioError(f"{where}: expect: use card (one card) or cards (a zone), not both")
    if "cards" in e or "count" in e or "down" in e or "hidden" in e:
        if "zone" not in e and "card" not in e:
            raise ScenarioError(f"{where}: expect: cards, count, down and hidden need a zone")
    for cid in e.get("cards", []):
        if not isinstance(cid, str) or cid.partition("@")[0] not in rs.t.pool:
            raise ScenarioError(f"{where}: expect.cards: unknown card id {cid!r}")
    if "card" in e and e["card"].partition("@")[0] not in rs.t.pool:
        raise ScenarioError(f"{where}: expect.card: unknown card id {e['card']!r}")
    for key in ("legal", "choices"):
        for text in e.get(key, []):
            if not isinstance(text, str):
                raise ScenarioError(f"{where}: expect.{key}: a list of actions in notation")
            _check_notation(text, where, rs)
    for text in e.get("illegal", []):
        if not isinstance(text, str) or not text.split():
            raise ScenarioError(f"{where}: expect.illegal: a list of actions in notation")
    if "reason_contains" in e and "illegal" not in e:
        raise ScenarioError(f"{where}: expect.reason_contains goes with illegal = [...]")
    return Expect(dict(e), line, after)


def _zone(text: str, where: str) -> str:
    who_, _, zone = text.partition(".")
    if who_ not in PLAYERS or zone not in ZONE_NAMES:
        raise ScenarioError(
            f"{where}: zone {text!r}: write PLAYER.ZONE, like p1.main "
            f"(zones: {', '.join(ZONE_NAMES)})"
        )
    return zkey(PLAYERS.index(who_), zone)


# -- running ----------------------------------------


@dataclass
class Result:
    ok: bool
    failures: list[str]
    notes: list[str]
    applied: list[str]
    game: Game
    checked: int = 0


def new_game(sc: Scenario) -> Game:
    return Game(sc.rs, sc.header, hashing=False)


def _place(state: State) -> Any:
    def place(uid: int) -> Hashable:
        if not 0 <= uid < len(state.cards):
            return uid
        c = state.cards[uid]
        return (c.cid, c.zone, json.dumps(c.f, sort_keys=True))

    return place


def run(sc: Scenario) -> Result:
    game = new_game(sc)
    failures: list[str] = []
    notes: list[str] = []
    applied: list[str] = []
    checked = 0

    def check(after: int) -> None:
        nonlocal checked
        for e in sc.expects:
            if e.after == after:
                checked += 1
                for problem in check_expect(sc, game, e):
                    failures.append(f"{_where(sc.path, e.line)}: {problem}")

    check(0)
    for i, act in enumerate(sc.actions, start=1):
        where = _where(sc.path, act.line)
        d = game.pending()
        if d is None:
            failures.append(f"{where}: {act.text}: the game is over ({_result(game)})")
            break
        if act.player is not None and act.player != d.player:
            failures.append(
                f"{where}: {PLAYERS[act.player]}: {act.text}: it is P{d.player + 1}'s "
                f"decision ({d.kind}), not P{act.player + 1}'s"
            )
            break
        try:
            found = resolve(d.texts, act.text, _place(game.state))
        except (NoMatch, Ambiguous, NotationError) as exc:
            reason = str(exc) if isinstance(exc, Ambiguous) else _why_not(sc, game, act.text, exc)
            failures.append(f"{where}: {act.text}: {reason}")
            break
        if found.note:
            notes.append(f"{where}: {found.note}")
        try:
            game.act(found.text, d.player)
        except IllegalAction as exc:  # pragma: no cover - resolve only returns offered texts
            failures.append(f"{where}: {act.text}: {exc}")
            break
        applied.append(found.text)
        check(i)
    return Result(not failures, failures, notes, applied, game, checked)


def _why_not(sc: Scenario, game: Game, text: str, exc: Exception) -> str:
    explain = getattr(sc.rs, "explain", None)
    reason = explain(game.state, text) if explain is not None else None
    return reason or str(exc)


def _result(game: Game) -> str:
    over = game.over or {}
    w = over.get("winner")
    who_ = "a draw" if w is None else f"P{w + 1} won"
    return f"{who_}: {over.get('reason', '')}".strip()


def _stats(sc: Scenario, state: State, uid: int) -> tuple[int, int] | None:
    d = sc.rs.t.defs[state.cards[uid].cid]
    if not d.has_apdp:
        return None
    try:
        from rulesets.precious_memories.effects import stats
    except ImportError:  # pragma: no cover - before the effects layer
        from rulesets.precious_memories.areas import stats as base

        return base(state, uid, sc.rs.t.defs)
    return stats(state, sc.rs.t, uid)


def _find_card(sc: Scenario, state: State, e: dict[str, Any]) -> tuple[int | None, str]:
    text = e["card"]
    cid, _, num = text.partition("@")
    if num:
        if not num.isdigit() or int(num) >= len(state.cards) or state.cards[int(num)].cid != cid:
            return None, f"there is no card {text} in this game"
        return int(num), ""
    owners = [PLAYERS.index(e["player"])] if "player" in e else [0, 1]
    found = [c.uid for c in state.cards if c.cid == cid and c.owner in owners]
    if not found:
        return None, f"no {cid} in this game"
    in_area = [u for u in found if state.cards[u].zone.split("/")[1] in ("main", "support")]
    pick = in_area or found
    if len(pick) > 1 and "zone" not in e:
        listed = ", ".join(f"{cid}@{u}" for u in pick)
        return None, f'card {cid} is ambiguous ({listed}); add player = "p1" or the @number'
    if "zone" in e:
        key = _zone(e["zone"], sc.path)
        there = [u for u in found if state.cards[u].zone == key]
        if there:
            return there[0], ""
    return pick[0], ""


def _names(state: State, uids: list[int]) -> list[str]:
    return [f"{state.cards[u].cid}@{u}" for u in uids]


def check_expect(sc: Scenario, game: Game, x: Expect) -> list[str]:
    """The problems with one expectation now (empty: it holds)."""
    e = x.data
    state = game.state
    out: list[str] = []
    label = f" ({e['note']})" if "note" in e else ""

    def bad(msg: str) -> None:
        out.append(msg + label)

    if "card" in e:
        uid, why = _find_card(sc, state, e)
        if uid is None:
            bad(why)
            return out
        c = state.cards[uid]
        ref = f"{c.cid}@{uid}"
        if "zone" in e:
            key = _zone(e["zone"], sc.path)
            if c.zone != key:
                bad(f"expected {ref} in {e['zone']}, it is in {_zone_label(c.zone)}")
        st = _stats(sc, state, uid)
        for i, key in enumerate(("ap", "dp")):
            if key in e:
                got = None if st is None else st[i]
                if got != e[key]:
                    bad(f"expected {ref} to have {key.upper()} {e[key]}, it has {got}")
        if "rest" in e and bool(c.f.get("rest")) != e["rest"]:
            bad(f"expected {ref} to be {'Rest' if e['rest'] else 'Active'}")
        if "down" in e and bool(c.f.get("down")) != bool(e["down"]):
            bad(f"expected {ref} to be face {'down' if e['down'] else 'up'}")
    elif "zone" in e:
        key = _zone(e["zone"], sc.path)
        uids = list(state.zones.get(key, []))
        if "seen_by" in e:
            seen = view(sc.rs, state, PLAYERS.index(e["seen_by"]))["zones"].get(key, [])
            hidden = isinstance(seen, int)
            if "hidden" in e and hidden != e["hidden"]:
                what = "only a count" if hidden else "the cards"
                bad(
                    f"expected {e['seen_by']} to {'not ' if not e['hidden'] else ''}see "
                    f"{e['zone']} hidden; they see {what}"
                )
            if hidden and "cards" in e:
                bad(f"{e['seen_by']} cannot see the cards of {e['zone']}, only their count")
                uids = []
        got = _names(state, uids)
        if "cards" in e:
            want = e["cards"]
            if not _same_cards(want, got, bool(e.get("ordered"))):
                bad(f"expected {e['zone']} to hold {_fmt(want)}, it holds {_fmt(got)}")
        if "count" in e and len(uids) != e["count"]:
            bad(f"expected {e['count']} cards in {e['zone']}, there are {len(uids)}")
        if "down" in e and not isinstance(e["down"], bool):
            n = sum(1 for u in uids if state.cards[u].f.get("down"))
            if n != e["down"]:
                bad(f"expected {e['down']} face-down cards in {e['zone']}, there are {n}")
    v = state.vars
    if "winner" in e:
        over = game.over
        got = (
            "none"
            if over is None
            else ("draw" if over.get("winner") is None else PLAYERS[over["winner"]])
        )
        if got != e["winner"]:
            detail = f" ({over.get('reason')})" if over else ""
            bad(f"expected winner {e['winner']}, got {got}{detail}")
    for key, var in (("phase", "phase"), ("step", "step"), ("turn", "turn")):
        if key in e and v.get(var) != e[key]:
            bad(f"expected {key} {e[key]!r}, it is {v.get(var)!r}")
    if "approacher" in e and PLAYERS[v.get("ap", 0)] != e["approacher"]:
        bad(f"expected {e['approacher']} to be the Approacher")
    d = game.pending()
    if "to_act" in e:
        got = "none" if d is None else PLAYERS[d.player]
        if got != e["to_act"]:
            bad(f"expected {e['to_act']} to decide, it is {got}")
    if "decision" in e:
        got = "none" if d is None else d.kind
        if got != e["decision"]:
            bad(f"expected a {e['decision']} decision, it is {got}")
    texts = d.texts if d is not None else []
    for text in e.get("legal", []):
        try:
            resolve(texts, text, _place(state))
        except Ambiguous:
            pass  # several options fit: it is legal
        except (NoMatch, NotationError) as exc:
            bad(f"expected {text!r} to be legal: {_why_not(sc, game, text, exc)}")
    for text in e.get("illegal", []):
        try:
            resolve(texts, text, _place(state))
            bad(f"expected {text!r} to be illegal, but it is a choice now")
            continue
        except Ambiguous:
            bad(f"expected {text!r} to be illegal, but it is a choice now")
            continue
        except (NoMatch, NotationError):
            pass
        explain = getattr(sc.rs, "explain", None)
        reason = explain(state, text) if explain is not None else None
        if not reason:
            bad(f"{text!r} is not a choice, but no rule explains why")
        elif "reason_contains" in e and e["reason_contains"] not in reason:
            bad(f"{text!r}: expected the reason to mention {e['reason_contains']!r}: {reason}")
    if "choices" in e:
        matched: set[str] = set()
        for text in e["choices"]:
            fits = [o for o in texts if _fits(text, o)]
            if not fits:
                bad(f"expected {text!r} among the choices: {_why_not(sc, game, text, NoMatch())}")
            matched.update(fits)
        extra = [o for o in texts if o not in matched]
        if extra:
            bad(f"unexpected choices: {', '.join(extra)}")
    return out


def _fits(text: str, option: str) -> bool:
    try:
        wanted = parse(text, lenient=True)
    except NotationError:
        return False
    m = parse_loose(option)
    return m is not None and fits(wanted, m)


def _same_cards(want: list[str], got: list[str], ordered: bool) -> bool:
    if len(want) != len(got):
        return False
    pairs = list(zip(want, got, strict=True)) if ordered else None
    if pairs is not None:
        return all(w == g or ("@" not in w and g.startswith(w + "@")) for w, g in pairs)
    exact = Counter(w for w in want if "@" in w)
    if any(exact[w] > got.count(w) for w in exact):
        return False
    loose = Counter(w for w in want if "@" not in w)
    rest = Counter(g.partition("@")[0] for g in got if g not in exact)
    return loose == rest


def _fmt(cards: list[str]) -> str:
    return "[" + ", ".join(cards) + "]" if cards else "nothing"


def _zone_label(key: str) -> str:
    owner, _, zone = key.partition("/")
    return f"p{int(owner) + 1}.{zone}"


# -- showing the position ----------------------------------------


def position(sc: Scenario, game: Game) -> dict[str, Any]:
    """The whole position as JSON data (omniscient: a scenario is a sandbox)."""
    state = game.state
    v = state.vars
    d = game.pending()
    players: dict[str, Any] = {}
    for p, name in enumerate(PLAYERS):
        zones: dict[str, Any] = {}
        for zone in ZONE_NAMES:
            uids = state.zones.get(zkey(p, zone), [])
            if zone == "deck":
                zones[zone] = len(uids)
                continue
            if not uids:
                continue
            cards = []
            for u in uids:
                c = state.cards[u]
                entry: dict[str, Any] = {"card": f"{c.cid}@{u}", **c.f}
                if zone in ("main", "support"):
                    st = _stats(sc, state, u)
                    if st is not None:
                        entry["ap"], entry["dp"] = st
                cards.append(entry)
            zones[zone] = cards
        players[name] = zones
    over = game.over
    return {
        "turn": v.get("turn"),
        "approacher": PLAYERS[v["ap"]] if isinstance(v.get("ap"), int) else None,
        "phase": v.get("phase"),
        "step": v.get("step"),
        "to_act": None if d is None else PLAYERS[d.player],
        "decision": None if d is None else d.kind,
        "winner": None
        if over is None
        else ("draw" if over.get("winner") is None else PLAYERS[over["winner"]]),
        "players": players,
    }


PHASE_WORDS = {
    "main": "Main Phase",
    "approach": "Approach Phase",
    "end": "Turn End",
    "start": "Turn Start",
    "setup": "game preparation",
}
STEP_WORDS = {
    "assign": "assigning an approach chara",
    "w2": "window after the approach",
    "interfere": "assigning an interfering chara",
    "w4": "window after the interference",
    "w6": "window after judgement",
    "adjust": "hand adjustment",
}


def describe(sc: Scenario, game: Game) -> list[str]:
    """The position as text lines (every card with its number, state and AP/DP)."""
    state = game.state
    v = state.vars
    out = []
    title = sc.name + (f" ({sc.page})" if sc.page else "")
    out.append(f"== {title}")
    where = PHASE_WORDS.get(v.get("phase"), str(v.get("phase")))
    if v.get("step"):
        where += ", " + STEP_WORDS.get(v["step"], v["step"])
    ap = v.get("ap")
    out.append(f"turn {v.get('turn')}, P{(ap or 0) + 1} is the Approacher, {where}")
    for p, name in enumerate(PLAYERS):
        first = True
        for zone in ZONE_NAMES:
            uids = state.zones.get(zkey(p, zone), [])
            if zone == "deck":
                text = f"{len(uids)} cards"
            elif not uids:
                continue
            else:
                text = " ".join(_card_text(sc, state, u) for u in uids)
            out.append(f"{name.upper() if first else '':<3} {zone:<9} {text}")
            first = False
    over = game.over
    if over is not None:
        out.append(f"game over: {_result(game)}")
    d = game.pending()
    if d is not None:
        out.append(f"to act: P{d.player + 1} ({d.kind}): {d.prompt}")
        out.append("legal: " + " | ".join(d.texts))
    return out


def _card_text(sc: Scenario, state: State, uid: int) -> str:
    c = state.cards[uid]
    marks = []
    st = _stats(sc, state, uid) if c.zone.endswith(("/main", "/support")) else None
    if st is not None:
        marks.append(f"{st[0]}/{st[1]}")
    f = c.f
    turn = state.vars.get("turn")
    for key, word in (("rest", "rest"), ("down", "down")):
        if f.get(key):
            marks.append(word)
    if f.get("turn") == turn and c.zone.endswith(("/main", "/support")):
        marks.append("new")
    if f.get("appr") == turn:
        marks.append("approached")
    if "host" in f:
        marks.append(f"on {state.cards[f['host']].cid}@{f['host']}")
    if "under" in f:
        marks.append(f"under {state.cards[f['under']].cid}@{f['under']}")
    if f.get("coins"):
        marks.append(f"coins {f['coins']}")
    ref = f"{c.cid}@{uid}"
    return f"{ref}({','.join(marks)})" if marks else ref


# -- the command ----------------------------------------


def run_check(args: argparse.Namespace) -> int:
    from pmtui.cli import CliError

    try:
        sc = load(args.scenario)
    except ScenarioError as exc:
        raise CliError(str(exc), status=2) from None
    result = run(sc)
    if args.json:
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
        n = len(sc.expects)
        if result.ok:
            print(f"ok: {len(result.applied)} actions, {n} expectations met")
        else:
            print(f"failed: {len(result.failures)} problem(s)", file=sys.stderr)
    return 0 if result.ok else 1
