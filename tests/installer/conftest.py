"""Checks of the PyInstaller bundle (dist/volley/) and of the wheel.

Which bundle the tests marked `bundle` run (docs/installer.md):

- VOLLEY_BUILD_BUNDLE=1: build dist/volley/ first (`bash installer/build.sh
  --no-check`, under a minute), then test it;
- VOLLEY_BUNDLE=FOLDER: test that bundle folder as it is (e.g. one built in a
  clean clone);
- otherwise dist/volley/ if it was built after the last change to the
  sources; with no bundle, or a stale one, they are skipped (and say why).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist" / "volley"
EXE = DIST / ("volley.exe" if sys.platform == "win32" else "volley")
#: What a bundle is built from; a bundle older than any of these is stale.
SOURCES = ("desktop", "printouts", "scenarios", "icons", "fonts", "installer", "pyproject.toml")


def build_requested() -> bool:
    return os.environ.get("VOLLEY_BUILD_BUNDLE") == "1"


def given_bundle() -> Path | None:
    folder = os.environ.get("VOLLEY_BUNDLE")
    return Path(folder).resolve() if folder else None


def executable(folder: Path) -> Path:
    return folder / ("volley.exe" if sys.platform == "win32" else "volley")


def newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*")
        for f in files:
            if f.is_file() and "__pycache__" not in f.parts:
                newest = max(newest, f.stat().st_mtime)
    return newest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "bundle: runs the PyInstaller bundle in dist/volley/ (skipped without one; "
        "VOLLEY_BUILD_BUNDLE=1 builds it first)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if build_requested() or given_bundle():
        return
    if not EXE.exists():
        reason = "no bundle in dist/volley/ (bash installer/build.sh, or VOLLEY_BUILD_BUNDLE=1)"
    elif EXE.stat().st_mtime < newest_source():
        reason = "dist/volley/ is older than the sources (rebuild, or VOLLEY_BUILD_BUNDLE=1)"
    else:
        return
    skip = pytest.mark.skip(reason=reason)
    for item in items:
        if "bundle" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def bundle() -> Path:
    """The bundle's executable, built first when VOLLEY_BUILD_BUNDLE=1."""
    folder = given_bundle()
    if folder is not None:
        exe = executable(folder)
        assert exe.exists(), f"VOLLEY_BUNDLE: no bundle at {exe}"
        return exe
    if build_requested():
        if sys.platform == "win32":
            cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                   "--log-level", "WARN", "installer/volley.spec"]
        else:
            cmd = ["bash", "installer/build.sh", "--no-check"]
        subprocess.run(cmd, cwd=ROOT, check=True)
    assert EXE.exists(), f"no bundle at {EXE}"
    return EXE


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    """An environment that knows nothing of Python or the project's venv."""
    env = {
        "PATH": os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir())
        or os.environ.get("PATH", ""),
        "HOME": str(tmp),
        "LANG": "C.UTF-8",
        "QT_LOGGING_RULES": "qt.qpa.*=false",
    }
    for keep in ("SYSTEMROOT", "TEMP", "TMP"):  # Windows needs these
        if keep in os.environ:
            env[keep] = os.environ[keep]
    env.update(extra)
    return env
