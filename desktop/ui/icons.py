"""SVG icons from icons/, tinted and rendered once, then reused.

An icon file may use `currentColor`; it is replaced by the colour asked for
(the ink of a unit symbol, the side colour of an officer's disc).  Renderers
and pixmaps are cached by (name, colour[, size]) so a table of a thousand
units renders each kind of symbol once per zoom level, not once per unit.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from desktop.resources import icons_dir
from desktop.scenario.vocabulary import Rank, UnitType

if TYPE_CHECKING:  # PySide builds QIcon's class (and its 40-odd theme icons) when first used
    from PySide6.QtGui import QIcon

#: The ink used for unit symbols when no colour is asked for.
INK = "#1d1d1b"


def unit_icon_name(unit_type: UnitType) -> str:
    return unit_type.value


def officer_icon_name(rank: Rank) -> str:
    return f"officer_{rank.value}"


@cache
def _icons_dir() -> Path:
    """Where the icons are, asked once (each asking looks for an installed package)."""
    return icons_dir()


def icon_path(name: str) -> Path:
    """icons/<name>.svg (as desktop.resources.icon has it)."""
    return _icons_dir() / f"{name}.svg"


@cache
def svg_text(name: str) -> str:
    """The SVG source of icons/<name>.svg ('' if there is no such icon)."""
    try:
        return icon_path(name).read_text(encoding="utf-8")
    except OSError:
        return ""


@lru_cache(maxsize=512)
def renderer(name: str, colour: str = INK) -> QSvgRenderer:
    """A shared renderer for an icon with `currentColor` set to `colour`."""
    text = svg_text(name).replace("currentColor", QColor(colour).name())
    return QSvgRenderer(QByteArray(text.encode("utf-8")))


def has_icon(name: str) -> bool:
    return bool(svg_text(name)) and renderer(name).isValid()


@lru_cache(maxsize=4096)
def image(name: str, colour: str, width: int, height: int) -> QImage:
    """The icon rendered into a transparent image of exactly width x height pixels."""
    img = QImage(max(1, width), max(1, height), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    r = renderer(name, colour)
    if r.isValid():
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r.render(p, QRectF(0, 0, width, height))
        p.end()
    return img


def pixmap(name: str, colour: str = INK, size: QSize | None = None) -> QPixmap:
    """A cached pixmap of an icon at its natural size or at `size`."""
    r = renderer(name, colour)
    s = size if size is not None else r.defaultSize()
    return QPixmap.fromImage(image(name, colour, s.width(), s.height()))


def qicon(name: str, colour: str = INK, heights: tuple[int, ...] = (16, 24, 32, 48)) -> QIcon:
    """A QIcon holding the icon rendered at `heights` (keep the list short: each is a render)."""
    from PySide6.QtGui import QIcon

    out = QIcon()
    r = renderer(name, colour)
    if not r.isValid():
        return out
    natural = r.defaultSize()
    aspect = natural.width() / natural.height() if natural.height() else 1.0
    for h in heights:
        out.addPixmap(pixmap(name, colour, QSize(round(h * aspect), h)))
    return out


def app_icon() -> QIcon:
    """The app icon, straight from its SVG (Qt renders each size only when asked)."""
    from PySide6.QtGui import QIcon

    path = icon_path("volley")
    return QIcon(str(path)) if path.is_file() else QIcon()
