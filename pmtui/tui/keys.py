"""Key bindings (each with a stable id, so a player can remap it) and the TUI config file.

The config file is TOML in the user config dir (platformdirs), `tui.toml`:

    [keys]            # binding id = key(s), comma separated, Textual key names
    summon = "s"
    pass = "p,space"

    [options]
    always_ask = false  # ask before passing even when you have no legal response
    stops = ["own_main", "respond"]  # the windows where the table stops for you
    watch = ["turn", "points", "leaves"]  # what the table stops for on the other side's turn
    theme = "dark"  # or "light"
    depth = "auto"  # colour depth: auto, truecolor, 256, 16

The settings screen (key o) changes the options and writes the file back atomically.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.binding import Binding, BindingsMap

from pmtui.engine.screen import ScreenSpec, Verb
from pmtui.engine.tomlfile import read_toml, toml_key, toml_value
from pmtui.table.files import write_atomically

CONFIG_NAME = "tui.toml"
TURN_WATCH = "turn"  # the watch every game has: the other side's turn ended

# The game screen's own keys; the ruleset's verbs (ScreenSpec.verbs) come after "act".
# Order = order in the footer and on the help screen.
GAME_BINDINGS: list[Binding] = [
    Binding("enter", "act", "Act", id="act"),
    Binding("u", "undo", "Undo", id="undo"),
    Binding("v", "browse", "View zone", id="browse"),
    Binding("D", "inspect", "Details", id="inspect"),
    Binding("r", "replay", "Replay", show=False, id="replay"),
    Binding("question_mark", "help", "Help", id="help"),
    Binding("q", "quit_game", "Quit", id="quit"),
    # after help and quit: where the footer is too narrow, it is the one cut
    Binding("o", "settings", "Settings", id="settings"),
    Binding("left", "cursor(-1, 0)", "Left", show=False, id="left"),
    Binding("right", "cursor(1, 0)", "Right", show=False, id="right"),
    Binding("up", "cursor(0, -1)", "Up", show=False, id="up"),
    Binding("down", "cursor(0, 1)", "Down", show=False, id="down"),
    Binding("tab", "cursor(0, 1, True)", "Next zone", show=False, id="next_zone"),
    Binding("shift+tab", "cursor(0, -1, True)", "Previous zone", show=False, id="prev_zone"),
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

TABLE_IDS = frozenset(b.id for b in GAME_BINDINGS + PICK_BINDINGS)

HELP_TEXT = {
    "act": "act on the focused card (menu of its legal actions), or open the pending prompt",
    "undo": "take back your last decision and all after it (hot seat: the other accepts)",
    "replay": "replay viewer on this game so far (step through it; q comes back)",
    "browse": "look through the focused zone",
    "inspect": "the focused card in full: text, stats and where they come from, what you "
               "can do with it now and why not the rest (also in prompts: shift+d)",
    "settings": "settings: where the table stops for you, what it stops for while the "
                "other side plays, always ask, colours (saved to tui.toml)",
    "help": "this screen",
    "quit": "leave the game (it is saved: resume later)",
    "left": "previous card in the zone (cell in the row)",
    "right": "next card in the zone (cell in the row)",
    "up": "zone (row of cells) above",
    "down": "zone (row of cells) below",
    "next_zone": "next zone",
    "prev_zone": "previous zone",
    "log_up": "scroll the game log up",
    "log_down": "scroll the game log down",
    "always_ask": "toggle 'always ask': prompt even when your only choice is to pass",
    "pass_turn": "pass every priority and response until this turn ends or you are asked "
                 "something that is not a pass (again: cancel)",
}

PROMPT_HELP = [
    ("up/down", "move in a prompt list"),
    ("space", "picking a set of cards: pick / unpick the highlighted card"),
    ("enter", "choose; picking a set: confirm (only when the ruleset says it is enough)"),
    ("escape", "close a prompt; picking a set: cancel the play"),
    ("ctrl+p", "command palette: every legal action by its notation"),
    ("ctrl+q", "quit at once"),
]


def verb_id(verb: Verb) -> str:
    """A verb's binding id (the name a player remaps it by in tui.toml): the verb, or
    `verb_` and the verb when a table key has that id (a game's "act" verb is not
    remapped with enter)."""
    name = verb.verb.replace("-", "_")
    return f"verb_{name}" if name in TABLE_IDS else name


def verb_bindings(verbs: Sequence[Verb], taken: Set[str] = frozenset()) -> list[Binding]:
    """The ruleset's verbs as bindings; verbs whose key is in `taken` are left out (the
    sandbox's editing keys): they stay in the enter menu and the command palette."""
    return [Binding(v.key, f"verb('{v.verb}')", v.label, id=verb_id(v))
            for v in verbs if v.key not in taken]


