"""Sentences a person reads (issue 34, "Words"): possessives, counts, help text."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from desktop.play.balance.text import report_text
from desktop.scenario.wording import possessive
from tests.play.balance.sample import sample_report


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    assert possessive("Army of the States") == "Army of the States'"
    assert possessive("Ashcombe's Division") == "Ashcombe's Division's"
    assert possessive("Royal Army") == "Royal Army's"


def test_endings_say_games_and_who_won_them() -> None:
    """'An army broke: 7 (Prussian column 7)' read as the column broken 7 times."""
    text = report_text(sample_report())
    assert "  A victory condition met: 150 games, won by " in text
    assert "The turn limit reached: 50 games, won by " in text and "10 drawn" in text


def test_balance_help_prints_a_single_percent_sign() -> None:
    from desktop.cli import build_parser

    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        build_parser().parse_args(["balance", "--help"])
    assert "95% intervals" in out.getvalue() and "%%" not in out.getvalue()


def test_engine_text_with_a_possessive_id_reads_in_names() -> None:
    from desktop.resources import bundled_scenario
    from desktop.rules.view import Namer
    from desktop.scenario import load

    namer = Namer(load(bundled_scenario("blown_away_four_farms.yaml")))
    assert namer("st_guard's engagement is over") == "Prince's Foot Guards' engagement is over"
    assert namer("st_foot's gunners") == "Regiment Balfour's gunners"
    assert namer("st_foot is shaken") == "Regiment Balfour is shaken"


def test_counted_words_are_never_written_with_parenthesised_plurals() -> None:
    from desktop.rules.tactical.actions import parse as parse_action

    with pytest.raises(Exception) as e:
        parse_action("charge a b")
    assert "(s)" not in str(e.value)


def test_an_engine_text_with_a_name_ending_in_s_and_s_reads_as_a_possessive() -> None:
    """Issue 34, "Words": Blown Away's log read "Prince's Foot Guards's engagement
    is over" (the engine writes the name it was given, then 's)."""
    from desktop.resources import bundled_scenario
    from desktop.rules.view import Namer
    from desktop.scenario import load

    namer = Namer(load(bundled_scenario("blown_away_four_farms.yaml")))
    assert namer("Prince's Foot Guards's engagement is over") == (
        "Prince's Foot Guards' engagement is over")
    assert namer("Army of the States's guns") == "Army of the States' guns"
    assert namer("Regiment Balfour's gunners") == "Regiment Balfour's gunners"


def test_no_message_in_the_code_writes_a_parenthesised_plural() -> None:
    """Issue 34, "Words": "3 problem(s)", "command figure(s)": a count says its
    noun in the number it has.  Every string in desktop/ and printouts/ is read
    (docstrings too: a docstring with "(s)" is harmless, but none needs it)."""
    import re
    import tokenize
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    found = []
    for package in ("desktop", "printouts"):
        for path in sorted((root / package).rglob("*.py")):
            with path.open("rb") as f:
                for tok in tokenize.tokenize(f.readline):
                    if tok.type != tokenize.STRING:
                        continue
                    text = tok.string
                    if "f" in text[: text.index(text[-1])].lower():  # an f-string:
                        while re.search(r"\{[^{}]*\}", text):  # its words, not its code
                            text = re.sub(r"\{[^{}]*\}", "", text)
                    if "(s)" in text:
                        found.append(f"{path.relative_to(root)}:{tok.start[0]}")
    assert not found, found
