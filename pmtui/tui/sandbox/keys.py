"""The sandbox's keys: the game's keys for playing, plus the editing keys.

The editing keys win: a game verb whose key edits here (such as a ruleset's
`a` or `t`) is played from the enter menu of the
focused card or the command palette (ctrl+p), like every other legal action;
the game's replay viewer is not offered in the sandbox.
"""

from __future__ import annotations

from textual.binding import Binding

from pmtui.tui.keys import GAME_BINDINGS, HELP_TEXT

_TAKEN = {"replay"}  # its key edits in the sandbox

EDIT_BINDINGS: list[Binding] = [
    Binding("a", "add", "Add", id="sb_add"),
    Binding("d", "remove", "Del", id="sb_remove"),
    Binding("delete", "remove", "Del", show=False, id="sb_remove_del"),
    Binding("m", "move", "Move", id="sb_move"),
    Binding("r", "rest", "Rest", id="sb_rest"),
    Binding("f", "face", "Face", id="sb_face"),
    # shown in the help and the card panel: the footer has no room at 80 columns
    Binding("c", "coin(1)", "Coin", show=False, id="sb_coin"),
    Binding("C", "coin(-1)", "-Coin", show=False, id="sb_uncoin"),
    Binding("t", "summoned", "New", show=False, id="sb_summoned"),
    Binding("P", "phase", "Phase", id="sb_phase"),
    Binding("w", "why", "Why?", id="sb_why"),
    Binding("ctrl+s", "save", "Save", id="sb_save"),
]

_QUIET = {"quit", "browse"}  # in the help only (the footer has no room)

SANDBOX_BINDINGS: list[Binding] = EDIT_BINDINGS + [
    (Binding(b.key, b.action, b.description, show=False, id=b.id)
     if (b.id or b.action) in _QUIET else b)
    for b in GAME_BINDINGS if (b.id or b.action) not in _TAKEN
]

SANDBOX_HELP = {
    "sb_add": "add a card: search the card pool (words, and filters such as cost:2-4), "
              "then choose the player and zone",
    "sb_remove": "remove the focused card (d or delete); on a zone bar: choose one of its cards",
    "sb_move": "move the focused card to another zone or player",
    "sb_rest": "toggle Rest / Active (cards in play)",
    "sb_face": "turn a card face down / up (on a zone bar counter that counts both)",
    "sb_coin": "add a coin to the focused card in play (shift+c takes one off)",
    "sb_uncoin": "take a coin off",
    "sb_summoned": "toggle 'new this turn' on the focused card in play",
    "sb_phase": "set the phase and step, who holds priority, the turn, who went first",
    "sb_why": "why not? type or pick an action and see the rules' reason (with its page)",
    "sb_save": "save the position as a scenario file (pmtui check accepts it)",
    **{k: v for k, v in HELP_TEXT.items() if k not in _TAKEN},
    "undo": "take back the last edit or play (as far back as you like)",
    "quit": "leave the sandbox (asks once when the position is not saved)",
    "act": "menu of the focused card's legal actions (approach, set a support, ...); "
           "or open the pending prompt",
}

SANDBOX_NOTES = (
    "\nBoth players are yours: every decision is asked, whoever's it is (shift+a: let the "
    "table pass for a player whose only choice is to pass). P2 is at the top, P1 at the "
    "bottom, both hands face up. Editing starts a new game from the edited position, so "
    "plays and edits share one undo history. ctrl+p: every legal action by notation, and "
    "'add NAME' for any card of the pool. Editing waits while a play is being paid for or "
    "an effect asks for a choice: finish it or undo."
)
