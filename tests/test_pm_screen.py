"""Precious Memories' screen description (rulesets/precious_memories/screen.py): what a
card face shows from the view, and when the table may pass for a player."""

from __future__ import annotations

from pmtui.engine.decision import Decision, Option
from pmtui.engine.views import view
from tests.test_card_view import position_game


def test_faces_read_the_views_derived_values() -> None:
    game = position_game()
    spec = game.ruleset.screen
    v = view(game.ruleset, game.state, 1)
    faces = {c["cid"]: spec.face(c, "main", v) for c in v["zones"]["0/main"]}
    assert faces["STA-001"].right == "30/20" and faces["STA-001"].changed  # p.10 support
    assert faces["STA-019"].right == "60/60" and faces["STA-019"].left.endswith("4/1")  # p.24
    assert "Lv2" in faces["STA-019"].status and "+1S" in faces["STA-001"].status
    hand = view(game.ruleset, game.state, 0)["zones"]["0/hand"]
    face = spec.face(hand[0], "hand", v)
    assert face.right == "40/40" and not face.changed and "Act" not in face.status


def test_the_table_passes_in_the_other_players_main_phase_and_the_approach_windows() -> None:
    spec = position_game().ruleset.screen
    d = Decision(1, "priority", (Option("pass", ("pass",)),))
    main = {"zones": {}, "vars": {"phase": "main", "ap": 0}}
    assert spec.window(d, main).stop == "opponent_main" and spec.window(d, main).auto
    own = Decision(0, "priority", d.options)
    assert spec.window(own, main).stop == "own_main" and not spec.window(own, main).auto
    for step, auto in (("w2", True), ("w4", True), ("w6", True)):
        w = spec.window(d, {"zones": {}, "vars": {"phase": "approach", "step": step, "ap": 0}})
        assert w.stop == "approach" and w.auto is auto
    assert spec.window(Decision(0, "respond", d.options), main).stop == "respond"
    assert spec.window(Decision(0, "order", d.options), main) is None


def test_an_effect_option_says_what_the_effect_does() -> None:
    """"use TWC-030@28 1" reads as what Kaede Oribe's effect does (it read "use Kaede
    Oribe 1"); a target is a capitalised verb like the other options."""
    from pmtui.table.registry import ruleset

    screen = ruleset("precious_memories").screen
    view = {"zones": {}, "vars": {}}
    assert screen.label("use TWC-030@28 1", view) == \
        "Use Kaede Oribe: put a +10/+10 coin on one of your charas in the Main Area"
    assert screen.label("target TWC-030@28", view) == "Target Kaede Oribe"


def test_every_effect_of_every_card_is_named_by_what_it_does() -> None:
    """No "use" option falls back to "Use X, effect 1": the printed text of each effect
    is found by its timing mark whatever its form ([Main/Self], [On Approach] for
    on_approach, [Backup: Approach/Self] for a backup)."""
    from pmtui.table.registry import ruleset

    screen = ruleset("precious_memories").screen
    view = {"zones": {}, "vars": {}}
    unnamed = [f"{cid} {i}" for cid, d in screen.t.defs.items()
               for i in range(1, len(d.effects) + 1)
               if screen.label(f"use {cid}@1 {i}", view).endswith(f", effect {i}")]
    assert unnamed == []
    assert screen.label("use STB-008@1 1", view).endswith(
        ": Discard this card from your hand: one of your charas in the Main Area gets "
        "DP+20 until end of turn")
