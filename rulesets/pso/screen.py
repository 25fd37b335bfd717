"""How PSO looks at the table, as data (pmtui.engine.screen).

Each side: a bar (deck, hand when unseen, traps, discard), the main character,
the other characters and the monsters; the shared Area in the middle; the
viewer's hand at the bottom. Faces and the card panel read the current stats
the view carries (card_view: HP left, ATP, MST, DFP, EVP), never adding them up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

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

from . import board
from .cards import CardDef, CardPool
from .flow import COIN_WHY

# a colour per card type, for the title bar and the face
COLOURS = {
    "character": Colour("C", "cyan", dark_text=True),
    "monster": Colour("M", "red"),
    "area": Colour("A", "green", dark_text=True),
    "event": Colour("E", "yellow", dark_text=True),
    "spell": Colour("S", "magenta"),
    "weapon": Colour("W", "blue"),
    "item": Colour("I", "white", dark_text=True),
}

VERBS = (
    Verb("character", "h", "Character", "play the focused character (one a turn)"),
    Verb("monster", "m", "Monster", "play the focused monster"),
    Verb("event", "e", "Event", "play the focused event or photon blast"),
    Verb("item", "i", "Item", "play the focused item (needs your main character)"),
    Verb("area", "l", "Area", "lay down the focused Area (one a turn; traps fire)"),
    Verb("trap", "t", "Set trap", "set a trap from your hand face down", on_card=False),
    Verb("combat", "c", "Combat", "end playing cards and start combat", on_card=False),
    Verb("attack", "a", "Attack", "a normal attack by the focused card"),
    Verb("ability", "b", "Ability", "the focused card's ability"),
    Verb("cast", "k", "Cast", "the focused card's own spell"),
    Verb("spell", "s", "Spell", "your main character uses a spell card (choose which)",
         ask="Which spell?"),
    Verb("weapon", "w", "Weapon", "your main character uses a weapon card (choose which)",
         ask="Which weapon?"),
    Verb("target", "g", "Target", "aim the declared action at the focused card"),
    Verb("back", "x", "Back", "give up the action being declared", on_card=False),
    Verb("end", "n", "End turn", "end combat and the turn", on_card=False),
)

REF = re.compile(r"\b([A-Za-z0-9][A-Za-z0-9_]*-[A-Za-z0-9_-]+)@(\d+)\b")
PHASES = (("main", "Play"), ("combat", "Combat"), ("end", "End"))
FIXED = {
    "combat": "Start combat",
    "end": "End combat and the turn",
    "trap": "Set a trap face down",
    "back": "Back: give up this action",
}
LABEL_VERBS = {
    "character": "Play character", "monster": "Play monster", "event": "Play",
    "item": "Use item", "area": "Play Area", "set": "Set face down:", "attack": "Attack with",
    "ability": "Ability of", "cast": "Spell of", "target": "Target", "lead": "New main character:",
}


# The help's first page, in our own words (the source's section names in brackets;
# docs/rules-interpretations-pso.md has our readings).
HOW_TO_PLAY = (
    ("The goal",
     "Defeat every Monster the other player has. A player with no Monster left in play "
     "loses at once; both sides losing their last Monster together is a draw. "
     "(\"Winning\")"),
    ("Setting up",
     "Each player has a main character beside the deck. A coin decides who starts. "
     "Every Monster among the top ten cards of your deck comes into play; the rest "
     "goes back and is shuffled. (\"Setup\")"),
    ("A turn",
     "Draw a card. Then play cards in any order: one more character a turn, any "
     "Monsters, events and items, one Area a turn, and traps face down. Then start "
     "combat (c): each of your characters and Monsters may act once, with an attack, "
     "an ability or a spell, aimed at a card of the other side. Damage is the attack "
     "less the target's DFP; the target's EVP gives it a chance to dodge. A card whose "
     "damage reaches its HP is discarded. End the turn with n: poison deals 10 to your "
     "poisoned cards and paralysis wears off. (\"Game play\", \"Battle effects\")"),
    ("Winning and losing",
     "Only the last Monster counts: characters may fall (when your main character "
     "falls you choose the next) and play goes on. An empty deck only stops your "
     "draws. Our own rule: a game still going at turn 200 is a draw. (\"Winning\", "
     "\"Running out of cards\")"),
    ("The zones",
     "Main character and Characters: your fighters with items. Monsters: your "
     "creatures; lose them all and you lose. Area: one shared card that changes the "
     "stats of both sides; a new Area fires every trap set. Traps: yours face down, "
     "the other side sees how many. Deck, hand (yours alone) and discard pile (open "
     "to both). (\"The Cards\", \"Area Cards\", \"Event cards\")"),
)


def _layout() -> Layout:
    def bar() -> Bar:
        return Bar((
            Counter("deck", "Deck", "deck"),
            Counter("hand", "Hand", "hand", unseen_only=True),
            Counter("traps", "Traps", "traps (face down)", browse=True),
            Counter("discard", "Disc", "discard pile", browse=True),
        ))

    # no option names an empty place (a card is played from the hand by its verb), so the
    # cursor stops on cards only
    lead = Row("lead", "Main character", slots=1, in_play=True, empty_stops=False)
    chars = Row("chars", "Characters", slots=3, in_play=True, empty_stops=False)
    monsters = Row("monsters", "Monsters", wrap=True, large=True, in_play=True,
                   empty_stops=False)
    return Layout(
        theirs=(bar(), lead, chars, monsters),
        middle=(Row("area", "Area", slots=1, in_play=True, empty_stops=False),),  # shared
        mine=(monsters, chars, lead, bar(), Row("hand", "Hand", wrap=True, large=True)),
    )


def _stats_word(card: Card) -> str:
    if "hp" not in card:
        return ""
    return f"{int(card['hp']) - int(card.get('dmg', 0))}/{card['hp']}"


class PsoScreen:
    """The ScreenSpec of PSO (card names and faces from its pool)."""

    title = "PSO CCG"
    colours: Mapping[str, Colour] = COLOURS
    verbs = VERBS
    stops = (Stop("own_turn", "your own turn"),)
    watches = (Watch("leaves", "a character or monster leaves play",
                     out_of=("lead", "chars", "monsters")),)
    words = Words(
        how_to_play=HOW_TO_PLAY,
        roles=("(turn)", ""),
        role_legend="(turn): the player whose turn it is.",
        legend="HP left/HP, then ATP MST DFP EVP (EVP out of 5). par = paralysed, "
               "poi = poisoned, done = has acted in this combat.",
        stage_empty="",
        pass_text="end",
    )
    board = frozenset({"main", "combat", "target"})
    prompts: Mapping[str, PromptKind] = {
        "lead": Choose("Your main character fell: choose the next one."),
        "prefer": Choose("Two effects replace the same value: you choose which applies."),
        "trap": Choose("The trap you set stays face down to your opponent."),
    }

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.layout = _layout()

    def _def(self, card: Card) -> CardDef | None:
        cid = card.get("cid")
        return self.pool[cid] if isinstance(cid, str) and cid in self.pool else None

    def card_name(self, cid: str) -> str:
        return self.pool[cid].name if cid in self.pool else "a card"

    def face(self, card: Card, zone: str, view: View) -> Face:
        d = self._def(card)
        if d is None:
            return Face("?")
        hp = _stats_word(card)
        nums = " ".join(f"{k[0].upper()}{card[k]}" for k in ("atp", "mst", "dfp", "evp")
                        if k in card)
        kind = d.type if d.kind == "normal" else d.kind
        return Face(
            title=d.name,
            colour=d.type,
            left=nums,
            right=hp or kind,
            right_tone="bold" if hp else "italic",
            short=hp or kind[:4],
            changed=self._changed(d, card),
            status=_status(card, view),
            text=d.text,
        )

    @staticmethod
    def _changed(d: CardDef, card: Card) -> bool:
        return any(k in card and card[k] != (getattr(d, k) or 0)
                   for k in ("hp", "atp", "mst", "dfp", "evp"))

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        d = self._def(card)
        if d is None:
            return Detail("?")
        head = d.type if d.kind == "normal" else f"{d.kind} {d.type}"
        if d.type == "character":
            head += f" · {d.cls} {d.race}"
        lines = [Line(head)]
        if "hp" in card:
            lines.append(Line(f"HP {_stats_word(card)} · ATP {card.get('atp')} · "
                              + (f"MST {card['mst']} · " if "mst" in card else "")
                              + f"DFP {card.get('dfp')} · EVP {card.get('evp')}/5", "bold"))
            if self._changed(d, card):
                printed = f"printed HP {d.hp} ATP {d.atp}" + (
                    f" MST {d.mst}" if d.mst is not None else "") + f" DFP {d.dfp} EVP {d.evp}"
                lines.append(Line(printed, "dim"))
        status = _status(card, view)
        if status:
            lines.append(Line(" ".join(status), "accent"))
        if d.classes:
            lines.append(Line("for " + "/".join(d.classes)))
        if d.limit is not None:
            lines.append(Line(f"at most {d.limit} in a deck", "dim"))
        if d.text:
            lines += [Line(""), Line(d.text)]
        if d.flavour:
            lines.append(Line(d.flavour, "dim"))
        return Detail(d.name, d.type, f"{card.get('cid')}@{card.get('uid')}", tuple(lines))

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        v = view["vars"]
        tp = v.get("ap")
        if not isinstance(tp, int):
            return Flow("Game setup")
        head = f"Turn {v.get('turn', '?')} · {names[tp]}"
        lines: list[Line] = []
        did = v.get("did") or {}
        used = [w for w in ("character", "area") if did.get(w)]
        if used:
            lines.append(Line("played this turn: " + ", ".join(used), "dim"))
        act = v.get("act")
        if act:
            lines.append(Line(f"{act.get('how')}: choosing targets "
                              f"({len(act.get('picked', ()))} of {act.get('need', 1)})", "warn"))
        a = _area(view)
        if a is not None:
            lines.append(Line(f"Area: {self.card_name(str(a.get('cid')))}", "bold"))
        return Flow(head, tuple((label, key == v.get("phase")) for key, label in PHASES),
                    (), tuple(lines))

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        act = view["vars"].get("act")
        if not act:
            return Stage()
        by = act.get("by")
        who = names[by] if isinstance(by, int) else "?"
        what = self._named(view, act.get("card")) if "card" in act else "a card"
        return Stage(f"{who}: {act.get('how')} with {what}", "warn", "Now:")

    def _named(self, view: View, uid: object) -> str:
        for z in view["zones"].values():
            if isinstance(z, list):
                for c in z:
                    if c.get("uid") == uid and uid is not None:
                        return self.card_name(str(c.get("cid")))
        return "a card"

    def role(self, view: View, seat: int) -> str:
        return self.words.roles[0] if view["vars"].get("ap") == seat else ""

    def spotlight(self, view: View) -> dict[int, str]:
        """While an action waits for its targets: the card acting and the targets
        chosen so far ("Game play": combat)."""
        act = view["vars"].get("act") or {}
        out: dict[int, str] = {}
        if isinstance(act.get("card"), int):
            out[act["card"]] = f"acting ({act.get('how')})"
        for uid in act.get("picked") or ():
            if isinstance(uid, int):
                out[uid] = "a target"
        return out

    def heading(self, view: View) -> str:
        return ""  # one game, one way to play it: the top line needs no more

    def window(self, decision: Decision, view: View) -> Window | None:
        return None  # no priority windows in PSO: every decision is asked

    def label(self, text: str, view: View | None = None) -> str:
        if text in FIXED:
            return FIXED[text]
        words = text.split()
        refs = REF.findall(text)
        verb = words[0] if words else ""
        name = self.card_name
        if verb in ("spell", "weapon") and len(refs) > 1:
            return f"{name(refs[0][0])} uses {name(refs[1][0])}"
        if verb == "prefer" and len(refs) > 1 and len(words) > 2:
            return f"{name(refs[0][0])}: take {words[2].upper()} from {name(refs[1][0])}"
        if verb in LABEL_VERBS and refs:
            return f"{LABEL_VERBS[verb]} {name(refs[0][0])}"
        return REF.sub(lambda m: name(m.group(1)), text)

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        """The coin, damage and evasion in words, with the seats' names (the events
        carry the card ids: `card` is not needed)."""
        t = event.get("t")
        if t == "roll" and event.get("coin") and event.get("why") == COIN_WHY:
            heads = event.get("faces") == [1]
            who = _seat(0 if heads else 1, names)
            return f"coin: {'heads' if heads else 'tails'}, {acts(who, 'go')} first"
        if t == "roll" and event.get("chance") == "evasion":  # a declared action's roll
            hit = str(event.get("outcome", "")).startswith("hit")
            return f"{event.get('why')}: {'hit' if hit else 'evaded'}"
        if "dealt" in event and t == "flag":
            what = f"{_whose(event.get('seat'), names)} {self.card_name(str(event['cid']))}"
            src = event.get("src")
            why = f"from {self.card_name(str(src))}" if src else f"({event.get('why')})"
            left = int(event.get("left", 0))
            after = f"{left} HP left" if left > 0 else "no HP left"
            return f"{what} takes {event['dealt']} damage {why}{_compared(event)}: {after}"
        if t == "say" and event.get("what") == "evaded" and event.get("cid"):
            what = f"{_whose(event.get('seat'), names)} {self.card_name(str(event['cid']))}"
            return f"{what} evades {self.card_name(str(event.get('src')))}"
        if t == "say" and event.get("what") == "blocked" and event.get("cid"):
            what = f"{_whose(event.get('seat'), names)} {self.card_name(str(event['cid']))}"
            return (f"{what} takes no damage from {self.card_name(str(event.get('src')))}"
                    f"{_compared(event)}: its DFP stops it all")
        return None


def _compared(event: Mapping[str, Any]) -> str:
    """The numbers a blow compared, " (ATP 30 against DFP 15)", when its DFP counted."""
    if isinstance(event.get("atp"), int) and isinstance(event.get("dfp"), int):
        return f" (ATP {event['atp']} against DFP {event['dfp']})"
    return ""


def _seat(player: object, names: Sequence[str]) -> str:
    return names[player] if isinstance(player, int) and 0 <= player < len(names) else "?"


def _whose(player: object, names: Sequence[str]) -> str:
    """"Your", "CPU's": a line starts with it."""
    return whose(_seat(player, names), start=True)


def _area(view: View) -> Card | None:
    z = view["zones"].get(board.AREA)
    return z[0] if isinstance(z, list) and z else None


def _status(card: Card, view: View) -> tuple[str, ...]:
    words = []
    if card.get("par"):
        words.append("par")
    if card.get("poi"):
        words.append("poi")
    if card.get("acted") is not None and card.get("acted") == view["vars"].get("turn"):
        words.append("done")
    if card.get("beaten"):
        words.append("beaten")
    return tuple(words)
