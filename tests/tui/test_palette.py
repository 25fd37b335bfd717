"""Card colours stay apart in every colour depth (issue 17 item 3): the palette's
values downgraded as a 256- and a 16-colour terminal gets them."""

from __future__ import annotations

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style

from pmtui.table.registry import known, ruleset
from pmtui.tui.display import PALETTE, colour_style

DEPTHS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD)
# what a 16-colour terminal shows for each name: the colour itself or its bright form
SIXTEEN = {"red": {1, 9}, "blue": {4, 12}, "yellow": {3, 11}, "green": {2, 10},
           "magenta": {5, 13}, "cyan": {6, 14}, "white": {7, 15}, "black": {0, 8}}


def _shown(value: str, depth: ColorSystem) -> str:
    c = Color.parse(value).downgrade(depth)
    return c.triplet.hex if depth == ColorSystem.TRUECOLOR and c.triplet else str(c.number)


@pytest.mark.parametrize("depth", DEPTHS, ids=["truecolor", "256", "16"])
def test_the_eight_names_stay_apart(depth: ColorSystem) -> None:
    shown = [_shown(v, depth) for v in PALETTE.values()]
    assert len(set(shown)) == len(shown)


def test_sixteen_colours_keep_each_name() -> None:
    for name, value in PALETTE.items():
        assert Color.parse(value).downgrade(ColorSystem.STANDARD).number in SIXTEEN[name]


@pytest.mark.parametrize("game", known())
def test_a_games_card_colours_are_drawn_from_the_palette(game: str) -> None:
    colours = ruleset(game).screen.colours
    for key, c in colours.items():
        style = Style.parse(colour_style(colours, key))
        assert style.bgcolor is not None and style.bgcolor.triplet is not None, key
        assert style.bgcolor.triplet.hex == PALETTE[c.ansi]
    # Precious Memories' red and purple (purple has its own cost rules) differ everywhere
    if "purple" in colours and "red" in colours:
        for depth in DEPTHS:
            assert _shown(PALETTE[colours["red"].ansi], depth) != \
                _shown(PALETTE[colours["purple"].ansi], depth)