def with_verbs(bindings: BindingsMap, verbs: list[Binding]) -> BindingsMap:
    """`bindings` with `verbs` right after the "act" binding (their place in the footer)."""
    ordered: list[Binding] = []
    placed = False
    for group in bindings.key_to_bindings.values():
        for b in group:
            ordered.append(b)
            if b.id == "act" and not placed:
                ordered.extend(verbs)
                placed = True
    if not placed:
        ordered = verbs + ordered
    return BindingsMap(ordered)


# The colour settings: Textual's theme (the table's own background and text; card
# frames read on both) and the colour depth sent to the terminal ("auto": what the
# terminal says it has).
THEMES = {"dark": "textual-dark", "light": "textual-light"}
DEPTHS = ("auto", "truecolor", "256", "16")
DEPTH_WORDS = {"auto": "auto", "truecolor": "24-bit", "256": "256 colours", "16": "16 colours"}
OPTIONS = ("always_ask", "stops", "watch", "theme", "depth")  # [options] names


@dataclass
class TuiConfig:
    keymap: dict[str, str] = field(default_factory=dict)
    always_ask: bool = False
    # windows where the game stops for you when you could act (others pass for you);
    # None: all of the ruleset's stops (ScreenSpec.stops)
    stops: frozenset[str] | None = None
    # what the table stops for while the other side plays (the summary opens): the
    # ruleset's watches (ScreenSpec.watches) and "turn" (the end of the other side's
    # turn); None: all of them. The end of the game always stops.
    watch: frozenset[str] | None = None
    theme: str = "dark"  # a THEMES key
    depth: str = "auto"  # one of DEPTHS
    problems: list[str] = field(default_factory=list)  # one-line notices for the player
    path: str = ""
    file: Path | None = None  # where the settings screen saves (None: nowhere)
    kept: str = ""  # with no file, where changes are kept ("for your next tables here")
    raw: dict[str, object] = field(default_factory=dict)  # the file as read: kept on save
    game: str = ""  # the ruleset id the stops and watches are for (check)
    # where stops and watch were read ("options", "games.ID"): a notice names that place
    read_from: dict[str, str] = field(default_factory=dict)

    def check(self, spec: ScreenSpec, game: str = "") -> TuiConfig:
        """Drop key ids and stops the game does not have, each with a one-line notice.
        `game`: the ruleset's id, whose own [games.ID] stops and watches (each game
        has its own names) replace those of [options]."""
        known = {b.id for b in GAME_BINDINGS + PICK_BINDINGS} | {verb_id(v) for v in spec.verbs}
        for binding_id in [k for k in self.keymap if k not in known]:
            self.problems.append(f"{self.path}: unknown binding id {binding_id!r}")
            del self.keymap[binding_id]
        self.game = game
        games = self.raw.get("games")
        own = games.get(game) if game and isinstance(games, dict) else None
        if isinstance(own, dict):
            _names_from(self, own, f"games.{game}")
        names = [s.name for s in spec.stops]
        if self.stops is None:
            self.stops = frozenset(names)
        elif not self.stops <= set(names):
            self.problems.append(f"{self.path}: {self.read_from.get('stops', 'options')}"
                                 ".stops must list some of "
                                 f"{', '.join(names)}")
            self.stops = frozenset(names)
        watches = [TURN_WATCH] + [w.name for w in spec.watches]
        if self.watch is None:
            self.watch = frozenset(watches)
        elif not self.watch <= set(watches):
            self.problems.append(f"{self.path}: {self.read_from.get('watch', 'options')}"
                                 ".watch must list some of "
                                 f"{', '.join(watches)}")
            self.watch = frozenset(watches)
        return self


def default_config_path() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("pmtui")) / CONFIG_NAME


def load_config(path: Path | None) -> TuiConfig:
    """Read the config; any problem becomes a one-line notice and the defaults stay."""
    cfg = TuiConfig(path=str(path or CONFIG_NAME), file=path)
    if path is None or not path.exists():
        return cfg
    try:
        data = read_toml(str(path), path, ValueError)
    except ValueError as exc:
        cfg.problems.append(f"{str(exc).splitlines()[0]} (ignored)")
        cfg.file = None  # never overwrite a file we could not read
        return cfg
    return read_config(cfg, data)


