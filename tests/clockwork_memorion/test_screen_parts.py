"""Clockwork Memorion on the generic parts (docs/rulesets.md, "Parts a game may use"):
the current text with `text`/`printed` and `Face.text_changed` (S:53, S:65-67), Recall
Time as a window where only recalls answer (S:69-75), the Ruler's and the Summon Limit
card's two faces (S:10, M5), and the Successor zones as a numbered row with each
zone's emotion letter (M5)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pmtui.engine.views import view
from pmtui.table.registry import ruleset
from pmtui.table.scenarios import load, run

HERE = Path(__file__).parent.parent / "scenarios" / "clockwork_memorion"
RS = ruleset("clockwork_memorion")


def _game(name: str, upto: int | None = None):  # noqa: ANN202
    sc = load(HERE / name)
    if upto is not None:
        sc = replace(sc, actions=sc.actions[:upto], expects=[])
    return run(sc).game


def _card(v: dict, cid: str) -> dict:
    return next(c for z in v["zones"].values() for c in z
                if isinstance(c, dict) and c.get("cid") == cid)


def test_a_recalled_word_changes_the_current_text_and_is_drawn_changed() -> None:
    """S:65-67: after the recall the successor's text holds the added word; the face
    says its text changed and the panel adds the printed words."""
    game = _game("s065_recall_adds_until_turn_end.toml", upto=2)
    v = view(RS, game.state, 0)
    card = _card(v, "CWM-005")
    assert "+100" in card["text"] and "+100" not in card["printed"]
    face = RS.screen.face(card, "0/succ", v)
    assert face.text_changed and "+100" in face.text
    lines = [ln.text for ln in RS.screen.detail(card, "0/succ", v).lines]
    assert "printed:" in lines


def test_an_unchanged_text_is_not_drawn_changed() -> None:
    game = _game("s065_recall_adds_until_turn_end.toml", upto=0)
    v = view(RS, game.state, 0)
    card = _card(v, "CWM-005")
    assert card["text"] == card["printed"]
    assert not RS.screen.face(card, "0/succ", v).text_changed


def test_recall_time_is_a_window_only_recalls_answer() -> None:
    """S:69: in Recall Time only recalls may be made; the screen says so and has a stop."""
    game = _game("s065_recall_adds_until_turn_end.toml", upto=2)
    d = game.pending()
    assert d is not None and d.kind == "recall_time"
    w = RS.screen.window(d, view(RS, game.state, d.player))
    assert w is not None and w.only == "recalls"
    assert w.stop in {s.name for s in RS.screen.stops}
    assert all(t.split()[0] in ("recall", "pass") for t in d.texts)


def test_recall_time_is_the_engines_recall_only_window_over_no_action() -> None:
    """S:69-70, M19: Recall Time is a window of the engine's chain (pmtui.engine.chain)
    in the mode only recalls answer, standing over no action, so the generic turn
    panel line reads it; a recall inside it keeps it so, for the other player."""
    from pmtui.engine import chain
    from pmtui.engine.screen import answer_line

    game = _game("s070_recall_time_alternates.toml", upto=0)
    v = game.state.vars
    assert chain.window_mode(v) == "recall" and chain.bare(v) and chain.holder(v) == 0
    line = answer_line(view(RS, game.state, 0), ["Ann", "Bob"], {"recall": "recalls"})
    assert line is not None and "Ann may answer" in line.text and line.more == "recalls only"
    game = _game("s070_recall_time_alternates.toml", upto=1)
    v = game.state.vars
    assert chain.window_mode(v) == "recall" and chain.bare(v) and chain.holder(v) == 1


def test_the_ruler_and_the_summon_limit_have_two_faces() -> None:
    """S:10: the deified face; M5: a Summon Limit card's two rows of emotions."""
    ruler, limit = RS.card_info("CWM-001"), RS.card_info("CWM-002")
    assert len(ruler.faces) == 2 and "deified" in ruler.faces[1]
    assert ruler.faces[0].startswith("Archivist Lumen") and "Summon Level 3" in ruler.faces[1]
    assert [f.split(":")[0] for f in limit.faces] == ["face 1", "face 2"]
    game = _game("m13_summon_level.toml")
    v = view(RS, game.state, 0)
    other = RS.screen.detail(_card(v, "CWM-001"), "0/ruler", v).other
    assert other and "deified" in other[0].text
    lim = RS.screen.detail(_card(v, "CWM-002"), "0/limit", v).other
    assert lim[0].text == "face 2"


