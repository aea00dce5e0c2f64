"""Issue 15, "Files that validate but crash later": YAML built to break the parser.

Each case gave `volley validate` a traceback, a hang or gigabytes of memory;
now each is refused quickly with a line and column.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import yaml

from desktop.scenario import ScenarioError, loads, yamlmarks
from desktop.scenario.limits import MAX_DEPTH, MAX_VALUES

HEAD = "format_version: 1\n"


@pytest.fixture(params=["libyaml", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each case with libyaml and with PyYAML's pure-Python parser (a build may lack libyaml)."""
    if request.param == "python":
        monkeypatch.setattr(yamlmarks, "_Loader", yamlmarks._PureLoader)
    elif not hasattr(yaml, "CSafeLoader"):  # pragma: no cover - depends on the build
        pytest.skip("PyYAML was built without libyaml")
    yield request.param


def problem(text: str, about: str = "") -> str:
    """The first message, or the first naming the field `about`."""
    with pytest.raises(ScenarioError) as info:
        loads(text, "bad.yaml")
    found = [str(p) for p in info.value.problems if f" {about}:" in str(p) or not about]
    assert found, info.value.problems
    return found[0]


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    lines = [HEAD.rstrip(), "a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    lines.append(f"title: *a{levels - 1}")
    return "\n".join(lines) + "\n"


def test_a_400_digit_number_is_named_not_a_traceback(loader: str) -> None:
    """It raised OverflowError (int too large to convert to float)."""
    message = problem(HEAD + "title: T\ntable: {width: " + "9" * 400 + ", depth: 36}\n",
                      "table.width")
    assert message.startswith("bad.yaml:3:16: table.width: a 400-digit number is far too large")


def test_a_4301_digit_number_is_named_not_a_traceback(loader: str) -> None:
    """It raised ValueError (Python's limit on reading int strings)."""
    message = problem(HEAD + "title: T\ntable: {width: 48, depth: -" + "9" * 4301 + "}\n",
                      "table.depth")
    assert message.startswith("bad.yaml:3:27: table.depth: a 4,301-digit number is far too")


def test_a_huge_number_as_a_whole_number_field(loader: str) -> None:
    message = problem(HEAD + "title: T\ntable: {width: 48, depth: 36}\nsides: []\n"
                      "game: {victory: [{type: turn_limit, turns: 0x" + "f" * 5000 + "}]}\n",
                      "game.victory[0].turns")
    assert "game.victory[0].turns: a " in message and "far too large" in message


def test_an_alias_cycle_is_refused(loader: str) -> None:
    """`title: &a [*a]` raised RecursionError."""
    message = problem(HEAD + "title: &a [*a]\n")
    assert message == ("bad.yaml:2:8: this list contains itself through an alias (*name), "
                       "so it never ends")


def test_a_merge_key_cycle_is_refused(loader: str) -> None:
    message = problem(HEAD + "title: T\ntable: &t {<<: *t, width: 4}\n")
    assert message.startswith("bad.yaml:3:8: this mapping contains itself through an alias")


def test_20000_nested_brackets_are_refused(loader: str) -> None:
    """They raised RecursionError."""
    start = time.perf_counter()
    message = problem(HEAD + "title: " + "[" * 20_000 + "]" * 20_000 + "\n")
    assert time.perf_counter() - start < 5
    assert message.startswith("bad.yaml:2:"), message
    assert f"lists and mappings are nested more than {MAX_DEPTH} levels deep" in message


def test_nesting_deeper_than_the_limit_is_refused_with_its_place(loader: str) -> None:
    """Under libyaml's own limit of 1,000 levels, the reader's limit of 100 applies."""
    depth = MAX_DEPTH + 1
    message = problem(HEAD + "title: " + "[" * depth + "]" * depth + "\n")
    line, column, said = message.removeprefix("bad.yaml:").split(":", 2)
    assert line == "2" and int(column) in (7 + MAX_DEPTH, 8 + MAX_DEPTH), message  # the last [
    assert said == f" lists and mappings are nested more than {MAX_DEPTH} levels deep here"
    shallower = problem(HEAD + "title: " + "[" * 90 + "]" * 90 + "\n")
    assert "nested" not in shallower, shallower  # 90 levels are only the wrong kind of title


def test_999_levels_do_not_overflow_the_stack(loader: str) -> None:
    message = problem(HEAD + "title: " + "[" * 999 + "]" * 999 + "\n")
    assert message.startswith("bad.yaml:2:") and "nested" in message


def test_an_alias_bomb_is_refused_quickly(loader: str) -> None:
    """Nine levels of nine aliases took 20 s and 1.7 GB."""
    start = time.perf_counter()
    message = problem(alias_bomb())
    elapsed = time.perf_counter() - start
    assert elapsed < 2, f"took {elapsed:.1f} s"
    assert message.startswith("bad.yaml:"), message
    assert "aliases (*name) written out in full" in message and f"{MAX_VALUES:,} values" in message


def test_a_merge_key_bomb_is_refused_quickly(loader: str) -> None:
    lines = [HEAD.rstrip(), "m0: &m0 {a: 1, b: 2}"]
    for i in range(1, 12):
        merges = ", ".join(f"*m{i - 1}" for _ in range(4))
        lines.append(f"m{i}: &m{i} {{<<: [{merges}], k{i}: 1}}")
    lines.append("title: T\ntable: *m11\n")
    start = time.perf_counter()
    message = problem("\n".join(lines))
    assert time.perf_counter() - start < 2
    assert "written out in full" in message


def test_small_aliases_still_work(loader: str) -> None:
    """Anchors and aliases are fine YAML: sharing one base between units still loads."""
    text = (HEAD + "title: T\ntable: {width: 48, depth: 36}\nsides:\n"
            "- {id: a, name: A, colour: '#111111', baseline: north, units: [{id: u1, name: U,"
            " type: cavalry, position: [10, 4], base: &b {frontage: 3, depth: 2}}]}\n"
            "- {id: b, name: B, colour: '#222222', baseline: south, units: [{id: u2, name: V,"
            " type: cavalry, position: [10, 30], base: *b}]}\n")
    s = loads(text, "ok.yaml")
    assert s.sides[1].units[0].base.frontage == 3


def test_a_nul_character_is_reported_by_line_and_column(loader: str) -> None:
    """It was reported as "position 26" of a "<unicode string>"."""
    message = problem(HEAD + "title: T\ntable: {width: 4\x008, depth: 36}\n")
    assert message == ("bad.yaml:3:17: the file holds the control character U+0000, which "
                       "YAML does not allow (is it really a scenario file?)")


def test_a_bad_tagged_value_is_refused_not_a_traceback(loader: str) -> None:
    """`!!int abc` made PyYAML raise ValueError."""
    message = problem(HEAD + "title: T\ntable: {width: !!int abc, depth: 36}\n")
    assert message.startswith("bad.yaml:3:16: this value cannot be read as a int")


def test_a_bad_timestamp_is_refused_not_a_traceback(loader: str) -> None:
    message = problem(HEAD + "title: !!timestamp 2020-99-99\n")
    assert message.startswith("bad.yaml:2:8: this value cannot be read as a timestamp")


def test_a_huge_format_version_is_named_not_a_traceback(loader: str) -> None:
    message = problem("format_version: " + "9" * 5000 + "\ntitle: T\n")
    assert message == ("bad.yaml:1: format_version: format_version is far too large; "
                       "this Volley reads up to 2")


def test_a_timestamp_pyyaml_cannot_parse_is_refused_not_a_traceback(loader: str) -> None:
    """PyYAML raises AttributeError for `!!timestamp abc`."""
    message = problem(HEAD + "title: !!timestamp abc\n")
    assert message.startswith("bad.yaml:2:8: this value cannot be read as a timestamp")


def test_sixteen_megabytes_of_values_are_refused_quickly(loader: str) -> None:
    """2 MB of `1,1,1,...` took 7 s and 300 MB to build; 16 MB would take a minute and GBs."""
    if loader == "python":
        pytest.skip("PyYAML's own parser needs 40 s just to scan 14 MB; libyaml is the one shipped")
    text = HEAD + "title: [" + "1," * 7_000_000 + "1]\n"
    start = time.perf_counter()
    message = problem(text)
    elapsed = time.perf_counter() - start
    assert elapsed < 10, f"took {elapsed:.1f} s"
    assert message.startswith("bad.yaml:2:"), message
    assert message.endswith(f": the file holds more than {MAX_VALUES:,} values; a scenario "
                            "needs far fewer")
