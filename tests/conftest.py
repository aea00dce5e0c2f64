"""Shared test setup: Qt renders offscreen, the user's settings stay untouched.

The environment is set before anything imports Qt; child processes started by
tests inherit it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

# Settings (recent files), autosaves and caches go to a throwaway home.
_home = tempfile.mkdtemp(prefix="volley-tests-")
atexit.register(shutil.rmtree, _home, ignore_errors=True)
for _var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_home, _var.lower())

from desktop.resources import bundled_scenarios  # noqa: E402  (after the environment)


@pytest.fixture(scope="session")
def bundled() -> list[Path]:
    return bundled_scenarios()


@pytest.fixture(scope="session")
def qapp(qapp: Any) -> Any:
    """pytest-qt's application, with the fonts Volley ships registered as `volley` does.

    Layout tests measure text; with the machine's fonts they passed or failed
    by what was installed (issue 15: the README's two commands on Debian 12).
    """
    from desktop.ui.app_fonts import use_bundled_fonts

    use_bundled_fonts(qapp)
    return qapp
