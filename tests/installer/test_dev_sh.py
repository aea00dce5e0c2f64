"""installer/dev.sh on a fresh or half-set-up Debian machine (issue 15).

"The README's two commands fail on a fresh Debian 12": there was no python3,
then no python3-venv, and the half-made .venv that left made every later run
fail with "No module named pip".  These tests run the functions dev.sh is
made of (installer/venv.sh, installer/debian.sh) in bash, with apt-get,
dpkg-query and id replaced by small fakes where the real ones would change
this machine.  The real thing, on a minimal Debian 12 root, is described in
docs/installer.md.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.installer.conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")

#: What every run sources, before the commands a test gives.
PRELUDE = f'here={ROOT}; . {ROOT}/installer/venv.sh; . {ROOT}/installer/debian.sh; '


def bash(script: str, *, venv: Path, python: str = sys.executable,
         fakes: Path | None = None, path: str | None = None,
         **env: str) -> subprocess.CompletedProcess[str]:
    """Run `script` with dev.sh's functions loaded, venv and python set as dev.sh sets them."""
    search = path if path is not None else os.environ.get("PATH", "")
    if fakes is not None:
        search = f"{fakes}{os.pathsep}{search}"
    full_env = {**os.environ, "PATH": search}
    full_env.pop("PYTHON", None)  # dev.sh's own default unless a test sets it
    full_env.update(env)
    return subprocess.run(
        [shutil.which("bash") or "bash", "-c",
         f'set -euo pipefail; venv="{venv}"; python="{python}"; {PRELUDE}{script}'],
        capture_output=True, text=True, timeout=300, env=full_env, cwd=ROOT,
    )


def fake(folder: Path, name: str, body: str) -> None:
    folder.mkdir(exist_ok=True)
    script = folder / name
    script.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    script.chmod(0o755)


@pytest.fixture
def debian(tmp_path: Path) -> Path:
    """Fake apt-get (notes its arguments), dpkg-query (knows $INSTALLED) and id (says $UID_IS)."""
    bin_ = tmp_path / "fakebin"
    log = tmp_path / "apt.log"
    fake(bin_, "apt-get", f'echo "$@" >> {log}\n')
    fake(bin_, "dpkg-query",
         # Like the real one: lists what it knows, fails if it met a package it does not.
         'shift 2\nrc=0\nfor p in "$@"; do case " $INSTALLED " in *" $p "*) echo "$p ii ";; '
         '*) echo "dpkg-query: no packages found matching $p" >&2; rc=1;; esac; done\nexit $rc\n')
    fake(bin_, "id", 'echo "${UID_IS:-0}"\n')
    return bin_


def apt_calls(tmp_path: Path) -> list[str]:
    log = tmp_path / "apt.log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


# --- the virtual environment ---------------------------------------------------------------


def test_a_working_venv_is_left_alone() -> None:
    r = bash('echo "[$(venv_problem)]"', venv=Path(sys.prefix))
    assert r.stdout.strip() == "[]", r.stderr


def test_a_missing_or_broken_venv_is_named(tmp_path: Path) -> None:
    """Issue 15: each kind of broken .venv is noticed, in words a person understands."""
    missing = bash('venv_problem', venv=tmp_path / "none")
    assert missing.stdout.strip() == "missing"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no bin/python" in bash("venv_problem", venv=empty).stdout
    dead = tmp_path / "dead"
    (dead / "bin").mkdir(parents=True)
    fake(dead / "bin", "python", "exit 127\n")  # its interpreter was removed
    assert "does not start" in bash("venv_problem", venv=dead).stdout


def test_a_half_made_venv_without_pip_is_made_again(tmp_path: Path) -> None:
    """Issue 15: the .venv a failed `python3 -m venv` left no longer fails every later run.

    The half-made .venv is real (`venv --without-pip`); the Python that makes
    it again is a stand-in whose `-m venv DIR` links DIR/bin/python to this
    test's Python (which has pip), so the test takes a second, not ensurepip's 15.
    """
    venv = tmp_path / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    assert "no pip" in bash("venv_problem", venv=venv).stdout
    maker = tmp_path / "maker"
    fake(maker, "python3",
         'if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin" && '
         f'printf \'#!/bin/sh\\nexec {sys.executable} "$@"\\n\' > "$3/bin/python" && '
         'chmod +x "$3/bin/python" && touch "$3/made-again"; exit; fi\n'
         f'exec {sys.executable} "$@"\n')
    r = bash('ensure_venv; echo "[$(venv_problem)]"', venv=venv, python=str(maker / "python3"))
    assert r.returncode == 0, r.stderr
    assert "cannot be used: it has no pip (a half-made .venv" in r.stdout
    assert r.stdout.strip().endswith("[]")
    assert (venv / "made-again").exists()
    assert not (venv / "pyvenv.cfg").exists()  # the half-made one was removed first


