"""The Textual game screen. Entry points for the CLI live in `pmtui.tui.launch`."""

from pmtui.tui.late_timers import clamp_delays

clamp_delays()  # before any app runs, local or over SSH
