"""The play window's phase bar and strength chart: what a long title and a falling line
leave readable."""

from __future__ import annotations

from typing import Any

from desktop.ui.play.panels import PhaseBar, StrengthChart

LONG = "Turn 1 · Movement · French advance guard (computer: Veteran, balanced) to act"


def test_a_long_title_ends_in_an_ellipsis_and_keeps_its_words(qtbot: Any) -> None:
    """The computer's titles are long; a narrow window shows "…", never a word cut off,
    and the title's text stays whole for everything that reads it."""
    bar = PhaseBar()
    qtbot.addWidget(bar)
    bar.set_state(LONG, "#2a5caa", "", "")
    bar.set_buttons([("stop", "Stop (Esc)", lambda: None, "")])
    bar.resize(420, 80)
    bar.show()
    qtbot.waitExposed(bar)
    shown = bar.title.elided()
    assert bar.title.text() == LONG
    assert shown.endswith("…") and len(shown) < len(LONG)
    assert LONG.startswith(shown[:-1])
    bar.resize(2400, 80)
    qtbot.wait(1)
    bar.layout().activate()
    assert bar.title.elided() == LONG  # room enough: the whole title


def test_the_legend_stands_where_the_lines_start_free(qtbot: Any) -> None:
    """Strength falls from the top left: the legend sits bottom left, clear of the lines
    at the start of the game (it used to cover both sides' lines, top right)."""
    chart = StrengthChart()
    qtbot.addWidget(chart)
    chart.resize(300, 220)
    chart.show_series("hits still to take", [0, 1, 2], {"a": [60, 60, 58], "b": [54, 54, 50]},
                      {"a": "#2a5caa", "b": "#888888"}, {"a": "French", "b": "Austrians"})
    chart.show()
    qtbot.waitExposed(chart)
    legend = chart.getPlotItem().legend
    box = legend.mapRectToItem(chart.getPlotItem().vb, legend.boundingRect())
    vb = chart.getPlotItem().vb
    view = vb.viewRect()  # data units: top() is the lowest value shown, bottom() the highest
    height = vb.boundingRect().height()
    # the legend's top edge, in data units: below the lowest point of either line
    legend_top = view.bottom() - (box.top() / height) * view.height()
    assert legend_top < 50
