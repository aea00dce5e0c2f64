"""The table view: zoom, pan, fit, the grid toggle and the scale bar.

The grid itself is drawn by the scene, under the units (see TableScene).

Panning: drag with the middle button anywhere, with the left button on the
table where nothing selectable lies, or with the left button while holding
Space; the arrow keys nudge.  Zooming: the wheel (about the cursor) or
`zoom_in`/`zoom_out` (about the centre).  Until the user zooms or pans, the
view keeps the whole table fitted as the window resizes.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsItem, QGraphicsView, QWidget

from desktop.scenario.vocabulary import LengthUnit
from desktop.ui.table.force_items import tag_scale_for
from desktop.ui.table.overlays import draw_placeholder, draw_scale_bar
from desktop.ui.table.scene import TableScene

ZOOM_STEP = 1.25
PIXMAP_CACHE_KB = 256 * 1024
#: Zoom limits in device pixels per table inch.
MIN_PPI, MAX_PPI = 0.5, 240.0
#: Unit tags are grown for the zoom this long after the wheel stops turning.
TAG_SCALE_DELAY_MS = 150
PLACEHOLDER = "No scenario open.\nFile ▸ Open… (Ctrl+O)"


class TableView(QGraphicsView):
    cursor_moved = Signal(object)  # QPointF in table inches, or None when off the view
    zoom_changed = Signal(float)  # device pixels per inch
    grid_toggled = Signal(bool)

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # Our own viewport widget: Python's first look at the default one (an
        # object PySide has no wrapper for yet) makes PySide build every
        # QtWidgets class, about 11 ms at start-up.
        self.setViewport(QWidget())
        self.table_scene = scene
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
            | QGraphicsView.OptimizationFlag.DontSavePainterState
        )
        # Items cache their rendering per zoom; give the cache room for a big table.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.grid_visible = False
        self._fitted = True
        self._pan_from: QPoint | None = None
        self._space = False
        # Tags are re-measured once a zoom settles, not on every wheel step.
        self._tag_timer = QTimer(self)
        self._tag_timer.setSingleShot(True)
        self._tag_timer.setInterval(TAG_SCALE_DELAY_MS)
        self._tag_timer.timeout.connect(self.fit_tags)

    # --- zoom -------------------------------------------------------------------------

    def ppi(self) -> float:
        """Device pixels per table inch at the current zoom."""
        return self.transform().m11()

    def fit_tags(self) -> None:
        """Grow the unit and officer tags to be readable at the current zoom (see TableScene)."""
        self._tag_timer.stop()
        if not self.table_scene.table_rect().isEmpty():
            self.table_scene.names_ppi = self.ppi()
            self.table_scene.set_tag_scale(tag_scale_for(self.ppi()))

    def fit_table(self) -> None:
        """Show the whole table, its tags grown to be readable at once."""
        self._fit(settle=True)

    def _fit(self, settle: bool) -> None:
        """Fit the table; grow the tags now, or once resizing stops if not `settle`."""
        table = self.table_scene.table_rect()
        if table.isEmpty():
            return
        pad = 0.02 * max(table.width(), table.height()) + 0.8
        self.resetTransform()
        self.fitInView(table.adjusted(-pad, -pad, pad, pad), Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        if settle:
            self.fit_tags()
        else:
            self._tag_timer.start()
        self.zoom_changed.emit(self.ppi())
        self.viewport().update()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Scale by `factor` within the limits, keeping `anchor` (viewport px) still."""
        current = self.ppi()
        target = min(MAX_PPI, max(MIN_PPI, current * factor))
        if current <= 0 or abs(target - current) < 1e-9:
            return
        factor = target / current
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        old = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        self.setTransformationAnchor(old)
        moved = self.mapFromScene(before) - anchor.toPoint()
        self._scroll(moved.x(), moved.y())
        self._fitted = False
        self._tag_timer.start()
        self.zoom_changed.emit(self.ppi())

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(ZOOM_STEP ** steps, event.position())
        event.accept()

    # --- grid -------------------------------------------------------------------------

    def set_grid_visible(self, visible: bool) -> None:
        if visible != self.grid_visible:
            self.grid_visible = visible
            self.table_scene.set_grid_visible(visible)
            self.viewport().update()
            self.grid_toggled.emit(visible)

    def toggle_grid(self) -> None:
        self.set_grid_visible(not self.grid_visible)

    # --- pan --------------------------------------------------------------------------

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the table by (dx, dy) viewport pixels (within the scene's margin)."""
        self._scroll(-dx, -dy)
        self._fitted = False

    def _scroll(self, dx: float, dy: float) -> None:
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(dx))
        v.setValue(v.value() + round(dy))

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        # The scale bar is fixed to the viewport: repaint rather than blit, or it smears.
        super().scrollContentsBy(dx, dy)
        self.viewport().update()

    def _grabs(self, item: QGraphicsItem | None) -> bool:
        """Does a left press on `item` belong to the item (select/move) rather than the pan?"""
        if item is None:
            return False
        flags = item.flags()
        return bool(flags & (QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                             | QGraphicsItem.GraphicsItemFlag.ItemIsMovable))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        b = event.button()
        left = b == Qt.MouseButton.LeftButton
        on_item = self._grabs(self.itemAt(event.position().toPoint()))
        if b == Qt.MouseButton.MiddleButton or (left and (self._space or not on_item)):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._pan_from is not None:
            d = pos - self._pan_from
            self._pan_from = pos
            self.pan_by(d.x(), d.y())
            event.accept()
        else:
            super().mouseMoveEvent(event)
        self.cursor_moved.emit(self.mapToScene(pos))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton
        ):
            self._pan_from = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor
            )
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        self.cursor_moved.emit(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        step = 0.12 * min(self.viewport().width(), self.viewport().height())
        moves: dict[int, tuple[float, float]] = {
            Qt.Key.Key_Left: (step, 0), Qt.Key.Key_Right: (-step, 0),
            Qt.Key.Key_Up: (0, step), Qt.Key.Key_Down: (0, -step),
        }
        if key in moves and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.pan_by(*moves[key])
            event.accept()
            return
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self._fit(settle=False)

    # --- overlays ---------------------------------------------------------------------

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        scene = self.table_scene
        table = scene.table_rect()
        viewport = QRectF(self.viewport().rect())
        if table.isEmpty():
            painter.save()
            painter.resetTransform()
            draw_placeholder(painter, viewport, PLACEHOLDER)
            painter.restore()
            return
        ppi = self.ppi()
        painter.save()
        painter.resetTransform()
        unit = scene.scenario.table.unit if scene.scenario else LengthUnit.INCH
        draw_scale_bar(painter, viewport, ppi, unit)
        painter.restore()
