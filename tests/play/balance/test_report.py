"""The balance report's JSON form (issue 19: --json, the PDF and the dock read it)."""

from __future__ import annotations

import json

import pytest

from desktop.play.balance.report import Report
from tests.play.balance.sample import sample_report


@pytest.mark.parametrize("match", [False, True])
def test_json_round_trip_gives_the_same_report(match: bool) -> None:
    report = sample_report(match=match)
    text = report.dumps()
    assert Report.loads(text) == report
    assert Report.from_json(json.loads(text)) == report


def test_levels_are_keyed_by_the_level_word() -> None:
    data = sample_report(match=True).to_json()
    assert data["levels"]["veteran"]["wins"]["count"] == 121
    assert data["levels"]["steady"]["name"] == "Steady"


def test_shares_carry_their_fraction() -> None:
    data = sample_report().to_json()
    royal = data["sides"][1]
    assert royal["wins"]["share"] == pytest.approx(184 / 200)


def test_a_wrong_field_is_named() -> None:
    data = sample_report().to_json()
    data["draws"]["count"] = "ten"
    with pytest.raises(ValueError, match=r"report\.draws\.count"):
        Report.from_json(data)
    del data["inputs"]
    with pytest.raises(ValueError, match="inputs"):
        Report.from_json(data)
    with pytest.raises(ValueError, match="not JSON"):
        Report.loads("{")


def test_a_report_written_before_average_losses_still_reads() -> None:
    data = sample_report().to_json()
    for unit in data["units"]:
        del unit["worn"]
    assert all(u.worn == 0.0 for u in Report.from_json(data).units)


def test_a_settled_report_reads_back_and_an_older_one_has_no_settle() -> None:
    import dataclasses

    from desktop.play.balance.sequential import Settle

    report = dataclasses.replace(sample_report(),
                                 settle=Settle(43, 0.2, 0.08, 0.35, 0.1, 400, "one_sided"))
    assert Report.loads(report.dumps()) == report
    assert report.to_json()["settle"]["reason"] == "one_sided"
    older = sample_report().to_json()
    del older["settle"]
    assert Report.from_json(older).settle is None
