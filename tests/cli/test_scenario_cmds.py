"""`volley validate` and `volley info`, run as a user would run them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from desktop.cli import main
from desktop.scenario import dumps
from desktop.scenario.generate import large_scenario


@pytest.fixture()
def good(tmp_path: Path) -> Path:
    p = tmp_path / "good.yaml"
    p.write_text(dumps(large_scenario(units=20, features=10, ruleset="d3")), encoding="utf-8")
    return p


@pytest.fixture()
def bad(tmp_path: Path) -> Path:
    p = tmp_path / "bad.yaml"
    p.write_text("format_version: 1\ntitle: T\ntable: {width: 48, depth: nine}\nsides: []\n",
                 encoding="utf-8")
    return p


def test_validate_ok(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(good)]) == 0
    assert "good.yaml: ok" in capsys.readouterr().out


def test_validate_reports_each_problem_and_fails(
    good: Path, bad: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(good), str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:3:" in err and "table.depth: expected a number" in err
    assert "sides: a scenario has exactly two sides, found 0" in err
    assert "1 of 2 files have problems" in err
    assert "Traceback" not in err


def test_validate_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "gone.yaml")]) == 1
    assert "gone.yaml: no such file" in capsys.readouterr().err


def test_info_summarises(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", str(good)]) == 0
    out = capsys.readouterr().out
    assert "Army of the North [north]" in out
    assert "10 units" in out and "total CV" in out
    assert "Victory:" in out and "holding 2 of the 3 objectives" in out
    assert "Battle: " in out


def test_info_on_bad_file(bad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", str(bad)]) == 1
    assert "bad.yaml:3:" in capsys.readouterr().err


def test_bundled_scenarios_validate(bundled: list[Path]) -> None:
    if not bundled:
        pytest.skip("no bundled scenarios yet")
    assert main(["validate", "-q", *map(str, bundled)]) == 0


@pytest.mark.parametrize("command", ["validate", "info"])
def test_headless_commands_import_no_qt(good: Path, command: str) -> None:
    code = (
        f"import sys; from desktop.cli import main; rc = main([{command!r}, {str(good)!r}]);"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))];"
        "print('QT:', bad, file=sys.stderr); sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "QT: []" in done.stderr


def test_no_display_says_so_plainly(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and "--screenshot" in err


def test_edit_screenshot_renders_the_editor(tmp_path: Path) -> None:
    """`volley edit FILE --screenshot` starts the editor offscreen and writes a picture."""
    from desktop.resources import bundled_scenario

    out = tmp_path / "editor.png"
    env = {k: v for k, v in __import__("os").environ.items() if k != "DISPLAY"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "edit", str(bundled_scenario()), "--screenshot",
         str(out)], capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 50_000


# --- issue 15: hostile files never stop a multi-file run ---------------------------

HOSTILE = {
    "cycle.yaml": "format_version: 1\ntitle: &a [*a]\n",
    "digits.yaml": "format_version: 1\ntitle: T\ntable: {width: " + "9" * 4301 + ", depth: 36}\n",
    "nan.yaml": None,  # a good file with an ellipse radius of .nan (a GEOSException before)
    "nul.yaml": "format_version: 1\ntitle: T\x00\n",
    "deep.yaml": "format_version: 1\ntitle: " + "[" * 20_000 + "]" * 20_000 + "\n",
}


def test_validate_reports_every_file_past_hostile_ones(
    good: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: one bad file never stops the others, and no traceback is ever shown."""
    files = [good]
    for name, text in HOSTILE.items():
        p = tmp_path / name
        if text is None:
            text = good.read_text(encoding="utf-8").replace("radii: [", "radii: [.nan, 3]  # [", 1)
        p.write_text(text, encoding="utf-8")
        files += [p, good]
    assert main(["validate", *map(str, files)]) == 1
    out, err = capsys.readouterr()
    assert out.count("good.yaml: ok") == len(HOSTILE) + 1
    assert "Traceback" not in err and "internal error" not in err
    for name in HOSTILE:
        assert f"{name}:" in err, err
    assert "nan.yaml:" in err and "radii: expected a finite number, found .nan" in err
    assert f"{len(HOSTILE)} of {len(files)} files have problems" in err


