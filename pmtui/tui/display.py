"""How a ruleset's screen description looks in a terminal. Pure functions: no widgets.

A ruleset says what a card face, the card panel or a line shows
(pmtui.engine.screen); these functions turn that into Rich text. Nothing here
knows a game: colours come as colour keys, styles as tones.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache

from rich.console import COLOR_SYSTEMS, Console
from rich.text import Text

from pmtui.engine.screen import (
    FIGHT_MARK,
    Card,
    Colour,
    Detail,
    Face,
    Line,
    ScreenSpec,
    Tone,
    View,
    spotlight,
)
from pmtui.table.logtext import printable
from pmtui.table.words import where

TONE_STYLE: dict[str, str] = {
    "plain": "",
    "bold": "bold",
    "dim": "dim",
    "italic": "italic",
    "aside": "dim italic",
    "accent": "cyan",
    "warn": "bold yellow",
    "good": "bold green",
    "bad": "bold red",
    "heading": "bold reverse",
}


def tone(t: Tone | str) -> str:
    return TONE_STYLE.get(t, "")


# The ruleset names a card colour by one of the eight ANSI names (Colour.ansi); the
# table draws each with its own explicit colour, not the terminal's or the theme's
# idea of "red" (which made red and magenta one colour). Each value was picked so that
# the terminal's depth keeps the colours apart: as 24-bit, as the nearest of the 256
# colours, and as the nearest of the 16 (Rich's downgrade), red→red (1), blue→bright
# blue (12), yellow→bright yellow (11), green→green (2), magenta→magenta (5),
# cyan→cyan (6), white→bright white (15), black→black (0). Text on it is black or
# white, bold, so it reads on light and dark terminals alike. tests/tui/test_palette.py
# checks all three depths.
PALETTE: dict[str, str] = {
    "red": "#c62828",
    "blue": "#1e63d6",
    "yellow": "#f2d024",
    "green": "#2e9e4a",
    "magenta": "#8e24aa",
    "cyan": "#00acc1",
    "white": "#e0e0e0",
    "black": "#202020",
}


def colour_style(colours: Mapping[str, Colour], key: str) -> str:
    """A card frame colour: the palette's background, contrasting bold text."""
    c = colours.get(key)
    if c is None:
        return "bold"
    return f"bold {'black' if c.dark_text else 'white'} on {PALETTE.get(c.ansi, c.ansi)}"


def colour_chip(colours: Mapping[str, Colour], key: str) -> Text:
    """The colour's letter on its colour (" R "), for lists."""
    c = colours.get(key)
    return Text(f" {c.letter if c else '?'} ", style=colour_style(colours, key) if c else "")


def card_brief(spec: ScreenSpec, card: Card, view: Mapping[str, object],
               label: Callable[[int], str]) -> Text:
    """A card in a list (a target, a pick): its face's numbers and state, and whose it
    is and where ("  R2/1 40/20 Rest · CPU · Main Area"), all from the view; a card in
    the viewer's own hand goes without the last two. `label` names a seat."""
    uid = card.get("uid")
    zone = where(view, int(uid)) if uid is not None else ""
    face = spec.face(card, zone, view)
    owner = card.get("owner")
    parts = [" ".join(x for x in (face.left, face.right, *face.status) if x)]
    if isinstance(owner, int) and not (owner == view.get("player") and zone == "hand"):
        parts += [label(owner), spec.layout.title(zone) if zone else ""]
    return Text("  " + " · ".join(p for p in parts if p), style="cyan")


def game_names(defs: Mapping[str, object]) -> frozenset[str]:
    """The names a shortened name stays apart from, the same for a whole game: every
    card name of the game's pool (`Table.defs`), whichever of them are on screen. So a
    card has one short form for a width on the board, in the prompts and anywhere else
    (a set of what is on screen changed it as cards came and went), and the forms tell
    nothing of the opponent's deck."""
    return frozenset(str(getattr(d, "name", "")) for d in defs.values()) - {""}


