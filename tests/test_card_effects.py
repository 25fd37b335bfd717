"""Every card of the starter pool, played: each case sets up a position (the
scenario format of docs/scenarios.md), plays or uses the card in notation, and
checks what its text says happened.

`CASES` maps a card id to its cases. Charas without any text get a generated
case (summoned and standing with their printed AP/DP); every other card needs a
hand-written one, and `test_every_card_is_exercised` keeps the table complete.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from textwrap import dedent
from typing import Any

import pytest

from pmtui.engine.game import Game
from pmtui.table import scenarios
from rulesets.precious_memories.effects import stats
from tests.helpers import rs

PLAYERS = {"p1": 0, "p2": 1}


class G:
    """Reading a finished case: zones by card id, one card's AP/DP and flags, the log."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = game.state

    def cids(self, zone: str) -> list[str]:
        p, _, z = zone.partition(".")
        return [self.state.cards[u].cid for u in self.state.zones.get(f"{PLAYERS[p]}/{z}", [])]

    def uid(self, cid: str, player: str = "p1") -> int:
        mine = [c for c in self.state.cards if c.cid == cid and c.owner == PLAYERS[player]]
        area = [c for c in mine if c.zone.split("/")[1] in ("main", "support")]
        found = area or mine
        assert len(found) == 1, f"{cid} of {player}: {len(found)} candidates"
        return found[0].uid

    def stats(self, cid: str, player: str = "p1") -> tuple[int, int]:
        return stats(self.state, rs().t, self.uid(cid, player))

    def flags(self, cid: str, player: str = "p1") -> dict[str, Any]:
        return dict(self.state.cards[self.uid(cid, player)].f)

    def events(self, kind: str) -> list[dict[str, Any]]:
        return [
            r["event"]
            for r in self.game.records
            if r["type"] == "event" and r["event"].get("t") == kind
        ]

    def options(self) -> list[str]:
        d = self.game.pending()
        return [] if d is None else list(d.texts)


@dataclass(frozen=True)
class Case:
    position: str  # [position], [p1], [p2] tables
    actions: tuple[str, ...]
    expect: str = ""  # [[expect]] tables (docs/scenarios.md)
    check: Callable[[G], None] | None = None  # more checks in Python, after all actions
    note: str = field(default="")


def case(
    position: str,
    actions: list[str] | tuple[str, ...] = (),
    expect: str = "",
    check: Callable[[G], None] | None = None,
    note: str = "",
) -> Case:
    return Case(dedent(position), tuple(actions), dedent(expect), check, note)


# nobody answers P1's play: P2, P1, then P2 again (the Interferer has the last word, p.07)
RESOLVE = ("pass", "pass", "pass")
# a window the Approacher holds closes on their pass, then the Interferer's (p.07)
CLOSE = ("pass", "pass")
# after P1's play P2 holds the right: P2, P1, P2 pass and the Main Phase ends (p.07)
PASS_BACK = ("p2: pass", "p1: pass", "p2: pass")


def play(c: Case, name: str = "case") -> G:
    text = f"actions = {json.dumps(list(c.actions))}\n{c.position}\n{c.expect}"
    sc = scenarios.loads(text, name=name)
    result = scenarios.run(sc)
    assert result.ok, "\n".join(result.failures)
    assert result.checked == len(sc.expects)
    g = G(result.game)
    if c.check is not None:
        c.check(g)
    return g


# -- the cases --

CASES: dict[str, list[Case]] = {}


def add(cid: str, *cases: Case) -> None:
    CASES.setdefault(cid, []).extend(cases)


def _eq(got: Any, want: Any) -> None:
    assert got == want, f"{got!r} != {want!r}"


# -- Starlit Academy --

