"""How a ruleset's screen description looks in a terminal. Pure functions: no widgets.

A ruleset says what a card face, the card panel or a line shows
(pmtui.engine.screen); these functions turn that into Rich text. Nothing here
knows a game: colours come as colour keys, styles as tones.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from pmtui.engine.screen import Bar, Card, Colour, Detail, Face, Row, ScreenSpec, Tone

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


def zone_title(spec: ScreenSpec, zone: str) -> str:
    """A zone's name from the layout: a row's label or a counter's title."""
    lay = spec.layout
    for s in (*lay.theirs, *lay.middle, *lay.mine):
        if isinstance(s, Row) and s.zone == zone:
            return s.label
        if isinstance(s, Bar):
            for c in s.counters:
                if c.zone == zone:
                    return c.title
    return zone


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
) -> list[Text]:
    """`height` lines of at most `width` cells describing one card (height >= 1)."""
    width = max(width, 4)
    name_style = colour_style(colours, face.colour) if face.colour else "bold"
    right_style = "bold cyan" if face.changed else tone(face.right_tone)
    head = (mark or "") + face.title
    lines: list[Text] = []
    if height == 1:
        tail = f" {face.short or face.right}" if (face.short or face.right) else ""
        room = max(width - len(tail), 1)
        t = Text(head[:room].ljust(room), style=name_style)
        t.append(tail[: width - len(t)], style="bold cyan" if face.changed else "bold")
        lines.append(t)
    else:
        lines.append(Text(head[:width].ljust(width), style=name_style))
        # a narrow cell cuts the left part, never the right one (the number that counts)
        room = width - len(face.right) - 1 if face.right else width
        t = Text(face.left if len(face.left) <= room else face.left[:max(room, 0)])
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
            for chunk in _wrap(face.text, width, height - 4):
                lines.append(Text(chunk, style="dim"))
    out = []
    for line in lines[:height]:
        line.truncate(width, pad=True)
        if focused:
            line.stylize("reverse")
        out.append(line)
    while len(out) < height:
        out.append(Text(" " * width, style="reverse" if focused else ""))
    return out


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


def detail_text(detail: Detail | None, colours: Mapping[str, Colour]) -> Text:
    """The card panel."""
    if detail is None:
        return Text("No card selected.\nMove with the arrow keys.", style="dim")
    t = Text()
    t.append(f" {detail.title} ", style=colour_style(colours, detail.colour))
    if detail.ref:
        t.append(f"  {detail.ref}", style="dim")
    for line in detail.lines:
        t.append("\n")
        t.append(line.text, style=tone(line.tone))
        if line.more:
            t.append(line.more, style=tone(line.more_tone))
    return t
