"""The editor's Problems panel says what `volley validate` refuses (issue 37): the
same checks, so what the editor shows clean every command can play."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from desktop.scenario import dumps, load
from desktop.ui.editor.problems import all_problems

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_the_panel_lists_why_the_ruleset_cannot_start(qtbot: Any, tmp_path: Path) -> None:
    from desktop.ui.editor.window import EditorWindow

    s = load(SCENARIOS / "mayhem_village.yaml")
    s = dataclasses.replace(s, ruleset_options={"mayhem": {"melee_loser": 31}})
    path = tmp_path / "village.yaml"
    path.write_text(dumps(s), encoding="utf-8")
    w = EditorWindow(autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(w)
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    assert w.open_file(path, ask=False, recover=False)
    w.problems.check_now()
    texts = [w.problems.list.item(i).text() for i in range(w.problems.list.count())]
    assert any(t.startswith("Cannot start: Muskets & Mayhem option 'Melee loser'")
               for t in texts), texts


def test_a_scenario_with_no_ruleset_is_told_to_choose_one() -> None:
    s = dataclasses.replace(load(SCENARIOS / "d3_crossroads.yaml"), ruleset=None)
    said = [p.message for p in all_problems(s) if p.kind.value == "ruleset"]
    assert len(said) == 1 and "D3 Horse and Musket (d3)" in said[0]


def test_the_start_dialog_offers_no_play_for_a_ruleset_that_cannot_start(qtbot: Any) -> None:
    """Issue 37: the Crossroads under Muskets & Mayhem would start illegal; the dialog
    says so in validate's words and offers Play again under D3."""
    from desktop.ui.play.start_dialog import StartDialog

    dialog = StartDialog(load(SCENARIOS / "d3_crossroads.yaml"), ruleset="mayhem")
    qtbot.addWidget(dialog)
    assert "would start this game in an illegal position" in dialog.refusal.text()
    assert not dialog.refusal.isHidden() and not dialog.play_button.isEnabled()
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("d3"))
    assert dialog.refusal.isHidden() and dialog.play_button.isEnabled()
