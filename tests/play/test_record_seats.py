"""Computer seats in game records (issue 23, "Seats are part of the game").

A record may say who the computer plays (``seats:``, docs/record-format.md);
saving keeps the seats, resuming restores them, a record without them is
played by people, and a hostile seats value is refused with a sentence
naming the file, the place and the field -- never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.play.levels import Computer, Level, Temper
from desktop.play.session import Session, Setup
from desktop.rules.record import RecordError, dumps, load_record, loads, save_record
from desktop.scenario import load
from tests.rules.record_helpers import DUEL

HEAD = "scenario: duel.yaml\nruleset: d3\n"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    (tmp_path / "duel.yaml").write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def _session(folder: Path, seats: dict[str, Computer]) -> Session:
    path = folder / "duel.yaml"
    s = Session.start(Setup(load(path), "d3", seed=4, seats=seats, scenario_path=path))
    for _ in range(6):
        if s.over:
            break
        seat = s.computer_to_act() or Computer(Level.RECRUIT)
        s.apply(seat.choose(s.game, s.rng))
    return s


def test_a_record_with_computer_seats_resumes_with_the_same_seats(folder: Path) -> None:
    seats = {"red": Computer(Level.VETERAN, Temper.CAUTIOUS, 0.5)}
    s = _session(folder, seats)
    out = folder / "game.yaml"
    save_record(s.record(out), out)
    assert "seats:" in out.read_text(encoding="utf-8")
    again = Session.from_record(load_record(out), out)
    assert again.setup.seats == seats
    assert again.setup.computer("blue") is None  # a side not named: a person
    assert [st.action for st in again.steps] == [st.action for st in s.steps]


def test_both_seats_survive_the_round_trip_and_the_seal(folder: Path) -> None:
    seats = {"blue": Computer(Level.RECRUIT, Temper.BOLD), "red": Computer(Level.STEADY)}
    s = _session(folder, seats)
    rec = s.record()
    text = dumps(rec)
    back = loads(text, "game.yaml", folder)
    assert back.seats == rec.seats and not back.warnings  # the closing line covers seats
    assert Session.from_record(back).setup.seats == seats


def test_a_record_without_seats_is_played_by_people(folder: Path) -> None:
    s = _session(folder, {})
    text = dumps(s.record())
    assert "seats" not in text
    assert Session.from_record(loads(text, "game.yaml", folder)).setup.seats == {}


HOSTILE = [
    ("seats that are a list", "seats: [veteran]\n", r":3:8: 'seats' must map side ids"),
    ("a side the scenario lacks", "seats: {green: {level: steady}}\n",
     r"seats: 'green' is not a side of this scenario \(blue, red\)"),
    ("a seat that is a word", "seats: {red: veteran}\n", r"seats.red must be a computer seat"),
    ("an unknown key", "seats: {red: {level: steady, brain: big}}\n",
     r"seats.red: unknown key brain"),
    ("a level that is a number", "seats: {red: {level: 3}}\n",
     r"seats.red.level must be a word such as veteran, found '3'"),
    ("seconds that are a word", "seats: {red: {seconds: long}}\n",
     r"seats.red.seconds must be a number of seconds, found 'long'"),
    ("seconds that are not a number", "seats: {red: {seconds: .nan}}\n",
     r"seats.red.seconds must be a number of seconds"),
    ("seconds that are yes", "seats: {red: {seconds: true}}\n",
     r"seats.red.seconds must be a number of seconds"),
    ("a level no one has", "seats: {red: {level: genius}}\n",
     r"seats.red: level 'genius' is not one of recruit, steady, veteran"),
    ("random play, which is not a level", "seats: {red: {level: random}}\n",
     r"seats.red: level 'random' is not one of"),
    ("a style no one has", "seats: {red: {level: steady, style: reckless}}\n",
     r"seats.red: style 'reckless' is not one of bold, balanced, cautious"),
    ("an hour of thinking", "seats: {red: {level: veteran, seconds: 3600}}\n",
     r"seats.red: seconds '3600.0' is not a number of seconds above 0 and at most 60"),
    ("no time to think", "seats: {red: {level: veteran, seconds: 0}}\n",
     r"seats.red: seconds '0.0' is not a number"),
]


@pytest.mark.parametrize(("what", "line", "expected"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_seats_are_refused_naming_the_field(folder: Path, what: str, line: str,
                                                    expected: str) -> None:
    import re

    path = folder / "bad.yaml"
    path.write_text(HEAD + line, encoding="utf-8")
    with pytest.raises(RecordError) as e:
        Session.from_record(load_record(path), path)
    message = str(e.value)
    assert message.startswith(str(path)), message
    assert re.search(expected, message), message
