"""File > Print…: choose sheets, side, ruleset and paper, see the first page, save a PDF.

The PDF comes from the Qt-free `printouts` package, exactly as `volley print`
makes it; this dialog only gathers the options.  The preview is the first
page rendered by `pdftoppm` (poppler) when it is installed, else a note.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import registry
from desktop.scenario import Scenario
from desktop.scenario.filenames import derived_path
from desktop.ui.plaintext import esc, literal
from printouts import (
    LONG_PRINT_PAGES,
    SHEETS,
    PrintCancelled,
    PrintError,
    PrintOptions,
    render_counted,
    resolve,
    write_pdf,
)
from printouts.game_marks import GameMarks
from printouts.ruleset_sheets import ruleset_name

SHEET_LABELS = {
    "scenario": "Scenario card (briefing, victory, forces)",
    "roster": "Roster sheets",
    "cards": "Officer cards",
    "map": "Map of the table",
    "reference": "Quick reference",
}
PREVIEW_W, PREVIEW_H = 420, 300


def pdftoppm() -> str | None:
    return shutil.which("pdftoppm")


def first_page_png(pdf: bytes, dpi: int = 60) -> bytes | None:
    """The first page of `pdf` as PNG bytes, or None without pdftoppm."""
    exe = pdftoppm()
    if exe is None:
        return None
    with tempfile.TemporaryDirectory(prefix="volley-preview-") as d:
        src = Path(d) / "p.pdf"
        src.write_bytes(pdf)
        out = Path(d) / "page"
        done = subprocess.run(
            [exe, "-png", "-f", "1", "-l", "1", "-r", str(dpi), "-singlefile", str(src),
             str(out)],
            capture_output=True, timeout=30,
        )
        png = out.with_suffix(".png")
        if done.returncode != 0 or not png.exists():
            return None
        return png.read_bytes()


class PrintDialog(QDialog):
    def __init__(self, scenario: Scenario, parent: QWidget | None = None,
                 path: Path | None = None, *, game: GameMarks | None = None,
                 ruleset: str | None = None) -> None:
        """`game`: a game in progress, whose losses the rosters show marked; its
        `ruleset` is then the only one offered (the marks are that ruleset's)."""
        super().__init__(parent)
        self.scenario = scenario
        self.path = path
        self.game = game
        self.setWindowTitle("Print the game in progress — Volley" if game is not None
                            else "Print — Volley")
        self.setModal(True)

        sheets = QGroupBox("Sheets")
        sl = QVBoxLayout(sheets)
        self.sheet_boxes: dict[str, QCheckBox] = {}
        for key in SHEETS:
            box = QCheckBox(SHEET_LABELS[key])
            box.setChecked(True)
            box.toggled.connect(self._changed)
            sl.addWidget(box)
            self.sheet_boxes[key] = box
        self.tiles_box = QCheckBox("Also the map at full size, tiled across pages")
        self.tiles_box.toggled.connect(self._changed)
        sl.addWidget(self.tiles_box)
        # tiles are a mat for real figures: the bases only when asked for
        self.tile_units_box = QCheckBox("with the unit bases on the tiles")
        self.tile_units_box.setEnabled(False)
        self.tile_units_box.setStyleSheet("margin-left: 20px")  # it belongs to the tiles
        self.tiles_box.toggled.connect(self.tile_units_box.setEnabled)
        self.tile_units_box.toggled.connect(self._changed)
        sl.addWidget(self.tile_units_box)

        form = QFormLayout()
        self.side_combo = QComboBox()
        self.side_combo.addItem("All sides", None)
        for side in scenario.sides:
            self.side_combo.addItem(side.name, side.id)
        self.ruleset_combo = QComboBox()
        default = scenario.ruleset
        self.ruleset_combo.addItem(
            f"Scenario's default ({ruleset_name(default)})" if default else "None chosen",
            None)
        for rs in registry.all_rulesets():
            self.ruleset_combo.addItem(rs.name, rs.id)
        self.paper_combo = QComboBox()
        self.paper_combo.addItem("A4", "a4")
        self.paper_combo.addItem("US Letter", "letter")
        for combo in (self.side_combo, self.ruleset_combo, self.paper_combo):
            combo.currentIndexChanged.connect(self._changed)
        if game is not None:
            self.ruleset_combo.blockSignals(True)
            self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(ruleset)))
            self.ruleset_combo.blockSignals(False)
            self.ruleset_combo.setEnabled(False)
            self.ruleset_combo.setToolTip("The game's rules: the marks are theirs")
            # the map shows where the battle began, not where it stands
            self.sheet_boxes["map"].blockSignals(True)
            self.sheet_boxes["map"].setChecked(False)
            self.sheet_boxes["map"].blockSignals(False)
        form.addRow("Side", self.side_combo)
        form.addRow("Ruleset", self.ruleset_combo)
        form.addRow("Paper", self.paper_combo)

        left = QVBoxLayout()
        left.addWidget(sheets)
        left.addLayout(form)
        left.addStretch(1)

        self.preview = QLabel()
        self.preview.setFixedSize(PREVIEW_W, PREVIEW_H)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet("QLabel { background: #8a8a8a; color: white; }")
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.RichText)  # ours; names in it are escaped
        self.status.setWordWrap(True)
        right = QVBoxLayout()
        right.addWidget(QLabel("First page"))
        right.addWidget(self.preview)
        right.addWidget(self.status)

        top = QHBoxLayout()
        top.addLayout(left)
        top.addLayout(right)

        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.save_button = QPushButton("Save as PDF…")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save_as)
        # while a PDF is made this stops it (nothing is written) instead of closing
        self.close_button = close = QPushButton("Close")
        close.clicked.connect(self._close_or_stop)
        self.saving = False
        self.stop_asked = False
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(close)
        buttons.addWidget(self.save_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(buttons)

        self.pages = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(200)
        self._timer.timeout.connect(self.update_preview)
        self.update_preview()

    # --- options -------------------------------------------------------------------------

    def options(self) -> PrintOptions:
        sheets = tuple(k for k in SHEETS if self.sheet_boxes[k].isChecked())
        tiles = self.tiles_box.isChecked()
        if tiles and "map" not in sheets:
            sheets = tuple(k for k in SHEETS if k in (*sheets, "map"))
        return PrintOptions(
            sheets=sheets,
            side=self.side_combo.currentData(),
            ruleset=self.ruleset_combo.currentData(),
            paper=self.paper_combo.currentData(),
            tiles=tiles,
            tile_units=tiles and self.tile_units_box.isChecked(),
            game=self.game,
        )

    def _changed(self, *_: object) -> None:
        self._timer.start()

    # --- preview ---------------------------------------------------------------------------

    def update_preview(self) -> None:
        if self.saving:  # (events run while a PDF is made: the preview waits)
            self._timer.start()
            return
        options = self.options()
        self.save_button.setEnabled(bool(options.sheets))
        if not options.sheets:
            self.preview.setPixmap(QPixmap())
            self.preview.setText("Choose at least one sheet.")
            self.status.setText("")
            return
        try:
            notes = resolve(self.scenario, options).notes
            # the first page never needs the tiles, which are slow to draw
            data, pages = render_counted(self.scenario, replace(options, tiles=False))
            self.pages = pages + self._tile_pages(options)
        except PrintError as e:
            self.status.setText(f"<span style='color:#a00'>{esc(e)}</span>")
            return
        self.status.setText(f"{self.pages} page{'s' if self.pages != 1 else ''}"
                            + "".join(f"<br><i>{esc(n)}</i>" for n in notes))
        png = first_page_png(data)
        if png is None:
            self.preview.setPixmap(QPixmap())
            self.preview.setText("No preview: install poppler-utils (pdftoppm) to see the "
                                 "first page here. Saving works without it.")
            return
        pix = QPixmap()
        pix.loadFromData(png, "PNG")
        self.preview.setText("")
        self.preview.setPixmap(pix.scaled(PREVIEW_W - 8, PREVIEW_H - 8,
                                          Qt.AspectRatioMode.KeepAspectRatio,
                                          Qt.TransformationMode.SmoothTransformation))

    def _tile_pages(self, options: PrintOptions) -> int:
        if not options.tiles:
            return 0
        from printouts.map_tiles import tiles_for

        return 1 + len(tiles_for(self.scenario, options.paper)[0])  # the index and the tiles

    # --- saving ----------------------------------------------------------------------------

    def default_path(self) -> Path:
        if self.path is not None:
            return derived_path(self.path, ".pdf")
        stem = "".join(ch if ch.isalnum() else "_" for ch in self.scenario.title).strip("_")
        return Path.home() / f"{stem or 'volley'}.pdf"

    def _close_or_stop(self) -> None:
        if self.saving:
            self.stop_asked = True
            self.close_button.setEnabled(False)
            self.progress.setFormat("Stopping…")
        else:
            self.reject()

    def reject(self) -> None:
        if self.saving:  # Escape or the window's close box while saving: stop first
            self._close_or_stop()
            return
        super().reject()

    def save_to(self, target: Path) -> int:
        """Write the PDF, with the progress bar running; returns the pages written.

        The Close button reads Stop meanwhile: pressed, the work stops and
        PrintCancelled is raised, with nothing written."""
        self.saving, self.stop_asked = True, False
        self.save_button.setEnabled(False)
        self.close_button.setText("Stop")
        self.close_button.setEnabled(True)
        self.progress.setVisible(True)
        self.progress.setValue(0)
        from PySide6.QtWidgets import QApplication

        def progress(done: int, total: int, label: str) -> None:
            self.progress.setFormat(f"{label}… %p%")
            self.progress.setMaximum(max(1, total))
            self.progress.setValue(done)
            QApplication.processEvents()
            if self.stop_asked:
                raise PrintCancelled

        try:
            return write_pdf(self.scenario, target, self.options(), progress)
        finally:
            self.saving = False
            self.progress.setVisible(False)
            self.save_button.setEnabled(True)
            self.close_button.setText("Close")
            self.close_button.setEnabled(True)

    def confirm_long(self, pages: int) -> bool:
        """Whether to make `pages` pages, asked when they are more than LONG_PRINT_PAGES."""
        box = QMessageBox(QMessageBox.Icon.Question, "Print thousands of pages?",
                          f"These printouts take {pages:,} pages: the full-size tiles of a "
                          f"{self.scenario.table.width:g} x {self.scenario.table.depth:g} "
                          "in table. Making them takes several minutes and a large PDF; "
                          "you can stop while they are made.\n\nLeave out the tiles for "
                          "the map on one page.", parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        go = box.addButton(f"Make {pages:,} pages", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is go

    def save_as(self) -> None:
        if self.pages > LONG_PRINT_PAGES and not self.confirm_long(self.pages):
            return
        name, _ = QFileDialog.getSaveFileName(self, "Save printouts as PDF",
                                              str(self.default_path()), "PDF (*.pdf)")
        if not name:
            return
        target = Path(name)
        if target.suffix.lower() != ".pdf":
            target = target.with_suffix(".pdf")
        try:
            pages = self.save_to(target)
        except PrintCancelled:
            self.status.setText(f"Stopped: nothing was saved to {esc(target)}")
            return
        except (OSError, PrintError) as e:
            QMessageBox.warning(self, "Could not save", literal(f"{target}\n\n{e}"))
            return
        self.status.setText(f"Saved {pages} pages to {esc(target)}")
        self.accept()
