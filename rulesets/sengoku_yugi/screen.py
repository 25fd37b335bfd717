"""How SENGOKU YUGI looks at the table, as data (pmtui.engine.screen).

The two Battlefields make one grid between the sides (4x5 by default: columns
a-e, rows 1-4 from player 1's Backline; the Strongholds stand on c1 and c4).
Each side has a bar (Stronghold, Standby, Banish, Summoning Zone, hand when
unseen), its Command Zone and, for the viewer, the hand and familiars in hand.
A piece shows its current ATK/MAT, HP of its maximum, stance and ailments,
all read from the view (the ruleset's card_view), never worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from pmtui.engine.decision import Decision
from pmtui.engine.screen import (
    Bar,
    Card,
    Colour,
    Counter,
    Detail,
    Face,
    Flow,
    Grid,
    Layout,
    Line,
    PromptKind,
    Row,
    Stage,
    Stop,
    Verb,
    View,
    Watch,
    Window,
    Words,
    acts,
    whose,
)

from .board import DEFAULT, BoardError, parse_board
from .cards import counted
from .positions import ZONE_WORDS

if TYPE_CHECKING:
    from .ruleset import SengokuYugi

COLOURS: Mapping[str, Colour] = {
    "fire": Colour("F", "red"),
    "water": Colour("W", "blue"),
    "lightning": Colour("L", "yellow", dark_text=True),
    "earth": Colour("E", "yellow", dark_text=True),
    "wind": Colour("G", "green", dark_text=True),
    "dark": Colour("D", "magenta"),
    "holy": Colour("H", "white", dark_text=True),
    "back": Colour("?", "black"),
    # a unit or a Stronghold on the grid: the viewer's in their bar's colour, the
    # other's in theirs (the grid's colours say whose, not what attribute)
    "own": Colour("S", "cyan", dark_text=True),
    "foe": Colour("S", "green", dark_text=True),
}

VERBS = (
    Verb("deploy", "d", "Deploy", "deploy the focused hand card (choose the cell)",
         ask="Deploy {name} where?"),
    Verb("grow", "g", "Grow", "grow an ally with the focused hand card", ask="Grow onto?"),
    Verb("focus", "f", "Focus", "focus the focused hand card onto an ally", ask="Focus onto?"),
    Verb("contract", "k", "Contract", "contract the focused familiar with an ally",
         ask="Contract {name} with?"),
    Verb("evolve", "e", "Evolve", "evolve a familiar into the focused card", ask="Evolve?"),
    # the cell verbs act on the focused cell: their options start "VERB CELL ..."
    Verb("move", "m", "Move", "move the unit on the focused cell one cell (choose where)",
         ask="Move where?"),
    Verb("attack", "a", "Attack", "attack with the unit on the focused cell (choose the "
         "target and ATK or MAT)", ask="Attack what?"),
    Verb("swap", "w", "Swap", "swap the unit on the focused cell with an adjacent ally",
         ask="Swap with?"),
    Verb("release", "l", "Release", "release the familiar of the unit on the focused cell",
         ask="Release where?"),
    Verb("act", "c", "Ability", "use an ACT ability", ask="Use which ability?"),
    Verb("show", "h", "Show", "show the focused hand card to use its ability",
         ask="Use {name}'s ability?"),
    Verb("end", "x", "End turn", "end your turn", on_card=False),
)

# where a place word of the notation is: the Command Zone has no cell ("cz")
_PLACE = {"cz": "the Command Zone"}
PHASES = (("active", "Active"), ("charge", "Charge"), ("draw", "Draw"), ("main", "Main"),
          ("end", "End"))  # the End Turn step: the replay's line names it


def grid(spec: str = DEFAULT) -> Grid:
    """The board with player 1's side at the bottom; player 2 sees it turned round."""
    b = parse_board(spec)
    cols = tuple(chr(ord("a") + c) for c in range(b.cols))
    rows = tuple(str(r) for r in range(b.rows, 0, -1))
    return Grid("bf", cols=cols, rows=rows, cell="at", turned=True, label="Battlefield",
                sized=_sized,
                fixtures=strongholds)


