"""Render the app icon (icons/volley.svg) into the formats each OS wants.

    python installer/make_icons.py OUT_DIR

writes OUT_DIR/volley.png (256 px), OUT_DIR/volley.ico (Windows: PNG entries
16-256 px) and OUT_DIR/volley.icns (macOS: PNG entries 16-1024 px).  Qt draws
the SVG (QtSvg, offscreen, so no display is needed); the ICO and ICNS
containers are written here by hand, so the build needs no Pillow and no
macOS tools.  The spec (installer/volley.spec) runs this before PyInstaller
and builds without an icon if it fails.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "icons" / "volley.svg"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types that hold PNG data (macOS 10.7 and later).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128),
    (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render_pngs(svg: Path, sizes: set[int]) -> dict[int, bytes]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["make_icons"])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: cannot read {svg}")
    out: dict[int, bytes] = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buf, "PNG")
        buf.close()
        out[size] = bytes(data.data())
    del app
    return out


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose images are PNG (Vista and later)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        png = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        blobs += png
    return header + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose elements are PNG."""
    body = b""
    for kind, size in ICNS_TYPES:
        # ic11-ic14 are the @2x variants: a 16@2x icon is a 32 px image.
        png = pngs[size]
        body += kind + struct.pack(">I", 8 + len(png)) + png
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    sizes = set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = render_pngs(SOURCE, sizes)
    (out / "volley.png").write_bytes(pngs[256])
    (out / "volley.ico").write_bytes(ico(pngs))
    (out / "volley.icns").write_bytes(icns(pngs))
    print(f"make_icons: wrote volley.png, volley.ico, volley.icns to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
