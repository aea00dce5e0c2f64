"""`volley balance`: text and JSON reports, progress lines, and bad input said in words
(issue 19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.cli import main
from desktop.play.balance.report import Report
from desktop.resources import bundled_scenarios


@pytest.fixture(scope="module")
def crossroads() -> Path:
    return next(p for p in bundled_scenarios() if p.name == "d3_crossroads.yaml")


def test_text_report(crossroads: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["balance", str(crossroads), "--games", "3", "--level", "recruit",
                 "--workers", "1", "--seed", "2", "--fixed"])
    out, err = capsys.readouterr()
    assert code == 0
    assert out.startswith("The Crossroads at Kreuzdorf (d3_crossroads.yaml)")
    assert "3 games, Recruit on both sides, seed 2, turn limit 12" in out
    assert "Austrian rearguard wins" in out and "How the games ended" in out
    assert "Kreuzdorf crossroads" in out  # objectives by name
    assert "aus_" not in out and "fra_" not in out  # names, never ids
    # not a terminal: plain progress lines, the last one complete
    assert err.strip().splitlines()[-1].startswith("3/3 games; wins so far:")


def test_a_sequential_report_says_how_it_settled(
        crossroads: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["balance", str(crossroads), "--games", "3", "--level", "recruit",
                 "--workers", "1", "--seed", "2", "--precision", "5", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    report = Report.from_json(json.loads(out))
    st = report.settle
    assert st is not None and st.reason == "maximum" and st.games == report.played == 3
    assert st.precision == 0.05 and st.low <= st.share <= st.high
    assert report.verdict.startswith("Not settled: the most games asked for, 3, were played")
    assert "scores" in err.strip().splitlines()[-1]


def test_json_report_reads_back(crossroads: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["balance", str(crossroads), "--games", "2", "--level", "recruit,steady",
                 "--workers", "1", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert set(data["levels"]) == {"recruit", "steady"}
    report = Report.from_json(data)
    assert report.played == 2 and report.inputs.levels == ("recruit", "steady")


@pytest.mark.parametrize(("args", "message"), [
    (["--level", "general"], "--level takes one or two of recruit, steady, veteran"),
    (["--games", "0"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--precision", "0"], "--precision takes points between 0 and 50"),
    (["--ruleset", "chess"], "unknown ruleset 'chess'"),
])
def test_bad_options_are_said_in_words(crossroads: Path, capsys: pytest.CaptureFixture[str],
                                       args: list[str], message: str) -> None:
    assert main(["balance", str(crossroads), *args]) != 0
    assert message in capsys.readouterr().err


def test_a_missing_or_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [unclosed\n", encoding="utf-8")
    assert main(["balance", str(bad)]) == 1
    assert "bad.yaml" in capsys.readouterr().err


def test_vary_on_a_scenario_without_a_turn_limit(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    farms = next(p for p in bundled_scenarios() if p.name == "blown_away_four_farms.yaml")
    code = main(["balance", str(farms), "--games", "1", "--level", "recruit", "--workers", "1",
                 "--vary", "turn-limit", "--json"])
    out, err = capsys.readouterr()
    # Blown Away has a turn-limit option of its own, so the sweep can vary it
    assert code == 0, err
    assert len(json.loads(out)["sweep"]) >= 3


def test_progress_is_never_silent_before_the_first_game_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: a game of a 300-unit scenario takes minutes; until the first ends,
    stderr says what is played and, every HEARTBEAT seconds, how long it has run.
    A batch refused at once (within GRACE) says nothing of the kind."""
    import io
    import time

    from desktop.cli.balance_cmds import ProgressShow
    from desktop.play.balance.runner import Progress

    monkeypatch.setattr(ProgressShow, "GRACE", 0.05)
    monkeypatch.setattr(ProgressShow, "HEARTBEAT", 0.05)
    stream = io.StringIO()
    show = ProgressShow({"a": "Army A", "b": "Army B"}, stream)
    show.what = "2 games of Big Battle (300 units)"
    show.start(2)
    time.sleep(0.4)
    show(Progress(1, 2, {"a": 1, "b": 0}, 0, 120.0))
    time.sleep(0.2)
    show.close()
    lines = stream.getvalue().splitlines()
    assert lines[0] == ("volley balance: playing 2 games of Big Battle (300 units); "
                        "Ctrl+C stops and reports the games played")
    waiting = [ln for ln in lines if "the first games are under way" in ln]
    assert len(waiting) >= 2 and waiting[0].startswith("0/2 games;")
    assert lines[-1].startswith("1/2 games; wins so far: Army A 1, Army B 0")

    quiet = io.StringIO()
    refused = ProgressShow({}, quiet)
    refused.start(2)
    refused.close()
    assert quiet.getvalue() == ""
