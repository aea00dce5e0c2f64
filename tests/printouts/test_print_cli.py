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
    bad.write_text("format_version: 1\ntitle: x\ntable: {width: -1, depth: 3}\nsides: []\n",
                   encoding="utf-8")
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


# --- issue 37: long work says so ---------------------------------------------------------

def _big_table(tmp_path: Path, size: float = 480.0) -> Path:
    from dataclasses import replace

    from desktop.scenario import load
    from desktop.scenario.io import save
    from desktop.scenario.model import Table

    path = tmp_path / "big.yaml"
    save(replace(load(DATA / "mill_ridge.yaml"), table=Table(width=size, depth=size)), path)
    return path


def test_thousands_of_tile_pages_need_yes(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: the tiles of a 480" x 480" table (3,150 pages, minutes of work) are
    refused without --yes, in one message saying how many pages and what to do."""
    big = _big_table(tmp_path)
    out = tmp_path / "big.pdf"
    assert main(["print", str(big), "--what", "map", "--tiles", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "480 x 480 in table take 3,150 pages" in err
    assert "add --yes" in err and "leave out --tiles" in err
    assert not out.exists()


def test_long_tiles_report_progress_and_ctrl_c_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: with --yes the tiles are made with their progress on stderr; Ctrl+C
    stops the work and leaves no file (here a smaller table stands in for a huge
    one: the threshold is lowered)."""
    import printouts
    from printouts import map_tiles, mapsheet

    monkeypatch.setattr(printouts, "LONG_PRINT_PAGES", 20)
    big = _big_table(tmp_path, 120.0)
    out = tmp_path / "big.pdf"
    args = ["print", str(big), "--what", "map", "--tiles", "--out", str(out)]
    assert main(args) == 2 and not out.exists()
    capsys.readouterr()
    assert main([*args, "--yes"]) == 0 and out.exists()
    err = capsys.readouterr().err
    assert "making " in err and "pages of tiles (Ctrl+C stops" in err
    assert "volley print: tile 1 of " in err and err.count("volley print: tile ") >= 5

    out.unlink()
    drawn = []
    real = mapsheet.draw_table

    def interrupted(*a: object, **k: object) -> None:
        drawn.append(1)
        if len(drawn) == 4:  # the one-page map, then the third tile
            raise KeyboardInterrupt
        real(*a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(mapsheet, "draw_table", interrupted)  # the one-page map
    monkeypatch.setattr(map_tiles, "draw_table", interrupted)  # the index and the tiles
    assert main([*args, "--yes"]) == 130
    assert "stopped; nothing was written" in capsys.readouterr().err
    assert not out.exists()


def test_a_progress_callback_stops_the_printing(tmp_path: Path) -> None:
    """Issue 37: the print dialog's Stop raises PrintCancelled from its progress
    callback: the work stops at the next tile and nothing is written."""
    from desktop.scenario import load
    from printouts import PrintCancelled, PrintOptions, tile_pages, write_pdf

    scenario = load(_big_table(tmp_path, 120.0))
    seen: list[tuple[int, int, str]] = []

    def progress(done: int, total: int, label: str) -> None:
        seen.append((done, total, label))
        if done == 2 and label.startswith("full-size tiles"):
            raise PrintCancelled

    out = tmp_path / "stopped.pdf"
    with pytest.raises(PrintCancelled):
        write_pdf(scenario, out, PrintOptions(sheets=("map",), tiles=True), progress)
    assert not out.exists()
    tiles = tile_pages(scenario, "a4") - 1
    assert seen[-1] == (2, tiles, f"full-size tiles (2 of {tiles})")
