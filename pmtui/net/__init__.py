"""Play over SSH: `pmtui serve` (docs/ssh.md).

- `tables`: the server's tables (a `Game`, its journal, its seats) and the lobby's
  list of them; `SeatTable` is what one session may see and do at one table.
- `driver`: a Textual driver on an SSH channel (no pseudo-terminal, no threads).
- `lobby`: the lobby app; `game`: the game app for one seat (the TUI's game screen).
- `server`: asyncssh, keys, one Textual app at a time per session.

Nothing here is imported by the engine or the TUI.
"""
