"""Key bindings (each with a stable id, so a player can remap it) and the TUI config file.

The config file is TOML in the user config dir (platformdirs), `tui.toml`:

    [keys]            # binding id = key(s), comma separated, Textual key names
    summon = "s"
    pass = "p,space"

    [options]
    always_ask = false  # ask before passing even when you have no legal response
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from textual.binding import Binding

CONFIG_NAME = "tui.toml"

# The game screen. Order = order in the footer and on the help screen.
GAME_BINDINGS: list[Binding] = [
    Binding("enter", "act", "Act", id="act"),
    Binding("s", "summon", "Summon", id="summon"),
    Binding("e", "event", "Event", id="event"),
    Binding("t", "support", "Set support", id="support"),
    Binding("a", "approach", "Approach", id="approach"),
    Binding("i", "interfere", "Interfere", id="interfere"),
    Binding("n", "no_interference", "No interf.", id="no_interference"),
    Binding("x", "stop", "Stop approaching", id="stop"),
    Binding("p", "pass", "Pass", id="pass"),
    Binding("u", "undo", "Undo", id="undo"),
    Binding("v", "browse", "View zone", id="browse"),
    Binding("r", "replay", "Replay", show=False, id="replay"),
    Binding("question_mark", "help", "Help", id="help"),
    Binding("q", "quit_game", "Quit", id="quit"),
    Binding("left", "cursor(-1, 0)", "Left", show=False, id="left"),
    Binding("right", "cursor(1, 0)", "Right", show=False, id="right"),
    Binding("up", "cursor(0, -1)", "Up", show=False, id="up"),
    Binding("down", "cursor(0, 1)", "Down", show=False, id="down"),
    Binding("tab", "cursor(0, 1)", "Next zone", show=False, id="next_zone"),
    Binding("shift+tab", "cursor(0, -1)", "Previous zone", show=False, id="prev_zone"),
    Binding("pageup", "scroll_log(-1)", "Log up", show=False, id="log_up"),
    Binding("pagedown", "scroll_log(1)", "Log down", show=False, id="log_down"),
    Binding("A", "always_ask", "Always ask", show=False, id="always_ask"),
    Binding("E", "pass_turn", "Pass to end of turn", show=False, id="pass_turn"),
]

# Prompts (modal screens). Shared ids so one remap changes every prompt.
PICK_BINDINGS: list[Binding] = [
    Binding("up", "move(-1)", "Up", show=False, id="pick_up"),
    Binding("down", "move(1)", "Down", show=False, id="pick_down"),
    Binding("home", "move(-1000)", "First", show=False, id="pick_first"),
    Binding("end", "move(1000)", "Last", show=False, id="pick_last"),
]

HELP_TEXT = {
    "act": "act on the focused card (menu of its legal actions), or open the pending prompt",
    "summon": "summon the focused hand chara (choose Main/Support Area, or whom to replace)",
    "event": "play the focused event card",
    "support": "set the focused support card on a chara (choose which)",
    "approach": "approach with the focused chara in your Main Area",
    "interfere": "interfere with the focused chara in your Main Area",
    "no_interference": "do not interfere: take the top card of your deck as a point",
    "stop": "end your approaches (go to Turn End)",
    "pass": "pass priority",
    "undo": "take back your last decision and all after it (hot seat: the other accepts)",
    "replay": "replay viewer on this game so far (step through it; q comes back)",
    "browse": "look through the focused zone (discard, points, EX deck)",
    "help": "this screen",
    "quit": "leave the game (it is saved: resume later)",
    "left": "previous card in the zone",
    "right": "next card in the zone",
    "up": "zone above",
    "down": "zone below",
    "next_zone": "next zone",
    "prev_zone": "previous zone",
    "log_up": "scroll the game log up",
    "log_down": "scroll the game log down",
    "always_ask": "toggle 'always ask': prompt even when your only choice is to pass",
    "pass_turn": "pass every priority and response until this turn ends (again: cancel)",
}

PROMPT_HELP = [
    ("up/down", "move in a prompt list"),
    ("space", "pay picker: pick / unpick the highlighted card"),
    ("enter", "choose; in the pay picker: confirm the payment (only when it is met)"),
    ("escape", "close a prompt; in the pay picker: cancel the play"),
    ("ctrl+p", "command palette: every legal action by its notation"),
    ("ctrl+q", "quit at once"),
]


STOPS = ("own_main", "opponent_main", "approach", "respond")


@dataclass
class TuiConfig:
    keymap: dict[str, str] = field(default_factory=dict)
    always_ask: bool = False
    # windows where the game stops for you when you could act (others pass for you):
    # own_main, opponent_main, approach (its three windows), respond (Decline prompts)
    stops: frozenset[str] = frozenset(STOPS)
    problems: list[str] = field(default_factory=list)  # one-line notices for the player


def default_config_path() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("pmtui")) / CONFIG_NAME


def load_config(path: Path | None) -> TuiConfig:
    """Read the config; any problem becomes a one-line notice and the defaults stay."""
    cfg = TuiConfig()
    if path is None or not path.exists():
        return cfg
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        cfg.problems.append(f"{path}: ignored ({str(exc).splitlines()[0]})")
        return cfg
    known = {b.id for b in GAME_BINDINGS + PICK_BINDINGS}
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        cfg.problems.append(f"{path}: [keys] must be a table")
        keys = {}
    for binding_id, key in keys.items():
        if binding_id not in known:
            cfg.problems.append(f"{path}: unknown binding id {binding_id!r}")
        elif not isinstance(key, str) or not key.strip():
            cfg.problems.append(f"{path}: keys.{binding_id} must be a key name")
        else:
            cfg.keymap[binding_id] = key.strip()
    options = data.get("options", {})
    if isinstance(options, dict) and isinstance(options.get("always_ask"), bool):
        cfg.always_ask = options["always_ask"]
    stops = options.get("stops") if isinstance(options, dict) else None
    if stops is not None:
        if isinstance(stops, list) and all(s in STOPS for s in stops):
            cfg.stops = frozenset(stops)
        else:
            cfg.problems.append(f"{path}: options.stops must list some of {', '.join(STOPS)}")
    return cfg
