"""Hot seat: the other person accepts (or refuses) an undo that takes back their decisions.

A full screen, not a box over the table: the person answering has the keyboard,
and the table behind it shows the hand of the person asking.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from pmtui.tui.guard import DismissOnce, guarded
from pmtui.tui.widgets.footer import Footer


@guarded
class UndoConsentScreen(DismissOnce, Screen[bool]):
    DEFAULT_CSS = """
    UndoConsentScreen { align: center middle; background: $background; }
    UndoConsentScreen #consent-box {
        width: 72; height: auto; border: double $warning; padding: 1 3;
    }
    UndoConsentScreen #consent-text { width: 100%; height: auto; }
    """
    BINDINGS = [
        Binding("enter", "answer(True)", "Accept", id="consent_yes"),
        Binding("y", "answer(True)", "Accept", show=False, id="consent_y"),
        Binding("escape", "answer(False)", "Refuse", id="consent_no"),
        Binding("n", "answer(False)", "Refuse", show=False, id="consent_n"),
    ]

    def __init__(self, asker: str, answerer: str, text: str, count: int, theirs: int) -> None:
        super().__init__()
        self.asker = asker
        self.answerer = answerer
        self.text = text
        self.count = count
        self.theirs = theirs

    def compose(self) -> ComposeResult:
        later = "decision" if self.theirs == 1 else "decisions"
        with Vertical(id="consent-box"):
            yield Static(
                Text.assemble(
                    ("Undo? Pass the keyboard\n\n", "bold"),
                    (self.answerer, "bold cyan"),
                    f": {self.asker} asks to take back \u201c{self.text}\u201d "
                    "and everything after it "
                    f"({self.count} decisions, {self.theirs} {later} of yours among them).\n\n",
                    ("enter", "bold"), " accepts · ", ("escape", "bold"), " refuses. "
                    f"Then hand the keyboard back to {self.asker}.",
                ),
                id="consent-text",
            )
        yield Footer()

    def action_answer(self, ok: bool) -> None:
        self.dismiss(ok)
