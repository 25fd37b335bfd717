"""Plain-language labels for option texts (the notation stays the source of truth)."""

from __future__ import annotations

import re
from collections.abc import Callable

REF = re.compile(r"\b([A-Z]{2,4}-\d{3}[a-z]?)@(\d+)\b")

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
    "no-interference": "No interference: take the top card of your deck as a point",
}


def humanize(text: str, name: Callable[[str], str]) -> str:
    """A readable label for an option text; `name(cid)` gives a card's name."""
    if text in FIXED:
        return FIXED[text]

    def n(m: re.Match[str]) -> str:
        return name(m.group(1))

    words = text.split()
    verb = words[0] if words else ""
    refs = REF.findall(text)
    if verb == "summon" and refs:
        what = name(refs[0][0])
        if "replace" in words and len(refs) > 1:
            return f"Summon {what} to the Main Area, discarding {name(refs[1][0])}"
        area = "Support Area" if words[-1] == "support" else "Main Area"
        return f"Summon {what} to the {area}"
    if verb == "support" and len(refs) > 1:
        return f"Set {name(refs[0][0])} on {name(refs[1][0])}"
    verbs = {
        "event": "Play",
        "approach": "Approach with",
        "interfere": "Interfere with",
        "pay": "Pay with",
        "discard": "Discard",
        "bottom": "Put under the deck:",
    }
    if verb in verbs and refs:
        return f"{verbs[verb]} {name(refs[0][0])}"
    return REF.sub(n, text)
