"""No terminal escape from a file reaches a command's output (issue 29, items 3 and 7).

Every command that prints words from a file (a card's name, a deck's, a scenario's, a
player's in a save) writes its control characters out: ESC, the C1 controls and the
bidi overrides never reach stdout or stderr raw, and a lone surrogate ("\\ud800", which
JSON may hold) is written out instead of stopping the output. And every ruleset's card
loader refuses a control character in any word of a card file, through one check.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path

import pytest
from toy.ruleset import CARDS, Toy

from pmtui.cli import main
from pmtui.engine.ruleset import DeckList
from pmtui.table.registry import register, unregister

ROOT = Path(__file__).resolve().parent.parent
OSC = "\x1b]0;pwned\x07"
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066")
SURROGATE = "\ud800"


def clean(text: str) -> bool:
    return not any(c in text for c in RAW) and not any(
        "\ud800" <= c <= "\udfff" for c in text)


class HostileToy(Toy):
    """The toy game with words carrying escapes wherever a ruleset gives words to print
    (a ruleset is code: a card pool from a file that is not checked, say)."""

    id = "hostile"
    name = f"Hostile{OSC}"
    header_options: Mapping[str, str] = {"size": f"the size\x9b2J{SURROGATE}"}

    def __init__(self) -> None:
        super().__init__()
        self.cards = {cid: replace(c, name=f"{c.name}{OSC}\u202e{SURROGATE}")
                      for cid, c in CARDS.items()}

    def load_deck(self, spec: str) -> DeckList:
        deck = super().load_deck(spec)
        return replace(deck, description=f"about{OSC}\u2066")


@pytest.fixture
def hostile() -> Iterator[str]:
    register("hostile", HostileToy)
    yield "hostile"
    unregister("hostile")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert clean(out) and clean(err), (argv, out[:300], err[:300])
    return code, out, err


def test_commands_that_print_a_rulesets_words_write_controls_out(
        hostile: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "Hostile\\x1b]0;pwned\\x07" in out and "\\x9b2J\\ud800" in out
    code, out, _ = run(capsys, "cards", "--game", hostile)
    assert code == 0 and "\\x1b]0;pwned\\x07\\u202e\\ud800" in out
    code, out, _ = run(capsys, "cards", "--game", hostile, "--json")
    assert code == 0
    names = [c["name"] for c in json.loads(out)]  # still JSON: the escapes are JSON's
    assert all(n.endswith(f"{OSC}\u202e{SURROGATE}") for n in names)
    code, out, _ = run(capsys, "cards", "--game", hostile, "--fields")
    assert code == 0
    code, out, _ = run(capsys, "deck", "list", "--game", hostile)
    assert code == 0 and "about\\x1b]0;pwned\\x07\\u2066" in out


def scenario(tmp_path: Path, source: str, name: str) -> Path:
    text = (ROOT / "tests" / "scenarios" / source).read_text(encoding="utf-8")
    lines = [f"name = {json.dumps(name)}" if ln.startswith("name =") else ln
             for ln in text.splitlines()]
    out = tmp_path / Path(source).name
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


@pytest.mark.parametrize("source", ["p05_hand_redraw.toml", "pso/stats_normal_attack.toml",
                                    "sengoku_yugi/g1_qa_hp_charge_once.toml"])
def test_check_writes_a_scenarios_name_out(tmp_path: Path, source: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """`pmtui check` prints the scenario's `name` (item 3: it was raw in all three games)."""
    path = scenario(tmp_path, source, f"x{OSC}\x9b2J\u202e")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and "x\\x1b]0;pwned\\x07\\x9b2J\\u202e" in out
    code, out, _ = run(capsys, "check", str(path), "--json")
    assert json.loads(out)["scenario"] == f"x{OSC}\x9b2J\u202e"


