"""How the toy game looks at the table, as data (pmtui.engine.screen): a 3x3 grid
between the two sides, HP on each seat's bar, pieces showing owner, power and
whether they are tired, face-down cards as backs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
)

if TYPE_CHECKING:
    from .ruleset import Toy

GRID = Grid("board", cols=("a", "b", "c"), rows=("3", "2", "1"))


def _bar() -> Bar:
    return Bar((Counter("deck", "Deck", "deck"),
                Counter("hand", "Hand", "hand", unseen_only=True),
                Counter("discard", "Disc", "discard pile", browse=True)))


class ToyScreen:
    title = "Grid Skirmish"
    layout = Layout(
        theirs=(Row("hand", "Hand", wrap=True, unseen="hide"), _bar()),
        middle=(GRID,),
        mine=(_bar(), Row("hand", "Hand", wrap=True, large=True)),
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
        Verb("end", "x", "End turn", "end your turn", on_card=False),
    )
    stops: Sequence[Stop] = ()
    watches: Sequence[Watch] = ()
    words = Words(legend="Pieces: power, 'tired' after attacking; ▒ a face-down card.",
                  pass_text="end", how_to_play=(
                      ("The goal", "Bring the other player from 6 HP to 0. (T2, T4)"),
                      ("A turn", "Draw a card, then place creatures, set traps, attack, "
                       "spring a trap or open the relic on b2; end with x. (T3)"),
                      ("Winning and losing", "At 0 HP you lose; both at once, or turn "
                       "30 passed, is a draw. (T4)"),
                  ))
    board = frozenset({"main"})
    prompts: Mapping[str, PromptKind] = {}

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
        return Face(str(card.get("name", card["cid"])), colour=f"seat{card.get('owner', 0)}",
                    left=kind, right=f"P{power}" if power is not None else "",
                    status=status, text=self.rs.cards[card["cid"]].text)

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        face = self.face(card, zone, view)
        lines = [Line(f"{face.left} · seat {int(card.get('owner', 0)) + 1}")]
        if card.get("cell"):
            lines.append(Line(f"on {card['cell']}", "accent"))
        if face.text:
            lines.append(Line(face.text))
        ref = f"{card['cid']}@{card['uid']}" if card.get("uid") is not None else ""
        return Detail(face.title, face.colour, ref, tuple(lines))

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        v = view["vars"]
        hp = v.get("hp") or [0, 0]
        lines = tuple(Line(f"{names[p]}: {hp[p]} HP", "bold") for p in (0, 1))
        turn = v.get("turn", "?")
        active = v.get("ap")
        head = f"Turn {turn}" + (f" · {names[active]}" if isinstance(active, int) else "")
        return Flow(head, lines=lines)

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        return Stage()

    def role(self, view: View, seat: int) -> str:
        hp = view["vars"].get("hp")
        return f"HP {hp[seat]}" if hp else ""

    def heading(self, view: View) -> str:
        return ""  # one game, one way to play it: the top line needs no more

    def window(self, decision: Decision, view: View) -> Window | None:
        return None  # every move is asked

    def label(self, text: str, view: View) -> str:
        words = text.split()
        if words and "@" in words[-1 if len(words) < 3 else 1]:
            cid = words[1].partition("@")[0]
            return " ".join([words[0].title(), self.card_name(cid), *words[2:]])
        return text
