"""The terrain's computed looks, kept on disk between runs (not a picture of the table).

Building the full looks (textures, contours, roofs) and outlining the names
needs shapely, which with numpy under it takes longer to import than Qt
itself, and then tens of milliseconds of geometry.  None of it depends on
the view: it is a function of the terrain features and of the code that
draws them.  So once computed, every layer's path, pen and brush and every
name's outline are written to the user's cache folder under a key: a hash
of the terrain (`repr` of the frozen feature values), of the source files
that make looks and of the terrain properties' defaults.  A later start on
the same terrain reads them back (Qt's own binary streams, exact to the
bit) and draws the very same table without importing shapely.  A changed
feature or a new version of the drawing code gives another key, so a stale
look is never shown.  Everything is still drawn live at the current zoom:
the cache holds geometry, never pixels.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QStandardPaths, qVersion
from PySide6.QtGui import QBrush, QPainterPath, QPen

from desktop.scenario.model import TerrainFeature
from desktop.ui.table.styles import Layer

#: Bump when the file layout below changes.
FORMAT = 1
#: The modules whose code decides what a look or a name's outline is (from desktop/).
SOURCES = ("ui/table/terrain_looks.py", "ui/table/terrain_items.py", "ui/table/paths.py",
           "ui/table/styles.py", "ui/table/look_cache.py", "scenario/geometry.py")
#: At most this many tables' looks are kept (70-150 KB each for the bundled ones); the
#: oldest go first.
KEEP = 16
#: Set to a folder to use it instead of the user's cache folder ("" turns caching off).
ENV = "VOLLEY_LOOK_CACHE"


@dataclass(frozen=True)
class Looks:
    """Per feature id: its layers, and its name's shown text and outline (if it has one)."""

    layers: dict[str, list[Layer]]
    names: dict[str, tuple[str, QPainterPath]]


_code_hash: str | None = None


def _code() -> str:
    global _code_hash
    if _code_hash is None:
        from desktop.scenario.vocabulary import TERRAIN_PROPERTIES

        # The properties' defaults too: a look reads them for what a file leaves out.
        h = hashlib.sha256(f"{FORMAT}:{qVersion()}:{TERRAIN_PROPERTIES!r}".encode())
        here = Path(__file__).parents[2]
        for name in SOURCES:
            try:
                h.update((here / name).read_bytes())
            except OSError:  # no sources (a frozen build): nothing can tell a stale file
                _code_hash = ""
                return _code_hash
        _code_hash = h.hexdigest()
    return _code_hash


def key(terrain: tuple[TerrainFeature, ...]) -> str:
    """The cache key of a table's terrain for this version of the drawing code ("" if none)."""
    code = _code()
    if not code:
        return ""
    return hashlib.sha256(f"{code}\n{terrain!r}".encode()).hexdigest()


def folder() -> Path | None:
    """Where looks are kept; None when caching is off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    return Path(base) / "volley" / "terrain-looks" if base else None


def load(terrain: tuple[TerrainFeature, ...]) -> Looks | None:
    """The looks computed earlier for exactly this terrain and code, or None."""
    where = folder()
    k = key(terrain)
    if where is None or not k:
        return None
    try:
        data = (where / f"{k}.looks").read_bytes()
    except OSError:
        return None
    raw = QByteArray(data)  # held here: the stream does not keep it alive
    stream = QDataStream(raw, QIODevice.OpenModeFlag.ReadOnly)
    if stream.readQString() != k:
        return None
    layers: dict[str, list[Layer]] = {}
    names: dict[str, tuple[str, QPainterPath]] = {}
    for _ in range(stream.readInt32()):
        fid = stream.readQString()
        out = []
        for _ in range(stream.readInt32()):
            path, pen, brush = QPainterPath(), QPen(), QBrush()
            stream >> path
            stream >> pen
            stream >> brush
            out.append(Layer(path, pen, brush, stream.readDouble()))
        layers[fid] = out
        if stream.readBool():
            text = stream.readQString()
            outline = QPainterPath()
            stream >> outline
            names[fid] = (text, outline)
    if stream.status() != QDataStream.Status.Ok or set(layers) != {f.id for f in terrain}:
        return None
    return Looks(layers, names)


def save(terrain: tuple[TerrainFeature, ...], looks: Looks) -> None:
    """Keep `looks` for the next start on the same terrain (quietly skipped if it cannot be)."""
    where = folder()
    k = key(terrain)
    if where is None or not k:
        return
    data = QByteArray()
    stream = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    stream.writeQString(k)
    stream.writeInt32(len(looks.layers))
    for fid, layers in looks.layers.items():
        stream.writeQString(fid)
        stream.writeInt32(len(layers))
        for layer in layers:
            stream << layer.path
            stream << layer.pen
            stream << layer.brush
            stream.writeDouble(layer.min_ppi)
        name = looks.names.get(fid)
        stream.writeBool(name is not None)
        if name is not None:
            stream.writeQString(name[0])
            stream << name[1]
    try:
        where.mkdir(parents=True, exist_ok=True)
        tmp = where / f"{k}.{os.getpid()}.tmp"
        tmp.write_bytes(data.data())
        tmp.replace(where / f"{k}.looks")  # whole or not at all, even with two windows
        _prune(where)
    except OSError:
        pass


def _prune(where: Path) -> None:
    files = sorted(where.glob("*.looks"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[KEEP:]:
        old.unlink(missing_ok=True)