def short_name(name: str, width: int, names: Collection[str]) -> str:
    """`name` in `width` cells, such that different names among `names` stay different
    (`game_names`: one form a width for the whole game).

    A name that fits is whole. Cut to the width, it stays as cut while no other name
    among `names` cuts the same or is its beginning and it is not a pair's name ("A&B");
    else it is shortened word by word, keeping each part's last word ("Kanon
    Amagiri&Noa Shirasagi": "K.Amagiri&N.Shirasagi", "Kanon&Noa", "KA&NS"; "Nameless
    Archer": "N.Archer", cut "N.Arch"), taking the first form no other name could be
    shortened to, and at worst keeps its head and tail ("Kanon…asagi")."""
    if len(name) <= width:
        return name
    if isinstance(names, frozenset):  # a game's names: the same answer every time
        return _short_in(name, width, names)
    return _short(name, width, names)


@lru_cache(maxsize=4096)
def _short_in(name: str, width: int, names: frozenset[str]) -> str:
    return _short(name, width, names)  # (a frozenset keeps its hash: a cheap key)


def _short(name: str, width: int, names: Collection[str]) -> str:
    cut = name[:width]
    parts = [p.split() for p in name.split("&")]
    # the cut alike another name's cut, or that name and a few more letters, clashes; a
    # cut that loses a whole part of a pair's name ("Shiori Nagis…&Umi") misleads
    if len(parts) == 1 and not any(o != name and (o[:width] == cut or cut.startswith(o))
                                   for o in names):
        return cut.rstrip() or cut  # "Thorn " cut from "Thorn Berserker": no blank end
    # a form another name could also take ("NA" for Nameless Ashigaru and Nameless
    # Archer) is theirs as much as this one's: never used
    taken = {f for o in names if o != name for f in (o[:width], *_forms(o, width))}
    for form in _forms(name, width):
        if form not in taken:
            return form
    head = max((width - 1) // 2, 1)
    return f"{name[:head]}…{name[len(name) - (width - 1 - head):]}" if width > 2 else cut


def _forms(name: str, width: int) -> list[str]:
    """The word-by-word short forms of `name` that fit in `width` (short_name)."""
    parts = [p.split() for p in name.split("&") if p.split()]
    dotted = "&".join(".".join(w[0] for w in p[:-1]) + ("." if len(p) > 1 else "") + p[-1]
                      for p in parts)
    forms = [dotted, "&".join(p[0] for p in parts),
             "&".join("".join(w[0] for w in p) for p in parts)]
    words = parts[0] if len(parts) == 1 else []
    if len(words) > 1 and len(dotted) - len(words[-1]) + 2 <= width:
        forms.insert(1, dotted[:width])  # "N.Archer" cut, keeping two letters of "Archer"
    return [f for f in dict.fromkeys(forms) if len(f) <= width]


def ref(card: Card) -> str:
    """The card in notation (cid@uid), as in the engine's option texts."""
    return f"{card.get('cid')}@{card.get('uid')}"


def face_lines(
    face: Face,
    colours: Mapping[str, Colour],
    width: int,
    height: int,
    *,
    mark: str = "",
    focused: bool = False,
    names: Collection[str] = (),
) -> list[Text]:
    """`height` lines of at most `width` cells describing one card (height >= 1).
    `names`: the titles on screen, which a shortened title stays apart from."""
    width = max(width, 4)
    name_style = colour_style(colours, face.colour) if face.colour else "bold"
    right_style = "bold cyan" if face.changed else tone(face.right_tone)
    mark = mark or ""

    def head(room: int) -> str:
        return mark + short_name(face.title, max(room - len(mark), 1), names)

    lines: list[Text] = []
    if height == 1:
        tail = f" {face.short or face.right}" if (face.short or face.right) else ""
        room = max(width - len(tail), 1)
        t = Text(head(room)[:room].ljust(room), style=name_style)
        t.append(tail[: width - len(t)], style="bold cyan" if face.changed else "bold")
        lines.append(t)
    else:
        lines.append(Text(head(width)[:width].ljust(width), style=name_style))
        # a narrow cell cuts the left part, never the right one (the number that counts),
        # and by whole words: "A15 D10 E0" cut to "A1" would read as an attack of 1
        room = width - len(face.right) - 1 if face.right else width
        t = Text(_words_in(face.left, room))
        if face.right:
            pad = width - len(t) - len(face.right)
            t.append(" " * max(pad, 1))
            t.append(face.right, style=right_style)
        lines.append(t)
        if height >= 3:
            lines.append(Text(" ".join(face.status), style="dim"))
        if height >= 4:
            lines.append(Text(face.more, style="italic"))
        if height >= 5 and face.text:
            # words changed during play read apart from the printed ones
            text_style = "cyan" if face.text_changed else "dim"
            for chunk in _wrap(face.text, width, height - 4):
                lines.append(Text(chunk, style=text_style))
    out = []
    for line in lines[:height]:
        line.truncate(width, pad=True)
        if focused:
            line.stylize("reverse")
        out.append(line)
    while len(out) < height:
        out.append(Text(" " * width, style="reverse" if focused else ""))
    return out


def _words_in(text: str, room: int) -> str:
    """The words of `text` from its start that fit in `room` cells (all of it if it fits)."""
    if len(text) <= room:
        return text
    cut = text[:room + 1].rpartition(" ")[0] if room > 0 else ""
    return cut.rstrip()


def _wrap(text: str, width: int, lines: int) -> list[str]:
    words = text.split()
    out: list[str] = []
    cur = ""
    for w in words:
        if len(cur) + len(w) + (1 if cur else 0) > width:
            out.append(cur)
            cur = w
            if len(out) == lines:
                break
        else:
            cur = f"{cur} {w}" if cur else w
    if len(out) < lines and cur:
        out.append(cur)
    return out[:lines]


def fight_line(spec: ScreenSpec, view: View, card: Card) -> Text:
    """The card's part in the fight now, a line above its panel and its sheet
    ("» approaching now"), or nothing: the board marks the card with the same »."""
    part = spotlight(spec, view).get(card.get("uid")) if card.get("uid") is not None \
        else None
    if part is None:
        return Text()
    return Text(f"{FIGHT_MARK} {printable(part)} now\n", style="bold reverse")


def detail_text(detail: Detail | None, colours: Mapping[str, Colour]) -> Text:
    """The card panel."""
    if detail is None:
        return Text("No card selected.\nMove with the arrow keys.", style="dim")
    t = Text()
    t.append(f" {detail.title} ", style=colour_style(colours, detail.colour))
    if detail.ref:
        t.append(f"  {detail.ref}", style="dim")
    append_lines(t, detail.lines)
    if detail.other:  # a double-sided card: the face not up, under its own heading
        t.append("\n\n")
        t.append(" Other side ", style=tone("heading"))
        append_lines(t, detail.other)
    return t


def append_lines(t: Text, lines: Sequence[Line]) -> Text:
    """`t` with each line appended on a line of its own, in its tones."""
    for line in lines:
        t.append("\n")
        t.append(line.text, style=tone(line.tone))
        if line.more:
            t.append(line.more, style=tone(line.more_tone))
    return t


# Rich's colour systems, fewest colours first (any other name counts as the fewest)
DEPTH_ORDER = ("standard", "256", "truecolor")


def _rank(system: str) -> int:
    return DEPTH_ORDER.index(system) if system in DEPTH_ORDER else 0


def set_depth(console: Console, system: str | None, most: str | None = None) -> None:
    """Draw with the colour depth `system` (Rich's names: "truecolor", "256",
    "standard"; None keeps what Rich found for the terminal), but never more than
    `most`, what the terminal says it shows (an SSH client's TERM and COLORTERM; None:
    no limit): a player who chose fewer colours gets fewer, and a terminal that shows
    fewer is never sent more (docs/ssh.md "Sessions"). Rich takes a depth only
    when a Console is made (`color_system=`) and has no setter, and Textual reads the
    console's `_color_system` each time it turns a line into terminal codes: so that
    attribute is set here, before the first frame, and nowhere else. Everything else
    reads the depth through the public `Console.color_system`."""
    if most is not None and (system is None or _rank(most) < _rank(system)):
        system = most
    if system is not None:
        console._color_system = COLOR_SYSTEMS[system]
