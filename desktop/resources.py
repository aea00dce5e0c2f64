"""Find bundled scenarios, icons and fonts wherever Volley runs from.

Source tree, an installed wheel (mapped to desktop.assets.*) and a frozen
PyInstaller bundle all lay the files out differently; callers never guess.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

#: The scenario `volley` opens when given no file.
DEFAULT_SCENARIO = "d3_crossroads.yaml"


def _asset_dir(name: str) -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / name
    # An installed wheel has desktop/assets/<name>/ without __init__.py: a
    # namespace package, for which importlib.resources returns a
    # MultiplexedPath (str() of it is not a path), so ask for its folder.
    try:
        spec = importlib.util.find_spec(f"desktop.assets.{name}")
    except ModuleNotFoundError:
        spec = None
    for location in (spec.submodule_search_locations or ()) if spec else ():
        path = Path(location)
        if path.is_dir():
            return path
    return Path(__file__).resolve().parent.parent / name


def scenarios_dir() -> Path:
    return _asset_dir("scenarios")


def icons_dir() -> Path:
    return _asset_dir("icons")


def fonts_dir() -> Path:
    """The DejaVu files Volley ships (see desktop/bundled_fonts.py)."""
    return _asset_dir("fonts")


def bundled_scenarios() -> list[Path]:
    return sorted(scenarios_dir().glob("*.yaml"))


def bundled_scenario(name: str = DEFAULT_SCENARIO) -> Path:
    """A bundled scenario by file name (with or without .yaml)."""
    if not name.endswith(".yaml"):
        name += ".yaml"
    return scenarios_dir() / name


def icon(name: str) -> Path:
    return icons_dir() / f"{name}.svg"
