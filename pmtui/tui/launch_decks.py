"""`pmtui deck edit`: the deck editor at this terminal (the CLI imports it lazily)."""

from __future__ import annotations

import argparse


def edit(args: argparse.Namespace) -> int:
    from pmtui.table.deck_editor import open_deck
    from pmtui.table.decks import DeckStore, DeckStoreError
    from pmtui.table.games import SetupError, ruleset
    from pmtui.tui.launch import _fail
    from pmtui.tui.screens.deck_editor import DeckEditorApp

    try:
        rs = ruleset(args.game) if args.game else ruleset()
        editor = open_deck(rs, DeckStore(rs), args.deck)
    except (SetupError, DeckStoreError) as exc:
        return _fail(exc)
    return int(DeckEditorApp(editor).run() or 0)
