"""The verbs of Clockwork Memorion's options (pmtui.engine.notation)."""

from __future__ import annotations

from pmtui.engine.notation import Notation

NOTATION = Notation(
    {
        "limit": ("*",),  # limit FACE fwd|rev (setup, in secret)
        "return": ("REF",),  # the redraw: a card back to the deck
        "keep": (),
        "summon": ("REF", "CELL"),  # summon CARD z3
        "inherit": ("REF", "REF", "*"),  # inherit MEMORION HOLDER [slot N]
        "move": ("REF", "*"),  # move SUCCESSOR zN | move MEMORION HOLDER [slot N]
        "recall": ("REF", "REF", "*"),  # recall CARD TARGET [slot N add|rewrite]
        "use": ("REF", "*"),  # use CARD N: its Nth ability
        "deify": (),
        "attack": ("REF",),
        "block": ("*",),  # block none | block CARD CARD ...
        "assign": ("REF", "*"),  # assign BLOCKER AMOUNT
        "pick": ("*",),  # pick CARD | pick hand#N
        "discard": ("REF",),
        "first": ("REF", "*"),  # first CARD N|KING|rampage: ordering triggers (S:180)
        "put": ("REF",),  # put CARD: the looked-at card drawn next of them ("in any order")
        "pass": (),
        "battle": (),
        "main2": (),
        "end": (),
    },
    card_id=r"CW[MX]-\d{3}[a-z]?",
    forms={"inherit": "inherit MEMORION HOLDER [slot N]",
           "recall": "recall CARD TARGET [slot N add|rewrite]",
           "move": "move SUCCESSOR zN | move MEMORION HOLDER [slot N]"},
)
