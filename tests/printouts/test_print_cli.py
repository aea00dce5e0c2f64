"""`volley print`: headless, clear errors, sensible defaults."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.cli import main
from tests.printouts.fixtures import DATA


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    target = tmp_path / "mill.yaml"
    shutil.copy(DATA / "mill_ridge.yaml", target)
    return target


def test_default_output_is_the_scenario_stem(scenario: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", str(scenario)]) == 0
    out = scenario.with_suffix(".pdf")
    assert out.read_bytes().startswith(b"%PDF")
    said = capsys.readouterr().out
    assert "scenario, roster, cards, map, reference" in said and "7 pages" in said


def test_options(scenario: Path, tmp_path: Path) -> None:
    out = tmp_path / "only.pdf"
    code = main(["print", str(scenario), "--what", "roster,cards", "--side", "crown",
                 "--ruleset", "mayhem", "--paper", "letter", "--out", str(out), "-q"])
    assert code == 0 and out.exists()


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--side", "green"], 2, "no side 'green'"),
        (["--what", "roster,menu"], 2, "unknown sheet 'menu'"),
        (["--out", "/no/such/folder/x.pdf"], 2, "does not exist"),
    ],
)
def test_clear_errors(scenario: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                      code: int, message: str) -> None:
    assert main(["print", str(scenario), *args]) == code
    assert message in capsys.readouterr().err


def test_bad_scenario_names_file_and_line(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format_version: 1\ntitle: x\ntable: {width: -1, depth: 3}\nsides: []\n")
    assert main(["print", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:3" in err


def test_unknown_ruleset_is_an_argparse_error(scenario: Path) -> None:
    with pytest.raises(SystemExit) as e:
        main(["print", str(scenario), "--ruleset", "chess"])
    assert e.value.code == 2


def test_print_imports_no_qt(scenario: Path, tmp_path: Path) -> None:
    code = (
        "import sys; from desktop.cli import main; "
        f"rc = main(['print', {str(scenario)!r}, '--out', {str(tmp_path / 'q.pdf')!r}, '-q']); "
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))]; "
        "print(rc, bad); sys.exit(1 if bad or rc else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
