"""PSO's verbs in the generic notation (pmtui.engine.notation; docs/notation.md)."""

from __future__ import annotations

from pmtui.engine.notation import Notation

VERBS = {
    # main phase (Game play, steps 2-4; D-10)
    "character": ("REF",),
    "monster": ("REF",),
    "event": ("REF",),
    "item": ("REF",),
    "area": ("REF",),
    "trap": (),
    "set": ("REF",),
    "combat": (),
    # combat (Game play, step 5)
    "attack": ("REF",),
    "ability": ("REF",),
    "cast": ("REF",),
    "spell": ("REF", "REF"),
    "weapon": ("REF", "REF"),
    "end": (),
    # targets of the action just declared, or back out of it
    "target": ("REF",),
    "back": (),
    # chance: how an evasion roll went (a scenario with chance = "ask" writes them; D-17)
    "evade": ("REF",),
    "hit": ("REF",),
    # the owner's choices: a new main character (D-18), one of two replacements (D-32)
    "lead": ("REF",),
    "prefer": ("REF", "*"),
}

FORMS = {
    "spell": "spell MAIN-CHARACTER SPELL-CARD",
    "weapon": "weapon MAIN-CHARACTER WEAPON-CARD",
    "prefer": "prefer CARD STAT SOURCE-CARD",
}

# A card id: three capitals, a dash, three digits (docs/cards-pso.md); other pools may
# use any letters and digits.
NOTATION = Notation(VERBS, card_id=r"[A-Za-z0-9][A-Za-z0-9_]*-[A-Za-z0-9_-]+", forms=FORMS,
                    example="HAL-020@12")
