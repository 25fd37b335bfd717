"""The Textual game screen. Entry points for the CLI live in `pmtui.tui.launch`."""
