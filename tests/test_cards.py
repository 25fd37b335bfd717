"""Card model and card-file loader (rulebook P02-P04 card parts, P05 ids, P24 series)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulesets.precious_memories.cards import (
    CardDef,
    CardError,
    CardPool,
    SeriesTable,
    data_dir,
    load_pool,
    load_series_table,
    ruleset_data,
)

GOOD = """\
[[card]]
id = "TST-001"
name = "Test Girl"
type = "chara"
colour = "red"
usage_cost = 2
provided_cost = 1
ap = 30
dp = 30
"""


def write(
    tmp_path: Path, body: str, name: str = "set.toml", header: str = 'set = "Test"\n'
) -> Path:
    path = tmp_path / name
    path.write_text(header + body, encoding="utf-8")
    return path


class Raw(str):
    """A value written into the TOML as-is (arrays, tables)."""


def card(**fields: object) -> str:
    """One [[card]] table: GOOD with fields replaced (None drops a field)."""
    lines = ["[[card]]"]
    base: dict[str, object] = {
        "id": "TST-001", "name": "Test Girl", "type": "chara", "colour": "red",
        "usage_cost": 2, "provided_cost": 1, "ap": 30, "dp": 30,
    }
    base.update(fields)
    for key, value in base.items():
        if value is None:
            continue
        if isinstance(value, Raw):
            text = str(value)
        elif isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, str):
            text = f'"{value}"'
        else:
            text = str(value)
        lines.append(f"{key} = {text}")
    return "\n".join(lines) + "\n"


def load_error(tmp_path: Path, body: str, **kw: str) -> str:
    path = write(tmp_path, body, **kw)
    with pytest.raises(CardError) as info:
        load_pool([path])
    msg = str(info.value)
    assert "\n" not in msg, "errors must be one line"
    assert str(path) in msg, "errors must name the file"
    return msg


# ------------------------------------------------------------------ real pool


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return load_pool()


def test_real_pool_loads_with_expected_size(pool: CardPool) -> None:
    assert 100 <= len(pool) <= 160  # the starter pool (tests/test_card_pool.py checks it in full)
    assert len(set(pool)) == len(pool)


def test_real_pool_has_every_card_colour_p02(pool: CardPool) -> None:
    colours = {c.colour for c in pool.values()}
    assert colours == set(ruleset_data()["colours"])


def test_real_pool_has_every_card_type_p02_p04(pool: CardPool) -> None:
    types = Counter(c.type for c in pool.values())
    assert set(types) == {"chara", "event", "support"}
    assert types["chara"] > types["event"] > types["support"]


def test_real_pool_has_vanilla_cards_and_cards_with_effects(pool: CardPool) -> None:
    assert any(c.effects == () and c.keywords == () for c in pool.values())
    assert any(c.effects for c in pool.values()) and any(c.keywords for c in pool.values())


def test_real_pool_stats_follow_a_curve(pool: CardPool) -> None:
    charas = [c for c in pool.values() if c.has_apdp]
    for c in charas:
        assert 10 <= c.ap <= 70 and 10 <= c.dp <= 70, c.id  # type: ignore[operator]
        assert 0 <= c.cost <= 5 and 1 <= c.provides <= 3, c.id
    # Dearer charas are bigger on average.
    by_cost: dict[int, list[int]] = {}
    for c in charas:
        by_cost.setdefault(c.cost, []).append(c.ap + c.dp)  # type: ignore[operator]
    means = [sum(v) / len(v) for _, v in sorted(by_cost.items())]
    assert means == sorted(means)


def test_real_pool_has_charas_without_apdp_and_ex_cards(pool: CardPool) -> None:
    cards = list(pool.values())
    assert any(c.type == "chara" and not c.has_apdp for c in cards)
    assert 2 <= sum(c.ex for c in cards) <= 4
    assert sum(c.colour == "purple" and c.type == "chara" for c in cards) >= 3


def test_real_pool_events_have_timings_and_charas_do_not_p17(pool: CardPool) -> None:
    for c in pool.values():
        if c.type == "event":
            assert c.timing and "/" in c.timing, c.id
        if c.type == "chara":
            assert c.timing is None, c.id


def test_real_pool_has_a_parallel_card_p05(pool: CardPool) -> None:
    parallels = [c for c in pool.values() if c.id != c.base_id]
    assert parallels
    for c in parallels:
        assert pool.get(c.base_id).name == c.name


def test_digest_is_stable_and_order_free(pool: CardPool) -> None:
    again = load_pool()
    assert again.digest == pool.digest and len(pool.digest) == 64
    files = sorted(p for p in Path(str(data_dir())).glob("*.toml"))
    assert load_pool(reversed(files)).digest == pool.digest


def test_digest_changes_when_a_card_changes(tmp_path: Path) -> None:
    a = load_pool([write(tmp_path, card(), name="a.toml")])
    b = load_pool([write(tmp_path, card(ap=40), name="b.toml")])
    assert a.digest != b.digest


def test_pool_get_unknown_id_raises_card_error(pool: CardPool) -> None:
    with pytest.raises(CardError, match="unknown card id NOPE-001"):
        pool.get("NOPE-001")
    assert "NOPE-001" not in pool


def test_pool_is_ordered_and_iterates_ids(pool: CardPool) -> None:
    ids = list(pool)
    assert ids == [c.id for c in pool.cards()]
    assert all(isinstance(i, str) for i in ids)


def test_search_is_case_insensitive_over_fields(pool: CardPool) -> None:
    assert {c.id for c in pool.search("mirei tsukishiro")} >= {"STA-001", "STA-011a"}
    assert all("Astronomy Club" in c.properties for c in pool.search("ASTRONOMY club")
               if "astronomy" not in c.text.casefold())
    assert [c.id for c in pool.search("sta-001")] == ["STA-001"]
    assert pool.search("discard zone")  # matches event text
    assert pool.search("no such thing anywhere") == []
    assert len(pool.search("")) == len(pool)


def test_base_id_strips_parallel_letter_only() -> None:
    fields = dict(name="n", series="s", type="chara", colour="red", cost=1, provides=1,
                  ap=None, dp=None, properties=(), rarity=1, text="", flavour="", ex=False,
                  timing=None, keywords=(), effects=())
    assert CardDef(id="AB-012a", **fields).base_id == "AB-012"  # type: ignore[arg-type]
    assert CardDef(id="AB-012", **fields).base_id == "AB-012"  # type: ignore[arg-type]
    assert not CardDef(id="AB-012", **fields).has_apdp  # type: ignore[arg-type]


# ------------------------------------------------------------------ series (P24)


def test_series_table_groups_titles_p24() -> None:
    table = load_series_table()
    assert table.canonical("Starlit Academy II") == "Starlit Academy"
    assert table.same("Starlit Academy", "Starlit Academy II")
    assert not table.same("Starlit Academy", "Tidewater Café Days")
    assert table.canonical("Unlisted Show") == "Unlisted Show"


def test_series_table_rejects_a_title_in_two_groups_p24() -> None:
    with pytest.raises(CardError, match="'B' is in both 'A' and 'C'"):
        SeriesTable({"A": ["B"], "C": ["B"]})


def test_every_series_of_the_pool_is_original(pool: CardPool) -> None:
    table = load_series_table()
    assert {table.canonical(c.series) for c in pool.values()} == {
        "Starlit Academy", "Tidewater Café Days", "Lantern Brigade of Kiriyama"}


# ------------------------------------------------------------------ malformed input


def test_good_minimal_card_loads(tmp_path: Path) -> None:
    pool = load_pool([write(tmp_path, GOOD)])
    c = pool.get("TST-001")
    assert (c.series, c.rarity, c.text, c.ex, c.timing, c.effects) == ("Test", 0, "", False,
                                                                       None, ())


def test_toml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    msg = load_error(tmp_path, GOOD + "rarity = = 3\n")
    assert ": line 11: TOML syntax error:" in msg


def test_wrong_type_names_card_and_field(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(usage_cost="two"))
    assert msg.endswith("card TST-001: field usage_cost: must be an integer, got a string")


def test_a_terminal_escape_in_a_card_file_is_refused(tmp_path: Path) -> None:
    """A card's words reach the screen as they are: ESC (which starts a terminal's
    commands), a C1 control or a bidi override cannot be in a card file; a newline in
    a card's text can."""
    for name in ("x\\u001b]52;c;AAAA\\u0007", "x\\u009b2J", "x\\u202egnp.exe"):
        msg = load_error(tmp_path, card(name=name))
        assert "field name: control characters are not allowed" in msg, name
    msg = load_error(tmp_path, card(properties=Raw('["ok", "\\u001b[31m"]')))
    assert "field properties: control characters are not allowed" in msg
    load_pool([write(tmp_path, card(text="Line one.\\nLine two."))])