def hostile_save(tmp_path: Path) -> Path:
    """The golden save, its first player named with a lone surrogate and an escape (item
    7: `export --format text` died after 33 bytes with "surrogates not allowed")."""
    lines = (ROOT / "saves" / "starlit-vs-tidewater.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    head["players"][0]["name"] = f"{SURROGATE}x{OSC}"
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    return path


def test_a_lone_surrogate_and_an_escape_in_a_player_name_survive_every_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_save(tmp_path)
    code, out, err = run(capsys, "export", str(path), "--format", "text")
    assert code == 0, err
    assert "# P1 \\ud800x\\x1b]0;pwned\\x07 with" in out
    golden = main(["export", str(ROOT / "saves" / "starlit-vs-tidewater.jsonl")])
    whole = capsys.readouterr().out
    assert golden == 0 and len(out.splitlines()) == len(whole.splitlines())  # to the end
    code, out, err = run(capsys, "export", str(path), "--format", "json")
    assert code == 0, err
    assert all(isinstance(json.loads(line), dict) for line in out.splitlines())
    code, out, err = run(capsys, "verify", str(path))
    assert code == 0, err


def test_errors_quoting_a_file_write_controls_out(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Error lines quote what a file holds: a save's bad value, a deck's card id, a
    scenario's unknown key."""
    save = tmp_path / f"s{OSC}.jsonl"
    save.write_text(json.dumps({"format": f"x{OSC}"}) + "\n", encoding="utf-8")
    for command in ("verify", "export"):
        code, _, err = run(capsys, command, str(save))
        assert code != 0 and "not a pmtui save" in err
    sc = tmp_path / "bad.toml"
    sc.write_text(f'"k{OSC}" = 1\n'.replace("\x1b", "\\u001b").replace("\x07", "\\u0007"),
                  encoding="utf-8")
    code, _, err = run(capsys, "check", str(sc))
    assert code == 2 and "unknown key" in err
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "d\\u009b"\n[main]\n"STA-001\\u001b]0;x\\u0007" = 1\n',
                    encoding="utf-8")
    code, out, _ = run(capsys, "deck", "validate", str(deck))
    assert code == 1 and "\\x1b]0;x\\x07" in out
    code, _, err = run(capsys, "simulate", "--games", "1", "--deck", str(deck))
    assert code != 0 and err


GAMES = ("precious_memories", "pso", "sengoku_yugi", "clockwork_memorion")


def card_file(game: str, folder: Path, field: str = "", bad: str = "") -> None:
    """The game's first built-in card file, copied into `folder`, `bad` added to the
    first card's `field` (a string field every game's cards have)."""
    src = sorted((ROOT / "cards" / game).glob("*.toml"))[0].read_text(encoding="utf-8")
    if field:
        # a field on a line of its own, or inside an inline table (an ability's text)
        at = f'\n{field} = "' if f'\n{field} = "' in src else f', {field} = "'
        assert at in src, (game, field)
        src = src.replace(at, f'{at}{bad}', 1)
    (folder / "c.toml").write_text(src, encoding="utf-8")


def load(game: str, folder: Path) -> object:
    if game == "precious_memories":
        from rulesets.precious_memories.cards import load_pool
        return load_pool([folder / "c.toml"])
    if game == "pso":
        from rulesets.pso.cards import load_pool as pso_pool
        return pso_pool([folder / "c.toml"])
    if game == "clockwork_memorion":
        from rulesets.clockwork_memorion.cards import load_pool as cm_pool
        return cm_pool(folder)
    from rulesets.sengoku_yugi.cards import load_pool as sy_pool
    return sy_pool(folder)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", ["\\u001b]0;pwned\\u0007\\u001b[2J", "\\u009b2J", "\\u202e"])
def test_every_card_loader_refuses_a_control_in_any_word(tmp_path: Path, game: str,
                                                         bad: str) -> None:
    """SENGOKU YUGI accepted an OSC title and a screen clear in a card's name (item 3);
    PSO and Precious Memories checked only the fields they read as strings."""
    from pmtui.engine.pool import has_control

    for field in ("name", "text"):
        card_file(game, tmp_path, field, bad)
        with pytest.raises(ValueError, match="control characters are not allowed") as exc:
            load(game, tmp_path)
        assert f"{field}: control characters" in str(exc.value) and "c.toml" in str(exc.value)
        assert not has_control(str(exc.value))
    card_file(game, tmp_path, "text", "Line one.\\n")  # a card's text may hold lines
    load(game, tmp_path)
