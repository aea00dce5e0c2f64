"""File > Print…: the dialog gathers options, previews the first page and saves a PDF."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox

from desktop.scenario import Scenario, load
from desktop.ui.print_dialog import PrintDialog

DATA = Path(__file__).resolve().parents[1] / "printouts" / "data" / "mill_ridge.yaml"


@pytest.fixture
def scenario() -> Scenario:
    return load(DATA)


def test_defaults_print_everything(qtbot, scenario: Scenario) -> None:
    d = PrintDialog(scenario, path=DATA)
    qtbot.addWidget(d)
    o = d.options()
    assert o.sheets == ("scenario", "roster", "cards", "map", "reference")
    assert o.side is None and o.ruleset is None and o.paper == "a4" and not o.tiles
    assert d.pages == 7
    assert d.default_path() == DATA.with_suffix(".pdf")


def test_choices_reach_the_options(qtbot, scenario: Scenario) -> None:
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    d.sheet_boxes["scenario"].setChecked(False)
    d.sheet_boxes["cards"].setChecked(False)
    d.sheet_boxes["reference"].setChecked(False)
    d.side_combo.setCurrentIndex(d.side_combo.findData("republic"))
    d.ruleset_combo.setCurrentIndex(d.ruleset_combo.findData("mayhem"))
    d.paper_combo.setCurrentIndex(d.paper_combo.findData("letter"))
    o = d.options()
    assert o.sheets == ("roster", "map")
    assert (o.side, o.ruleset, o.paper) == ("republic", "mayhem", "letter")
    d.update_preview()
    assert d.pages == 2


def test_no_sheet_disables_saving(qtbot, scenario: Scenario) -> None:
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    for box in d.sheet_boxes.values():
        box.setChecked(False)
    d.update_preview()
    assert not d.save_button.isEnabled()


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_preview_shows_the_first_page(qtbot, scenario: Scenario) -> None:
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    pix = d.preview.pixmap()
    assert pix is not None and not pix.isNull() and pix.width() > 100


def test_preview_without_pdftoppm_says_so(qtbot, scenario: Scenario,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("desktop.ui.print_dialog.pdftoppm", lambda: None)
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    assert "pdftoppm" in d.preview.text()


def test_save_writes_the_pdf(qtbot, scenario: Scenario, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    target = tmp_path / "out"
    monkeypatch.setattr("desktop.ui.print_dialog.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), "PDF (*.pdf)"))
    d.save_as()
    assert target.with_suffix(".pdf").read_bytes().startswith(b"%PDF")


def test_file_menu_print_opens_the_dialog(qtbot, scenario: Scenario,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    file_menu = w.menuBar().actions()[0].menu()
    texts = [a.text() for a in file_menu.actions() if not a.isSeparator()]
    assert texts.index("&Print…") < texts.index("&Quit")
    assert w.print_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a: told.append(a[2]))
    w.print_action.trigger()
    assert told == ["Open a scenario first."]
    w.show_scenario(scenario, DATA)
    w.print_action.trigger()
    dialog = w._print_dialog
    assert isinstance(dialog, PrintDialog) and dialog.isVisible()
    dialog.reject()


def test_tile_bases_are_asked_for_only_with_tiles(qtbot, scenario: Scenario) -> None:
    # Issue 17: full-size tiles are a mat for real figures, so they carry no unit
    # bases unless the player asks; the box belongs to the tiles and waits for them.
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    assert not d.tile_units_box.isEnabled()
    d.tile_units_box.setChecked(True)  # ticked while tiles are off: ignored
    assert not d.options().tile_units
    d.tiles_box.setChecked(True)
    assert d.tile_units_box.isEnabled() and d.options().tiles
    assert d.options().tile_units
    d.tile_units_box.setChecked(False)
    assert d.options().tiles and not d.options().tile_units
