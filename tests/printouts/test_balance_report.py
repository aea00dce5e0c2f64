"""The balance report PDF (issue 19, item 2): every section a report has, names not
ids, the scenario's side colours, long tables carried over pages with their heads."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.play.balance.report import Report, UnitRecord
from desktop.resources import bundled_scenarios
from desktop.scenario import Scenario, load
from printouts.balance_charts import pct, pct_range
from printouts.balance_report import (
    FALLBACK,
    Block,
    paginate,
    render_balance_report,
    side_colours,
    write_balance_report,
)
from printouts.style import hex_colour
from tests.play.balance.sample import sample_report
from tests.printouts.conftest import ink_fraction, render_pages
from tests.printouts.fixtures import LONG_NAME


@pytest.fixture(scope="module")
def farms() -> Scenario:
    path = next(p for p in bundled_scenarios() if p.name == "blown_away_four_farms.yaml")
    return load(path)


def texts(data: bytes) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages]


def test_every_section_of_a_full_report_with_names(farms: Scenario) -> None:
    report = sample_report(sweep=True, match=True)
    data, pages = render_balance_report(report, farms)
    pages_text = texts(data)
    assert len(pages_text) == pages
    text = " ".join(pages_text)
    for words in ("BALANCE REPORT", "Who wins", "How the games ended", "How long the games",
                  "Who held the objectives", "The units", "What if the turn limit changed",
                  "The computer players compared", "Veteran against Steady"):
        assert words in text, words
    assert farms.title in text and "Blown Away" in text and "seed 1" in text
    for side in report.sides:
        assert side.name in text
        assert f"{pct(side.wins.share)} ({pct_range(side.wins.low, side.wins.high)})" in text
    for o in report.objectives:
        assert o.name in text
    for u in report.units:
        assert u.name in text
        assert u.unit not in text  # ids never reach the page
    assert "Most decisive games end with" in text  # the verdict
    assert f"page {pages} of {pages}" in pages_text[-1]


def test_sections_the_report_lacks_are_left_out(farms: Scenario) -> None:
    text = " ".join(texts(render_balance_report(sample_report(sweep=False), farms)[0]))
    assert "What if the turn limit changed" not in text
    assert "The computer players compared" not in text
    assert "Steady plays both sides" in text


def test_a_stopped_batch_says_so(farms: Scenario) -> None:
    report = dataclasses.replace(sample_report(), played=57, complete=False)
    text = " ".join(texts(render_balance_report(report, farms)[0]))
    assert "stopped after 57 of 200 games" in text
    assert "the batch was stopped early" in text


def test_a_settled_batch_says_after_how_many_games_and_why(farms: Scenario) -> None:
    from desktop.play.balance.sequential import Settle
    from desktop.play.balance.verdict import write_verdict

    report = dataclasses.replace(sample_report(), played=43,
                                 settle=Settle(43, 0.2, 0.08, 0.35, 0.1, 400, "one_sided"))
    report = dataclasses.replace(report, verdict=write_verdict(report))
    text = " ".join(texts(render_balance_report(report, farms)[0]))
    assert "settled after 43 games (at most 200, precision 10 points)" in text
    assert "Settled after 43 games: Royal Army scores 80%" in text
    assert "clear of the fair band (40% to 60%)" in text
    assert "always-valid 95% interval" in text


def test_units_never_fought_in_any_game_are_picked_out(farms: Scenario) -> None:
    report = sample_report()
    every = [u for u in report.units if u.never_fought >= 1.0]
    assert every  # the sample has one unused gun
    text = " ".join(texts(render_balance_report(report, farms)[0]))
    assert f"{len(every)} unit never fought in any game" in text
    assert "every game" in text


def test_side_colours_are_the_scenarios_else_a_palette(farms: Scenario) -> None:
    report = sample_report()
    given = side_colours(report, farms)
    for side in farms.sides:
        assert given[side.id].hexval() == hex_colour(side.colour).hexval()
    fallback = side_colours(report, None)
    assert [c.hexval() for c in fallback.values()] == [
        hex_colour(h).hexval() for h in FALLBACK[:len(report.sides)]]


def test_without_a_scenario_the_reports_own_names_are_used() -> None:
    report = sample_report()
    text = " ".join(texts(render_balance_report(report)[0]))
    assert report.inputs.title in text
    assert all(s.name in text for s in report.sides)


def test_a_long_unit_table_carries_its_heads_to_the_next_page(farms: Scenario) -> None:
    base = sample_report()
    units = tuple(UnitRecord(f"u{i}", LONG_NAME.format(n=i), "royal" if i % 2 else "states",
                             0.1, 0.0, 0.2) for i in range(150))
    data, pages = render_balance_report(dataclasses.replace(base, units=units), farms)
    assert pages >= 4
    pages_text = texts(data)
    table_pages = [t for t in pages_text if "Most Honourable" in t]
    assert len(table_pages) >= 2
    for t in table_pages:
        assert "Never fought" in t  # the column heads again on every page of the table


def test_pages_are_inked_and_nothing_is_blank(farms: Scenario, tmp_path: Path) -> None:
    pdf = tmp_path / "balance.pdf"
    pages = write_balance_report(sample_report(match=True), pdf, farms)
    images = render_pages(pdf, tmp_path)
    assert len(images) == pages
    for img in images:
        assert ink_fraction(img) > 0.02


def test_an_empty_report_still_prints(farms: Scenario) -> None:
    report = dataclasses.replace(
        sample_report(sweep=False), played=0, complete=False, lengths=(), endings=(),
        objectives=(), units=(), verdict="")
    text = " ".join(texts(render_balance_report(report, farms)[0]))
    assert "No games were played" in text


def test_letter_paper(farms: Scenario) -> None:
    data, _ = render_balance_report(sample_report(), farms, paper="letter")
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_a_heading_never_ends_a_page() -> None:
    def nothing(_c: object, _top: float) -> None:
        return None

    head = Block(20, nothing, keep_with_next=True)
    body = Block(50, nothing)
    pages = paginate([body, body, head, body], 130)
    assert [len(p) for p in pages] == [2, 2]
    assert pages[1][0] is head


def test_a_block_carried_over_brings_its_repeat_first() -> None:
    def nothing(_c: object, _top: float) -> None:
        return None

    heads = Block(10, nothing)
    row = Block(40, nothing, repeat=heads)
    pages = paginate([heads, row, row, row], 100)
    assert pages[1][0] is heads and pages[1][1] is row


def test_report_json_round_trip_prints_the_same(farms: Scenario) -> None:
    report = sample_report(match=True)
    again = Report.from_json(report.to_json())
    assert texts(render_balance_report(again, farms)[0]) == texts(
        render_balance_report(report, farms)[0])


def test_hostile_names_are_fitted_not_spilled() -> None:
    base = sample_report(match=True)
    title = "The Longest Battle " * 600  # 11,400 letters
    arabic = "\u0643\u062a\u064a\u0628\u0629 \u0627\u0644\u0641\u0631\u0633\u0627\u0646"
    units = tuple(dataclasses.replace(u, name=f"<b>{arabic}</b> {LONG_NAME.format(n=i)}")
                  for i, u in enumerate(base.units))
    sides = tuple(dataclasses.replace(s, name=s.name * 20) for s in base.sides)
    report = dataclasses.replace(base, units=units, sides=sides,
                                 inputs=dataclasses.replace(base.inputs, title=title))
    data, pages = render_balance_report(report)
    assert pages == render_balance_report(base)[1]  # long names shrink or are cut, never wrap
    text = " ".join(texts(data))
    assert "The Longest Battle" in text and title.strip() not in text
    assert "<b>" in text  # markup in a name is printed as the letters it is
