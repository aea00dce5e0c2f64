"""Starting the window: screenshots, and bad files that must not crash it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from desktop.ui import app as app_module
from desktop.ui.main_window import MainWindow

DATA = Path(__file__).parent / "data"
SHOWCASE = DATA / "showcase.yaml"


def _distinct_colours(img: QImage, step: int = 23) -> int:
    seen = set()
    for y in range(0, img.height(), step):
        for x in range(0, img.width(), step):
            seen.add(img.pixel(x, y))
    return len(seen)


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Message boxes shown, as their text; none is really opened."""
    shown: list[str] = []

    def fake_exec(box: QMessageBox) -> int:
        shown.append(f"{box.text()}\n{box.informativeText()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    return shown


def test_screenshot_writes_a_picture_of_the_table(qapp: Any, tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    assert app_module.run(SHOWCASE, out) == 0
    img = QImage(str(out))
    assert (img.width(), img.height()) == app_module.WINDOW_SIZE
    assert _distinct_colours(img) > 40  # a drawn table, not a blank window


def test_screenshot_of_a_bad_file_prints_problems_and_fails(
    qapp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format_version: 1\ntitle: x\ntable: {width: -4, depth: 3}\nsides: []\n",
                   encoding="utf-8")
    out = tmp_path / "shot.png"
    assert app_module.run(bad, out) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:3" in err and "width" in err
    assert not out.exists()


def test_opening_a_bad_file_shows_the_problem_and_keeps_the_table(
    qtbot: Any, tmp_path: Path, boxes: list[str]
) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    assert w.open_file(SHOWCASE)
    bad = tmp_path / "broken.yaml"
    bad.write_text("format_version: 1\ntitle: [unclosed\n", encoding="utf-8")
    assert not w.open_file(bad)
    assert len(boxes) == 1 and "broken.yaml" in boxes[0] and "broken.yaml:3" in boxes[0]
    assert w.scenario is not None and w.scenario.title.startswith("Showcase")
    assert not w.open_file(tmp_path / "missing.yaml")
    assert "no such file" in boxes[1]


def test_run_with_a_bad_file_keeps_the_window_up(
    qtbot: Any, tmp_path: Path, boxes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format_version: 1\ntitle: t\ntable: {width: 10, depth: 10}\n"
                   "sides: 7\n", encoding="utf-8")
    windows: list[MainWindow] = []

    def fake_exec(self: Any) -> int:
        from PySide6.QtWidgets import QApplication

        QApplication.processEvents()  # runs the deferred error box
        windows.extend(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        return 0

    monkeypatch.setattr(type(app_module.application()), "exec", fake_exec)
    assert app_module.run(bad, None) == 0
    assert boxes and "bad.yaml" in boxes[0] and "sides" in boxes[0]
    shown = [w for w in windows if w.isVisible()]
    assert shown and shown[-1].scenario is None
    for w in windows:
        w.close()
