"""Player names that look alike (issue 29, item 5): while key A holds `alice`, key B
signed in as `Alice`, `ALICE`, `alice.` and `-alice`. Names are compared by a normal
form (Unicode NFKC, case folded, leading and trailing punctuation dropped, the TR39
skeleton of confusable characters) and a look-alike is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.net.lookalike import look_alike, refusal, skeleton

from .helpers import Keys, start_server
from .test_server import lobby, refused


@pytest.mark.parametrize("name,why", [
    ("Alice", "the same but for case"),
    ("ALICE", "the same but for case"),
    ("alice.", "the same but for punctuation at an end"),
    ("-alice", "the same but for punctuation at an end"),
    ("_Alice_", "the same but for punctuation at an end"),
    ("a1ice", "characters that look alike"),  # confusables.txt: 0031 -> 006C
    ("aIice", "characters that look alike"),  # confusables.txt: 0049 -> 006C
    ("\uff41lice", "the same text in another Unicode form"),  # fullwidth a, NFKC
    ("\u0430lice", "characters that look alike"),  # Cyrillic a, confusables.txt 0430
])
def test_look_alikes_of_alice_and_why(name: str, why: str) -> None:
    assert look_alike(name, "alice") == why


@pytest.mark.parametrize("name", ["alice", "alicia", "al.ice", "bob", "malice", "alice2"])
def test_names_that_do_not_look_like_alice(name: str) -> None:
    assert look_alike(name, "alice") is None


def test_the_skeleton_is_unicodes() -> None:
    """UTS #39, section 4: skeleton(X) maps each character to its prototype."""
    assert skeleton("rn") == skeleton("m")  # 006D -> 0072 006E
    assert skeleton("b0b").casefold() == "bob"  # 0030 -> 004F
    assert skeleton("paypal") == skeleton("p\u0430yp\u0430l")


def test_the_refusal_is_one_line_naming_the_reason() -> None:
    text = refusal("Alice", ["bob", "alice"])
    assert text == ("the name Alice looks like alice, which belongs to another key "
                    "(the same but for case); sign in under another name")
    assert refusal("carol", ["bob", "alice"]) is None


async def test_a_look_alike_of_a_name_another_key_holds_is_refused(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice")
        for name in ("Alice", "ALICE", "alice.", "-alice", "a1ice"):
            text = await refused(server, name, keys.keys["bob"])
            assert text.startswith(f"pmtui: the name {name} looks like alice, which belongs "
                                   "to another key ("), text
            assert "\n" not in text.strip()
        mine = await lobby(server, keys, "Alice", key="alice")  # alice's own key may
        b = await lobby(server, keys, "bob")  # and another name is free
        for c in (a, mine, b):
            await c.close()
    finally:
        await server.stop()


async def test_a_look_alike_of_a_name_the_keys_file_gives_is_refused(tmp_path: Path) -> None:
    keys = Keys(tmp_path / "keys")
    lines = keys.authorized.read_bytes().splitlines()
    carol = keys.keys["carol"].export_public_key().strip()
    keys.authorized.write_bytes(b"\n".join(
        b'environment="PMTUI_NAME=dave" ' + line if line.strip() == carol else line
        for line in lines) + b"\n")
    server, _ = await start_server(tmp_path, keys=keys)
    try:
        text = await refused(server, "Dave", keys.keys["alice"])
        assert "looks like dave" in text
    finally:
        await server.stop()
