"""How the toy game looks at the table, as data (pmtui.engine.screen): a 3x3 grid
between the two sides, HP on each seat's bar, pieces showing owner, power and
whether they are tired, face-down cards as backs; each seat's camp as a row of
numbered posts (T5a), the lantern's side up and its text as it stands now (T5b,
T5c), the snare window's stop and who may answer in it (T5d)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pmtui.engine.decision import Decision
from pmtui.engine.screen import (
    Bar,
    Card,
    Choose,
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
    answer_line,
    current_text,
)

if TYPE_CHECKING:
    from .ruleset import Toy

GRID = Grid("board", cols=("a", "b", "c"), rows=("3", "2", "1"))
ONLY = {"snare": "traps"}  # what alone answers in a window of each mode (T5d)


def _posts(view: View, seat: int) -> tuple[str, ...]:
    """Each camp post's mark: its number, the lantern's post with a flame (T5a, T5b)."""
    return ("1", "2*", "3")


CAMP = Row("camp", "Camp", slots=3, slot="post", marks=_posts)


def _bar() -> Bar:
    return Bar((Counter("deck", "Deck", "deck"),
                Counter("hand", "Hand", "hand", unseen_only=True),
                Counter("discard", "Disc", "discard pile", browse=True)))


class ToyScreen:
    title = "Grid Skirmish"
    layout = Layout(
        theirs=(Row("hand", "Hand", wrap=True, unseen="hide"), _bar(), CAMP),
        middle=(GRID,),
        mine=(CAMP, _bar(), Row("hand", "Hand", wrap=True, large=True)),
    )
    colours: Mapping[str, Colour] = {"seat0": Colour("1", "blue"), "seat1": Colour("2", "red"),
                                     "back": Colour("?", "black")}
    verbs: Sequence[Verb] = (
        Verb("place", "s", "Place", "place the focused creature on a cell (choose which)",
             ask="Place {name} where?"),
        Verb("set", "t", "Set trap", "set the first trap in your hand on the focused cell"),
        Verb("attack", "a", "Attack", "attack with the focused creature"),
        Verb("spring", "g", "Spring", "spring your trap on the focused cell"),
        Verb("open", "y", "Open", "open the face-down relic on the focused cell"),
        Verb("camp", "c", "Camp", "put the focused creature on a post of your camp",
             ask="Camp {name} on which post?"),
        Verb("kindle", "k", "Kindle", "turn your lantern to its other side"),
        Verb("end", "x", "End turn", "end your turn", on_card=False),
    )
    stops: Sequence[Stop] = (Stop("snare", "an attack waits: springing a trap is the only "
                                            "answer (T5d)"),
                             Stop("dawn", "a turn starts with traps of both players set (T5f)"))
    watches: Sequence[Watch] = ()
    words = Words(legend="Pieces: power, 'tired' after attacking; ▒ a face-down card. "
                         "Camp posts 1-3, * the lantern's.", pass_text="pass", how_to_play=(
                      ("The goal", "Bring the other player from 6 HP to 0. (T2, T4)"),
                      ("A turn", "Draw a card, then place creatures, set traps, attack, "
                       "spring a trap or open the relic on b2; end with x. (T3)"),
                      ("Winning and losing", "At 0 HP you lose; both at once, or turn "
                       "30 passed, is a draw. (T4)"),
                  ))
    board = frozenset({"main"})
    prompts: Mapping[str, PromptKind] = {"respond": Choose(responds=True)}

    def __init__(self, rs: Toy) -> None:
        self.rs = rs

    def card_name(self, cid: str) -> str:
        card = self.rs.cards.get(cid)
        return card.name if card is not None else "a card"

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        return None  # the moves and the decisions say it all

    def face(self, card: Card, zone: str, view: View) -> Face:
        if card.get("cid") is None:  # a face-down card the viewer may not know
            return Face("▒ face down", colour="back", status=("down",))
        kind = str(card.get("kind", ""))
        power = card.get("power")
        status = ("tired",) if card.get("tired") else ()
        if card.get("down"):
            status += ("down",)
        if card.get("side"):
            status += (str(card["side"]),)
        printed = str(card.get("printed", self.rs.cards[card["cid"]].text))
        text, changed = current_text(card, printed)
        return Face(str(card.get("name", card["cid"])), colour=f"seat{card.get('owner', 0)}",
                    left=kind, right=f"P{power}" if power is not None else "",
                    status=status, text=text, text_changed=changed)

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        face = self.face(card, zone, view)
        lines = [Line(f"{face.left} · seat {int(card.get('owner', 0)) + 1}")]
        if card.get("cell"):
            lines.append(Line(f"on {card['cell']}", "accent"))
        if card.get("post"):
            lines.append(Line(f"camp post {card['post']}", "accent"))
        if face.text:
            lines.append(Line(face.text, "accent" if face.text_changed else "plain"))
        if face.text_changed:
            lines.append(Line(f"printed: {card.get('printed', '')}", "dim"))
        ref = f"{card['cid']}@{card['uid']}" if card.get("uid") is not None else ""
        known = self.rs.cards.get(str(card.get("cid")))  # None: a face-down card's back
        sides = known.sides if known is not None else {}
        other = tuple(Line(t, tone) for side, f in sides.items() if side != card.get("side")
                      for t, tone in ((f["name"], "bold"), (f["text"], "plain")))
        return Detail(face.title, face.colour, ref, tuple(lines), other=other)

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        v = view["vars"]
        hp = v.get("hp") or [0, 0]
        lines = tuple(Line(f"{names[p]}: {hp[p]} HP", "bold") for p in (0, 1))
        # while a pick made inside the window waits, the picker acts, not the answerer
        answer = None if v.get("pilfer") else answer_line(view, names, ONLY)
        if answer is not None:
            lines += (answer,)
        turn = v.get("turn", "?")
        active = v.get("ap")
        head = f"Turn {turn}" + (f" · {names[active]}" if isinstance(active, int) else "")
        return Flow(head, lines=lines)

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        waiting = view["vars"].get("chain") or ()
        if not waiting:
            return Stage()
        first = waiting[0]
        if "spring" in first:  # T5f
            return Stage(f"{names[waiting[-1]['by']]} springs a trap at dawn", "warn",
                         label="Dawn:")
        return Stage(f"{names[first['by']]} attacks: a snare window is open", "warn",
                     label="Attack:")

    def role(self, view: View, seat: int) -> str:
        hp = view["vars"].get("hp")
        return f"HP {hp[seat]}" if hp else ""

    def heading(self, view: View) -> str:
        return ""  # one game, one way to play it: the top line needs no more

    def window(self, decision: Decision, view: View) -> Window | None:
        """T5d: the snare window; every other move is asked."""
        if decision.kind == "respond":
            return Window("snare", only=ONLY["snare"])
        if decision.kind == "dawn":  # T5f
            return Window("dawn")
        return None

    def label(self, text: str, view: View) -> str:
        words = text.split()
        if words[:1] == ["pilfer"] and len(words) == 2:
            return f"Pilfer the opponent's card at {words[1]} (unseen)"
        if words and "@" in words[-1 if len(words) < 3 else 1]:
            cid = words[1].partition("@")[0]
            return " ".join([words[0].title(), self.card_name(cid), *words[2:]])
        return text
