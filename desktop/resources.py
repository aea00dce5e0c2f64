"""Find bundled scenarios and icons wherever Volley runs from.

Source tree, an installed wheel (mapped to desktop.assets.*) and a frozen
PyInstaller bundle all lay the files out differently; callers never guess.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

#: The scenario `volley` opens when given no file.
DEFAULT_SCENARIO = "d3_crossroads.yaml"


def _asset_dir(name: str) -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / name
    try:
        found = resources.files(f"desktop.assets.{name}")
        path = Path(str(found))
        if path.is_dir():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parent.parent / name


def scenarios_dir() -> Path:
    return _asset_dir("scenarios")


def icons_dir() -> Path:
    return _asset_dir("icons")


def bundled_scenarios() -> list[Path]:
    return sorted(scenarios_dir().glob("*.yaml"))


def bundled_scenario(name: str = DEFAULT_SCENARIO) -> Path:
    """A bundled scenario by file name (with or without .yaml)."""
    if not name.endswith(".yaml"):
        name += ".yaml"
    return scenarios_dir() / name


def icon(name: str) -> Path:
    return icons_dir() / f"{name}.svg"
