"""How Clockwork Memorion looks at the table, as data (pmtui.engine.screen).

Each side: a bar (deck, hand when unseen, memorions held, Storage, Drop), the Ruler
and the Summon Limit, the row of Successor zones; the viewer's hand at the bottom.
Faces and the card panel read what the view carries (card_view: Power and Mind now,
keywords, the current text of every ability with its words filled in, the zones'
emotion marks); nothing is added up here. Emotions read as a letter as well as a
colour (J A P H).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pmtui.engine import chain
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
    current_text,
    leaving,
    whose,
)

from .board import STEPS, recaller
from .cards import TEXT_SEP, Pool
from .effects import ordinal

COLOURS = {
    "joy": Colour("J", "blue"),
    "anger": Colour("A", "green", dark_text=True),
    "pathos": Colour("P", "magenta"),
    "humour": Colour("H", "red"),
    "ruler": Colour("R", "yellow", dark_text=True),
    "limit": Colour("L", "white", dark_text=True),
    "memorion": Colour("M", "cyan", dark_text=True),
    "king": Colour("K", "yellow", dark_text=True),
}
LETTER = {e: c.letter for e, c in COLOURS.items()}
VERBS = (
    Verb("summon", "s", "Summon", "summon the focused successor into a zone (choose which)",
         ask="Summon {name} where?"),
    Verb("inherit", "i", "Inherit", "the focused memorion onto your Ruler or a successor, "
         "into a slot of its genre (once a turn)", ask="Inherit {name} how?"),
    Verb("move", "m", "Move", "the focused successor to another zone, or the focused "
         "memorion to another holder (once a turn)", ask="Move {name} where?"),
    Verb("recall", "c", "Recall", "the focused memorion (or Storage card) onto a Ruler or "
         "successor until the end of the turn", ask="Recall {name} how?"),
    Verb("use", "y", "Use", "the focused card's activated ability", ask="Use which ability?"),
    Verb("attack", "a", "Attack", "attack with the focused successor"),
    Verb("deify", "f", "Deify", "deify your Ruler (once, for good)", on_card=False),
    Verb("battle", "b", "Battle", "Main Phase I is done: to the Battle Phase", on_card=False),
    Verb("main2", "n", "Main II", "the Battle Phase is done: to Main Phase II", on_card=False),
    Verb("end", "e", "End turn", "end your turn", on_card=False),
    Verb("pass", "p", "Pass", "let the newest action resolve (or stop recalling)",
         on_card=False),
)
PHASES = (("main1", "Main I"), ("battle", "Battle"), ("main2", "Main II"), ("end", "End"))
REF = re.compile(r"\b(CW[MX]-\d{3}[a-z]?)@(\d+)\b")
# the options that are one word, in words
FIXED = {
    "pass": "Pass",
    "keep": "Keep this hand",
    "deify": "Deify your Ruler",
    "battle": "To the Battle Phase",
    "main2": "To Main Phase II",
    "end": "End the turn",
    "block none": "Do not block",
    "pick none": "Pick none",
}
# a verb with one card, in words
VERB_WORDS = {"attack": "Attack with", "return": "Return to the deck:", "discard": "Discard",
              "pick": "Pick"}
ENTRY = {"summon": "summon", "inherit": "inherit", "move": "move", "mmove": "move",
         "attack": "attack", "act": "ability", "deify": "deification", "recall": "recall",
         "trig": "triggered ability", "rampage": "Rampage", "blockstep": "blocks",
         "dmgdone": "damage", "depart": "departure"}


def limit_marks(view: View, seat: int) -> tuple[str, ...]:
    """The emotion of each of the seat's zones 1-5, as the view's Summon Limit gives
    them (card_view's `marks`); () before it is laid."""
    for c in view["zones"].get(f"{seat}/limit") or ():
        if isinstance(c, Mapping) and c.get("marks"):
            return tuple(str(m) for m in c["marks"])
    return ()


def zone_marks(view: View, seat: int) -> tuple[str, ...]:
    """Each Successor zone's emotion letter (J A P H), drawn in the zone and before the
    title of the successor in it."""
    return tuple(LETTER.get(m, "?") for m in limit_marks(view, seat))


def battle_line(ev: Mapping[str, Any], card: Callable[[object], str],
                names: Sequence[str]) -> str | None:
    """ "Your Tinker Wren (Power 300, Mind 200) blocked by CPU's Lantern Pup (Power 100,
    Mind 100): 300 to Lantern Pup, 100 back; CPU's Lantern Pup leaves"; unblocked, the
    damage to the Ruler and the Life left."""
    by = ev.get("by")
    if by not in (0, 1):
        return None
    stats = {u: (pw, md) for u, pw, md in ev.get("stats") or ()}
    side = {u: whose(names[by]) for u in [ev.get("a")]}
    side |= {u: whose(names[1 - by]) for u in ev.get("blk") or ()}

    def fighter(u: object) -> str:
        pw, md = stats.get(u, ("?", "?"))
        return f"{card(u)} (Power {pw}, Mind {md})"

    text = f"{whose(names[by], start=True)} {fighter(ev.get('a'))}"
    blockers = ev.get("blk") or []
    if blockers:
        text += f" blocked by {whose(names[1 - by])} " + ", ".join(fighter(u) for u in blockers)
    else:
        text += " unblocked"
    dealt = [f"{n} to {card(u)}" for u, n in ev.get("asg") or ()]
    if ev.get("back"):
        dealt.append(f"{ev['back']} back")
    if ev.get("ruler"):
        dealt.append(f"{ev['ruler']} to {whose(names[1 - by])} Ruler, Life {ev.get('life')} left")
    out = [f"{side.get(u, whose(names[1 - by]))} {card(u)}" for u in ev.get("out") or ()]
    return f"{text}: {', '.join(dealt) or 'no damage'}; {leaving(out)}"


def _layout() -> Layout:
    def bar() -> Bar:
        return Bar((
            Counter("deck", "Deck", "deck"),
            Counter("hand", "Hand", "hand", unseen_only=True),
            Counter("mem", "Mem", "memorions held", browse=True),
            Counter("storage", "Stor", "Storage", browse=True),
            Counter("drop", "Drop", "Drop", browse=True),
        ))

    ruler = Row("ruler", "Ruler", slots=1, in_play=True)
    # zones 1-5 (flag "z"), each marked with the emotion the Summon Limit gives it (M5)
    succ = Row("succ", "Successor zones", slots=5, large=True, in_play=True, slot="z",
               marks=zone_marks)
    return Layout(theirs=(bar(), ruler, succ),
                  mine=(succ, ruler, bar(), Row("hand", "Hand", wrap=True)),
                  off_board=(("limit", "Summon Limit"),))


class Screen:
    """The ScreenSpec of Clockwork Memorion (names from its pool)."""

    title = "Clockwork Memorion"
    layout = _layout()
    colours: Mapping[str, Colour] = COLOURS
    verbs = VERBS
    stops = (Stop("respond", "answering an action (the other's or your own)"),
             Stop("phase_start", "the start of a phase: interrupting before it goes on"),
             Stop("recall_time", "Recall Time: recall or stop"))
    watches = (Watch("destroyed", "a successor goes to Storage", into=("storage",)),)
    words = Words(
        roles=("(turn)", ""),
        role_legend="(turn): the player whose turn it is.",
        legend="Power/Mind now; J A P H the emotions (Joy, Anger, Pathos, Humour); "
               "z1-z5 the zone; Act = Action state. Texts show the words now in each "
               "slot; ___ is a blank memory.",
        stage_empty="",
        pass_text="pass",
    )
    board = frozenset({"main1", "battle", "main2"})
    prompts: Mapping[str, PromptKind] = {
        "respond": Choose(responds=True),
        "recall_time": Choose("Life 0 and Mind 000 wait "
                              "until both stop (S:69-75)."),
        "limit": Choose("Chosen in secret; both are shown together."),
    }

    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    def card_name(self, cid: str) -> str:
        return self.pool.get(cid).name if cid in self.pool else "a card"

    # -- faces ---------------------------------------------------------------------

    def face(self, card: Card, zone: str, view: View) -> Face:
        if card.get("cid") is None:
            return Face("face down")
        if "kind" not in card:  # a card of the pool, not in a view (the deck editor, lists)
            c = self.pool.get(str(card["cid"]))
            card = {"kind": c.kind, "emotion": c.emotion, "level": c.level, "power": c.power,
                    "mind": c.mind, "memory": c.memory, **card}
        kind = str(card.get("kind", ""))
        name = str(card.get("name") or self.card_name(str(card["cid"])))
        texts, changed = current_text(card, self._printed(card))
        if kind == "successor":
            emo = str(card.get("emotion", ""))
            status = tuple(w for w in (f"z{card['z']}" if card.get("z") else "",
                                       "Act" if card.get("act") else "") if w)
            status += tuple(k.title() for k in card.get("keywords") or ())
            return Face(name, colour=emo, left=f"{LETTER.get(emo, '?')} Lv{card.get('level')}",
                        right=f"{card.get('power')}/{card.get('mind')}", status=status,
                        more=self._held(card, view), text=texts, text_changed=changed)
        if kind == "ruler":
            lim = " ".join(zone_marks(view, int(card.get("owner", 0))))
            status = tuple(w for w in ("deified" if card.get("deified") else "",
                                       "Act" if card.get("act") else "") if w)
            # the zones' emotions (M5) where the board has room: the stats line
            return Face(name, colour="ruler",
                        left=f"Life {card.get('life')} ctr {card.get('counters')}"
                        if "life" in card else
                        f"Summon Lv{self.pool.get(str(card['cid'])).summon_level}",
                        right=lim.replace(" ", ""), right_tone="plain",
                        status=status, more=self._held(card, view), text=texts,
                        text_changed=changed)
        memory = str(card.get("memory", ""))
        genre, _, word = memory.partition(":")
        host = card.get("host")
        where = f"on @{host} slot {card['slot']}" if host is not None and card.get("slot") \
            else (f"on @{host}" if host is not None else "")
        return Face(name, colour=kind if kind in COLOURS else "",
                    left=genre.title() if genre else kind, right=word, right_tone="italic",
                    more=where, text=self._printed(card))

    def _printed(self, card: Card) -> str:
        """The printed text of the face up (the view's `printed` for a card in play)."""
        printed = card.get("printed")
        if isinstance(printed, str):
            return printed
        return TEXT_SEP.join(a.text for a in self.pool.get(str(card["cid"])).abilities)

    def _held(self, card: Card, view: View) -> str:
        uid = card.get("uid")
        held = [str(m.get("name") or self.card_name(str(m["cid"])))
                for m in view["zones"].get(f"{card.get('owner', 0)}/mem") or ()
                if isinstance(m, Mapping) and m.get("host") == uid]
        return ("holds " + ", ".join(held)) if held else ""

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        f = self.face(card, zone, view)
        lines = [Line(" ".join(filter(None, (f.left, f.right, *f.status))), "bold")]
        if f.more:
            lines.append(Line(f.more, "accent"))
        tone = "accent" if f.text_changed else "plain"
        lines += [Line(t, tone) for t in f.text.split(TEXT_SEP) if t]
        if f.text_changed:
            lines += [Line("printed:", "dim"),
                      *(Line(t, "aside") for t in self._printed(card).split(TEXT_SEP))]
        if card.get("memory") and card.get("kind") == "successor":
            lines.append(Line(f"own memory (recalled from Storage): {card['memory']}", "aside"))
        ref = f"{card['cid']}@{card['uid']}" if card.get("uid") is not None else ""
        return Detail(f.title, f.colour, ref, tuple(lines), self._other(card))

    def _other(self, card: Card) -> tuple[Line, ...]:
        """The face not up: a Ruler's deified face or its normal one (S:10), a Summon
        Limit card's other row of emotions (M5)."""
        c = self.pool.get(str(card["cid"]))
        if c.kind == "ruler":
            if card.get("deified"):
                return (Line(c.name, "bold"), *(Line(a.text) for a in c.abilities))
            return (Line(f"{c.deified_name or c.name} (deified, Summon Level "
                         f"{c.deified_level})", "bold"), *(Line(a.text) for a in c.deified))
        if c.kind == "limit" and len(c.faces) == 2:
            up = card.get("face") if isinstance(card.get("face"), int) else 0
            n = 1 - int(up)  # type: ignore[call-overload]
            return (Line(f"face {n + 1}", "bold"),
                    Line(" ".join(f"{LETTER[e]} {e.title()}" for e in c.faces[n])))
        return ()

    # -- the turn -----------------------------------------------------------------------

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        v = view["vars"]
        ap = v.get("ap")
        phase = v.get("phase")
        life = v.get("life") or [0, 0]
        ctr = v.get("ctr") or [0, 0]
        lines = [Line(f"{names[p]}: Life {life[p]}, counters {ctr[p]}", "bold")
                 for p in (0, 1)]
        rt = recaller(v)
        if rt is not None:
            lines.append(Line(f"RECALL TIME: {names[rt]} may recall; "
                              "losing and destruction wait", "warn"))
        for e in reversed(v.get("chain") or ()):
            lines.append(Line(f"· {ENTRY.get(e['k'], e['k'])} ({names[int(e['by'])]})", "dim"))
        return Flow(f"Turn {v.get('turn', '?')}",
                    phases=tuple((label, key == phase) for key, label in PHASES),
                    lines=tuple(lines),
                    subhead=f" · {names[ap]}" if isinstance(ap, int) else "")

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        v = view["vars"]
        links = tuple(Line(f"{ENTRY.get(e['k'], e['k'])} by {names[int(e['by'])]}")
                      for e in v.get("chain") or ())
        rt = recaller(v)
        if rt is not None:
            return Stage(f"Recall Time: {names[rt]} may recall; Life 0 "
                         "and Mind 000 wait", "warn", "RECALL TIME", links)
        if chain.bare(v):  # a phase's start (M20)
            return Stage(f"Start of {STEPS.get(str(v.get('begun')), 'the phase')}", "accent",
                         "", links)
        waiting = v.get("chain")
        if waiting:
            top = waiting[-1]
            return Stage(f"{whose(names[int(top['by'])], start=True)} "
                         f"{ENTRY.get(top['k'], top['k'])}", "accent", "", links)
        return Stage()

    def role(self, view: View, seat: int) -> str:
        return "(turn)" if view["vars"].get("ap") == seat else ""

    def heading(self, view: View) -> str:
        return ""  # the EX match changes only the deck size: the top line needs no more

    def window(self, decision: Decision, view: View) -> Window | None:
        if decision.kind == "recall_time":  # only recalls may answer (S:69-75)
            return Window("recall_time", only="recalls")
        if decision.kind == "respond":
            return Window("phase_start" if chain.bare(view["vars"]) else "respond")
        return None

    def label(self, text: str, view: View) -> str:
        """An option in words: cards by name, a zone as the board shows it, its number and
        the emotion the Summon Limit gives it (M5: "to zone 3 (Joy)"), a
        slot by its number, an ability by what it says (docs/notation.md has the
        texts themselves)."""
        if text in FIXED:
            return FIXED[text]
        verb, _, rest = text.partition(" ")
        refs = REF.findall(text)
        names = [self.card_name(cid) for cid, _ in refs]
        tail = REF.sub("", rest).split()
        slot = f", slot {tail[1]}" if tail[:1] == ["slot"] and len(tail) > 1 else ""
        if verb in ("summon", "move") and len(refs) == 1 and tail[:1] and \
                tail[0][:1] == "z" and tail[0][1:].isdigit():
            return f"{verb.title()} {names[0]} to {self._zone(view, int(tail[0][1:]))}"
        if verb in ("inherit", "move", "recall") and len(refs) == 2:
            how = " (rewrite)" if tail[-1:] == ["rewrite"] else ""
            return f"{verb.title()} {names[0]} onto {names[1]}{slot}{how}"
        if verb == "use" and refs and tail:
            said = self._ability(view, int(refs[0][1]), refs[0][0], tail[0])
            return f"Use {names[0]}" + (f": {said}" if said else f", ability {tail[0]}")
        if verb == "first" and refs and tail:  # which of one's own triggers first (S:180)
            what = ("its Rampage" if tail[0] == "rampage" else f"ability {tail[0]}"
                    if tail[0].isdigit() else f"the aura of {self.card_name(tail[0])}"
                    if tail[0] in self.pool else tail[0])
            return f"First: {names[0]}, {what}"
        if verb == "block" and refs:
            return f"Block with {' and '.join(names)}"
        if verb == "assign" and refs and tail:
            return f"Assign {tail[0]} damage to {names[0]}"
        if verb == "limit" and len(tail) == 2:
            ends = "forward" if tail[1] == "fwd" else "reversed"
            return f"Summon Limit: face {tail[0]}, {ends}"
        if verb == "put" and refs:  # the looked-at cards back "in any order"
            return self._put(view, names[0])
        if verb == "pick" and rest.startswith("hand#"):
            return f"Pick card {rest[5:]} of the hand (unseen)"
        if verb in VERB_WORDS and refs:
            return f"{VERB_WORDS[verb]} {names[0]}"
        return REF.sub(lambda m: self.card_name(m.group(1)), text)

    def _put(self, view: View, name: str) -> str:
        """"Put X on top, drawn 2nd of 3": where the looked-at cards go and which of them
        this one will be (the view of their own player holds the lists)."""
        a = view["vars"].get("ask") or {}
        cards, placed = a.get("cards"), a.get("placed")
        where_to = "at the bottom" if a.get("pos") == "bottom" else "on top"
        if not isinstance(cards, list) or not isinstance(placed, list):
            return f"Put {name} next {where_to}"
        return f"Put {name} {where_to}, drawn {ordinal(len(placed) + 1)} of " \
               f"{len(cards) + len(placed)}"

    def _zone(self, view: View, n: int) -> str:
        seat = view.get("player")
        marks = limit_marks(view, seat) if isinstance(seat, int) else ()
        return f"zone {n} ({marks[n - 1].title()})" if n <= len(marks) else f"zone {n}"

    def _ability(self, view: View, uid: int, cid: str, index: str) -> str:
        """Ability `index` (1, 2, ...) of card `uid` as it reads now (the view's current
        text), or as printed; "" when there is none such."""
        card = next((c for z in view["zones"].values() if isinstance(z, list) for c in z
                     if c.get("uid") == uid), None)
        text = card.get("text") if card is not None else None
        parts = text.split(TEXT_SEP) if isinstance(text, str) and text else \
            [a.text for a in self.pool.get(cid).abilities] if cid in self.pool else []
        i = int(index) - 1 if index.isdigit() else -1
        return parts[i] if 0 <= i < len(parts) else ""

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        """A battle's damage step in one line (M23-M25): the attacker and its blockers
        with Power and Mind, the damage each took, the Ruler's, who is out."""
        if event.get("t") != "say":
            return None
        if event.get("what") == "battle":
            return battle_line(event, card, names)
        if event.get("what") == "no battle" and event.get("by") in (0, 1):
            return (f"{whose(names[event['by']], start=True)} {card(event.get('a'))} left "
                    "before the damage step: no damage")
        return None
