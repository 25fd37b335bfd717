"""Precious Memories' verbs in the generic notation (pmtui.engine.notation; docs/notation.md)."""

from __future__ import annotations

from pmtui.engine.notation import Choice, Notation

AREA = Choice("area", ("main", "support"))

VERBS = {
    # set-up (p.05); "first" also orders effects that trigger together (p.20)
    "first": ("[", "REF", "*", "]"),
    "second": (),
    "keep": (),
    "redraw": (),
    "bottom": ("REF",),
    # priority windows (p.09-10, p.16-17, p.20, p.24)
    "pass": (),
    "summon": ("REF", AREA, "[", "replace", "REF", "]"),
    "event": ("REF",),
    "support": ("REF", "on", "REF"),
    "levelup": ("REF", "on", "REF"),
    "use": ("REF", "*"),
    "backup": ("REF",),
    # paying, costs and targets (p.11-12, p.16-17, p.23)
    "pay": ("REF",),
    "done": (),
    "cancel": (),
    "target": ("REF",),
    "pick": ("REF",),
    "none": (),
    # Approach Phase (p.13-14, p.23)
    "approach": ("REF", "[", "with", "REF", "]"),
    "stop": (),
    "interfere": ("REF",),
    "no-interference": (),
    "eliminate": ("REF",),
    # Turn End (p.15); also a named card discarded as an effect's cost
    "discard": ("REF",),
}

FORMS = {
    "summon": "summon CARD main|support [replace CARD]",
    "approach": "approach CARD [with CARD]",
    "use": "use CARD N [from ID]",
    "first": "first, or first CARD N",
}

# A card id: 2-4 capitals, a dash, 3 digits, an optional parallel letter (docs/cards.md).
NOTATION = Notation(VERBS, card_id=r"[A-Z]{2,4}-\d{3}[a-z]?", forms=FORMS, example="STA-004@17")
