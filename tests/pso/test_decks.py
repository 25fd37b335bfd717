"""PSO deck building (source: "Deck Limits", "Card Limits") and the card files."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesets.pso.cards import CardError, load_pool
from rulesets.pso.decks import (
    Deck,
    DeckError,
    builtin_decks,
    limit_of_count,
    load_deck,
    validate_deck,
)

from .helpers import ruleset


def pool():
    return ruleset().pool


def test_every_builtin_deck_is_legal_and_two_formats_exist():
    names = builtin_decks()
    assert {"verdant_patrol", "ember_vault", "verdant_patrol_quick", "ember_vault_quick"} <= set(
        names
    )
    for name in names:
        d = load_deck(name, pool())
        assert validate_deck(d, pool()) == [], name
        assert len(d.main) == (99 if d.format == "standard" else 40)


def test_pool_covers_every_card_type_and_kind():
    cards = pool().cards()
    assert len(cards) >= 50
    kinds = {(c.type, c.kind) for c in cards}
    for want in [("character", "normal"), ("character", "npc"), ("monster", "normal"),
                 ("area", "normal"), ("area", "boss"), ("area", "quest"), ("event", "normal"),
                 ("event", "trap"), ("event", "blast"), ("spell", "normal"),
                 ("weapon", "normal"), ("item", "normal")]:
        assert want in kinds, want


def _deck(main: list[str], lead: str = "HAL-001", fmt: str = "quick") -> Deck:
    return Deck(name="t", main=tuple(main), lead=lead, format=fmt)


BASE = ["HAL-020"] * 10 + ["HAL-080"] * 30  # a legal quick deck


def test_a_legal_base():
    assert validate_deck(_deck(BASE), pool()) == []


# a deck breaking each construction rule, with the words of its reason
BROKEN = [
    (BASE[:-1], "HAL-001", "quick", "needs exactly 40"),
    (["HAL-020"] * 25 + ["HAL-080"] * 73, "HAL-001", "standard", "needs exactly 99"),
    (BASE[:-4] + ["HAL-003", "HAL-004", "HAL-005", "HAL-006"], "HAL-001", "quick",
     "at most 3"),
    (BASE[:-2] + ["HAL-003", "HAL-003"], "HAL-001", "quick", "must be unique"),
    (["HAL-020"] * 11 + ["HAL-080"] * 29, "HAL-001", "quick", "allows 10"),
    (["HAL-020"] * 26 + ["HAL-080"] * 73, "HAL-001", "standard", "allows 25"),
    (["HAL-080"] * 40, "HAL-001", "quick", "no monster"),
    (BASE, "HAL-007", "quick", "not an NPC"),
    (BASE[:-1] + ["HAL-001"], "HAL-001", "quick", "also in the deck"),
    (BASE[:-2] + ["HAL-042"] * 2, "HAL-001", "quick", "at most 1"),
    (BASE[:-2] + ["HAL-044"] * 2, "HAL-001", "quick", "at most 1"),
    (BASE[:-3] + ["HAL-056"] * 3, "HAL-001", "quick", "its limit is 2"),
    (BASE[:-4] + ["HAL-060"] * 2 + ["HAL-061"] * 2, "HAL-001", "quick", "allows 1"),
]


@pytest.mark.parametrize(("main", "lead", "fmt", "reason"), BROKEN)
def test_each_construction_rule_has_a_one_line_reason(main, lead, fmt, reason):
    """Deck Limits and Card Limits: 99 cards (40 in the quick format, ours: D-31), at most 3
    characters of different names, at most 25 monsters, one copy of each boss and quest
    Area, the main character a normal character not in the deck, Limit X, Limit X of Y."""
    problems = validate_deck(_deck(main, lead, fmt), pool())
    assert problems and any(reason in p for p in problems), problems
    assert all("\n" not in p for p in problems)


def test_limit_x_of_y_rounds_half_up_and_never_below_one():
    """Card Limits: "Always round to a whole number and it can never be lower than 1" (D-28)."""
    assert limit_of_count(1, 2, 4) == 2
    assert limit_of_count(1, 2, 3) == 2
    assert limit_of_count(1, 2, 1) == 1
    assert limit_of_count(1, 2, 0) == 1
    assert limit_of_count(1, 3, 4) == 1


def test_no_other_copy_limit():
    """Deck Limits: "After that, the rest is up to you" - 30 copies of one item is legal (D-29)."""
    assert validate_deck(_deck(BASE), pool()) == []


def test_bad_deck_files_get_one_line_errors(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    for text, part in [
        ("name = 1", "name"),
        ('name = "x"\nlead = "HAL-001"\nformat = "huge"\n[main]\n', "format"),
        ('name = "x"\nlead = "HAL-001"\n[main]\n"HAL-020" = 0\n', "count"),
        ('name = "x"\nlead = "HAL-001"\nmain = [', "TOML"),
        ('name = "x"\nlead = "HAL-001"\nextra = 1\n[main]\n', "unknown field"),
    ]:
        bad.write_text(text)
        with pytest.raises(DeckError, match=part) as exc:
            load_deck(str(bad), pool())
        assert "\n" not in str(exc.value)
    with pytest.raises(DeckError, match="no such deck"):
        load_deck(str(tmp_path / "missing.toml"), pool())


def test_bad_card_files_get_one_line_errors(tmp_path: Path):
    f = tmp_path / "c.toml"
    for body, part in [
        ('type = "monster"\nhp = 10\natp = 1\ndfp = 0\nevp = 9\nability = {target="foe"}',
         "evp"),
        ('type = "monster"\nhp = 10\natp = 1\ndfp = 0\nevp = 1', "exactly one of"),
        ('type = "spell"\neffect = {target = "foe", damage = 5, add = "atp"}', "MST"),
        ('type = "event"\nkind = "trap"\neffect = {target = "foe", damage = 5}', "trap"),
        ('type = "character"\nclass = "HU"\nrace = "android"\nhp = 9\natp = 1\nmst = 2\n'
         'dfp = 0\nevp = 0\nability = {target="foe"}', "androids"),
        ('type = "event"\nkind = "blast"\neffect = {target = "foe", damage = 5, evade = true}',
         "photon blast"),
        ('type = "item"\neffect = {target = "ally", heal = 5}\nname = "x\\u001b[2J"', "control"),
        ('type = "weapon"\nbogus = 1\neffect = {target = "foe"}', "unknown field"),
    ]:
        if "name =" not in body:
            body = 'name = "X"\n' + body
        f.write_text(f'set = "t"\n[[card]]\nid = "T-1"\n{body}\n')
        with pytest.raises(CardError, match=part) as exc:
            load_pool([f])
        assert "\n" not in str(exc.value) and "T-1" in str(exc.value)


def test_pmtui_deck_validate_passes_the_builtin_decks_and_names_each_broken_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`pmtui deck validate --game pso` as a player runs it: 0 for every built-in deck; 1
    and the reason in one line (no traceback) for a deck file breaking each rule."""
    from collections import Counter

    from pmtui.cli import main

    for name in builtin_decks():
        assert main(["deck", "validate", "--game", "pso", name]) == 0, name
    capsys.readouterr()
    for i, (cards, lead, fmt, reason) in enumerate(BROKEN):
        f = tmp_path / f"broken{i}.toml"
        counts = "".join(f'"{cid}" = {n}\n' for cid, n in Counter(cards).items())
        f.write_text(f'name = "b{i}"\nformat = "{fmt}"\nlead = "{lead}"\n[main]\n{counts}')
        assert main(["deck", "validate", "--game", "pso", str(f)]) == 1, reason
        out = capsys.readouterr()
        said = (out.out + out.err).strip()
        # the command reads the format from the size (D-31): a 39-card deck hears both sizes
        want = "needs exactly" if reason.startswith("needs exactly") else reason
        assert want in said and "Traceback" not in said, said
        assert all(line.startswith(str(f)) for line in said.splitlines()), said


def test_pmtui_cards_lists_the_pso_pool_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from pmtui.cli import main

    assert main(["cards", "--game", "pso", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {c["id"] for c in listed} == {c.id for c in pool().cards()}


@pytest.mark.parametrize("seed", range(8))
def test_a_new_game_against_the_computer_pairs_decks_of_one_format(seed: int) -> None:
    """`pmtui play --game pso` gave the player a 40-card quick deck against the
    computer's 99-card one: the computer's deck is now the next built-in deck of the
    player's format (D-31's quick format is ours, for practice between quick decks)."""
    from pmtui.table.games import load_deck, ruleset
    from pmtui.table.session import new_game_header

    header, _seats = new_game_header(seed, game="pso")
    rs = ruleset("pso")
    names = [d["name"] for d in header["decks"]]
    formats = {load_deck(n, rs).format for n in rs.builtin_decks()
               if load_deck(n, rs).name in names}
    assert len(formats) == 1, names