def test_boolean_is_not_an_integer(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(ap=True))
    assert "card TST-001: field ap: must be an integer, got a boolean" in msg


def test_unknown_colour_p02(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(colour="orange"))
    assert "card TST-001: field colour: unknown colour 'orange'" in msg


def test_white_is_a_cost_colour_not_a_card_colour_p17(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(colour="white"))
    assert "field colour: unknown colour 'white'" in msg


def test_unknown_type_p02(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(type="spell"))
    assert "card TST-001: field type: unknown type 'spell'" in msg


def test_duplicate_id_across_files_p05(tmp_path: Path) -> None:
    first = write(tmp_path, card(), name="a.toml")
    second = write(tmp_path, card(name="Other Girl"), name="b.toml")
    with pytest.raises(CardError) as info:
        load_pool([first, second])
    assert str(info.value) == (
        f"{second}: card TST-001: field id: duplicate id (already in {first})"
    )


def test_duplicate_id_in_one_file_p05(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card() + card())
    assert "card TST-001: field id: duplicate id" in msg


def test_missing_name(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(name=None))
    assert msg.endswith("card TST-001: field name: missing")


def test_empty_name(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(name="  "))
    assert msg.endswith("card TST-001: field name: must not be empty")


def test_missing_id_names_card_by_position(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card() + card(id=None))
    assert msg.endswith("card #2: field id: missing")