def read_config(cfg: TuiConfig, data: dict[str, Any]) -> TuiConfig:
    """`cfg` with the settings of `data` (a settings file as read, or `config_data`);
    any problem becomes a one-line notice naming `cfg.path`."""
    path = cfg.path
    cfg.raw = data
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        cfg.problems.append(f"{path}: [keys] must be a table")
        keys = {}
    for binding_id, key in keys.items():  # ids are checked against the game (check)
        if not isinstance(key, str) or not key.strip():
            cfg.problems.append(f"{path}: keys.{binding_id} must be a key name")
        else:
            cfg.keymap[binding_id] = key.strip()
    options = data.get("options", {})
    if not isinstance(options, dict):
        cfg.problems.append(f"{path}: [options] must be a table")
        return cfg
    for name in options:
        if name not in OPTIONS:
            cfg.problems.append(f"{path}: unknown option {name!r} (known: {', '.join(OPTIONS)})")
    if "always_ask" in options:
        if isinstance(options["always_ask"], bool):
            cfg.always_ask = options["always_ask"]
        else:
            cfg.problems.append(f"{path}: options.always_ask must be true or false")
    _names_from(cfg, options, "options")
    for name, allowed in (("theme", tuple(THEMES)), ("depth", DEPTHS)):
        value = options.get(name)
        if value is None:
            continue
        if value in allowed:
            setattr(cfg, name, value)
        else:
            cfg.problems.append(f"{path}: options.{name} must be one of {', '.join(allowed)}")
    return cfg


def _names_from(cfg: TuiConfig, table: dict[str, object], where: str) -> None:
    """stops and watch from a config table (names are checked against the game later)."""
    for name in ("stops", "watch"):
        value = table.get(name)
        if value is None:
            continue
        if isinstance(value, list) and all(isinstance(s, str) for s in value):
            setattr(cfg, name, frozenset(value))
            cfg.read_from[name] = where
        else:
            cfg.problems.append(f"{cfg.path}: {where}.{name} must be a list of names")


def _toml_value(value: object) -> str | None:
    """A value of the file as read, written back (None: one TOML cannot hold, left out)."""
    try:
        return toml_value(value)
    except TypeError:
        return None


def _toml_table(out: list[str], header: str, table: dict[str, object]) -> None:
    """A table's plain values under its header, then its subtables ([a.b]); a table
    holding only subtables gets no header of its own."""
    subtables = [(f"{header}.{toml_key(str(k))}", v) for k, v in table.items()
                 if isinstance(v, dict)]
    values = [(k, text) for k, v in table.items() if not isinstance(v, dict)
              and (text := _toml_value(v)) is not None]
    if values or not subtables:
        out.append(f"\n[{header}]")
    out.extend(f"{toml_key(str(k))} = {text}" for k, text in values)
    for sub, value in subtables:
        _toml_table(out, sub, value)


def config_text(cfg: TuiConfig) -> str:
    """The config file with `cfg`'s options: the rest of the file as read stays (its
    comments do not: the file is rewritten)."""
    out = ["# pmtui table settings (the settings screen, key o, writes this file;",
           "# docs/tui.md lists every entry)"]
    for table, values in config_data(cfg).items():
        _toml_table(out, toml_key(table), values)
    return "\n".join(out) + "\n"


def config_data(cfg: TuiConfig) -> dict[str, Any]:
    """The settings as a file holds them, `cfg`'s options over the rest of what was read
    (`read_config` reads it back). The stops and watches go under the game's own table,
    [games.ID]: each game names its own."""
    data = {k: v for k, v in cfg.raw.items() if isinstance(v, dict)}
    options = dict(data.get("options") or {})
    options.update(always_ask=cfg.always_ask, theme=cfg.theme, depth=cfg.depth)
    data["options"] = options
    if cfg.game:
        games = dict(data.get("games") or {})
        own = games.get(cfg.game)
        games[cfg.game] = {**(own if isinstance(own, dict) else {}),
                           "stops": sorted(cfg.stops or ()), "watch": sorted(cfg.watch or ())}
        data["games"] = games
    return data


def save_config(cfg: TuiConfig) -> None:
    """Write the config file atomically (OSError if it cannot be written; ValueError
    when the config has no file)."""
    if cfg.file is None:
        raise ValueError("no settings file for this table")
    write_atomically(cfg.file, config_text(cfg).encode("utf-8"), mode=0o644)
