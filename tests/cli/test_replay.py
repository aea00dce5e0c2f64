"""`volley replay` on damaged and hostile records: one line naming the file, exit 1.

Issue 15, "Records": tracebacks for `cards: [ZZ]`, invalid UTF-8, a 5,000-digit
seed and an inline scenario with a NaN radius; a cut record and a changed
scenario replayed with exit 0.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from desktop.cli import main
from tests.rules.record_helpers import DUEL, saved_game, write

HEAD = "scenario: duel.yaml\nruleset: d3\n"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("cards.yaml", HEAD + "cards: [ZZ]\n", ":3:9: cards[0] is 'ZZ'"),
        ("seed.yaml", HEAD + "seed: " + "7" * 5000 + "\n", ":3:7: a number 5,000 characters"),
        ("utf8.yaml", HEAD.encode() + b"seed: \xc3\x28\n", ":3:7: is not UTF-8"),
        ("rules.yaml", "scenario: duel.yaml\nruleset: nope\n", ":2:10: unknown ruleset 'nope'"),
    ],
)
def test_a_hostile_record_gives_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str | bytes, where: str
) -> None:
    (tmp_path / "duel.yaml").write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    path = write(tmp_path, name, text)
    code, out, err = run([str(path)], capsys)
    assert code == 1 and out == ""
    assert err.startswith(f"volley replay: {path}{where}"), err
    assert "Traceback" not in err


def test_a_cut_record_is_refused_and_force_replays_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = saved_game(tmp_path).read_text(encoding="utf-8")
    cut = write(tmp_path, "cut.yaml", text[: text.index("\nend:") - 1])
    code, _, err = run([str(cut)], capsys)
    assert code == 1 and "cut short" in err and "--force" in err
    code, _, err = run([str(cut), "--force"], capsys)
    assert code in (0, 1)  # the last action may now be unreadable; never a traceback
    assert "warning:" in err and "cut short" in err


def test_a_changed_scenario_is_refused_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path)
    scenario = tmp_path / "duel.yaml"
    moved = scenario.read_text(encoding="utf-8").replace("position: [30, 40]", "position: [31, 40]")
    scenario.write_text(moved, encoding="utf-8")
    code, out, err = run([str(path)], capsys)
    assert code == 1 and out == ""
    assert "the scenario duel.yaml has changed since this game was saved" in err
    code, out, err = run([str(path), "--force"], capsys)
    assert code == 0 and "actions replayed" in out
    assert err.startswith("volley replay: warning:") and "has changed since" in err


def test_an_old_record_replays_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "duel.yaml").write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    path = write(tmp_path, "old.yaml", HEAD + "seed: 3\nactions: [end]\n")
    code, out, err = run([str(path)], capsys)
    assert code == 0 and "1 actions replayed" in out
    assert "warning:" in err and "older Volley" in err


def test_no_traceback_reaches_the_terminal(tmp_path: Path) -> None:
    (tmp_path / "duel.yaml").write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    bomb = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    bomb += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    path = write(tmp_path, "bomb.yaml", HEAD + "actions: [" + ", ".join(bomb) + "]\n")
    code = "import sys\nfrom desktop.cli import main\nsys.exit(main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.startswith(f"volley replay: {path}:3:"), done.stderr
    assert "Traceback" not in done.stderr
