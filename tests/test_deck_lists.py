"""Deck lists as players share them: `3 Card Name` lines under `# part` headings
(docs/decks.md). Export then import gives the same deck in every game."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmtui.cli import main
from pmtui.engine.ruleset import DeckList
from pmtui.table.decklist import MAX_LIST_BYTES, DeckListError, export_list, import_list
from pmtui.table.decks import DeckStore, same_cards
from pmtui.table.registry import known, ruleset

GAMES = known()


def unique_names(rid: str, ex: bool | None = None) -> list[str]:
    """Ids of cards whose name no other card has (in Precious Memories a character's
    name is on many cards, which a list then writes with the id)."""
    rs = ruleset(rid)
    seen = Counter(c.name for c in rs.cards.values())
    return [cid for cid, c in rs.cards.items() if seen[c.name] == 1
            and (ex is None or getattr(c, "ex", False) == ex)]


@st.composite
def edited_decks(draw: st.DrawFn) -> tuple[str, DeckList]:
    """A built-in deck of any game after a few edits the editor makes: a copy of a pool
    card added to the part the game puts it in, or a copy removed."""
    rid = draw(st.sampled_from(GAMES))
    rs = ruleset(rid)
    deck = rs.load_deck(draw(st.sampled_from(rs.builtin_decks())))
    parts = {p: list(deck.part(p)) for p in rs.deck_parts}
    pool = sorted(rs.cards)
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            cid = draw(st.sampled_from(pool))
            parts[rs.deck_slot(cid).part].append(cid)
        else:
            part = draw(st.sampled_from(rs.deck_parts))
            if parts[part]:
                parts[part].pop(draw(st.integers(0, len(parts[part]) - 1)))
    return rid, DeckList("edited", {p: tuple(v) for p, v in parts.items() if v})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=edited_decks())
def test_export_then_import_gives_the_same_deck(case: tuple[str, DeckList]) -> None:
    rid, deck = case
    rs = ruleset(rid)
    again = import_list(rs, "\n".join(export_list(rs, deck)), "again")
    assert same_cards(deck, again, rs.deck_parts)


@pytest.mark.parametrize("rid", GAMES)
def test_every_built_in_deck_round_trips(rid: str) -> None:
    rs = ruleset(rid)
    for name in rs.builtin_decks():
        deck = rs.load_deck(name)
        lines = export_list(rs, deck)
        assert lines[0] == f"# {rs.deck_parts[0]}"
        assert same_cards(import_list(rs, "\n".join(lines), name), deck, rs.deck_parts)


def test_the_list_is_counts_and_names_grouped_by_part() -> None:
    rs = ruleset("precious_memories")
    a, b = unique_names(rs.id, ex=False)[:2]
    x = unique_names(rs.id, ex=True)[0]
    deck = DeckList("x", {"main": (a, b, a), "ex": (x, "STA-001")})
    m, n, e, shared = (rs.cards[c].name for c in (a, b, x, "STA-001"))
    assert export_list(rs, deck) == ["# main", f"2 {m}", f"1 {n}", "# ex", f"1 {e}",
                                     f"1 {shared} (STA-001)"]


def test_a_name_several_cards_share_carries_the_id() -> None:
    """SENGOKU YUGI prints one character at several levels under one name (Guide I (5))."""
    rs = ruleset("sengoku_yugi")
    deck = DeckList("x", {"main": ("SGY-027", "SGY-028")})
    name = rs.cards["SGY-027"].name
    assert export_list(rs, deck) == ["# main", f"1 {name} (SGY-027)", f"1 {name} (SGY-028)"]
    with pytest.raises(DeckListError, match=r'line 1: several cards are named ".*" \(SGY-027'):
        import_list(rs, name, "x")


def test_names_or_ids_case_aside_and_parts_by_heading_or_by_the_game() -> None:
    rs = ruleset("precious_memories")
    a = unique_names(rs.id, ex=False)[0]
    x = unique_names(rs.id, ex=True)[0]
    text = f"""# a comment line
3x {rs.cards[a].name.upper()}
sta-002
2 {x.lower()}
1 Mirei Tsukishiro (sta-011a)

# EX
1 {rs.cards[x].name}
"""
    deck = import_list(rs, text, "mine")
    assert Counter(deck.part("main")) == {a: 3, "STA-002": 1, "STA-011a": 1}
    # an EX card before any heading goes to the EX deck, where the game puts it (P26)
    assert Counter(deck.part("ex")) == {x: 3}


def test_an_unknown_name_gets_the_closest_names() -> None:
    rs = ruleset("precious_memories")
    real = next(rs.cards[c].name for c in unique_names(rs.id) if len(rs.cards[c].name) > 10)
    typo = real[:3] + real[4:]  # one letter left out
    with pytest.raises(DeckListError) as err:
        import_list(rs, f"# main\n4 {real}\n\n4 {typo}\n", "x")
    assert str(err.value).startswith(f'line 4: no card "{typo}" — did you mean ')
    assert real in str(err.value)
    with pytest.raises(DeckListError, match=r'line 1: no card "zzzzqqq" \(`pmtui cards`'):
        import_list(rs, "zzzzqqq", "x")


@pytest.mark.parametrize("line", ["0 STA-001", "100 STA-001"])
def test_counts_are_bounded(line: str) -> None:
    with pytest.raises(DeckListError, match="line 1: a count is 1 to 99"):
        import_list(ruleset("precious_memories"), line, "x")


def test_a_huge_paste_is_one_line_and_saves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    with pytest.raises(DeckListError, match="at most 64 KB"):
        import_list(ruleset("pso"), "1 HAL-004\n" * (MAX_LIST_BYTES // 8), "x")
    big = tmp_path / "big.txt"
    big.write_bytes(b"4 STA-001\n" * (10 * 1024 * 1024 // 10))
    assert main(["deck", "import", str(big), "--game", "precious_memories"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at most 64 KB" in err
    assert DeckStore(ruleset("precious_memories")).names() == []


def test_import_saves_an_own_deck_and_export_prints_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["deck", "export", "verdant_patrol_quick", "--game", "pso"]) == 0
    listed = capsys.readouterr().out
    source = tmp_path / "patrol.txt"
    source.write_text(listed, encoding="utf-8")
    assert main(["deck", "import", str(source), "--game", "pso"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("saved patrol (") and "legal deck (main 40, lead 1)" in out
    assert main(["deck", "export", "patrol", "--game", "pso"]) == 0
    assert capsys.readouterr().out == listed


def test_import_of_a_bad_list_is_one_line_and_saves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    listing = tmp_path / "mine.txt"
    for content in (b"# main\n4 Nobody At All\n", b"\xff\xfe\x00bad", b"4 STA-001\n"):
        listing.write_bytes(content)
        name = "a\x1b]0;x\x07" if content == b"4 STA-001\n" else "mine"
        status = main(["deck", "import", str(listing), "--game", "precious_memories",
                       "--name", name])
        err = capsys.readouterr().err
        assert status == 2 and err.count("\n") == 1 and "\x1b" not in err, err
    assert DeckStore(ruleset("precious_memories")).names() == []
    assert main(["deck", "import", str(tmp_path / "missing.txt"), "--game", "pso"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