def test_validate_goes_on_after_an_unexpected_failure(
    good: Path, bad: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The last resort: an exception the reader should have caught becomes one line."""
    from desktop.cli import scenario_cmds

    real = scenario_cmds.load

    def flaky(path: Path) -> object:
        if path.name == "bad.yaml":
            raise RecursionError("maximum recursion depth exceeded")
        return real(path)

    monkeypatch.setattr(scenario_cmds, "load", flaky)
    assert main(["validate", str(bad), str(good)]) == 1
    out, err = capsys.readouterr()
    assert "good.yaml: ok" in out
    assert (f"{bad}: could not be read: internal error RecursionError: maximum recursion depth "
            "exceeded") in err
    assert "1 of 2 files have problems" in err


@pytest.fixture()
def unit_in_river(tmp_path: Path) -> Path:
    """A copy of the bundled Miller's Bridge with the Azurian hussars in mid-river."""
    from desktop.scenario import load
    from desktop.scenario.edits.pieces import update_piece

    src = Path(__file__).resolve().parents[2] / "scenarios" / "kiddies_bridge.yaml"
    s = update_piece(load(src), "az_hus", position=(23.6, 6.0))
    p = tmp_path / "wet.yaml"
    p.write_text(dumps(s), encoding="utf-8")
    return p


def test_validate_warns_for_a_unit_in_a_river_and_still_passes(
    unit_in_river: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 21: a warning is reported, not a plain "ok"
    assert main(["validate", str(unit_in_river)]) == 0
    out = capsys.readouterr()
    assert ("wet.yaml: warning: Azurian Hussars (Azurians) stands in River Kiddle away from"
            in out.err)  # a unit named with its side (issue 34)
    assert "2 warnings" in out.out  # in the river, and so outside its zone


def test_validate_strict_fails_on_warnings(
    unit_in_river: Path, good: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "--strict", str(good)]) == 0
    assert main(["validate", "--strict", str(unit_in_river)]) == 1
    assert "--strict" in capsys.readouterr().err


def _bundled_copy(tmp_path: Path, name: str, uid: str, **changes: object) -> Path:
    from desktop.scenario import load
    from desktop.scenario.edits.pieces import update_piece

    src = Path(__file__).resolve().parents[2] / "scenarios" / name
    s = update_piece(load(src), uid, **changes)
    p = tmp_path / f"copy_{name}"
    p.write_text(dumps(s), encoding="utf-8")
    return p


def test_validate_warns_for_ground_only_the_ruleset_forbids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """D3 keeps line infantry out of woods (seed 002 "Terrain"); the editor's
    own checks do not know it, the ruleset's placement_problems does (issue 21)."""
    wet = _bundled_copy(tmp_path, "d3_crossroads.yaml", "aus_ir4", position=(8.0, 7.0))
    assert main(["validate", str(wet)]) == 0
    err = capsys.readouterr().err
    assert ("warning: IR 4 Hoch- und Deutschmeister, 3rd bn stands in the wood Fuchswald "
            "(D3 Horse and Musket: line infantry may not stand there)") in err
    assert main(["validate", "--strict", str(wet)]) == 1


def test_validate_refuses_a_start_the_ruleset_cannot_set_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = _bundled_copy(tmp_path, "d3_crossroads.yaml", "aus_ir4", start={"d3": {"hits": 12}})
    assert main(["validate", str(p)]) == 1
    err = capsys.readouterr().err
    assert ("IR 4 Hoch- und Deutschmeister, 3rd bn: starting hits is 12, more than the 8 "
            "this unit can start with under D3 Horse and Musket") in err


def test_info_names_units_that_start_worn(capsys: pytest.CaptureFixture[str]) -> None:
    """The bundled second-day scenario (issue 21): units start with D3 hits."""
    src = Path(__file__).resolve().parents[2] / "scenarios" / "d3_kreuzdorf_second_day.yaml"
    assert main(["info", str(src)]) == 0
    out = capsys.readouterr().out
    assert "Starts worn: IR 4 Hoch- und Deutschmeister, 3rd bn (5 hits marked)" in out
    assert main(["validate", "--strict", str(src)]) == 0


def test_info_prints_the_battle_and_its_briefing(capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.resources import bundled_scenario

    assert main(["info", str(bundled_scenario("blown_away_four_farms.yaml"))]) == 0
    out = capsys.readouterr().out
    assert "Battle: Blown Away · 40 turns · 96 × 48 in table · 7 units a side" in out
    assert "\nBriefing:\n  Flanders, the summer of 1691." in out
    assert "farms with men still in their ranks wins the day." in out
    assert "A side wins by holding 3 of the 4 objectives (Bridge Farm, Knowe Farm" in out