def _board(view: View) -> str:
    return str(view["vars"].get("board") or DEFAULT)


def _sized(view: View) -> Grid:
    """The grid of the game's `board` option (S2): a position's size, not the default."""
    return _grid_of(_board(view))


@cache
def _grid_of(spec: str) -> Grid:
    try:
        return grid(spec)
    except BoardError:  # a position the ruleset refused never reaches a screen
        return grid()


def strongholds(view: View, names: Sequence[str]) -> dict[str, Face]:
    """Each Stronghold on its cell (Guide I (8)): whose it is and its HP. Its cell is
    never a piece's, so it would otherwise look empty."""
    try:
        b = parse_board(_board(view))
    except BoardError:
        return {}
    hp = view["vars"].get("sh_hp") or [0, 0]
    # before setup step ④ (Guide I (9)) the Strongholds have no HP yet: none is shown
    unset = view["vars"].get("phase") == "setup" and not any(hp)
    near = _near(view)
    out = {}
    for p in (0, 1):
        who = names[p] if p < len(names) else f"P{p + 1}"
        shown = "" if unset else f"HP {hp[p]}"
        out[b.stronghold(p)] = Face(f"▣{who}", colour="own" if p == near else "foe",
                                    left="Stronghold", right=shown,
                                    short=shown.replace(" ", ""),
                                    status=(f"{whose(who, start=True)} Stronghold",))
    return out


_STATS = {"atk": ("ATK", "DEF"), "mat": ("MAT", "MDF")}  # an attack's kind: its stat, the defence's


def _fight_line(event: Mapping[str, Any], card: Callable[[object], str],
                names: Sequence[str]) -> str | None:
    """ "Your Chiyo (MAT 6) against CPU's Aoi (MDF 3): 2 damage, 1 HP left"; against the
    Stronghold, its Last Guard (with the Commander joined): who holds and what strikes
    back. The cards by number as the reader knows them."""
    what, by = event.get("what"), event.get("by")
    if what not in ("combat", "last guard") or by not in (0, 1):
        return None
    hits, stands = _STATS.get(str(event.get("kind")), ("attack", "defence"))
    mine, theirs = whose(names[by], start=True), whose(names[1 - by])
    attacker = f"{mine} {card(event.get('a'))} ({hits} {event.get('attack')})"
    if what == "combat":
        target = f"{theirs} {card(event.get('card'))}"
        dmg, left = event.get("damage"), event.get("left")
        after = f"{target} is defeated" if left == 0 else f"{left} HP left"
        return (f"{attacker} against {target} ({stands} {event.get('defence')}): "
                f"{dmg} damage, {after}" if dmg else
                f"{attacker} against {target} ({stands} {event.get('defence')}): no damage")
    guards = [f"{role} {card(u)}" for role, u in (("Last Guard", event.get("g")),
                                                   ("Commander", event.get("cmd")))
              if u is not None]  # the Commander may join it (Guide I (13)①)
    guard = f"{theirs} {' and '.join(guards)}" if guards else f"{theirs} empty guard"
    out = f"{theirs} Stronghold takes 1 damage" if event.get("hit") else "the Last Guard holds"
    if event.get("back"):
        own = whose(names[by])
        out += (f", {own} {card(event.get('a'))} "
                + ("is defeated" if event.get("left") == 0 else
                   f"takes {event.get('back')} back, {event.get('left')} HP left"))
    return f"{attacker} against {guard} ({hits} {event.get('guard')}): {out}"


