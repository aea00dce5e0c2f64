"""One widget builder for ruleset options, in the start dialog and the editor (issue 20, 3)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QSpinBox, QWidget

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.options import OptionKind, OptionSpec
from desktop.scenario import load
from desktop.scenario.model import Scenario, TurnLimit
from desktop.ui.option_widgets import OptionField, add_option_rows

WIDGET = {OptionKind.CHOICE: QComboBox, OptionKind.FLAG: QCheckBox,
          OptionKind.NUMBER: QSpinBox, OptionKind.MEASURE: QDoubleSpinBox}


def _no_turn_limit(sc: Scenario) -> Scenario:
    victory = tuple(v for v in sc.game.victory if not isinstance(v, TurnLimit))
    return dataclasses.replace(sc, game=dataclasses.replace(sc.game, victory=victory))


SCENARIO_OF = {"d3": "d3_crossroads.yaml", "mayhem": "mayhem_village.yaml",
               "tactical": "tactical_ridge.yaml", "blown_away": "blown_away_four_farms.yaml",
               "kiddies": "kiddies_bridge.yaml"}


@pytest.mark.parametrize("rid", sorted(SCENARIO_OF))
def test_the_start_dialog_builds_each_rulesets_declared_options(qtbot: Any, rid: str) -> None:
    from desktop.ui.play.start_dialog import StartDialog

    sc = load(bundled_scenario(SCENARIO_OF[rid]))
    d = StartDialog(sc, None, ruleset=rid)
    qtbot.addWidget(d)
    specs = registry.get(rid).options
    assert list(d._editors) == [o.name for o in specs]
    for spec in specs:
        field = d._editors[spec.name]
        assert isinstance(field.widget, WIDGET[spec.option_kind]), spec.name
        assert field.label.text() == spec.title and "_" not in field.label.text()
        assert spec.help in field.widget.toolTip()
        if isinstance(field.widget, QComboBox):  # names, never the file's spellings
            names = [field.widget.itemText(k) for k in range(field.widget.count())]
            assert names == [c.label for c in spec.choices_for(sc)]
    # the game starts with what the widgets show
    setup = d.setup()
    game = registry.get(rid).new_game(sc, setup.options, setup.seed)
    for name, field in d._editors.items():
        assert game.options[name] == field.value() or field.settled


def test_the_turn_limit_shows_the_scenarios_and_is_not_offered(qtbot: Any) -> None:
    """The issue: D3 showed 15 turns where the scenario ends after 12 (Mayhem 12 against 10)."""
    from desktop.ui.play.start_dialog import StartDialog

    for name, rid, turns in (("d3_crossroads.yaml", "d3", 12),
                             ("mayhem_village.yaml", "mayhem", 10)):
        d = StartDialog(load(bundled_scenario(name)), None, ruleset=rid)
        qtbot.addWidget(d)
        spin = d._editors["turn_limit"].widget
        assert isinstance(spin, QSpinBox)
        assert spin.value() == turns and not spin.isEnabled()
        assert f"{turns} turns" in spin.toolTip()
        assert "turn_limit" not in d.setup().options


def test_without_a_scenario_limit_the_turn_limit_is_the_rulesets_and_editable(qtbot: Any) -> None:
    from desktop.ui.play.start_dialog import StartDialog

    sc = _no_turn_limit(load(bundled_scenario("d3_crossroads.yaml")))
    d = StartDialog(sc, None, ruleset="d3")
    qtbot.addWidget(d)
    spin = d._editors["turn_limit"].widget
    assert isinstance(spin, QSpinBox) and spin.isEnabled()
    assert spin.value() == registry.get("d3").default_options()["turn_limit"]
    spin.setValue(0)
    assert spin.text() == "No limit" and d.setup().options["turn_limit"] == 0


def test_a_bad_value_in_the_scenario_is_said_and_play_is_refused(qtbot: Any) -> None:
    from desktop.ui.play.start_dialog import StartDialog

    sc = load(bundled_scenario("mayhem_village.yaml"))
    sc = dataclasses.replace(sc, ruleset_options={"mayhem": {"melee_loser": "fled"}})
    d = StartDialog(sc, None, ruleset="mayhem")
    qtbot.addWidget(d)
    assert not d.play_button.isEnabled()
    assert "Melee loser" in d.refusal.text() and "'fled'" in d.refusal.text()


def test_a_measure_is_a_spin_box_in_the_tables_unit(qtbot: Any) -> None:
    sc = load(bundled_scenario("d3_crossroads.yaml"))
    spec = OptionSpec("reach", 6.0, "How far a scout sees.", kind=OptionKind.MEASURE)
    host = QWidget()
    qtbot.addWidget(host)
    fields = add_option_rows(QFormLayout(host), (spec,), sc, {})
    field = fields["reach"]
    assert isinstance(field.widget, QDoubleSpinBox)
    assert field.widget.suffix() == f" {sc.table.unit.value}" and field.widget.minimum() == 0
    seen: list[object] = []
    field.on_change(seen.append)
    field.widget.setValue(2.5)
    assert seen == [2.5] and field.value() == 2.5


def test_the_editor_uses_the_same_builder(qtbot: Any, tmp_path: Any) -> None:
    from desktop.ui.document import Document
    from desktop.ui.editor.options import RulesetOptionsDialog

    doc = Document(_no_turn_limit(load(bundled_scenario("d3_crossroads.yaml"))),
                   autosave_dir=tmp_path)
    dlg = RulesetOptionsDialog(doc)
    qtbot.addWidget(dlg)
    assert all(isinstance(f, OptionField) for f in dlg.fields.values())
    turns = dlg.fields[("d3", "turn_limit")]
    assert turns.widget.isEnabled()
    assert isinstance(turns.widget, QSpinBox)
    turns.widget.setValue(9)
    assert doc.scenario.ruleset_options["d3"]["turn_limit"] == 9
