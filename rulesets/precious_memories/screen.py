"""How Precious Memories looks at the table, as data (pmtui.engine.screen).

The play field of p.06: each side has a bar (Deck, Hand when unseen, Discard,
Point Zone of 7, EX deck), a Support Area and a Main Area of five slots; the
viewer's hand is the bottom row. Card faces, the card panel, the turn-flow
panel (p.07 phases, the approach windows of p.13) and option labels are
functions of a player's view, which carries the derived AP/DP and costs.
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
    PickSet,
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

from . import log_words
from .cards import CardDef
from .tables import Tables

COLOURS = {
    "red": Colour("R", "red"),
    "blue": Colour("B", "blue"),
    "yellow": Colour("Y", "yellow", dark_text=True),
    "green": Colour("G", "green", dark_text=True),
    "purple": Colour("P", "magenta"),
}

VERBS = (
    Verb("summon", "s", "Summon",
         "summon the focused hand chara (choose Main/Support Area, or whom to replace)",
         ask="Summon {name} where?"),
    Verb("event", "e", "Event", "play the focused event card", ask="Play {name}"),
    Verb("support", "t", "Set support", "set the focused support card on a chara (choose which)",
         ask="Set {name} on which chara?"),
    Verb("levelup", "l", "Level Up", "put the focused hand chara on its namesake in your Area",
         ask="Level Up {name} onto?"),
    Verb("use", "f", "Effect", "use an effect of the focused card (choose which)",
         ask="Use which effect of {name}?"),
    Verb("backup", "b", "Backup", "discard the focused hand card for its [Backup] effect",
         ask="Backup {name}"),
    Verb("approach", "a", "Approach", "approach with the focused chara in your Main Area",
         ask="Approach"),
    Verb("interfere", "i", "Interfere", "interfere with the focused chara in your Main Area",
         ask="Interfere"),
    Verb("no-interference", "n", "No interf.",
         "do not interfere: take the top card of your deck as a point", on_card=False),
    Verb("stop", "x", "Stop approaching", "end your approaches (go to Turn End)",
         on_card=False),
    Verb("pass", "p", "Pass", "pass priority", on_card=False),
)

# The help's first page, in our own words (rulebook pages in brackets for the reader
# who wants the whole rule; docs/rules-interpretations.md has our readings).
HOW_TO_PLAY = (
    ("The goal",
     "Make the other player take points. Whoever has seven cards in their Point Zone "
     "loses. The turns alternate: the player whose turn it is is the Approacher (A), "
     "the other the Interferer (I). (p.05-07)"),
    ("A turn",
     "Start: your charas stand up Active and you draw two cards (one on the very first "
     "turn of the game). Main Phase: summon charas to your Main Area (five at most, "
     "one copy of each) or your Support Area, play events and set supports on your "
     "charas. A card's usage cost is paid with cards from your hand or face-up points; "
     "each gives its provided cost and goes to the Discard Zone. Approach Phase: send "
     "an Active chara that was not summoned this turn; it turns to Rest. The "
     "Interferer blocks with one of their Active charas, or lets it through and takes "
     "a point: the top card of their own deck. In a block each side's AP meets the "
     "other's DP: a chara whose DP is not above the AP against it is eliminated, and "
     "both can be. Between the steps both players may play cards and effects, the "
     "Approacher first; a pass hands the turn to act over. Approach again with "
     "another chara, or stop. Turn End: keep seven cards in hand at most, then the "
     "other player's turn begins. (p.08-15)"),
    ("Winning and losing",
     "You lose with seven cards in your Point Zone, or when your deck runs out; both "
     "players at once is a draw. A point face up (▲) can pay costs; face down (▼) it "
     "cannot. (p.07, p.14)"),
    ("Answers",
     "A [Decline] card or effect answers a play just made and disables it: the "
     "answered card goes to the Discard Zone, its cost stays paid. Either player may "
     "answer, and an answer can be answered in turn. (p.17, p.22)"),
    ("The zones",
     "Hand: yours alone to see. Deck: face down, drawn from the top. Main Area: the "
     "charas that approach and block. Support Area: charas that do not fight, any "
     "number. Discard Zone: used and eliminated cards, open to both. Point Zone: the "
     "points you took. EX deck: cards set aside for effects that call on them, never "
     "drawn. Removed: cards out of the game. (p.06)"),
)

STOPS = (
    Stop("own_main", "your own Main Phase"),
    Stop("opponent_main", "the other player's Main Phase"),
    Stop("approach", "the three windows of an approach"),
    Stop("respond", "Decline prompts"),
)

# What the table stops for on the other player's turn: a point taken (p.06 Point Zone,
# p.14 the approach's judgement), a chara leaving an Area.
WATCHES = (
    Watch("points", "a point goes to a Point Zone", into=("points",)),
    Watch("leaves", "a chara leaves a Main or Support Area", out_of=("main", "support")),
)

APPROACH_WINDOWS = ("w2", "w4", "w6")  # p.13: the windows around an approach
PHASES = (("start", "Start"), ("main", "Main"), ("approach", "Appr"), ("end", "End"))
# the steps of an approach as p.13-14 numbers them: ① assign the approach, ② a window,
# ③ interference (or a point), ④ a window, ⑤ judgement, ⑥ a window
APPROACH_STEPS = (("assign", "①"), ("w2", "②"), ("interfere", "③"), ("w4", "④"),
                  ("judge", "⑤"), ("w6", "⑥"))
STEP_WORDS = {
    "assign": "① the Approacher picks a chara",
    "w2": "② events, effects",
    "interfere": "③ interfere or take a point",
    "w4": "④ events, effects",
    "w6": "⑥ events, effects",
}
# a chain entry in words (the flow panel, a response prompt) and as a disabled play
PLAY_WORDS = {"summon": "summon {name}", "support": "support {name}",
              "levelup": "Level Up {name}", "use": "effect of {name}",
              "trigger": "effect of {name}"}
DISABLED_WORDS = {"summon": "summon of {name}", "event": "event {name}",
                  "support": "support {name}", "levelup": "Level Up of {name}",
                  "use": "effect of {name}", "trigger": "effect of {name}"}
STEP_NAMES = {
    "assign": "assign approach",
    "w2": "window (after approach)",
    "interfere": "assign interference",
    "w4": "window (before judgement)",
    "w6": "window (after judgement)",
    "adjust": "hand adjustment",
    "choose": "choose turn order",
    "redraw": "hand redraw",
    "bottom": "hand redraw",
}

FIXED = {
    "pass": "Pass",
    "done": "Done: pay with the picked cards",
    "cancel": "Cancel the play",
    "keep": "Keep this hand",
    "redraw": "Redraw: put the whole hand under the deck, draw 7",
    "first": "Go first",
    "second": "Go second",
    "stop": "Stop approaching (go to Turn End)",
    "no-interference": "No interference: the top card of the deck becomes a point",
    "bottom": "Put a card under the deck (hand redraw)",  # another's, hidden: the kind
}
LABEL_VERBS = {
    "event": "Play",
    "approach": "Approach with",
    "interfere": "Interfere with",
    "pay": "Pay with",
    "discard": "Discard",
    "bottom": "Put under the deck:",
}
REF = re.compile(r"\b([A-Z]{2,4}-\d{3}[a-z]?)@(\d+)\b")


def _layout(t: Tables) -> Layout:
    def bar() -> Bar:
        return Bar((
            Counter("deck", "Deck", "deck"),
            Counter("hand", "Hand", "hand", unseen_only=True),
            Counter("discard", "Disc", "Discard Zone", browse=True),
            Counter("points", "Pts", "Point Zone", of=t.points_to_lose, split="down",
                    browse=True),
            Counter("ex", "EX", "EX Deck", browse=True),
            Counter("removed", "Rem", "cards removed from play", browse=True, editing=True),
        ))

    main = Row("main", "Main Area", slots=t.main_area_size, large=True, in_play=True)
    support = Row("support", "Support Area", wrap=True, in_play=True)
    return Layout(
        theirs=(Row("hand", "Hand", wrap=True, large=True, unseen="hide"), bar(), support, main),
        mine=(main, support, bar(), Row("hand", "Hand", wrap=True, large=True)),
    )


class PreciousMemoriesScreen:
    """The ScreenSpec of Precious Memories (card names and faces from its tables)."""

    title = "Precious Memories"
    colours: Mapping[str, Colour] = COLOURS
    verbs = VERBS
    stops = STOPS
    watches = WATCHES
    words = Words(
        how_to_play=HOW_TO_PLAY,
        roles=("(A)", "(I)"),
        role_legend="(A) the Approacher, whose turn it is; (I) the Interferer.",
        legend="Act/Rest, 'new' = summoned this turn, LvN = level, cN = coins, +NS = "
               "supports set on it. Pts n/7: the cards in that player's Point Zone; "
               "whoever has 7 loses. Points: ▲ face up, ▼ face down. The turn panel: "
               "who is to act (the right to play cards and use effects; a pass hands it "
               "over; the step ends when the Approacher and then the Interferer pass); "
               "in the Approach Phase the steps ① the "
               "Approacher picks a chara, ② events/effects, ③ the Interferer interferes "
               "or takes a point, ④ events/effects, ⑤ judgement, ⑥ events/effects. The "
               "chain: plays waiting to resolve, numbered; the last one resolves first.",
        stage_empty="stage empty",
    )
    board = frozenset({"priority", "approach", "interfere"})
    prompts: Mapping[str, PromptKind] = {
        "pay": PickSet("pay", "done", "cancel", met="cost met: enter pays",
                       unmet="not met yet"),
        "respond": Choose("You may respond with a [Decline] card or pass.", responds=True),
    }

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.layout = _layout(t)

    # -- cards ---------------------------------------------------------------------------

    def _def(self, card: Card) -> CardDef | None:
        return self.t.defs.get(str(card.get("cid")))

    def card_name(self, cid: str) -> str:
        d = self.t.defs.get(cid)
        return d.name if d is not None else "a card"

    def face(self, card: Card, zone: str, view: View) -> Face:
        d = self._def(card)
        if d is None:
            return Face("?")
        ap, dp = card.get("ap"), card.get("dp")
        stats = f"{ap}/{dp}" if ap is not None and dp is not None else ""
        in_area = zone in ("main", "support")
        status = _status(card, view, _attached(card, view)) if in_area else ()
        if card.get("down"):
            status = ("face down",)  # a point card used as cost (p.12)
        elif not status and d.timing:
            status = (f"[{d.timing}]",)
        return Face(
            title=d.name,
            colour=d.colour,
            left=f"{COLOURS[d.colour].letter if d.colour in COLOURS else '?'}"
                 f"{card.get('cost', d.cost)}/{d.provides}",
            right=stats or d.type,
            right_tone="bold" if stats else "italic",
            short=stats or d.type[:3],
            changed=bool(card.get("why")),
            status=status,
            more=_keywords(d) if d.keywords else ", ".join(d.properties),
            text=d.text,
            pick=f"provides {d.provides}",
        )

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        d = self._def(card)
        if d is None:
            return Detail("?")
        lines = [Line(f"{d.colour} {d.type} · {d.series}"),
                 Line(f"Usage cost {card.get('cost', d.cost)} · provides {d.provides}")]
        ap, dp = card.get("ap"), card.get("dp")
        if ap is not None and dp is not None:
            printed = f" (printed {d.ap}/{d.dp})" if (d.ap, d.dp) != (ap, dp) else ""
            lines.append(Line(f"AP/DP {ap}/{dp}", "bold", printed, "dim"))
        lines.extend(Line(f"  {w}", "accent") for w in card.get("why", ()) or ())
        if d.timing:
            lines.append(Line(f"Timing: {d.timing}"))
        if d.properties:
            lines.append(Line(", ".join(d.properties), "italic"))
        if d.keywords:
            lines.append(Line(f"Keywords: {_keywords(d)}", "bold"))
        if zone in ("main", "support"):
            lines.append(Line(" ".join(_status(card, view)), "accent"))
        if card.get("down"):
            lines.append(Line("face down (used as cost)", "accent"))
        uid = card.get("uid")
        for c in _zone_cards(view, "attached"):
            if c.get("host") == uid:
                lines.append(Line(f"support set: {self.card_name(str(c.get('cid')))}", "accent"))
        under = [c for c in _zone_cards(view, "stack") if c.get("under") == uid]
        if under:
            lines.append(Line(f"level stack: {len(under)} card(s) under it", "accent"))
        if d.text:
            lines += [Line(""), Line(d.text)]
        lines.extend(Line(x) for x in card.get("texts", ()) or ())
        if d.flavour:
            lines.append(Line(d.flavour, "aside"))
        return Detail(d.name, d.colour, f"{card.get('cid')}@{card.get('uid')}", tuple(lines))

    # -- the turn ------------------------------------------------------------------------

    def _named(self, view: View, uid: Any) -> str:
        for z in view["zones"].values():
            if isinstance(z, list):
                for c in z:
                    if c.get("uid") == uid and uid is not None:
                        return self.card_name(str(c.get("cid")))
        return "a card"

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        v = view["vars"]
        phase, step = v.get("phase"), v.get("step")
        if phase == "setup" or phase is None:
            name = STEP_NAMES.get(str(step), str(step or ""))
            return Flow("Game setup", lines=(Line(f" {name}"),))
        ap = v.get("ap")
        head = f"Turn {v.get('turn', '?')}"
        sub = f" · Approacher: {names[ap]}" if isinstance(ap, int) else ""
        steps: tuple[tuple[str, bool], ...] = ()
        lines: list[Line] = []
        if phase == "approach":
            # p.13-14 numbers the steps of an approach ①-⑥; ⑤ (judgement) asks nobody
            steps = tuple((label, key == step) for key, label in APPROACH_STEPS)
            if step in STEP_WORDS:
                lines.append(Line(f" {STEP_WORDS[step]}", "dim"))
        elif phase == "end" and step:
            lines.append(Line(f" {STEP_NAMES.get(step, step)}"))
        prio, resp = v.get("prio"), v.get("resp")
        # who may act now (p.20: the right to play cards and use effects), and whether
        # the other has just given it up, so that a pass now moves the game on
        if resp:
            p = int(resp["prio"])
            lines.append(Line(f"{names[p]} may respond", "warn",
                              f" · {names[1 - p]} passed" if resp.get("passes") else ""))
        elif isinstance(prio, int):
            lines.append(Line(f"{names[prio]} to act", "bold",
                              f" · {names[1 - prio]} passed" if v.get("passes") else ""))
        appr = v.get("appr")
        if appr:
            text = f"{self._named(view, appr.get('a'))} approaches"
            if appr.get("i") is not None:
                text += f", {self._named(view, appr['i'])} interferes"
            lines.append(Line(text, "bold"))
        links = self._links(view, names)
        if links:
            lines.append(Line("Chain (last resolves first):", "warn"))
            lines.extend(links)
        return Flow(head, tuple((label, key == phase) for key, label in PHASES), steps,
                    tuple(lines), sub)

    def _links(self, view: View, names: Sequence[str]) -> tuple[Line, ...]:
        """The chain, one numbered line per link, first played first, each saying what
        it answers ("2 CPU: Sorry, We're Closed, disabling 1"; p.19 Decline)."""
        chain = view["vars"].get("chain") or []
        number = {e.get("id"): i + 1 for i, e in enumerate(chain)}
        out = []
        for i, e in enumerate(chain):
            text = f"{i + 1} {names[int(e.get('by', 0))]}: {self._play(view, e)}"
            answered = number.get(e.get("answers"))
            if answered is not None:
                verb = "disabling" if self._disables(e) else "answering"
                text += f", {verb} {answered}"
            out.append(Line(text, "bold" if i == len(chain) - 1 else "plain"))
        return tuple(out)

    def _play(self, view: View, e: Mapping[str, Any]) -> str:
        """A chain entry in words: "summon Nanami Kurose", "Sorry, We're Closed"."""
        name = self._entry_card(e, lambda uid: self._named(view, uid))
        return PLAY_WORDS.get(str(e.get("kind")), "{name}").format(name=name)

    def _entry_card(self, e: Mapping[str, Any], named: Callable[[object], str]) -> str:
        """A chain entry's card by name: by its number as the reader knows it, else by
        the id the entry carries (an event card, gone from where the reader saw it)."""
        name = named(e.get("card"))
        return self.card_name(str(e["cid"])) if name == "a card" and e.get("cid") else name

    def _disables(self, e: Mapping[str, Any]) -> bool:
        effects = self.t.effects.get(str(e.get("cid")), ())
        index = e.get("eff")
        if not isinstance(index, int) or not 0 < index <= len(effects):
            return False
        return any(step.do == "disable" for step in effects[index - 1].steps)

    def event_line(self, event: Mapping[str, Any], card: Callable[[object], str],
                   names: Sequence[str]) -> str | None:
        """An approach's judgement with its numbers and who leaves (p.14), an effect
        applying and what it does (log_words), a response disabling what it
        answered (p.19): "CPU: Sorry, We're Closed disabled your summon of Nanami
        Kurose"; the moves say where the cards went."""
        t = event.get("t")
        if t == "say":
            return self._said(event, card, names)
        if t != "var" or event.get("why") != "disabled":
            return None
        res = (event.get("set") or {}).get("resolving") or {}
        by = res.get("cur") or {}
        target = next((e for e in res.get("entries", ()) if e.get("id") == by.get("answers")),
                      None)
        if target is None:
            return None
        what = DISABLED_WORDS.get(str(target.get("kind")), "{name}").format(
            name=self._entry_card(target, card))
        disabler = self._entry_card(by, card)
        if by.get("kind") in ("use", "trigger"):
            disabler += "'s effect"
        return (f"{names[int(by.get('by', 0))]}: {disabler} disabled "
                f"{whose(names[int(target.get('by', 0))])} {what}")

    def _said(self, event: Mapping[str, Any], card: Callable[[object], str],
              names: Sequence[str]) -> str | None:
        what = event.get("what")
        if what == "battle":
            return log_words.battle_line(event, card, names)
        if what == "no battle":
            by = int(event.get("by", 0))
            return (f"{whose(names[1 - by], start=True)} {card(event.get('i'))} left before "
                    "the judgement: no battle")
        if what == "effect":
            return log_words.effect_line(event, self.t.effects, card, names)
        if what == "no effect":
            return f"{card(event.get('card'))}: nothing of the effect applies"
        return None

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        v = view["vars"]
        chain = v.get("chain") or []
        play = v.get("play")
        if chain:
            top = chain[-1]
            who = names[int(top.get("by", 0))]
            text = (f"{acts(who, 'play')} "
                    f"{self._named(view, top.get('card'))} ({top.get('kind')})")
            if len(chain) > 1:
                text += f" · chain of {len(chain)}"
            return Stage(text, "plain", "Stage:", links=self._links(view, names))
        if play:
            who = names[int(play.get("by", 0))]
            if play.get("card") is not None:
                return Stage(f"Paying: {who} plays {self._named(view, play['card'])}", "warn")
            return Stage(f"{who} is paying for a play…", "warn")
        return Stage()

    def role(self, view: View, seat: int) -> str:
        v = view["vars"]
        if v.get("ap") is None or v.get("phase") in (None, "setup"):
            return ""
        return self.words.roles[0] if v["ap"] == seat else self.words.roles[1]

    def spotlight(self, view: View) -> dict[int, str]:
        """The charas of the approach under way: the approaching one (and its
        Reinforcement partner) and the one interfering (p.13-14)."""
        appr = view["vars"].get("appr") or {}
        out: dict[int, str] = {}
        for key, words in (("a", "approaching"), ("b", "approaching (Reinforcement)"),
                           ("i", "interfering")):
            if isinstance(appr.get(key), int):
                out[appr[key]] = words
        return out

    def heading(self, view: View) -> str:
        return ""  # one game, one way to play it: the top line needs no more

    def window(self, decision: Decision, view: View) -> Window | None:
        """p.20 priority: the table may pass in the other player's Main Phase and in the
        approach windows; in your own Main Phase you are always asked."""
        if decision.kind == "respond":
            return Window("respond")
        if decision.kind != "priority":
            return None
        v = view["vars"]
        if v.get("phase") == "main":
            own = v.get("ap") == decision.player
            return Window("own_main", auto=False) if own else Window("opponent_main")
        return Window("approach", auto=v.get("step") in APPROACH_WINDOWS)

    def label(self, text: str, view: View | None = None) -> str:
        """A readable label for an option text (the notation stays the source of truth)."""
        if text in FIXED:
            return FIXED[text]
        name = self.card_name
        words = text.split()
        verb = words[0] if words else ""
        refs = REF.findall(text)
        if verb == "summon" and refs:
            what = name(refs[0][0])
            if "replace" in words and len(refs) > 1:
                return f"Summon {what} to the Main Area, discarding {name(refs[1][0])}"
            area = "Support Area" if words[-1] == "support" else "Main Area"
            return f"Summon {what} to the {area}"
        if verb == "bottom" and refs:
            return f"Put {name(refs[0][0])} under the deck"
        if verb == "support" and len(refs) > 1:
            return f"Set {name(refs[0][0])} on {name(refs[1][0])}"
        if verb in LABEL_VERBS and refs:
            return f"{LABEL_VERBS[verb]} {name(refs[0][0])}"
        if verb == "use" and refs and len(words) > 2 and words[2].isdigit():
            # "from X" (a text gained from another card) names whose text it is
            src = words[4] if len(words) > 4 and words[3] == "from" else refs[0][0]
            said = self._effect_words(src, int(words[2]))
            return f"Use {name(refs[0][0])}" + (f": {said}" if said else
                                                 f", effect {words[2]}")
        if verb in ("target", "backup") and refs:
            return f"{verb.title()} {name(refs[0][0])}"
        return REF.sub(lambda m: name(m.group(1)), text)

    def _effect_words(self, cid: str, index: int) -> str:
        """What effect `index` (1-based, as `use` numbers them) of card `cid` does, from
        its printed text: the part after its timing mark ("[Main/Self]") and its cost,
        "" when the text has no such part."""
        d = self.t.defs.get(cid)
        if d is None or not 0 < index <= len(d.effects):
            return ""
        timing = str(d.effects[index - 1].get("timing", ""))
        # "main/self" is printed [Main/Self], "on_approach" [On Approach]
        mark = "[" + "/".join(w.replace("_", " ").title() for w in timing.split("/"))
        at = d.text.find(mark + "]")
        if at < 0:  # [Backup: Approach/Self]
            at = d.text.find(mark + ":")
        if not timing or at < 0:
            return ""
        part = d.text[d.text.find("]", at) + 1:].split(" [")[0].strip()
        head, colon, body = part.partition(": ")  # "(1 green), rest this chara: put…"
        return (body if colon and head.startswith("(") or "rest this" in head
                else part).rstrip('."')


def _zone_cards(view: View, name: str) -> list[Card]:
    out: list[Card] = []
    for key, z in view["zones"].items():
        if isinstance(z, list) and key.endswith("/" + name):
            out.extend(z)
    return out


def _attached(card: Card, view: View) -> int:
    uid = card.get("uid")
    return sum(1 for c in _zone_cards(view, "attached") if c.get("host") == uid)


def _status(card: Card, view: View, attached: int = 0) -> tuple[str, ...]:
    words = ["Rest" if card.get("rest") else "Act"]
    turn = view["vars"].get("turn")
    if turn is not None and card.get("turn") == turn:
        words.append("new")
    if int(card.get("level", 1)) > 1:
        words.append(f"Lv{card['level']}")
    if card.get("coins"):
        words.append(f"c{card['coins']}")
    if attached:
        words.append(f"+{attached}S")
    return tuple(words)


def _keywords(d: CardDef) -> str:
    """Keywords as printed: "adversity:3:10:10" -> "Adversity 3"."""
    out = []
    for k in d.keywords:
        name, _, rest = str(k).partition(":")
        arg = rest.split(":")[0] if rest else ""
        out.append(f"{name.replace('_', ' ').title()} {arg}".strip())
    return ", ".join(out)