def test_no_python_is_a_clear_error(tmp_path: Path) -> None:
    r = bash("ensure_venv", venv=tmp_path / ".venv", python="/nonexistent/python3")
    assert r.returncode == 1
    assert "no '/nonexistent/python3' on this machine: install Python 3.11 or newer" in r.stderr
    assert not (tmp_path / ".venv").exists()


def test_a_python_that_cannot_make_a_venv_leaves_nothing_behind(tmp_path: Path) -> None:
    """Debian's python3 without python3-venv: the error says what to install, no half .venv."""
    shim = tmp_path / "shim"
    fake(shim, "python3",
         f'if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin"; '
         'echo "The virtual environment was not created successfully because ensurepip '
         'is not available." >&2; exit 1; fi\n'
         f'exec {sys.executable} "$@"\n')
    venv = tmp_path / ".venv"
    r = bash("ensure_venv", venv=venv, python=str(shim / "python3"))
    assert r.returncode == 1
    assert "ensurepip is not available" in r.stderr
    assert f"could not create .venv with '{shim / 'python3'}'" in r.stderr
    assert not venv.exists()


# --- Debian packages -----------------------------------------------------------------------


def test_as_root_a_fresh_debian_gets_python_and_its_venv(tmp_path: Path, debian: Path) -> None:
    """Issue 15: python3 and python3-venv come with the Qt libraries on a minimal Debian 12."""
    r = bash("install_system", venv=tmp_path / ".venv", fakes=debian, INSTALLED="")
    assert r.returncode == 0, r.stderr
    calls = apt_calls(tmp_path)
    assert calls[0] == "update -qq"
    installed = calls[1].split()
    for package in ("python3", "python3-venv", "ca-certificates", "libgl1", "xvfb"):
        assert package in installed, calls


def test_debian_python_is_not_needed_for_a_working_venv(tmp_path: Path, debian: Path) -> None:
    r = bash("install_system", venv=Path(sys.prefix), fakes=debian, INSTALLED="")
    assert r.returncode == 0, r.stderr
    assert "python3-venv" not in apt_calls(tmp_path)[1].split()


def test_debian_python_is_not_needed_with_python_set(tmp_path: Path, debian: Path) -> None:
    r = bash("install_system", venv=tmp_path / ".venv", fakes=debian, INSTALLED="",
             PYTHON=sys.executable)
    assert r.returncode == 0, r.stderr
    assert "python3-venv" not in apt_calls(tmp_path)[1].split()


def test_nothing_missing_means_no_apt_get(tmp_path: Path, debian: Path) -> None:
    """A second run costs one dpkg-query, not an apt-get update."""
    everything = bash('echo "${apt_packages[*]} ${python_apt_packages[*]}"',
                      venv=tmp_path / ".venv").stdout.strip()
    r = bash("install_system", venv=tmp_path / ".venv", fakes=debian, INSTALLED=everything)
    assert r.returncode == 0, r.stderr
    assert apt_calls(tmp_path) == []
    assert r.stdout == ""


def test_not_root_says_what_to_install(tmp_path: Path, debian: Path) -> None:
    r = bash("install_system", venv=tmp_path / ".venv", fakes=debian, INSTALLED="", UID_IS="1000")
    assert r.returncode == 0, r.stderr
    assert apt_calls(tmp_path) == []
    assert "not root, so these Debian packages are not installed:" in r.stdout
    assert "apt-get install" in r.stdout and "python3-venv" in r.stdout


def test_apt_get_failing_stops_with_its_messages(tmp_path: Path, debian: Path) -> None:
    fake(debian, "apt-get", 'echo "E: Unable to locate package $4" >&2; exit 100\n')
    r = bash("install_system", venv=tmp_path / ".venv", fakes=debian, INSTALLED="")
    assert r.returncode == 1
    assert "E: Unable to locate package" in r.stderr
    assert "apt-get could not install:" in r.stderr


def test_no_apt_get_says_so(tmp_path: Path) -> None:
    nothing = tmp_path / "empty-path"
    nothing.mkdir()
    r = bash("install_system", venv=tmp_path / ".venv", path=str(nothing))
    assert r.returncode == 0, r.stderr
    assert "no apt-get here: install Python 3.11+" in r.stdout
