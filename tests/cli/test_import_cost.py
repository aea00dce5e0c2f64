"""The command line loads numpy and shapely only for the commands that need them:
every `volley` start pays for what it imports before its first frame
(issue 22, docs/speed.md "Start-up")."""

from __future__ import annotations

import subprocess
import sys


def test_the_command_line_imports_neither_numpy_nor_shapely() -> None:
    code = ("import sys, desktop.cli, desktop.cli.scenario_cmds, desktop.cli.gui_cmds; "
            "print(sorted(m for m in ('numpy', 'shapely') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[]"