add(
    "STA-009",  # Ignore 2
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = ["STA-009"]
        deck = 10
        [p2]
        main = ["TWC-004", "TWC-005"]
        deck = 10
        """,
        ["approach STA-009", *CLOSE],
        """
        [[expect]]
        decision = "interfere"
        legal = ["interfere TWC-005"]
        illegal = ["interfere TWC-004"]
        """,
    ),
)

add(
    "STA-012",
    case(
        """
        [p1]
        hand = ["STA-012", "STA-001"]
        main = ["STA-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-012", "pay STA-001", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.hand"
        count = 2
        [[expect]]
        zone = "p1.discard"
        cards = ["STA-012", "STA-001"]
        """,
    ),
    case(
        """
        [p1]
        hand = ["STA-012", "STA-001"]
        main = ["STA-005"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-012", "pay STA-001", "done", *RESOLVE],
        """
        [[expect]]
        note = "no Astronomy Club chara: no draw"
        zone = "p1.hand"
        count = 0
        """,
    ),
)

APPROACH_STA002 = """
[position]
phase = "approach"
step = "w2"
approach = "STA-002"
"""

add(
    "STA-013",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["STA-013", "STA-010"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-013", "pay STA-010", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.hand"
        count = 1
        """,
        check=lambda g: _eq([len(e["cards"]) for e in g.events("look")], [3]),
    ),
)

add(
    "STA-014",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["STA-014", "STA-001"]
        deck = 10
        [p2]
        main = ["TWC-004"]
        deck = 10
        """,
        ["event STA-014", "pay STA-001", "done", "target STA-002", *RESOLVE],
        """
        [[expect]]
        after = 3
        choices = ["target STA-002", "target TWC-004", "cancel"]
        [[expect]]
        card = "STA-002"
        ap = 40
        dp = 60
        """,
    ),
)

add(
    "STA-015",
    case(
        """
        [p1]
        hand = ["STA-015", "STA-001"]
        points = ["STA-003", "STA-003", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-015", "pay STA-001", "done", *RESOLVE],
        """
        [[expect]]
        note = "3 point cards: a second draw"
        zone = "p1.hand"
        count = 2
        """,
        check=lambda g: _eq([e["zone"] for e in g.events("shuffle")][-1:], ["0/deck"]),
    ),
    case(
        """
        [p1]
        hand = ["STA-015", "STA-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-015", "pay STA-001", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.hand"
        count = 1
        """,
    ),
)

add(
    "STA-016",
    case(
        """
        [p1]
        hand = ["STA-016", "STA-010"]
        main = ["STA-004", { card = "STA-005", supports = ["STA-016"] }]
        deck = 10
        [p2]
        deck = 10
        """,
        ["support STA-016 on STA-004", "pay STA-010", "done", *RESOLVE],
        """
        [[expect]]
        card = "STA-004"
        ap = 40
        dp = 30
        [[expect]]
        note = "Sora Kisaragi is not in the Astronomy Club"
        card = "STA-005"
        ap = 60
        dp = 40
        """,
    ),
)

add(
    "STA-017",
    case(
        """
        [p1]
        hand = ["STA-017", "STA-001", "STA-001", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon STA-017 main", "pay STA-001", "pay STA-001", "pay STA-003", "done", *RESOLVE],
        """
        [[expect]]
        card = "STA-017"
        zone = "p1.main"
        ap = 70
        dp = 50
        [[expect]]
        note = "[On Summon] draw a card"
        zone = "p1.hand"
        count = 1
        """,
    ),
)

add(
    "STA-018",
    case(
        """
        [p1]
        main = ["STA-001"]
        hand = ["STA-018", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        [
            "levelup STA-018 on STA-001",
            *RESOLVE,
            "p2: pass",
            "use STA-018 1",
            "pay STA-003",
            "done",
            *RESOLVE,
        ],
        """
        [[expect]]
        after = 0
        illegal = ["use STA-001 1"]
        [[expect]]
        note = "the Level Up card is on top: its own 30/30 and +10/+10 for the card under it"
        card = "STA-018"
        ap = 40
        dp = 40
        rest = true
        [[expect]]
        zone = "p1.stack"
        cards = ["STA-001"]
        [[expect]]
        note = "the Lv2 text drew a card"
        zone = "p1.hand"
        count = 1
        """,
    ),
)

add(
    "STA-019",
    case(
        """
        [p1]
        main = ["STA-001"]
        hand = ["STA-019"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["levelup STA-019 on STA-001", *RESOLVE],
        """
        [[expect]]
        note = "on top: printed 40/40, level 2 (+10/+10) and its own [Lv2] [Permanent] +10/+10"
        card = "STA-019"
        ap = 60
        dp = 60
        [[expect]]
        zone = "p1.stack"
        cards = ["STA-001"]
        """,
    ),
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = [{ card = "STA-019", stack = ["STA-018", "STA-001"] }]
        deck = 10
        [p2]
        deck = 10
        """,
        ["approach STA-019"],
        """
        [[expect]]
        note = "[Lv3] [On Approach] draw a card"
        zone = "p1.hand"
        count = 1
        [[expect]]
        note = "on top at level 3: 40/40, +20/+20 for two cards under it, its own Lv2 +10/+10"
        card = "STA-019"
        ap = 70
        dp = 70
        """,
    ),
)

add(
    "STA-020",
    case(
        """
        [p1]
        hand = ["STA-020", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon STA-020 main", "pay STA-003", "done", *RESOLVE, *PASS_BACK],
        """
        [[expect]]
        note = "[Active]: it may approach the turn it is summoned"
        step = "assign"
        legal = ["approach STA-020"]
        """,
    ),
)

INTERFERE_STA004 = """
[position]
phase = "approach"
step = "interfere"
approach = "STA-004"
"""

add(
    "STA-021",
    case(
        INTERFERE_STA004
        + """
        [p1]
        main = ["STA-004"]
        deck = 10
        [p2]
        main = ["STA-021"]
        deck = 10
        """,
        ["interfere STA-021"],
        """
        [[expect]]
        card = "STA-021"
        ap = 20
        dp = 60
        """,
    ),
)

add(
    "STA-022",
    case(
        """
        [p1]
        hand = ["STA-022", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        [
            "summon STA-022 main",
            "pay STA-003",
            "done",
            *RESOLVE,
            "pass",
            "pass",
            "pass",
            "approach STA-022",
        ],
        """
        [[expect]]
        card = "STA-022"
        ap = 40
        dp = 20
        """,
    ),
)

add(
    "STA-023",
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = ["STA-023", "STA-004", "STA-005"]
        deck = 10
        [p2]
        main = ["TWC-005"]
        deck = 10
        """,
        [
            "approach STA-023 with STA-004",
            *CLOSE,
            "interfere TWC-005",
            *CLOSE,
            "eliminate STA-004",
        ],
        """
        [[expect]]
        after = 0
        legal = ["approach STA-023 with STA-004"]
        illegal = ["approach STA-023 with STA-005"]
        [[expect]]
        note = "AP 30 + 40 beats DP 50"
        zone = "p2.discard"
        cards = ["TWC-005"]
        [[expect]]
        zone = "p1.discard"
        cards = ["STA-004"]
        """,
    ),
)

add(
    "STA-024",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        support = ["STA-024"]
        hand = ["STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["use STA-024 1", "pay STA-006", "done", "target STA-002", *RESOLVE],
        """
        [[expect]]
        card = "STA-002"
        rest = false
        [[expect]]
        card = "STA-024"
        rest = true
        """,
    ),
)

add(
    "STA-025",
    case(
        """
        [position]
        approacher = "p2"
        phase = "approach"
        step = "w2"
        approach = "TWC-004"
        [p1]
        main = ["STA-025"]
        deck = 10
        [p2]
        main = ["TWC-004"]
        hand = ["TWC-014", "TWC-001"]
        deck = 10
        """,
        [
            "p2: event TWC-014",
            "pay TWC-001",
            "done",
            "target TWC-004",
            "p1: pass",             # P2's own play: P1, P2, then P1 again (p.07)
            "p2: pass",
            "p1: pass",
            "p1: use STA-025 1",
            "p2: pass",             # P1's play in P2's turn: P2 then P1
            "p1: pass",
        ],
        """
        [[expect]]
        after = 3
        note = "Cannot be Targeted"
        choices = ["target TWC-004", "cancel"]
        [[expect]]
        card = "STA-025"
        ap = 10
        dp = 40
        """,
    ),
)

add(
    "STA-026",
    case(
        """
        [p1]
        hand = ["STA-026", "STA-001"]
        discard = ["STA-004", "TWC-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-026", "pay STA-001", "done", *RESOLVE, "pick STA-004"],
        """
        [[expect]]
        after = 6
        note = "the paid STA-001 is there too; TWC-004 is no Astronomy Club chara"
        choices = ["pick STA-004", "pick STA-001", "none"]
        [[expect]]
        zone = "p1.hand"
        cards = ["STA-004"]
        """,
    ),
)

add(
    "STA-027",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["STA-027", "STA-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-027", "pay STA-001", "done", "target STA-002", *RESOLVE],
        """
        [[expect]]
        card = "STA-002"
        ap = 70
        dp = 40
        """,
    ),
)

add(
    "STA-028",
    case(
        """
        [p1]
        hand = ["STA-028", "STA-001"]
        ex = ["STA-017"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STA-028", "pay STA-001", "done", *RESOLVE, "pick STA-017"],
        """
        [[expect]]
        zone = "p1.hand"
        cards = ["STA-017"]
        [[expect]]
        zone = "p1.ex"
        count = 0
        """,
    ),
)

add(
    "STA-029",
    case(
        """
        [position]
        approacher = "p2"
        [p1]
        hand = ["STA-029", "STA-001"]
        deck = 10
        [p2]
        hand = ["TWC-003"]
        deck = 10
        """,
        [
            "p2: summon TWC-003 main",
            "p1: event STA-029",
            "pay STA-001",
            "done",
            "p2: pass",
            "p1: pass",
        ],
        """
        [[expect]]
        note = "the summon is disabled: the chara goes to the Discard Zone"
        zone = "p2.discard"
        cards = ["TWC-003"]
        [[expect]]
        zone = "p2.main"
        count = 0
        [[expect]]
        zone = "p1.discard"
        cards = ["STA-029", "STA-001"]
        """,
    ),
)

add(
    "STA-030",
    case(
        """
        [p1]
        main = ["STA-005"]
        hand = ["STA-030", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["support STA-030 on STA-005", "pay STA-003", "done", *RESOLVE],
        """
        [[expect]]
        card = "STA-005"
        ap = 70
        dp = 40
        """,
    ),
)

add(
    "STB-005",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002", "STA-004"]
        hand = ["STB-005"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event STB-005", "target STA-002", *RESOLVE],
        """
        [[expect]]
        after = 1
        note = "only a rested chara"
        choices = ["target STA-002", "cancel"]
        [[expect]]
        card = "STA-002"
        ap = 50
        dp = 40
        """,
    ),
)

add(
    "STB-006",
    case(
        """
        [p1]
        hand = ["STB-006", "STA-008", "STA-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon STB-006 main", "pay STA-008", "pay STA-003", "done", *RESOLVE],
        """
        [[expect]]
        after = 2
        note = "Combo: the cost must include a Kanon Amagiri or a Noa Shirasagi"
        illegal = ["done"]
        [[expect]]
        card = "STB-006"
        zone = "p1.main"
        ap = 40
        dp = 40
        """,
    ),
)

add(
    "STB-007",
    case(
        """
        [p1]
        hand = ["STB-007", "STA-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon STB-007 main", "pay STA-001", "done", *RESOLVE],
        """
        [[expect]]
        note = "an inert coin changes nothing"
        card = "STB-007"
        ap = 30
        dp = 30
        """,
        check=lambda g: _eq(g.flags("STB-007").get("inert"), 1),
    ),
    case(
        """
        [position]
        phase = "approach"
        step = "w4"
        approach = "STA-005"
        interfere = "STB-007"
        [p1]
        main = ["STA-005"]
        deck = 10
        [p2]
        main = ["STB-007"]
        deck = 10
        """,
        list(RESOLVE),
        """
        [[expect]]
        zone = "p2.discard"
        cards = ["STB-007"]
        [[expect]]
        note = "[On Eliminated] draw a card"
        zone = "p2.hand"
        count = 1
        """,
    ),
)

add(
    "STB-008",
    case(
        """
        [position]
        approacher = "p2"
        phase = "approach"
        step = "w2"
        approach = "TWC-004"
        [p1]
        main = ["STA-004"]
        hand = ["STB-008"]
        deck = 10
        [p2]
        main = ["TWC-004"]
        deck = 10
        """,
        ["p2: pass", "p1: backup STB-008", "target STA-004", *RESOLVE],
        """
        [[expect]]
        after = 0
        note = "not in the opponent's own window"
        decision = "priority"
        to_act = "p2"
        [[expect]]
        card = "STA-004"
        ap = 40
        dp = 40
        [[expect]]
        zone = "p1.discard"
        cards = ["STB-008"]
        """,
    ),
)

add(
    "STB-009",
    case(
        """
        [p1]
        hand = ["STB-009", "STA-001"]
        deck = ["STA-005", "STB-001", "TWC-003", "STA-003"]
        [p2]
        deck = 10
        """,
        ["event STB-009", "pay STA-001", "done", *RESOLVE, "pick STB-001"],
        """
        [[expect]]
        after = 6
        note = "Starlit Academy II counts as Starlit Academy; cost 1 or less"
        choices = ["pick STB-001", "pick STA-003", "none"]
        [[expect]]
        zone = "p1.main"
        cards = ["STB-001"]
        """,
        check=lambda g: _eq(bool(g.events("shuffle")), True),
    ),
)

# -- Tidewater Café Days --

add(
    "TWC-007",
    case(
        INTERFERE_STA004
        + """
        [p1]
        main = ["STA-004"]
        deck = 10
        [p2]
        main = ["TWC-007"]
        deck = 10
        """,
        ["interfere TWC-007"],
        """
        [[expect]]
        card = "TWC-007"
        ap = 40
        dp = 60
        """,
        check=lambda g: _eq(g.flags("TWC-007", "p2").get("coins"), 1),
    ),
)

add(
    "TWC-008",
    case(
        """
        [position]
        phase = "approach"
        step = "w4"
        approach = "STA-005"
        interfere = "TWC-008"
        [p1]
        main = ["STA-005"]
        deck = 10
        [p2]
        main = ["TWC-008"]
        deck = 10
        """,
        list(RESOLVE),
        """
        [[expect]]
        zone = "p2.discard"
        cards = ["TWC-008"]
        [[expect]]
        zone = "p2.hand"
        count = 1
        """,
    ),
)

APPROACH_ALONE = """
[position]
phase = "approach"
step = "assign"
[p1]
main = ["{cid}"]
deck = 10
[p2]
main = {theirs}
deck = 10
"""

add(
    "TWC-009",
    case(
        APPROACH_ALONE.format(cid="TWC-009", theirs="[]"),
        ["approach TWC-009", *CLOSE],
        """
        [[expect]]
        note = "Break: the point goes face down"
        zone = "p2.points"
        count = 1
        down = 1
        """,
    ),
)

add(
    "TWC-011",
    case(
        """
        [p1]
        hand = ["TWC-011", "TWC-006", "TWC-006"]
        points = ["TWC-001", "TWC-001", "TWC-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon TWC-011 main", "pay TWC-006", "pay TWC-006", "done", *RESOLVE],
        """
        [[expect]]
        card = "TWC-011"
        ap = 60
        dp = 60
        """,
    ),
    case(
        """
        [p1]
        hand = ["TWC-011", "TWC-006", "TWC-006"]
        points = ["TWC-001", "TWC-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon TWC-011 main", "pay TWC-006", "pay TWC-006", "done", *RESOLVE],
        """
        [[expect]]
        card = "TWC-011"
        ap = 60
        dp = 40
        """,
    ),
)

add(
    "TWC-012",
    case(
        """
        [p1]
        hand = ["TWC-012", "TWC-003"]
        deck = 10
        [p2]
        main = ["STA-004", "STA-005"]
        deck = 10
        """,
        ["event TWC-012", "pay TWC-003", "done", "target STA-004", *RESOLVE],
        """
        [[expect]]
        after = 3
        choices = ["target STA-004", "cancel"]
        [[expect]]
        card = "STA-004"
        rest = true
        """,
    ),
)

add(
    "TWC-013",
    case(
        """
        [p1]
        hand = ["TWC-013", "TWC-006"]
        deck = ["TWC-005", "TWC-001", "STA-004"]
        [p2]
        deck = 10
        """,
        ["event TWC-013", "pay TWC-006", "done", *RESOLVE, "pick TWC-001"],
        """
        [[expect]]
        after = 6
        choices = ["pick TWC-001", "none"]
        [[expect]]
        zone = "p1.hand"
        cards = ["TWC-001"]
        """,
        check=lambda g: _eq(bool(g.events("shuffle")), True),
    ),
)

add(
    "TWC-014",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["TWC-014", "TWC-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event TWC-014", "pay TWC-003", "done", "target STA-002", *RESOLVE],
        """
        [[expect]]
        card = "STA-002"
        ap = 20
        dp = 40
        """,
    ),
)

add(
    "TWC-015",
    case(
        """
        [position]
        phase = "approach"
        step = "w2"
        approach = "TWC-004"
        [p1]
        main = ["TWC-004"]
        hand = ["TWC-015"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event TWC-015", "target TWC-004", *RESOLVE],
        """
        [[expect]]
        card = "TWC-004"
        ap = 40
        dp = 40
        """,
    ),
)

add(
    "TWC-016",
    case(
        """
        [p1]
        hand = ["STA-003"]
        deck = 10
        [p2]
        hand = ["TWC-016", "TWC-003"]
        deck = 10
        """,
        ["summon STA-003 main", "p2: event TWC-016", "pay TWC-003", "done", "p1: pass", "p2: pass"],
        """
        [[expect]]
        zone = "p1.discard"
        cards = ["STA-003"]
        [[expect]]
        zone = "p1.main"
        count = 0
        """,
    ),
)

add(
    "TWC-017",
    case(
        """
        [p1]
        main = ["TWC-004", { card = "TWC-005", supports = ["TWC-017"] }]
        hand = ["TWC-017", "TWC-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["support TWC-017 on TWC-004", "pay TWC-003", "done", *RESOLVE],
        """
        [[expect]]
        card = "TWC-004"
        ap = 40
        dp = 30
        [[expect]]
        note = "Hotaru Kazami is not Café Staff"
        card = "TWC-005"
        ap = 50
        dp = 50
        """,
    ),
)

add(
    "TWC-018",
    case(
        """
        [p1]
        hand = ["TWC-018", "TWC-006", "TWC-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon TWC-018 main", "pay TWC-006", "pay TWC-003", "done", *RESOLVE],
        """
        [[expect]]
        after = 2
        note = "Combo: the cost must include a Shiori Nagisa or an Umi Takatsuki"
        illegal = ["done"]
        [[expect]]
        card = "TWC-018"
        zone = "p1.main"
        ap = 40
        dp = 40
        """,
    ),
)

add(
    "TWC-019",
    case(
        """
        [position]
        phase = "approach"
        step = "w2"
        approach = "TWC-004"
        [p1]
        main = ["TWC-004"]
        hand = ["TWC-019"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["backup TWC-019", "target TWC-004", *RESOLVE],
        """
        [[expect]]
        card = "TWC-004"
        ap = 50
        dp = 30
        [[expect]]
        zone = "p1.discard"
        cards = ["TWC-019"]
        """,
    ),
)

add(
    "TWC-020",
    case(
        """
        [p1]
        main = ["TWC-020"]
        hand = ["TWC-001"]
        points = ["STA-006", "STA-006", "STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["use TWC-020 1", "pay TWC-001", "done", *RESOLVE],
        """
        [[expect]]
        after = 0
        note = "Adversity 3 met: AP+20/DP+10"
        card = "TWC-020"
        ap = 40
        dp = 40
        [[expect]]
        zone = "p1.hand"
        count = 1
        [[expect]]
        card = "TWC-020"
        rest = true
        """,
    ),
    case(
        """
        [p1]
        main = ["TWC-020"]
        hand = ["TWC-001"]
        points = ["STA-006", "STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        [],
        """
        [[expect]]
        note = "Adversity 3 not met"
        card = "TWC-020"
        ap = 20
        dp = 30
        illegal = ["use TWC-020 1"]
        """,
    ),
)

add(
    "TWC-021",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["STA-014", "STA-001"]
        deck = 10
        [p2]
        main = ["TWC-021", "TWC-004"]
        deck = 10
        """,
        ["event STA-014", "pay STA-001", "done"],
        """
        [[expect]]
        note = "Cannot be Targeted"
        choices = ["target STA-002", "target TWC-004", "cancel"]
        """,
    ),
)

add(
    "TWC-022",
    case(
        """
        [p1]
        support = ["TWC-022"]
        hand = ["STA-006", "STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["pass", "pass"],
        """
        [[expect]]
        note = "[Turn End] with 2 cards in hand: draw"
        zone = "p1.hand"
        count = 3
        [[expect]]
        turn = 4
        """,
    ),
    case(
        """
        [p1]
        support = ["TWC-022"]
        hand = ["STA-006", "STA-006", "STA-006", "STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["pass", "pass"],
        """
        [[expect]]
        zone = "p1.hand"
        count = 4
        """,
    ),
)

add(
    "TWC-023",
    case(
        """
        [p1]
        hand = ["STA-003"]
        deck = 10
        [p2]
        main = ["TWC-023"]
        hand = ["TWC-003"]
        deck = 10
        """,
        ["summon STA-003 main", "p2: use TWC-023 1", "pay TWC-003", "done", "p1: pass", "p2: pass"],
        """
        [[expect]]
        zone = "p1.discard"
        cards = ["STA-003"]
        [[expect]]
        card = "TWC-023"
        rest = true
        """,
    ),
)

add(
    "TWC-024",
    case(
        """
        [p1]
        main = ["TWC-024"]
        hand = ["TWC-001"]
        deck = 10
        [p2]
        main = ["STA-003", "STA-004"]
        deck = 10
        """,
        ["use TWC-024 1", "pay TWC-001", "done", "target STA-003", *RESOLVE],
        """
        [[expect]]
        after = 3
        choices = ["target STA-003", "cancel"]
        [[expect]]
        zone = "p2.hand"
        cards = ["STA-003"]
        """,
    ),
)

add(
    "TWC-025",
    case(
        """
        [p1]
        main = ["TWC-025"]
        hand = ["STA-006"]
        deck = 10
        [p2]
        main = [{ card = "TWC-007", coins = 2 }]
        deck = 10
        """,
        ["use TWC-025 1", "pay STA-006", "done", "target TWC-007", *RESOLVE],
        """
        [[expect]]
        after = 0
        card = "TWC-007"
        ap = 50
        dp = 70
        [[expect]]
        card = "TWC-007"
        ap = 40
        dp = 60
        """,
    ),
)

add(
    "TWC-026",
    case(
        """
        [p1]
        hand = ["TWC-026", "TWC-003", "STA-001", "STA-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event TWC-026", "pay TWC-003", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.hand"
        cards = ["STA-006", "STA-006", "STA-006", "STA-006"]
        [[expect]]
        zone = "p1.discard"
        cards = ["TWC-003", "STA-001", "STA-001", "TWC-026"]
        """,
    ),
)

add(
    "TWC-027",
    case(
        """
        [position]
        approacher = "p2"
        [p1]
        hand = ["TWC-027", "TWC-003"]
        deck = 10
        [p2]
        hand = ["STA-001", "STA-003", "STA-004"]
        deck = 10
        """,
        ["p2: pass", "p1: event TWC-027", "pay TWC-003", "done", *RESOLVE],
        """
        [[expect]]
        after = 1
        note = "[Main/Opponent]: in the opponent's Main Phase"
        legal = ["event TWC-027"]
        [[expect]]
        zone = "p2.hand"
        count = 2
        [[expect]]
        zone = "p2.discard"
        count = 1
        """,
    ),
)

add(
    "TWC-027",
    case(
        """
        [p1]
        hand = ["TWC-027", "TWC-003"]
        deck = 10
        [p2]
        deck = 10
        """,
        [],
        """
        [[expect]]
        note = "not in your own turn"
        illegal = ["event TWC-027"]
        """,
    ),
)

add(
    "TWC-028",
    case(
        """
        [p1]
        hand = ["TWC-028", "TWC-003"]
        deck = ["STA-001", "STA-003", "STA-004"]
        [p2]
        deck = 10
        """,
        ["event TWC-028", "pay TWC-003", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.hand"
        cards = ["STA-001"]
        """,
        check=lambda g: _eq(
            [e.get("cids") for e in g.events("reveal") if e.get("why") == "reveal"],
            [["STA-001", "STA-003"]],
        ),
    ),
)

add(
    "TWC-029",
    case(
        """
        [p1]
        main = ["STA-005"]
        hand = ["TWC-029", "TWC-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["support TWC-029 on STA-005", "pay TWC-006", "done", *RESOLVE],
        """
        [[expect]]
        card = "STA-005"
        ap = 60
        dp = 50
        """,
    ),
)

add(
    "TWC-030",
    case(
        """
        [p1]
        main = ["TWC-030", "TWC-004"]
        hand = ["TWC-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["use TWC-030 1", "pay TWC-006", "done", "target TWC-004", *RESOLVE],
        """
        [[expect]]
        card = "TWC-004"
        ap = 40
        dp = 40
        [[expect]]
        card = "TWC-030"
        rest = true
        """,
        check=lambda g: _eq(g.flags("TWC-004").get("coins"), 1),
    ),
)

add(
    "TWC-031",
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = ["TWC-031", "TWC-006", "TWC-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["approach TWC-031 with TWC-006", *CLOSE],
        """
        [[expect]]
        after = 0
        legal = ["approach TWC-031 with TWC-006"]
        illegal = ["approach TWC-031 with TWC-004"]
        [[expect]]
        card = "TWC-006"
        rest = true
        [[expect]]
        note = "one point for the joint approach"
        zone = "p2.points"
        count = 1
        """,
    ),
)

add(
    "TWC-032",
    case(
        """
        [position]
        phase = "approach"
        step = "w2"
        approach = "TWC-004"
        [p1]
        main = ["TWC-004"]
        hand = ["TWC-032", "TWC-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event TWC-032", "pay TWC-006", "done", "target TWC-004", *RESOLVE],
        """
        [[expect]]
        card = "TWC-004"
        rest = false
        """,
    ),
)

POINT_TRIGGER = """
[position]
phase = "approach"
step = "assign"
[p1]
main = ["STA-004"]
deck = 10
[p2]
deck = ["{cid}", "STA-006", "STA-006"]
"""

add(
    "TWC-033",
    case(
        POINT_TRIGGER.format(cid="TWC-033"),
        ["approach STA-004", *CLOSE],
        """
        [[expect]]
        zone = "p2.points"
        cards = ["TWC-033"]
        [[expect]]
        note = "[On Point] draw a card"
        zone = "p2.hand"
        count = 1
        """,
    ),
)

add(
    "TWC-034",
    case(
        """
        [p1]
        hand = ["TWC-034", "TWC-003"]
        deck = 10
        [p2]
        main = [{ card = "STA-004", rest = true }, "STA-003"]
        deck = 3
        """,
        ["event TWC-034", "pay TWC-003", "done", "target STA-004", *RESOLVE],
        """
        [[expect]]
        after = 3
        choices = ["target STA-004", "cancel"]
        [[expect]]
        zone = "p2.deck"
        ordered = true
        cards = ["STA-006", "STA-006", "STA-006", "STA-004"]
        """,
    ),
)

add(
    "TWC-035",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["TWC-035", "TWC-003"]
        deck = 10
        [p2]
        main = [{ card = "TWC-007", coins = 1 }]
        deck = 10
        """,
        ["event TWC-035", "pay TWC-003", "done", "target TWC-007", *RESOLVE],
        """
        [[expect]]
        card = "TWC-007"
        ap = 20
        dp = 50
        """,
    ),
)

# -- Lantern Brigade of Kiriyama --

add(
    "LBK-002",
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = [{ card = "LBK-002", stack = ["LBK-025"] }]
        deck = 10
        [p2]
        deck = 10
        """,
        ["approach LBK-002"],
        """
        [[expect]]
        note = "[Lv2] [On Approach] draw a card"
        zone = "p1.hand"
        count = 1
        """,
    ),
    case(
        APPROACH_ALONE.format(cid="LBK-002", theirs="[]"),
        ["approach LBK-002"],
        """
        [[expect]]
        note = "level 1: no draw"
        zone = "p1.hand"
        count = 0
        """,
    ),
)

add(
    "LBK-003",
    case(
        APPROACH_ALONE.format(cid="LBK-003", theirs='["TWC-004"]'),
        ["approach LBK-003", *CLOSE],
        """
        [[expect]]
        note = "Ignore 2 keeps TWC-004 out; Break puts the point face down"
        zone = "p2.points"
        count = 1
        down = 1
        """,
    ),
)

add(
    "LBK-005",
    case(
        """
        [p1]
        main = ["LBK-005"]
        hand = ["LBK-004"]
        discard = ["LBK-018", "STA-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["use LBK-005 1", "pay LBK-004", "done", *RESOLVE, "pick LBK-018"],
        """
        [[expect]]
        after = 6
        choices = ["pick LBK-018", "none"]
        [[expect]]
        zone = "p1.hand"
        cards = ["LBK-018"]
        [[expect]]
        card = "LBK-005"
        rest = true
        """,
    ),
)

add(
    "LBK-006",
    case(
        INTERFERE_STA004
        + """
        [p1]
        main = ["STA-004"]
        hand = ["STA-014", "STA-001"]
        deck = 10
        [p2]
        main = ["LBK-006"]
        deck = 10
        """,
        ["interfere LBK-006", "event STA-014", "pay STA-001", "done"],
        """
        [[expect]]
        after = 1
        card = "LBK-006"
        ap = 50
        dp = 60
        [[expect]]
        note = "Cannot be Targeted"
        choices = ["target STA-004", "cancel"]
        """,
    ),
)

TURN_START = """
[position]
turn = 2
[p1]
main = ["LBK-008"]
points = {points}
deck = 10
[p2]
deck = 10
"""

add(
    "LBK-008",
    case(
        TURN_START.format(points='["STA-006", "STA-006", "STA-006"]'),
        ["pass", "pass"],
        """
        [[expect]]
        turn = 3
        card = "LBK-008"
        ap = 50
        dp = 50
        """,
        check=lambda g: _eq(g.flags("LBK-008").get("coins"), 1),
    ),
    case(
        TURN_START.format(points='["STA-006", "STA-006"]'),
        ["pass", "pass"],
        """
        [[expect]]
        turn = 3
        card = "LBK-008"
        ap = 40
        dp = 40
        """,
    ),
)

add(
    "LBK-009",
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = ["LBK-009", "LBK-001", "LBK-015"]
        deck = 10
        [p2]
        main = ["TWC-005"]
        deck = 10
        """,
        [
            "approach LBK-009 with LBK-001",
            *CLOSE,
            "interfere TWC-005",
            *CLOSE,
            "eliminate LBK-001",
        ],
        """
        [[expect]]
        after = 0
        legal = ["approach LBK-009 with LBK-001"]
        illegal = ["approach LBK-009 with LBK-015"]
        [[expect]]
        zone = "p2.discard"
        cards = ["TWC-005"]
        [[expect]]
        zone = "p1.main"
        cards = ["LBK-009", "LBK-015"]
        """,
    ),
)

add(
    "LBK-010",
    case(
        APPROACH_ALONE.format(cid="LBK-010", theirs="[]"),
        ["approach LBK-010", *CLOSE],
        """
        [[expect]]
        zone = "p2.points"
        count = 1
        down = 1
        """,
    ),
)

add(
    "LBK-011",
    case(
        """
        [p1]
        main = ["LBK-001", "LBK-015"]
        support = ["LBK-011"]
        hand = ["LBK-015"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["use LBK-011 1", "pay LBK-015", "done", "target LBK-001", *RESOLVE],
        """
        [[expect]]
        after = 3
        note = "only a Lantern Brigade chara"
        choices = ["target LBK-001", "cancel"]
        [[expect]]
        card = "LBK-001"
        ap = 50
        dp = 10
        [[expect]]
        card = "LBK-011"
        rest = true
        """,
    ),
)

add(
    "LBK-016",
    case(
        """
        [p1]
        hand = ["LBK-016", "LBK-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon LBK-016 main", "pay LBK-004", "done", *RESOLVE, *PASS_BACK],
        """
        [[expect]]
        step = "assign"
        legal = ["approach LBK-016"]
        """,
    ),
)

add(
    "LBK-017",
    case(
        INTERFERE_STA004
        + """
        [p1]
        main = ["STA-004"]
        deck = 10
        [p2]
        main = ["LBK-017"]
        deck = 10
        """,
        ["interfere LBK-017"],
        """
        [[expect]]
        card = "LBK-017"
        ap = 30
        dp = 60
        """,
        check=lambda g: _eq(g.flags("LBK-017", "p2").get("inert"), 1),
    ),
)

add(
    "LBK-018",
    case(
        """
        [p1]
        hand = ["LBK-018", "LBK-015"]
        deck = ["LBK-001", "LBK-004", "STA-006"]
        [p2]
        deck = 10
        """,
        ["event LBK-018", "pay LBK-015", "done", *RESOLVE, "pick LBK-004"],
        """
        [[expect]]
        after = 6
        choices = ["pick LBK-001", "pick LBK-004"]
        [[expect]]
        zone = "p1.hand"
        cards = ["LBK-001"]
        [[expect]]
        zone = "p1.discard"
        cards = ["LBK-015", "LBK-018", "LBK-004"]
        """,
    ),
)

APPROACH_LBK001 = """
[position]
phase = "approach"
step = "w2"
approach = "LBK-001"
"""

add(
    "LBK-019",
    case(
        APPROACH_LBK001
        + """
        [p1]
        main = ["LBK-001"]
        hand = ["LBK-019", "LBK-007"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-019", "pay LBK-007", "done", "target LBK-001", *RESOLVE],
        """
        [[expect]]
        card = "LBK-001"
        ap = 60
        dp = 10
        """,
    ),
)

add(
    "LBK-020",
    case(
        APPROACH_LBK001
        + """
        [p1]
        main = ["LBK-001"]
        hand = ["LBK-020", "LBK-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-020", "pay LBK-004", "done", "target LBK-001", *RESOLVE],
        """
        [[expect]]
        card = "LBK-001"
        ap = 30
        dp = 40
        """,
    ),
)

add(
    "LBK-021",
    case(
        """
        [p1]
        hand = ["LBK-021", "LBK-014", "LBK-015"]
        deck = 10
        [p2]
        main = ["STA-004", "STA-005"]
        deck = 10
        """,
        ["event LBK-021", "pay LBK-014", "pay LBK-015", "done", "target STA-004", *RESOLVE],
        """
        [[expect]]
        after = 4
        choices = ["target STA-004", "cancel"]
        [[expect]]
        zone = "p2.removed"
        cards = ["STA-004"]
        """,
    ),
)

add(
    "LBK-022",
    case(
        """
        [p1]
        main = ["LBK-001", { card = "LBK-015", supports = ["LBK-022"] }]
        hand = ["LBK-022", "LBK-015"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["support LBK-022 on LBK-001", "pay LBK-015", "done", *RESOLVE],
        """
        [[expect]]
        card = "LBK-001"
        ap = 40
        dp = 10
        [[expect]]
        note = "Ren Kuzunoha is not Lantern Brigade"
        card = "LBK-015"
        player = "p1"
        zone = "p1.main"
        ap = 20
        dp = 20
        """,
    ),
)

add(
    "LBK-024",
    case(
        """
        [p1]
        main = ["LBK-001", "LBK-015"]
        hand = ["LBK-024", "LBK-004", "LBK-005"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-024", "pay LBK-004", "pay LBK-005", "done", "target LBK-001", *RESOLVE],
        """
        [[expect]]
        after = 4
        choices = ["target LBK-001", "cancel"]
        [[expect]]
        card = "LBK-001"
        ap = 50
        dp = 30
        """,
    ),
)

add(
    "LBK-025",
    case(
        """
        [p1]
        main = ["LBK-001"]
        hand = ["LBK-025"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["levelup LBK-025 on LBK-001", *RESOLVE],
        """
        [[expect]]
        note = "on top: printed 30/30, level 2 (+10/+10) and its own [Lv2] AP+10"
        card = "LBK-025"
        ap = 50
        dp = 40
        """,
    ),
)

add(
    "LBK-026",
    case(
        """
        [p1]
        main = [{ card = "LBK-025", stack = ["LBK-001"] }]
        hand = ["LBK-026", "LBK-015"]
        deck = 10
        [p2]
        main = ["STA-002", "STA-005"]
        deck = 10
        """,
        [
            "levelup LBK-026 on LBK-025",
            *RESOLVE,
            "p2: pass",
            "use LBK-026 1",
            "pay LBK-015",
            "done",
            "target STA-002",
            *RESOLVE,
        ],
        """
        [[expect]]
        after = 8
        choices = ["target STA-002", "cancel"]
        [[expect]]
        zone = "p2.discard"
        cards = ["STA-002"]
        [[expect]]
        note = "LBK-026 on top at level 3: 40/40 +20/+20; LBK-025's Lv2 text lies under it"
        card = "LBK-026"
        ap = 60
        dp = 60
        rest = true
        """,
    ),
)


def _gained(cid: str, other: str) -> Callable[[G], None]:
    def check(g: G) -> None:
        _eq(g.flags(cid).get("gained"), [other])

    return check


add(
    "LBK-027",
    case(
        """
        [p1]
        main = ["LBK-027"]
        hand = ["LBK-028", "LBK-028", "LBK-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        [
            "use LBK-027 1",
            "discard LBK-028",
            *RESOLVE,
            "p2: pass",
            "use LBK-027 2 from LBK-028",
            "pay LBK-004",
            "done",
            "target LBK-027",
            *RESOLVE,
        ],
        """
        [[expect]]
        after = 5
        note = "Cardcaptor: AP+10 after gaining the discarded card's texts"
        card = "LBK-027"
        ap = 40
        dp = 30
        [[expect]]
        card = "LBK-027"
        ap = 40
        dp = 50
        [[expect]]
        note = "once per turn for each player"
        illegal = ["use LBK-027 1"]
        """,
        check=_gained("LBK-027", "LBK-028"),
    ),
)

add(
    "LBK-028",
    case(
        """
        [p1]
        main = ["LBK-028"]
        hand = ["LBK-027", "LBK-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        [
            "use LBK-028 1",
            "discard LBK-027",
            *RESOLVE,
            "p2: pass",
            "use LBK-028 2",
            "pay LBK-004",
            "done",
            "target LBK-028",
            *RESOLVE,
        ],
        """
        [[expect]]
        after = 0
        note = "Cardcaptor needs a Cardcaptor card of the same name"
        legal = ["use LBK-028 1"]
        [[expect]]
        after = 5
        note = "Cardcaptor ▶ draw a card"
        zone = "p1.hand"
        count = 2
        [[expect]]
        card = "LBK-028"
        ap = 20
        dp = 60
        """,
        check=_gained("LBK-028", "LBK-027"),
    ),
    case(
        """
        [p1]
        main = ["LBK-028"]
        hand = ["LBK-015", "LBK-004"]
        deck = 10
        [p2]
        deck = 10
        """,
        [],
        """
        [[expect]]
        note = "LBK-015 is a Ren Kuzunoha without Cardcaptor"
        illegal = ["use LBK-028 1"]
        """,
    ),
)

add(
    "LBK-029",
    case(
        """
        [p1]
        main = ["LBK-029"]
        hand = ["LBK-012", "LBK-014"]
        deck = 10
        [p2]
        main = [{ card = "STA-004", rest = true }, "STA-003"]
        deck = 10
        """,
        ["use LBK-029 1", "pay LBK-012", "pay LBK-014", "done", "target STA-004", *RESOLVE],
        """
        [[expect]]
        after = 4
        choices = ["target STA-004", "cancel"]
        [[expect]]
        zone = "p2.removed"
        cards = ["STA-004"]
        [[expect]]
        card = "LBK-029"
        rest = true
        """,
    ),
)

add(
    "LBK-030",
    case(
        """
        [p1]
        support = ["LBK-030"]
        hand = ["LBK-013", "LBK-014", "LBK-012", "LBK-001"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["use LBK-030 1", "pay LBK-014", "pay LBK-012", "done", *RESOLVE, "pick LBK-013"],
        """
        [[expect]]
        after = 7
        note = "a purple Spirit may appear: the card says so"
        choices = ["pick LBK-013", "none"]
        [[expect]]
        zone = "p1.main"
        cards = ["LBK-013"]
        [[expect]]
        card = "LBK-030"
        rest = true
        """,
    ),
)

ADVERSITY = """
[position]
phase = "approach"
step = "assign"
[p1]
main = ["LBK-031"]
points = {points}
deck = 10
[p2]
deck = 10
"""

add(
    "LBK-031",
    case(
        ADVERSITY.format(points='["STA-006", "STA-006", "STA-006"]'),
        ["approach LBK-031"],
        """
        [[expect]]
        card = "LBK-031"
        ap = 40
        dp = 30
        [[expect]]
        zone = "p1.hand"
        count = 1
        """,
    ),
    case(
        ADVERSITY.format(points='["STA-006", "STA-006"]'),
        ["approach LBK-031"],
        """
        [[expect]]
        card = "LBK-031"
        ap = 30
        dp = 20
        [[expect]]
        zone = "p1.hand"
        count = 0
        """,
    ),
)

add(
    "LBK-032",
    case(
        """
        [p1]
        hand = ["LBK-032", "LBK-015"]
        ex = ["LBK-023", "LBK-024"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-032", "pay LBK-015", "done", *RESOLVE, "pick LBK-024"],
        """
        [[expect]]
        after = 6
        choices = ["pick LBK-023", "pick LBK-024", "none"]
        [[expect]]
        zone = "p1.hand"
        cards = ["LBK-024"]
        [[expect]]
        zone = "p1.ex"
        cards = ["LBK-023"]
        """,
    ),
)

add(
    "LBK-033",
    case(
        """
        [p1]
        main = ["LBK-004"]
        support = ["LBK-001"]
        hand = ["LBK-033", "LBK-005"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-033", "pay LBK-005", "done", "target LBK-001", *RESOLVE],
        """
        [[expect]]
        zone = "p1.main"
        cards = ["LBK-004", "LBK-001"]
        """,
    ),
    case(
        """
        [p1]
        main = ["LBK-004", "LBK-005", "LBK-006", "LBK-007", "LBK-008"]
        support = ["LBK-001"]
        hand = ["LBK-033", "LBK-016"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-033", "pay LBK-016", "done", "target LBK-001", *RESOLVE, "pick LBK-004"],
        """
        [[expect]]
        note = "a full Main Area: one chara is discarded first"
        zone = "p1.main"
        cards = ["LBK-005", "LBK-006", "LBK-007", "LBK-008", "LBK-001"]
        [[expect]]
        zone = "p1.discard"
        cards = ["LBK-016", "LBK-004", "LBK-033"]
        """,
    ),
)

add(
    "LBK-034",
    case(
        """
        [p1]
        main = ["LBK-001", "LBK-009"]
        hand = ["LBK-034", "LBK-007"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon LBK-034 main", "pay LBK-007", "done", *RESOLVE],
        """
        [[expect]]
        note = "three Lantern Brigade charas: draw"
        zone = "p1.hand"
        count = 1
        """,
    ),
    case(
        """
        [p1]
        main = ["LBK-001"]
        hand = ["LBK-034", "LBK-007"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["summon LBK-034 main", "pay LBK-007", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.hand"
        count = 0
        """,
    ),
)

add(
    "LBK-035",
    case(
        """
        [position]
        phase = "approach"
        step = "assign"
        [p1]
        main = ["LBK-035", "LBK-001", "TWC-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["approach LBK-035 with LBK-001", *CLOSE],
        """
        [[expect]]
        after = 0
        illegal = ["approach LBK-035 with TWC-006"]
        [[expect]]
        card = "LBK-001"
        rest = true
        [[expect]]
        zone = "p2.points"
        count = 1
        """,
    ),
)

add(
    "LBK-036",
    case(
        """
        [p1]
        hand = ["LBK-036", "LBK-015", "LBK-001"]
        points = ["STA-006", "STA-006", "STA-006", "STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["event LBK-036", "pay LBK-015", "pay LBK-001", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p2.points"
        count = 1
        down = 1
        """,
    ),
    case(
        """
        [p1]
        hand = ["LBK-036", "LBK-015", "LBK-001"]
        points = ["STA-006", "STA-006", "STA-006"]
        deck = 10
        [p2]
        deck = 10
        """,
        [],
        """
        [[expect]]
        note = "the requirement: 4 point cards"
        illegal = ["event LBK-036"]
        """,
    ),
)

add(
    "LBK-037",
    case(
        POINT_TRIGGER.format(cid="LBK-037"),
        ["approach STA-004", *CLOSE],
        """
        [[expect]]
        zone = "p2.points"
        cards = ["LBK-037"]
        [[expect]]
        zone = "p2.hand"
        count = 1
        """,
    ),
)

add(
    "LBK-038",
    case(
        """
        [p1]
        main = ["LBK-012", { card = "LBK-001", supports = ["LBK-038"] }]
        hand = ["LBK-038", "LBK-014"]
        deck = 10
        [p2]
        deck = 10
        """,
        ["support LBK-038 on LBK-012", "pay LBK-014", "done", *RESOLVE],
        """
        [[expect]]
        card = "LBK-012"
        ap = 50
        dp = 40
        [[expect]]
        note = "Akane Hizuki is no Spirit"
        card = "LBK-001"
        ap = 30
        dp = 10
        """,
    ),
)


# -- charas without text: summoned, they stand with their printed AP/DP --


def vanilla_case(cid: str) -> Case:
    """Summon the chara, paying with copies of itself (same colour, series and name,
    so purple costs are met too)."""
    d = rs().t.defs[cid]
    payers = -(-d.cost // d.provides) if d.cost else 0
    area = "main" if d.has_apdp else "support"
    hand = json.dumps([cid] * (1 + payers))
    expect = f'[[expect]]\ncard = "{cid}"\nzone = "p1.{area}"\n'
    if d.has_apdp:
        expect += f"ap = {d.ap}\ndp = {d.dp}\n"
    pays = [f"pay {cid}"] * payers + (["done"] if payers else [])
    return case(
        f"[p1]\nhand = {hand}\ndeck = 10\n[p2]\ndeck = 10\n",
        [f"summon {cid} {area}", *pays, *RESOLVE],
        expect,
    )


def vanilla(cid: str) -> bool:
    d = rs().t.defs[cid]
    return d.type == "chara" and not d.effects and not d.keywords


def cases_for(cid: str) -> list[Case]:
    return CASES.get(cid) or ([vanilla_case(cid)] if vanilla(cid) else [])


# -- the tests --

POOL = sorted(rs().t.pool)


@pytest.mark.parametrize("cid", POOL)
def test_card(cid: str) -> None:
    found = cases_for(cid)
    assert found, f"{cid} has text but no case in CASES"
    for i, c in enumerate(found):
        play(c, name=f"{cid} case {i + 1}")


def test_every_card_is_exercised() -> None:
    missing = [cid for cid in POOL if not cases_for(cid)]
    assert missing == []
    unknown = [cid for cid in CASES if cid not in rs().t.pool]
    assert unknown == []
    # a hand-written case for every card with text; generated ones only for plain charas
    assert all(cid in CASES for cid in POOL if not vanilla(cid))


def test_every_case_checks_something_after_its_actions() -> None:
    for cid, cs in CASES.items():
        for c in cs:
            assert "[[expect]]" in c.expect or c.check is not None, cid


# -- engine fixes found while building the pool (with cards made up for the test) --

EXTRA_CARDS = """
set = "Engine fix test"
series = "Fix Test"

[[card]]
id = "FXT-001"
name = "Tester"
type = "chara"
colour = "red"
usage_cost = 0
provided_cost = 1
ap = 10
dp = 10
effects = [{ timing = "main/self", cost = 1, discard_name = "Tester", steps = [{ do = "draw" }] }]

[[card]]
id = "FXT-002"
name = "Tester"
type = "chara"
colour = "red"
usage_cost = 0
provided_cost = 1
ap = 10
dp = 10

[[card]]
id = "FXT-003"
name = "Twin"
type = "chara"
colour = "red"
usage_cost = 0
provided_cost = 1
ap = 10
dp = 10
keywords = ["cardcaptor"]
effects = [
  {timing = "main/both", discard_name = "Twin", once_per_player = true, steps = [{do = "gain"}]},
]

[[card]]
id = "FXT-004"
name = "Twin"
type = "chara"
colour = "red"
usage_cost = 0
provided_cost = 1
ap = 10
dp = 10
keywords = ["cardcaptor"]
effects = [
  {timing = "main/both", discard_name = "Twin", once_per_player = true, steps = [{do = "gain"}]},
  { timing = "permanent", steps = [{ do = "modify", ap = 20 }] },
]
"""


def extra_game(tmp_path: Any, p1: dict[str, Any]) -> Game:
    from pmtui.engine.ruleset import DeckList
    from pmtui.table.games import make_header
    from rulesets.precious_memories import PreciousMemories, Tables
    from rulesets.precious_memories.cards import data_dir, load_pool
    from rulesets.precious_memories.scenario import parse_position

    path = tmp_path / "extra.toml"
    path.write_text(EXTRA_CARDS, encoding="utf-8")
    files = sorted(str(f) for f in data_dir().iterdir() if str(f).endswith(".toml"))
    rules = PreciousMemories(Tables.load(load_pool([*files, path])))
    position = parse_position({"p1": {**p1, "deck": 5}, "p2": {"deck": 5}}, rules.t)

    deck = DeckList("test", {"main": (), "ex": ()})
    header = make_header(rules, [deck, deck], 1, [{"name": "a"}, {"name": "b"}], "test")
    return Game(rules, dict(header, scenario=position))


def _act(game: Game, *starts: str) -> None:
    for start in starts:
        d = game.pending()
        assert d is not None
        found = [
            t
            for t in d.texts
            if t == start or t.startswith(start + "@") or t.startswith(start + " ")
        ]
        assert found, f"{start!r} not among {d.texts}"
        game.act(found[0])


def test_a_card_paid_for_the_number_is_not_also_the_named_discard(tmp_path: Any) -> None:
    # one Tester in hand could pay the (1) and also be the "discard a Tester" cost
    game = extra_game(tmp_path, {"main": ["FXT-001"], "hand": ["FXT-002"]})
    _act(game, "use FXT-001", "pay FXT-002", "done")
    d = game.pending()
    assert d is not None and d.kind == "cost"
    assert d.texts == ["cancel"]


def test_a_permanent_text_gained_by_cardcaptor_counts(tmp_path: Any) -> None:
    game = extra_game(tmp_path, {"main": ["FXT-003"], "hand": ["FXT-004"]})
    _act(game, "use FXT-003", "discard FXT-004", *RESOLVE)
    uid = next(c.uid for c in game.state.cards if c.cid == "FXT-003")
    assert game.state.cards[uid].f.get("gained") == ["FXT-004"]
    assert stats(game.state, game.ruleset.t, uid) == (30, 10)


# -- whole effect or nothing (P17): what "cannot be fulfilled" means per step kind --

FULFIL_POSITION = """
[p1]
hand = ["STA-001"]
main = [{ card = "STA-002", rest = true, coins = 1 }, "STA-004"]
support = ["STA-010"]
discard = ["STA-012"]
deck = ["STA-006", "STA-006"]
[p2]
main = ["TWC-004"]
deck = ["TWC-003"]
"""


def _fulfilled(steps: list[dict[str, Any]], on: str | None = None, src: str = "STA-001") -> bool:
    """Whether every step of an effect made of `steps` can be carried out in
    FULFIL_POSITION, the effect used by P1 from the card `src`, aimed at `on`."""
    from rulesets.precious_memories import fulfil
    from rulesets.precious_memories.effect_model import parse_effect

    raw: dict[str, Any] = {"timing": "main/self", "steps": steps}
    if on is not None:
        raw["target"] = {"zone": "area"}
    eff = parse_effect(raw, 1)
    g = G(scenarios.run(scenarios.loads(FULFIL_POSITION, name="fulfil")).game)
    tg = [g.uid(on, "p2" if on.startswith("TWC") else "p1")] if on else []
    return fulfil.first_unfulfilled(g.state, rs().t, eff, 0, g.uid(src), tg, None) is None


@pytest.mark.parametrize(
    ("steps", "on", "ok"),
    [
        ([{"do": "draw", "n": 2}], None, True),
        ([{"do": "draw", "n": 3}], None, False),  # two cards in the deck
        ([{"do": "draw", "side": "opponent", "n": 2}], None, False),
        ([{"do": "look", "n": 3}], None, False),
        ([{"do": "reveal", "n": 1, "side": "opponent"}], None, True),
        ([{"do": "put_point", "n": 2}], None, True),
        ([{"do": "draw", "n": 1}, {"do": "put_point", "n": 2}], None, False),  # one left
        ([{"do": "discard", "n": 1}], None, True),
        ([{"do": "discard", "n": 2}], None, False),  # one card in the hand
        ([{"do": "draw", "n": 1}, {"do": "discard", "n": 2}], None, True),  # after a draw
        ([{"do": "discard", "mode": "all"}, {"do": "draw", "n": 2}], None, True),
        ([{"do": "discard", "mode": "all"}, {"do": "discard", "n": 1}], None, False),
        ([{"do": "search", "zone": "discard", "filter": {"type": "event"}}], None, True),
        ([{"do": "search", "zone": "discard", "filter": {"type": "chara"}}], None, False),
        ([{"do": "search", "zone": "deck", "filter": {"name": "Nobody"}}], None, False),
        ([{"do": "summon", "zone": "hand"}], None, True),
        ([{"do": "summon", "zone": "discard"}], None, False),
        ([{"do": "ex"}], None, False),  # no EX deck
        ([{"do": "shuffle"}, {"do": "draw", "n": 9, "if": {"points_min": 3}}], None, True),
        ([{"do": "move_area", "to": "support", "on": "target"}], "STA-004", True),
        ([{"do": "move_area", "to": "main", "on": "target"}], "STA-004", False),  # there
        ([{"do": "move_area", "to": "main", "on": "target"}], "STA-010", False),  # no AP/DP
        ([{"do": "rest", "on": "target"}], "STA-002", False),  # already in Rest
        ([{"do": "activate", "on": "target"}], "STA-002", True),
        ([{"do": "rest", "on": "target"}, {"do": "rest", "on": "target"}], "STA-004", False),
        ([{"do": "remove_coin", "n": 1, "on": "target"}], "STA-002", True),
        ([{"do": "remove_coin", "n": 2, "on": "target"}], "STA-002", False),
        ([{"do": "remove_coin", "n": 1, "on": "target"}], "STA-004", False),  # no coin
        ([{"do": "coin", "n": 1, "on": "target"}, {"do": "remove_coin", "n": 1, "on": "target"}],
         "STA-004", True),
        ([{"do": "trash", "on": "target"}, {"do": "modify", "ap": 10, "on": "target"}],
         "TWC-004", False),  # gone by the second part
        ([{"do": "modify", "ap": 10}], None, False),  # on itself: STA-001 is in the hand
        ([{"do": "disable"}], None, False),  # it answers nothing
    ],
)
def test_what_cannot_be_fulfilled_per_step_kind_p17(
    steps: list[dict[str, Any]], on: str | None, ok: bool
) -> None:
    assert _fulfilled(steps, on) is ok


add(
    "TWC-035",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        hand = ["TWC-035", "TWC-003"]
        deck = 10
        [p2]
        main = ["TWC-007"]
        deck = 10
        """,
        ["event TWC-035", "pay TWC-003", "done", "target TWC-007", *RESOLVE],
        """
        [[expect]]
        note = "no coin to remove: the AP-10 does not apply either (whole effect or nothing, p.17)"
        card = "TWC-007"
        ap = 30
        dp = 50
        [[expect]]
        zone = "p1.discard"
        cards = ["TWC-035", "TWC-003"]
        """,
    ),
)

add(
    "LBK-018",
    case(
        """
        [p1]
        hand = ["LBK-018", "LBK-015", "STA-006"]
        deck = ["LBK-001"]
        [p2]
        deck = 10
        """,
        ["event LBK-018", "pay LBK-015", "done", *RESOLVE],
        """
        [[expect]]
        note = "one card in the deck: 'draw 2' fails, so nothing is drawn or discarded"
        zone = "p1.hand"
        cards = ["STA-006"]
        [[expect]]
        zone = "p1.deck"
        count = 1
        [[expect]]
        winner = "none"
        """,
    ),
)

add(
    "TWC-026",
    case(
        """
        [p1]
        hand = ["TWC-026", "TWC-003", "STA-001", "STA-004"]
        deck = 3
        [p2]
        deck = 10
        """,
        ["event TWC-026", "pay TWC-003", "done", *RESOLVE],
        """
        [[expect]]
        note = "three cards in the deck: 'draw 4' fails, so the hand is not discarded either"
        zone = "p1.hand"
        cards = ["STA-001", "STA-004"]
        """,
    ),
)

add(
    "TWC-013",
    case(
        """
        [p1]
        hand = ["TWC-013", "TWC-006"]
        deck = ["STA-006", "STA-001", "STA-003"]
        [p2]
        deck = 10
        """,
        ["event TWC-013", "pay TWC-006", "done", *RESOLVE],
        """
        [[expect]]
        note = "no Café Staff chara: nothing is taken, but the deck was looked through (p.21)"
        zone = "p1.hand"
        count = 0
        [[expect]]
        zone = "p1.deck"
        count = 3
        """,
        check=lambda g: _eq(len(g.events("shuffle")), 1),
    ),
)


# -- the cards that show P07, P17 (b), P21 and P26 --

add(
    "LBK-039",
    case(
        """
        [p1]
        hand = ["LBK-039", "LBK-004"]
        deck = ["STA-006", "LBK-020", "LBK-019", "STA-006"]
        [p2]
        deck = 10
        """,
        ["summon LBK-039 main", "pay LBK-004", "done", *RESOLVE, "pick LBK-020"],
        """
        [[expect]]
        after = 6
        note = "an event of usage cost 1 or less only (LBK-019 costs 2)"
        choices = ["pick LBK-020", "none"]
        [[expect]]
        zone = "p1.hand"
        cards = ["LBK-020"]
        [[expect]]
        note = "the whole deck was looked at: shuffled though the text does not say so (p.21)"
        zone = "p1.deck"
        shuffled = true
        count = 3
        """,
    ),
    case(
        """
        [p1]
        hand = ["LBK-039", "LBK-004"]
        deck = ["STA-006", "LBK-019", "STA-006"]
        [p2]
        deck = 10
        """,
        ["summon LBK-039 main", "pay LBK-004", "done", *RESOLVE],
        """
        [[expect]]
        note = "no event to find: nothing taken, the deck looked at and shuffled (p.17, p.21)"
        zone = "p1.hand"
        count = 0
        [[expect]]
        zone = "p1.deck"
        shuffled = true
        [[expect]]
        card = "LBK-039"
        zone = "p1.main"
        """,
    ),
)

add(
    "LBK-040",
    case(
        APPROACH_STA002
        + """
        [p1]
        main = ["STA-002"]
        deck = 10
        [p2]
        main = ["TWC-004"]
        hand = ["LBK-040", "LBK-004"]
        deck = 10
        """,
        ["p1: pass", "p2: event LBK-040", "pay LBK-004", "done", "target STA-002",
         "p1: pass", "p2: pass"],
        """
        [[expect]]
        after = 4
        note = "any chara in a Main Area, either side"
        choices = ["target STA-002", "target TWC-004", "cancel"]
        [[expect]]
        card = "STA-002"
        zone = "p1.support"
        rest = true
        """,
    ),
)

add(
    "LBK-041",
    case(
        """
        [p1]
        hand = ["LBK-041", "LBK-004"]
        deck = ["STA-001", "STA-006"]
        [p2]
        deck = ["TWC-001", "TWC-003"]
        """,
        ["event LBK-041", "pay LBK-004", "done", *RESOLVE],
        """
        [[expect]]
        zone = "p1.points"
        cards = ["STA-001"]
        down = 0
        [[expect]]
        zone = "p2.points"
        cards = ["TWC-001"]
        [[expect]]
        winner = "none"
        """,
    ),
    case(
        """
        [p1]
        hand = ["LBK-041", "LBK-004"]
        points = ["STA-006", "STA-006", "STA-006", "STA-006", "STA-006", "STA-006"]
        deck = 5
        [p2]
        deck = ["TWC-001"]
        """,
        ["event LBK-041", "pay LBK-004", "done", *RESOLVE],
        """
        [[expect]]
        note = "P1's seventh point and P2's empty deck come at once: a draw (p.07)"
        winner = "draw"
        """,
    ),
)


def test_only_put_point_acts_on_both_players() -> None:
    from rulesets.precious_memories.effect_model import EffectError, parse_effect

    both = {"timing": "main/self", "steps": [{"do": "put_point", "side": "both"}]}
    assert parse_effect(both, 1).steps[0].args["side"] == "both"
    with pytest.raises(EffectError, match="side"):
        parse_effect({"timing": "main/self", "steps": [{"do": "draw", "side": "both"}]}, 1)
    with pytest.raises(EffectError, match="side"):
        parse_effect({"timing": "main/self", "steps": [{"do": "draw", "side": "them"}]}, 1)
