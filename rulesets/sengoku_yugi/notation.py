"""SENGOKU YUGI's verbs in the generic notation (pmtui.engine.notation; docs/notation.md).

Cells are written like `c2` (column letter, row number from player 1's Backline);
the Command Zone, which has no cell, is the word `cz`.
"""

from __future__ import annotations

from pmtui.engine.notation import Choice, Notation

from .cards import AILMENTS, CARD_ID

KIND = Choice("attack kind", ("atk", "mat"))
PLACE = ("[", "cz", "]", "[", "CELL", "]")  # a cell, or the Command Zone

VERBS = {
    # setup (Guide I (9)) and the die (chance)
    "commander": ("REF",),
    "place": ("REF", "CELL"),
    "egg": ("REF",),
    "roll": (Choice("die face", ("1", "2", "3", "4", "5", "6")),),
    # Charge and Draw Phases (Guide I (11)②-③)
    "charge-ap": (),
    "charge-hp": PLACE,
    "charge-familiar": ("[", "none", "]", *PLACE),
    "send": ("REF",),
    "draw": (),
    # Main Phase (Guide I (11)④, Guide II (5)-(7))
    "deploy": ("REF", *PLACE),
    "grow": ("REF", *PLACE),
    "focus": ("REF", *PLACE),
    "move": ("*",),  # move CELL CELL, or move CARD CELL for the Commander (no cell yet)
    "swap": ("CELL", "CELL"),
    "attack": ("CELL", "CELL", KIND),
    "act": ("REF", "[", "2", "]"),
    "contract": ("REF", *PLACE),
    "evolve": ("REF", *PLACE),
    "release": ("CELL", "CELL", "[", "holder", "]"),
    "guard": PLACE,
    "end": (),
    # combat (Guide I (12)-(13), Guide II (8))
    "boost": ("REF", "[", "REF", "]"),
    "done": (),
    "join": ("CELL",),
    "no-join": (),
    # abilities (Guide I (14), Guide II (9))
    "use": ("REF", "[", Choice("which", ("2", "signs", "familiar")), "]"),
    "show": ("HIDDEN", "[", "2", "]"),  # an ability used from the hand (hand#N)
    "skip": (),
    "pay": ("REF",),
    "turn": ("CELL",),
    "counter": (),
    "allow": (),
    "target": PLACE,
    "apply": (Choice("ability", ("support", "combat", "evolution", "none")),),
    "pick": ("REF",),
    "cure": (Choice("ailment", AILMENTS),),
    "none": (),
}

FORMS = {
    "deploy": "deploy CARD CELL|cz",
    "grow": "grow CARD CELL|cz",
    "focus": "focus CARD CELL|cz",
    "move": "move CELL CELL, or move CARD CELL (the Commander)",
    "release": "release CELL CELL [holder]",
    "target": "target CELL|cz",
    "charge-hp": "charge-hp CELL|cz",
    "contract": "contract CARD CELL|cz",
    "evolve": "evolve CARD CELL|cz",
    "use": "use CARD [2|signs|familiar]",
}

NOTATION = Notation(VERBS, card_id=CARD_ID.pattern, forms=FORMS, example="SGY-004@17")
