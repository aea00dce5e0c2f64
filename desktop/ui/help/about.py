"""Help ▸ About Volley: the version, and the licences of the parts that ship with it.

The version and each library's licence are read from the installed packages'
metadata; where a bundle carries no metadata the licence the project
publishes is shown instead.  The fonts' licence is the text shipped beside
them (fonts/LICENSE.txt).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from importlib import metadata

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from desktop import __version__
from desktop.bundled_fonts import font_path


@dataclass(frozen=True)
class Part:
    """A bundled library: its distribution name, what it does here, its published licence."""

    name: str
    dist: str
    role: str
    licence: str


PARTS = (
    Part("Qt for Python (PySide6)", "PySide6-Essentials", "the windows",
         "LGPL-3.0 (or GPL-2.0 / GPL-3.0)"),
    Part("ReportLab", "reportlab", "the printed sheets (PDF)", "BSD"),
    Part("Shapely", "shapely", "terrain and line-of-sight geometry", "BSD-3-Clause"),
    Part("pyqtgraph", "pyqtgraph", "the strength and odds charts", "MIT"),
    Part("PyYAML", "PyYAML", "reading and writing scenario files", "MIT"),
)


def version() -> str:
    """Volley's version as installed (the source tree's when not installed)."""
    try:
        return metadata.version("volley")
    except metadata.PackageNotFoundError:
        return __version__


def part_version_and_licence(part: Part) -> tuple[str, str]:
    """The installed version and declared licence of `part` (published values if none)."""
    try:
        meta = metadata.metadata(part.dist)
    except metadata.PackageNotFoundError:
        return "", part.licence
    def field(key: str) -> str:
        return str((meta.get_all(key) or [""])[0])

    declared = field("License-Expression") or field("License")
    if not declared or len(declared) > 80:  # a whole licence text, or nothing
        declared = part.licence
    return field("Version"), declared


def fonts_licence() -> str:
    try:
        return font_path("LICENSE.txt").read_text(encoding="utf-8")
    except OSError:
        return "The fonts' licence file is missing from this installation."


def about_html() -> str:
    rows = []
    for p in PARTS:
        v, lic = part_version_and_licence(p)
        rows.append(f"<tr><td>{escape(p.name)}</td><td>{escape(v)}</td>"
                    f"<td>{escape(lic)}</td><td>{escape(p.role)}</td></tr>")
    rows.append("<tr><td>DejaVu fonts</td><td>2.37</td><td>Bitstream Vera and Arev "
                "licences; DejaVu changes public domain</td><td>all text on screen and "
                "on paper</td></tr>")
    return (
        f"<h2>Volley {escape(version())}</h2>"
        "<p>Scenario editor, solo-play referee and printouts for horse-and-musket "
        "wargames. Volley itself is under the MIT licence.</p>"
        "<h3>Parts that ship with Volley</h3>"
        "<table border='1' cellspacing='0' cellpadding='3'>"
        "<tr><th>Part</th><th>Version</th><th>Licence</th><th>Used for</th></tr>"
        + "".join(rows) + "</table>"
        "<p>Qt and PySide6 are used under the LGPL: you may replace the Qt libraries "
        "Volley runs with by your own build of the same version.</p>"
        "<h3>The fonts' licence</h3>"
        f"<pre style='font-size:small'>{escape(fonts_licence())}</pre>"
    )


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Volley")
        self.resize(640, 560)
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setHtml(about_html())
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