def _first_line(event: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """The opening roll's outcome in words: a tie, or the higher roll going first."""
    got = event.get("set")
    if not isinstance(got, Mapping) or "rolls" not in got:
        return None
    if got.get("rolls") == []:
        return "A tie: both roll again"
    first = got.get("first")
    if got.get("rolls") is None and isinstance(first, int) and first < len(names):
        return f"{acts(names[first], 'go')} first (the higher roll)"
    return None


def _near(view: View) -> int:
    """The seat drawn at the bottom: the viewer (a spectator sees player 1's side)."""
    near = view.get("player")
    return 0 if near is None else int(near)


def _side(card: Card, view: View) -> str:
    """The colour key of a card's owner as the viewer sees the table: "own" or "foe"."""
    return "own" if card.get("owner") == _near(view) else "foe"


def _bar() -> Bar:
    return Bar((
        Counter("sh", "SH", "Stronghold"),
        Counter("hand", "Hand", "hand", unseen_only=True),
        Counter("standby", "Stby", "Standby Zone", browse=True),
        Counter("banish", "Ban", "Banish Zone", browse=True),
        Counter("summon", "Summ", "Summoning Zone", browse=True),
        Counter("fhand", "Fam", "familiars in hand", unseen_only=True),
    ))


# The help's first page, in our own words (the Quick Start Guides' sections in
# brackets; docs/rules-interpretations-sengoku_yugi.md has our readings).
HOW_TO_PLAY = (
    ("The goal",
     "Break the other player's Stronghold. It stands in the middle of their back row "
     "with 6 HP (8 in Ultimate); each attack that gets through takes one. An attack "
     "that gets through while it is at 0 wins the game. (G1 (2), (9), (10))"),
    ("A turn",
     "Charge: gain 10 action points (AP), which keep from turn to turn; with more than "
     "five cards in hand, send the extra to your Standby Zone for their Charge Values. "
     "Draw up to five cards from your Stronghold. Then act while your AP lasts: "
     "deploy a card from your hand onto the board (your Commander into the Command Zone), grow a "
     "unit with a higher Level of the same name, focus a card onto an ally, move a "
     "unit one cell, attack, use abilities. End your turn with x. (G1 (11))"),
    ("Fights",
     "A unit attacks a cell in its range, a unit in Defense Stance or the Stronghold. "
     "Attack (ATK, or MAT for magic) meets the defence (DEF or MDF): the higher value "
     "deals damage. A Stronghold under attack turns its top card into a Last Guard "
     "with 1 HP, which the Commander may join; beat it and the Stronghold loses 1 HP. "
     "(G1 (12), (13))"),
    ("Winning and losing",
     "You lose when your Stronghold, already at 0, is struck again. An empty deck is "
     "no loss: the Standby Zone is shuffled into the Stronghold. Our own rule: a game "
     "still going at turn 200 is a draw. (G1 (10), (11))"),
    ("The zones",
     "Battlefield: the grid; rows 1 and 2 are one half, 3 and 4 the other. Command "
     "Zone: your Commander. SH: your Stronghold, which is also your deck. Hand and "
     "familiars in hand: yours alone. Standby Zone: cards waiting to return. Banish "
     "Zone: cards gone for good. Summoning Zone: familiars used up. (G1 (8), (9))"),
)


class Screen:
    title = "SENGOKU YUGI"
    layout = Layout(
        theirs=(_bar(), Row("cz", "Command Zone", slots=1)),
        middle=(grid(),),
        mine=(Row("cz", "Command Zone", slots=1), _bar(),
              Row("hand", "Hand", wrap=True, large=True), Row("fhand", "Familiars")),
        off_board=tuple(ZONE_WORDS.items()),  # cards under a unit, the Last Guard
    )
    colours = COLOURS
    verbs: Sequence[Verb] = VERBS
    stops: Sequence[Stop] = ()
    watches: Sequence[Watch] = (Watch("leaves", "a unit leaves the battlefield",
                                      out_of=("bf",)),)
    words = Words(
        how_to_play=HOW_TO_PLAY,
        legend=("A piece: ATK/MAT, HP of its maximum, 'def' in Defense Stance, its "
                "ailments; in its owner's colour (yours as your bar, theirs as theirs; "
                "the card panel shows its attribute); ▒ a face-down card."),
        pass_text="end",
    )
    board = frozenset({"main"})
    prompts: Mapping[str, PromptKind] = {}

    def __init__(self, rs: SengokuYugi) -> None:
        self.rs = rs

    def card_name(self, cid: str) -> str:
        return self.rs.cards[cid].name if cid in self.rs.cards else "a card"

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        """Who goes first after the opening dice (Guide I (9)⑧, S7), a combat with its
        numbers and its outcome (Guide I (12)⑤, S22), and a unit's ailments when they
        change, each with its count (Guide I (15) Q&A); for the rest the moves and the
        decisions say it all."""
        if event.get("t") == "var":
            return _first_line(event, names)
        if event.get("t") == "say":
            return _fight_line(event, card, names)
        f = event.get("f")
        uids = event.get("cards")
        if event.get("t") != "flag" or not isinstance(f, Mapping) or "ail" not in f \
                or not isinstance(uids, list):
            return None
        who = ", ".join(card(u) for u in uids)
        ail = counted([str(a) for a in f.get("ail") or ()])
        now = f"ailments {', '.join(ail)}" if ail else "no ailment"
        return f"{who}: {now} ({event.get('why', '')})"

    def face(self, card: Card, zone: str, view: View) -> Face:
        """A card's face; a unit (on the Battlefield or in a Command Zone) in its owner's
        colour, the one of their bar and Stronghold, so that whose it is shows at a
        glance in any colour depth; cards elsewhere in their attribute's colour."""
        unit = zone in ("bf", "cz") and isinstance(card.get("owner"), int)
        if card.get("cid") is None:  # the title says it: no "down" line
            return Face("▒ face down", colour=_side(card, view) if unit else "back")
        d = self.rs.pool.get(str(card["cid"]))
        status: tuple[str, ...] = ()
        if "hp" in card and "max_hp" in card:
            status += (f"HP{card['hp']}/{card['max_hp']}",)
        if card.get("df"):
            status += ("def",)
        status += counted([str(a) for a in card.get("ail", ())])
        if card.get("familiar"):
            status += (f"+{self.card_name(str(card['familiar']))}",)
        text = d.ability.text if d.ability else ""
        return Face(
            d.name, colour=_side(card, view) if unit else d.attr, left=f"L{d.level} {d.kind}",
            right=f"{card.get('atk', d.atk)}/{card.get('mat', d.mat)}",
            status=status, more=d.weapon or d.epithet, text=text,
        )

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        if card.get("cid") is None:
            return Detail("▒ face down", "back", "", (Line("a face-down card"),))
        d = self.rs.pool.get(str(card["cid"]))
        lines = []
        if "hp" in card and "max_hp" in card:  # a unit: how it stands now, from the view,
            # first, where a short panel still shows it
            state = [f"HP {card['hp']}/{card['max_hp']}",
                     "Defense Stance" if card.get("df") else "Attack Stance",
                     *counted([str(a) for a in card.get("ail", ())])]
            if card.get("bl"):
                state.append("Blessing " + " ".join(counted([str(a) for a in card["bl"]])))
            lines.append(Line(" · ".join(state), "bold"))
        lines += [
            Line(f"{d.epithet} · Level {d.level} {d.kind} · {d.attr} · {d.weapon}".strip(" ·")),
            Line(f"Cost {d.cost}  Charge {d.charge}  "
                 f"ATK/MAT {card.get('atk', d.atk)}/{card.get('mat', d.mat)}  "
                 f"DEF/MDF {card.get('def', d.df)}/{card.get('mdf', d.mdf)}", "bold"),
        ]
        if card.get("at"):
            lines.append(Line(f"on {card['at']} · range {' '.join(card.get('range', ()))}",
                              "accent"))
        if d.ability:
            a = d.ability
            lines.append(Line(f"{a.name} [{a.turn} · {a.where} · {a.kind}]", "heading"))
            lines.append(Line(a.text))
        ref = f"{card['cid']}@{card['uid']}" if card.get("uid") is not None else ""
        return Detail(d.name, d.attr, ref, tuple(lines))

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        v = view["vars"]
        if v.get("phase") == "setup":
            return Flow("Game setup", lines=(Line(" Commander, Nameless cards, first player"),))
        p = v.get("ap")
        head = f"Turn {v.get('turn', '?')}" + (f" · {names[p]}" if isinstance(p, int) else "")
        phase = v.get("phase")
        ap, sh = v.get("action_points") or [0, 0], v.get("sh_hp") or [0, 0]
        lines = tuple(Line(f"{names[s]}: AP {ap[s]} · Stronghold {sh[s]}", "bold")
                      for s in (0, 1))
        return Flow(head, phases=tuple((label, key == phase) for key, label in PHASES),
                    lines=lines)

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        c = view["vars"].get("combat")
        if not c:
            return Stage()
        who = names[int(c.get("p", 0))]
        kind = "ATK" if c.get("kind") == "atk" else "MAT"
        return Stage(f"{acts(who, 'attack')} {c.get('cell')} ({kind})", "plain", "Fight:")

    def role(self, view: View, seat: int) -> str:
        v = view["vars"]
        ap, sh = v.get("action_points"), v.get("sh_hp")
        return f"AP {ap[seat]} SH {sh[seat]}" if ap and sh else ""

    def spotlight(self, view: View) -> dict[int, str]:
        """The fight under way: the attacker, the unit attacked, the Commander who
        joined a Last Guard (G1 (12), (13))."""
        c = view["vars"].get("combat") or {}
        out: dict[int, str] = {}
        for key, words in (("a", "attacking"), ("t", "attacked"),
                           ("cmd", "joining the Last Guard")):
            if isinstance(c.get(key), int):
                out[c[key]] = words
        return out

    def heading(self, view: View) -> str:
        """The game and its mode (Guide I (2): Standard or Ultimate)."""
        mode = str(view["vars"].get("mode") or "")
        return f"{self.title} {mode.title()}".strip()

    def window(self, decision: Decision, view: View) -> Window | None:
        return None  # every decision is asked: there are no priority windows

    def label(self, text: str, view: View | None = None) -> str:
        words = text.split()
        if not words:
            return text
        verb, args = words[0], words[1:]
        names = [self.card_name(a.partition("@")[0]) if "@" in a else a for a in args]
        if verb == "attack" and len(args) == 3:
            return f"Attack {args[1]} from {args[0]} ({args[2].upper()})"
        if verb == "move" and len(args) == 2:
            return f"Move {names[0]} → {args[1]}"
        if verb in ("deploy", "grow", "focus", "contract", "evolve") and len(args) == 2:
            return f"{verb.title()} {names[0]} → {_PLACE.get(args[1], args[1])}"
        if verb == "show":
            return f"Show {args[0]} and use its ability"
        # the Charge Phase in the guide's words (Guide I (11)②), not "Charge hp cz"
        places = ["the ally in the Command Zone" if a == "cz" else f"the ally on {a}"
                  for a in args]
        if verb == "charge-ap":
            return "AP Charge: +10 AP"
        if verb == "charge-hp" and args:
            return f"HP Charge: +1 HP to {places[0]}"
        if verb == "charge-familiar" and args:
            to = "no ally to heal" if args == ["none"] else f"HP to {places[0]}"
            return f"Ultimate HP Charge: Familiars beyond 3 to the Summoning Zone, {to}"
        if verb == "draw":
            return "Draw up to 5 cards (ends the Charge Phase)"
        if verb == "join" and args:  # the Commander defends its Stronghold (Guide I (13))
            return f"Send the Commander to {args[0]} to fight"
        if verb == "no-join":
            return "Keep the Commander out of the fight"
        return " ".join([verb.replace("-", " ").capitalize(),
                         *(_PLACE.get(a, a) for a in names)])
