"""Own decks: each game's deck files in one folder, `decks/<game>/NAME.toml` under the user
data directory (the SSH server keeps one such folder per player).

A deck is written in its game's own deck file format (`Ruleset.deck_document`) with
tomli-w, atomically, and only after the written file reads back as the same deck; a
file that cannot be read is never written over. Names and files are bounded, so a
deck name is always a safe file name and a deck file is always small.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import platformdirs
import tomli_w

from pmtui.engine.ruleset import DeckError, DeckList, Ruleset
from pmtui.table.files import write_atomically
from pmtui.table.logtext import printable

MAX_NAME = 64  # characters in a deck's name
MAX_DECK_BYTES = 64 * 1024  # a deck file; the largest built-in deck is under 2 KB
MAX_DECKS = 50  # own decks of one game in one folder
SUFFIX = ".toml"
# besides the path separators, what some file systems refuse in a file name
_FORBIDDEN = set('/\\:*?"<>|')


class DeckStoreError(ValueError):
    """A deck that cannot be found, read, named or written (one line)."""


def decks_root() -> Path:
    """The per-user folder of own decks (one folder per game inside it)."""
    return platformdirs.user_data_path("pmtui", appauthor=False) / "decks"


def check_name(name: str) -> str:
    """A deck name fit to be a file name, stripped (DeckStoreError, one line, otherwise)."""
    text = name.strip()
    if not text:
        raise DeckStoreError("a deck needs a name")
    if len(text) > MAX_NAME:
        raise DeckStoreError(f"a deck name has at most {MAX_NAME} characters")
    if not text.isprintable():
        raise DeckStoreError(f"deck name {printable(text)!r}: no control characters")
    bad = sorted(set(text) & _FORBIDDEN)
    if bad:
        raise DeckStoreError(f"deck name {text!r}: no {' '.join(bad)} in a deck name")
    if text.startswith("."):
        raise DeckStoreError(f"deck name {text!r}: it may not start with a dot")
    return text


def same_cards(a: DeckList, b: DeckList, parts: tuple[str, ...]) -> bool:
    """Whether two decks hold the same cards in each part (the order aside)."""
    return all(Counter(a.part(p)) == Counter(b.part(p)) for p in parts)


class DeckStore:
    """One game's own decks in `root/<game id>/`."""

    def __init__(self, rs: Ruleset, root: Path | None = None,
                 max_decks: int = MAX_DECKS) -> None:
        self.rs = rs
        self.folder = (root if root is not None else decks_root()) / rs.id
        self.max_decks = max_decks

    def names(self) -> list[str]:
        """The own decks' names (file stems), sorted; none when the folder is missing."""
        try:
            files = [p for p in self.folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
        except OSError:
            return []
        return sorted((p.stem for p in files), key=str.casefold)

    def find(self, name: str) -> str | None:
        """The stored name `name` means (case aside), None when there is no such deck."""
        try:
            wanted = check_name(name)
        except DeckStoreError:
            return None
        names = self.names()
        if wanted in names:
            return wanted
        folded = [n for n in names if n.casefold() == wanted.casefold()]
        return folded[0] if len(folded) == 1 else None

    def path(self, name: str) -> Path:
        return self.folder / f"{check_name(name)}{SUFFIX}"

    def load(self, name: str) -> DeckList:
        """An own deck (DeckStoreError, one line, when it is missing, too big or broken)."""
        found = self.find(name)
        if found is None:
            raise DeckStoreError(f"no own {self.rs.id} deck {printable(name.strip())!r}")
        return self.read(self.path(found))

    def read(self, path: Path) -> DeckList:
        """Any deck file, bounded in size; named by its file's stem."""
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise DeckStoreError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
        if size > MAX_DECK_BYTES:
            raise DeckStoreError(f"{path.name}: {size} bytes; a deck file has at most "
                                 f"{MAX_DECK_BYTES // 1024} KB")
        try:
            deck = self.rs.load_deck(str(path))
        except DeckError as exc:
            raise DeckStoreError(str(exc).splitlines()[0] if str(exc) else path.name) from None
        return replace(deck, source=str(path))

    def readable(self, name: str) -> str | None:
        """None when the deck `name` is absent or reads, else why it does not (one line)."""
        found = self.find(name)
        if found is None:
            return None
        try:
            self.load(found)
        except DeckStoreError as exc:
            return str(exc)
        return None

    def save(self, deck: DeckList, name: str | None = None) -> Path:
        """Write `deck` as `name` (default: its own name), replacing a readable deck of
        that name; DeckStoreError, with the old file kept, when it cannot be."""
        target = check_name(name if name is not None else deck.name)
        if target in self.rs.builtin_decks():
            raise DeckStoreError(f"{target!r} is a built-in deck's name; choose another")
        existing = self.find(target)
        if existing is None and len(self.names()) >= self.max_decks:
            raise DeckStoreError(f"at most {self.max_decks} own decks of a game; "
                                 "delete one first")
        if existing is not None:
            problem = self.readable(existing)
            if problem:
                raise DeckStoreError(f"{problem} — the file is kept: save under another name")
            target = existing
        return self._write(deck, target)

    def _write(self, deck: DeckList, target: str) -> Path:
        """`deck` named `target` into its file, once the written file reads back the same."""
        deck = replace(deck, name=target)
        data = tomli_w.dumps(self.rs.deck_document(deck)).encode("utf-8")
        if len(data) > MAX_DECK_BYTES:
            raise DeckStoreError(f"deck {target!r} would take {len(data)} bytes; a deck file "
                                 f"has at most {MAX_DECK_BYTES // 1024} KB")

        def reads_back(tmp: Path) -> None:
            try:
                again = self.rs.load_deck(str(tmp))
            except DeckError as exc:
                raise DeckStoreError(f"deck {target!r} cannot be written in this game's "
                                     f"format: {exc}") from None
            if not same_cards(deck, again, self.rs.deck_parts):
                raise DeckStoreError(f"deck {target!r} cannot be written in this game's "
                                     "format as it stands (a part holds more than a file "
                                     "keeps)")

        path = self.path(target)
        try:
            write_atomically(path, data, mode=0o644, check=reads_back)
        except OSError as exc:
            raise DeckStoreError(f"{path}: cannot be written ({exc.strerror or exc})") from None
        return path

    def delete(self, name: str) -> None:
        found = self.find(name)
        if found is None:
            raise DeckStoreError(f"no own {self.rs.id} deck {printable(name.strip())!r}")
        try:
            self.path(found).unlink()
        except OSError as exc:
            raise DeckStoreError(f"{found}: cannot be deleted ({exc.strerror or exc})") from None

    def rename(self, old: str, new: str) -> Path:
        """The deck `old` under the name `new`, its file's `name` too (never over another
        deck; an unreadable file is not renamed)."""
        found = self.find(old)
        if found is None:
            raise DeckStoreError(f"no own {self.rs.id} deck {printable(old.strip())!r}")
        target = check_name(new)
        if target in self.rs.builtin_decks():
            raise DeckStoreError(f"{target!r} is a built-in deck's name; choose another")
        other = self.find(target)
        if other is not None and other != found:
            raise DeckStoreError(f"there is already a deck {other!r}")
        deck = self.load(found)
        old_path = self.path(found)
        path = self._write(deck, target)
        if path.name != old_path.name:
            try:
                old_path.unlink()
            except FileNotFoundError:  # a case-insensitive file system: the same file
                pass
            except OSError as exc:
                raise DeckStoreError(f"{found}: cannot be removed ({exc.strerror or exc})") \
                    from None
        return path


def find_deck(store: DeckStore, spec: str) -> tuple[DeckList, str | None]:
    """A deck by a built-in deck's name, an own deck's name or a file path, with its own
    deck name (None: a built-in deck, or a file outside the store); DeckStoreError, one
    line, when it cannot be read. Built-in names come first: no own deck takes one."""
    rs = store.rs
    try:
        if spec in rs.builtin_decks():
            return rs.load_deck(spec), None
    except DeckError as exc:
        raise DeckStoreError(str(exc)) from None
    found = store.find(spec)
    if found is not None:
        return store.load(found), found
    path = Path(spec)
    deck = store.read(path)
    inside = path.suffix == SUFFIX and path.parent.resolve() == store.folder.resolve()
    return deck, path.stem if inside else None
