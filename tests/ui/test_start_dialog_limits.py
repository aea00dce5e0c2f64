"""The start dialog says when the chosen ruleset refuses a scenario as too large.

Issue 15, "Big tables": the refusal must reach the person in the window,
not only on the command line.
"""

from __future__ import annotations

from typing import Any

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.rules import registry
from desktop.scenario.generate import large_scenario


def test_the_start_dialog_shows_the_refusal_and_offers_no_play(qtbot: Any) -> None:
    from desktop.ui.play.start_dialog import StartDialog

    limited = [rs for rs in registry.all_rulesets() if rs.limits.units is not None]
    if not limited:
        pytest.skip("no ruleset limits its units")
    rs = min(limited, key=lambda r: r.limits.units or 0)
    assert rs.limits.units is not None
    scenario = large_scenario(rs.limits.units + 1, 2, ruleset="d3")
    dialog = StartDialog(scenario, ruleset=rs.id)
    qtbot.addWidget(dialog)
    assert not dialog.refusal.isHidden()
    assert dialog.refusal.text() == rs.size_problem(scenario)
    assert dialog.refusal.text().startswith(f"{rs.name} supports at most")
    assert not dialog.play_button.isEnabled()
    assert f"Largest scenario: {rs.limits.describe()}." in dialog.about.text()
    fits = [r for r in registry.all_rulesets() if r.size_problem(scenario) is None]
    if fits:  # choosing a ruleset that plays it takes the refusal away
        dialog.ruleset.setCurrentIndex(dialog.ruleset.findData(fits[0].id))
        assert dialog.refusal.isHidden() and dialog.play_button.isEnabled()


def test_a_scenario_within_every_limit_shows_no_refusal(qtbot: Any) -> None:
    from desktop.ui.play.start_dialog import StartDialog

    dialog = StartDialog(large_scenario(6, 2, ruleset="d3"))
    qtbot.addWidget(dialog)
    assert dialog.refusal.isHidden() and dialog.play_button.isEnabled()