def test_bad_id_pattern_p05(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(id="sta-1"))
    assert "card sta-1: field id: 'sta-1' does not look like SER-001 or SER-001a" in msg


def test_ap_without_dp_p02(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(dp=None))
    assert msg.endswith("card TST-001: field dp: AP given without DP")


def test_dp_without_ap_p02(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(ap=None))
    assert msg.endswith("card TST-001: field ap: DP given without AP")


def test_event_with_ap_p03(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(type="event", timing="main/self", dp=None))
    assert "field ap: only charas have AP/DP (this is an event card)" in msg


def test_negative_cost(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(provided_cost=-1))
    assert "field provided_cost: must be 0..9999, got -1" in msg


def test_rarity_out_of_range_p02(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(rarity=6))
    assert "field rarity: must be 0..5, got 6" in msg


def test_event_needs_timing_p17(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(type="event", ap=None, dp=None))
    assert "card TST-001: field timing: missing" in msg


def test_bad_timing_p17(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(type="event", ap=None, dp=None, timing="lunch/self"))
    assert "field timing: 'lunch/self' is not <phase>/<side>" in msg


def test_support_is_played_only_in_own_main_phase_p10(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(type="support", ap=None, dp=None, timing="approach/both"))
    assert "field timing: a support is played only in your own Main Phase" in msg
    ok = write(tmp_path, card(type="support", ap=None, dp=None, timing="main/self"), "ok.toml")
    assert load_pool([ok]).get("TST-001").timing == "main/self"


def test_chara_has_no_card_timing_p09(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(timing="main/self"))
    assert "field timing: a chara is summoned in your own Main Phase" in msg


def test_unknown_field_is_reported(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(color="red"))
    assert msg.endswith("card TST-001: field color: unknown field")


def test_ex_must_be_boolean_p26(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(ex="yes"))
    assert "field ex: must be true or false, got a string" in msg


def test_properties_must_be_strings(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(properties=Raw("[1, 2]")))
    assert "field properties: must be a list of strings" in msg


def test_effects_must_be_tables(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(effects=Raw('["draw"]')))
    assert "field effects: must be an array of tables" in msg


def test_effect_tables_are_kept_as_written(tmp_path: Path) -> None:
    body = card() + '[[card.effects]]\ntiming = "main/self"\nsteps = [{do = "draw", n = 2}]\n'
    c = load_pool([write(tmp_path, body)]).get("TST-001")
    assert c.effects == ({"timing": "main/self", "steps": [{"do": "draw", "n": 2}]},)


def test_bad_effect_names_file_card_and_field(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card() + '[[card.effects]]\nkind = "draw"\namount = 2\n')
    assert "card TST-001: field effects[1].kind: unknown effect field" in msg
    assert "\n" not in msg


def test_bad_effect_step_is_named(tmp_path: Path) -> None:
    body = card() + '[[card.effects]]\ntiming = "main/self"\nsteps = [{do = "fly"}]\n'
    msg = load_error(tmp_path, body)
    assert "field effects[1].steps[0].do: unknown step 'fly'" in msg


def test_unknown_keyword_is_named(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card(keywords=["teleport"]))
    assert "field keywords: unknown keyword 'teleport'" in msg


def test_missing_set_name(tmp_path: Path) -> None:
    msg = load_error(tmp_path, GOOD, header="")
    assert msg.endswith("field set: missing or not a non-empty string")


def test_card_must_be_array_of_tables(tmp_path: Path) -> None:
    msg = load_error(tmp_path, "[card]\nid = \"TST-001\"\n")
    assert "field card: must be an array of tables" in msg


def test_series_defaults_to_file_series(tmp_path: Path) -> None:
    path = write(tmp_path, card() + card(id="TST-002", series="Other"),
                 header='set = "S"\nseries = "Show"\n')
    pool = load_pool([path])
    assert pool.get("TST-001").series == "Show" and pool.get("TST-002").series == "Other"


def test_parallel_must_match_its_base_p05(tmp_path: Path) -> None:
    msg = load_error(tmp_path, card() + card(id="TST-001a", name="Somebody Else"))
    assert "card TST-001a: field name: a parallel must match TST-001" in msg


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b'set = "\xff\xfe"\n')
    with pytest.raises(CardError, match=r"bin\.toml: not UTF-8 text"):
        load_pool([path])


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardError, match=r"nothere\.toml: cannot read"):
        load_pool([tmp_path / "nothere.toml"])
