"""Bad command lines get the command's own one-line error (issue 17 item 11)."""

from __future__ import annotations

import pytest

from pmtui.cli import main


def test_an_unknown_option_names_the_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert "usage: pmtui play" in err
    assert "pmtui play: error: unrecognized arguments: --bogus" in err


def test_simulate_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--level", "extreme"]) == 2
    assert "invalid choice: 'extreme'" in capsys.readouterr().err
