"""How a card from a player VIEW looks on screen. Pure functions: no Textual widgets.

The screen must not read the game state, only a player's view: card dicts with
uid, cid, owner, attribute flags and the values the ruleset derives (current
AP/DP, cost, where they differ from print). Nothing here adds rules up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

# Card frame colours as 16-colour-safe styles: ANSI background, contrasting text.
COLOUR_STYLE = {
    "red": "bold white on red",
    "blue": "bold white on blue",
    "yellow": "bold black on yellow",
    "green": "bold black on green",
    "purple": "bold white on magenta",
}
COLOUR_TEXT = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green",
               "purple": "magenta"}
COLOUR_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "purple": "P"}

Card = Mapping[str, Any]  # a card dict from a view


def shown_stats(card: Card) -> tuple[int, int] | None:
    """AP/DP as the view carries them (the ruleset derives them; nothing is added here)."""
    ap, dp = card.get("ap"), card.get("dp")
    return None if ap is None or dp is None else (int(ap), int(dp))


def modified(card: Card) -> bool:
    """Whether the ruleset says the card's values differ from print."""
    return bool(card.get("why"))


def ref(card: Card) -> str:
    """The card in notation (cid@uid), as in the engine's option texts."""
    return f"{card.get('cid')}@{card.get('uid')}"


def status_words(card: Card, turn: int | None, attached: int = 0) -> list[str]:
    words = ["Rest" if card.get("rest") else "Act"]
    if turn is not None and card.get("turn") == turn:
        words.append("new")
    if int(card.get("level", 1)) > 1:
        words.append(f"Lv{card['level']}")
    if card.get("coins"):
        words.append(f"c{card['coins']}")
    if attached:
        words.append(f"+{attached}S")
    return words


def card_lines(
    card: Card,
    d: Any,
    width: int,
    height: int,
    *,
    turn: int | None = None,
    attached: int = 0,
    mark: str = "",
    focused: bool = False,
    in_area: bool = True,
) -> list[Text]:
    """`height` lines of at most `width` cells describing one card (height >= 1)."""
    width = max(width, 4)
    if d is None:
        return [Text("?".ljust(width))] + [Text(" " * width) for _ in range(height - 1)]
    colour = d.colour
    name_style = COLOUR_STYLE.get(colour, "bold")
    letter = COLOUR_LETTER.get(colour, "?")
    stats = shown_stats(card)
    st = f"{stats[0]}/{stats[1]}" if stats else ""
    cost = f"{card.get('cost', d.cost)}/{d.provides}"
    words = status_words(card, turn, attached) if in_area else []
    head = (mark or "") + d.name
    lines: list[Text] = []
    if height == 1:
        tail = f" {st}" if st else f" {d.type[:3]}"
        room = width - len(tail)
        t = Text(head[: max(room, 1)].ljust(max(room, 1)), style=name_style)
        t.append(tail[: width - len(t)], style=_stat_style(card, d))
        lines.append(t)
    else:
        lines.append(Text(head[:width].ljust(width), style=name_style))
        t = Text(f"{letter}{cost}")
        if st:
            pad = width - len(t) - len(st)
            t.append(" " * max(pad, 1))
            t.append(st, style=_stat_style(card, d))
        elif d.type != "chara":
            t.append(" " * max(width - len(t) - len(d.type), 1) + d.type, style="italic")
        lines.append(t)
        if height >= 3:
            lines.append(Text(" ".join(words) if words else _timing(d), style="dim"))
        if height >= 4:
            extra = keyword_text(d) if d.keywords else ", ".join(d.properties)
            lines.append(Text(extra, style="italic"))
        if height >= 5 and d.text:
            for chunk in _wrap(d.text, width, height - 4):
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


def keyword_text(d: Any) -> str:
    """Keywords as printed: "adversity:3:10:10" -> "Adversity 3"."""
    out = []
    for k in d.keywords:
        name, _, rest = str(k).partition(":")
        arg = rest.split(":")[0] if rest else ""
        out.append(f"{name.replace('_', ' ').title()} {arg}".strip())
    return ", ".join(out)


def _stat_style(card: Card, d: Any) -> str:
    return "bold cyan" if modified(card) else "bold"


def _timing(d: Any) -> str:
    return f"[{d.timing}]" if d.timing else ""


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


def detail_text(card: Card | None, d: Any, turn: int | None, extras: list[str]) -> Text:
    """The full description of one card for the detail panel."""
    if card is None or d is None:
        return Text("No card selected.\nMove with the arrow keys.", style="dim")
    t = Text()
    t.append(f" {d.name} ", style=COLOUR_STYLE.get(d.colour, "bold"))
    t.append(f"  {ref(card)}\n", style="dim")
    t.append(f"{d.colour} {d.type} · {d.series}\n")
    t.append(f"Usage cost {card.get('cost', d.cost)} · provides {d.provides}")
    stats = shown_stats(card)
    if stats:
        t.append(f"\nAP/DP {stats[0]}/{stats[1]}", style="bold")
        if modified(card) and (d.ap, d.dp) != stats:
            t.append(f" (printed {d.ap}/{d.dp})", style="dim")
    for line in card.get("why", ()) or ():
        t.append(f"\n  {line}", style="cyan")
    if d.timing:
        t.append(f"\nTiming: {d.timing}")
    if d.properties:
        t.append(f"\n{', '.join(d.properties)}", style="italic")
    if d.keywords:
        t.append(f"\nKeywords: {keyword_text(d)}", style="bold")
    words = status_words(card, turn) if "rest" in card or "turn" in card else []
    if words:
        t.append(f"\n{' '.join(words)}", style="cyan")
    if card.get("down"):
        t.append("\nface down (used as cost)", style="cyan")
    for line in extras:
        t.append(f"\n{line}", style="cyan")
    if d.text:
        t.append(f"\n\n{d.text}")
    for line in card.get("texts", ()) or ():
        t.append(f"\n{line}")
    if d.flavour:
        t.append(f"\n{d.flavour}", style="dim italic")
    return t
