"""The play window opens a doubtful record as a person would want (issue 15, "Records").

A record cut short or saved against a scenario that has since changed is not
replayed silently: the window asks, and opens it only when told to.  What was
doubtful but replayed (an edited or old record) is said in the status bar.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.session import Session
from desktop.rules.record import RecordError, load_record
from desktop.ui.play.window import PlayWindow
from tests.rules.record_helpers import saved_game


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    w = PlayWindow()
    w.computer_delay = 0
    qtbot.addWidget(w)
    w.resize(1200, 800)
    return w


def changed_scenario(tmp_path: Path) -> Path:
    """A saved game whose scenario file was then edited (one more turn)."""
    record = saved_game(tmp_path, actions=12)
    scenario = tmp_path / "duel.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert "turns: 3," in text
    scenario.write_text(text.replace("turns: 3,", "turns: 4,", 1), encoding="utf-8")
    return record


def test_a_changed_scenario_is_opened_only_when_the_person_says_so(
        window: PlayWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = changed_scenario(tmp_path)
    asked: list[str] = []
    monkeypatch.setattr(window.records, "ask_open_anyway", lambda why: asked.append(why) or False)
    assert not window.records.open_game(record) and window.session is None
    assert asked and "changed since" in asked[0] and str(record) in asked[0]

    monkeypatch.setattr(window.records, "ask_open_anyway", lambda why: True)
    assert window.records.open_game(record)
    assert window.session is not None and len(window.session.steps) == 12
    assert "replayed anyway" in window.last_message


def test_an_old_record_opens_with_its_warning_in_the_status_bar(
        window: PlayWindow, tmp_path: Path) -> None:
    record = saved_game(tmp_path, actions=5)
    lines = [ln for ln in record.read_text(encoding="utf-8").splitlines(keepends=True)
             if not ln.startswith(("record_format:", "scenario_sha256:", "end:"))]
    record.write_text("".join(lines), encoding="utf-8")  # as a version-1 record was written
    assert load_record(record).warnings
    assert window.records.open_game(record)
    assert "Opened game.yaml: 5 actions replayed · " in window.last_message


def test_a_ruleset_fault_while_replaying_names_the_file_and_the_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Session.from_record replays step by step; a fault there is a RecordError too."""
    record = load_record(saved_game(tmp_path, actions=6))

    def broken(self: Session, action: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Session, "apply", broken)
    with pytest.raises(RecordError) as e:
        Session.from_record(record, tmp_path / "game.yaml")
    assert str(e.value).startswith(f"{tmp_path / 'game.yaml'}: action 0 ")
    assert "ZeroDivisionError" in str(e.value) and e.value.index == 0


def test_volley_play_refuses_a_changed_scenario_and_says_how_to_go_on(
        qtbot: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.ui.play.app import run

    record = changed_scenario(tmp_path)
    assert run(record, None, None, tmp_path / "shot.png") == 1
    err = capsys.readouterr().err
    assert err.startswith(f"volley play: {record}:") and "changed since" in err
    assert "Open game" in err and "--force" in err and "Traceback" not in err
    assert not (tmp_path / "shot.png").exists()
