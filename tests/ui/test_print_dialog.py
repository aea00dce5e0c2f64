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


# --- issue 37: long work says so ---------------------------------------------------------

def _tiled(qtbot, scenario: Scenario) -> PrintDialog:
    d = PrintDialog(scenario)
    qtbot.addWidget(d)
    for key, box in d.sheet_boxes.items():
        box.setChecked(key == "map")
    d.tiles_box.setChecked(True)
    d.update_preview()
    return d


def test_thousands_of_pages_are_confirmed_first(qtbot, scenario: Scenario, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: above LONG_PRINT_PAGES the dialog asks first, stating the page
    count; declined, nothing is asked for or written."""
    from dataclasses import replace

    from desktop.scenario.model import Table
    from desktop.ui import print_dialog

    big = replace(scenario, table=Table(width=480.0, depth=480.0))
    d = _tiled(qtbot, big)
    assert d.pages == 1 + 3_150
    asked: list[int] = []
    monkeypatch.setattr(d, "confirm_long", lambda pages: asked.append(pages) or False)
    monkeypatch.setattr(print_dialog.QFileDialog, "getSaveFileName",
                        lambda *a, **k: pytest.fail("no file is asked for when declined"))
    d.save_as()
    assert asked == [3_151]
    small = _tiled(qtbot, scenario)
    assert small.pages < print_dialog.LONG_PRINT_PAGES
    monkeypatch.setattr(small, "confirm_long", lambda pages: pytest.fail("not asked"))
    target = tmp_path / "small.pdf"
    monkeypatch.setattr(print_dialog.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    small.save_as()
    assert target.exists()


def test_stop_while_saving_writes_nothing(qtbot, scenario: Scenario, tmp_path: Path) -> None:
    """Issue 37: while the PDF is made the Close button reads Stop and the bar runs
    tile by tile; Stop ends the work with nothing written and the dialog open."""
    from dataclasses import replace

    from desktop.scenario.model import Table
    from printouts import PrintCancelled

    d = _tiled(qtbot, replace(scenario, table=Table(width=120.0, depth=120.0)))
    formats: list[str] = []

    def watch(value: int) -> None:
        formats.append(d.progress.format())
        assert d.close_button.text() == "Stop" and not d.save_button.isEnabled()
        if value >= 3 and d.progress.format().startswith("full-size tiles"):
            d.close_button.click()

    d.progress.valueChanged.connect(watch)
    target = tmp_path / "stopped.pdf"
    with pytest.raises(PrintCancelled):
        d.save_to(target)
    assert not target.exists()
    assert any(f.startswith("full-size tiles (3 of ") for f in formats)
    assert d.close_button.text() == "Close" and d.save_button.isEnabled()
    assert not d.saving