def test_the_successor_zones_are_a_numbered_row_marked_with_emotions() -> None:
    """M5: Carnival Compass face 1 gives zones 1-5 Joy Humour Joy Humour Joy."""
    row = next(r for r in RS.screen.layout.mine if getattr(r, "zone", "") == "succ")
    assert row.slot == "z" and row.slots == 5 and row.marks is not None
    game = _game("m13_summon_level.toml")
    assert tuple(row.marks(view(RS, game.state, 0), 0)) == ("J", "H", "J", "H", "J")


def test_a_position_written_keeps_recall_time_the_recalls_and_the_steps_used() -> None:
    """S:65-67, S:69: the sandbox saves a position with the turn's recalls (their words
    last until its end), an open Recall Time and the once-a-turn steps used; building
    it again gives the same moment and the same words."""
    from pmtui.engine.game import Game
    from pmtui.table.sandbox.model import new_header

    game = _game("s065_recall_adds_until_turn_end.toml", upto=2)
    game.state.vars["did"] = {"inherit": True}
    doc, _ = RS.positions.write(game.state)
    assert doc["position"]["recall_time"] == "p1" and doc["position"]["used"] == ["inherit"]
    again = Game(RS, new_header(RS.positions.parse(doc), rs=RS), hashing=False).state
    before, after = (RS.positions.facts(s, None) for s in (game.state, again))
    assert {k: after[k] for k in ("recall_time", "recalls", "used")} == \
        {k: before[k] for k in ("recall_time", "recalls", "used")}
    assert before["recalls"] and before["recall_time"]


def test_a_card_of_the_pool_has_its_colour_and_printed_numbers() -> None:
    """The deck editor and the sandbox's lists draw a pool card without a view: its
    emotion's colour and letter, Level, printed Power/Mind; a Ruler its Summon Level."""
    empty = {"player": None, "zones": {}, "vars": {}}
    pup = RS.screen.face({"cid": "CWM-003"}, "", empty)
    assert (pup.colour, pup.left, pup.right) == ("joy", "J Lv1", "200/100")
    lumen = RS.screen.face({"cid": "CWM-001"}, "", empty)
    assert lumen.colour == "ruler" and lumen.left == "Summon Lv2"


def test_a_summon_or_move_option_names_the_zone_and_its_emotion() -> None:
    """M5: a zone in a menu is named as on the board, its number and the emotion the
    Summon Limit gives it (face 1 of Carnival Compass: Joy Humour Joy Humour Joy)."""
    game = _game("s084_recall_onto_a_successor_being_summoned.toml", upto=0)
    v = view(RS, game.state, 0)
    d = game.pending()
    summon = next(t for t in d.texts if t.startswith("summon"))
    assert RS.screen.label(summon, v) == "Summon Bellhop Sprite to zone 2 (Humour)"
    assert RS.screen.label("move CWM-005@2 z5", v) == "Move Bellhop Sprite to zone 5 (Joy)"
    spectator = view(RS, game.state, None)
    assert RS.screen.label(summon, spectator) == "Summon Bellhop Sprite to zone 2"


def test_an_ordering_option_reads_in_words() -> None:
    """S:180: the choice of which of one's own triggers resolves first names the card and
    the ability, never the notation."""
    game = _game("s084_recall_onto_a_successor_being_summoned.toml", upto=0)
    v = view(RS, game.state, 0)
    assert RS.screen.label("first CWM-005@2 1", v) == "First: Bellhop Sprite, ability 1"
    assert RS.screen.label("first CWM-005@2 rampage", v) == "First: Bellhop Sprite, its Rampage"
    assert RS.screen.label("first CWM-005@2 CWM-017", v) == \
        "First: Bellhop Sprite, the aura of Crown of First Light"
