"""Everything the play window shows reads in names, never ids or notation
(issue 16, "Done means": names in buttons, tooltips, log, tray, card, status).

Each of the five bundled scenarios is played for a few turns in the window
offscreen, through the window's own methods (select, hover the targets, open
the card, do, end_phase, computer_step).  After every action every visible
string is gathered -- button texts and tooltips, labels, the log, the dice
tray, the card, the status bar, the odds, the tooltips and texts of the
scene's items -- and searched for the scenario's ids (units, officers, sides,
features, objectives; figure ids ``unit.3``) and for notation ("move x
31.9,28.29 355" and the text of every action played).
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

from desktop.play.levels import Computer, Level
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow

SCENARIOS = {
    "d3": "d3_crossroads.yaml",
    "mayhem": "mayhem_village.yaml",
    "tactical": "tactical_ridge.yaml",
    "blown_away": "blown_away_four_farms.yaml",
    "kiddies": "kiddies_bridge.yaml",
}
#: Actions played per ruleset (the person's and the computer's together).
ACTIONS = 40

#: Leaks that come from files the window does not own (a ruleset's engine event
#: texts or its view): ruleset -> the exact text that shows an id or notation.
#: They are blanked before the scan; a case that meets one is an expected
#: failure until the ruleset's view or engine speaks in names.  Empty since the
#: five views and Mayhem's commander event speak in names (it held the Mayhem
#: card's "<type> · british", its " rides to 32.76,1.27" and the Kiddies card's
#: "; ends az_gren.1 and az_gren.5").
KNOWN: dict[str, list[str]] = {}

NOTATION = re.compile(r"\b[a-z]+ [A-Za-z][\w.]*(?:,[\w.]+)* -?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?\b")


def names_of(sc: Any) -> list[str]:
    """Every name in the scenario, longest first (an id inside a name is no leak:
    "quarry" in "Old quarry")."""
    names = {s.name for s in sc.sides} | {u.name for _, u in sc.all_units()}
    names |= {o.name for s in sc.sides for o in s.officers}
    names |= {f.name for f in sc.terrain if f.name} | {o.name for o in sc.game.objectives}
    return sorted((n for n in names if n), key=len, reverse=True)


def ids_of(sc: Any) -> set[str]:
    """Every id a person must never read: those whose name differs from them."""
    out: set[str] = set()
    for s in sc.sides:
        out.add(s.id) if s.name != s.id else None
        for u in s.units:
            out.add(u.id) if u.name != u.id else None
        for o in s.officers:
            out.add(o.id) if o.name != o.id else None
    for f in sc.terrain:
        if f.name and f.name != f.id:
            out.add(f.id)
    for ob in sc.game.objectives:
        if ob.name != ob.id:
            out.add(ob.id)
    return out


def from_table(item: Any) -> bool:
    """An item of the shared table (desktop.ui.table), not of the play window."""
    return type(item).__module__.startswith("desktop.ui.table")


def table_tips(w: PlayWindow) -> list[str]:
    """The tooltips of the shared table's own items (units, terrain, objectives)."""
    return [it.toolTip() for it in w.scene.items() if from_table(it) and it.toolTip()]


def visible_strings(w: PlayWindow) -> list[str]:
    """Every string the window shows now (widgets, the tray, the play items; the
    shared table's own tooltips are checked apart, see `table_tips`)."""
    QApplication.processEvents()
    out: list[str] = [w.windowTitle()]
    for b in w.findChildren(QAbstractButton):
        out += [b.text(), b.toolTip()]
    for lab in w.findChildren(QLabel):
        out += [lab.text(), lab.toolTip()]
    out += [w.log.item(i).text() for i in range(w.log.count())]
    out += [w.log.item(i).toolTip() for i in range(w.log.count())]
    out.append(w.dice.caption)
    out += [purpose for purpose, _ in w.dice.groups()]
    out.append(w.last_message)
    v = w.odds.view
    if v is not None:
        out.append(v.title)
        out += [k for k, _ in v.bars]
        out += list(v.notes)
    for it in w.scene.items():
        if from_table(it):
            continue
        out.append(it.toolTip())
        for attr in ("lines", "text"):
            got = getattr(it, attr, None)
            if callable(got):
                try:
                    got = got()
                except TypeError:
                    continue
            if isinstance(got, str):
                out.append(got)
            elif isinstance(got, list):
                out += [x for x in got if isinstance(x, str)]
    return [s for s in out if s]


def leaks(texts: list[str], ids: set[str], played: set[str],
          names: list[str] = (),  # type: ignore[assignment]
          known: list[str] = (), seen: set[str] | None = None) -> set[str]:  # type: ignore[assignment]
    """The strings among `texts` that show an id or notation (after blanking the
    `known` leaks, each noted in `seen` when met)."""
    pattern = re.compile(r"(?<![\w\-])(" + "|".join(map(re.escape, sorted(ids, key=len,
                                                                             reverse=True)))
                         + r")(?![\w\-])")
    bad: set[str] = set()
    for t in texts:
        plain = re.sub(r"<[^>]+>", " ", t)  # rich text: the tags are not shown
        plain = html.unescape(plain)
        for k in known:
            if k in plain:
                if seen is not None:
                    seen.add(k)
                plain = _blank(plain, k)
        bare = plain
        for n in names:
            bare = bare.replace(n, " ")
        if pattern.search(bare) or NOTATION.search(plain) or any(
                a in plain for a in played):
            bad.add(plain.strip())
    return bad


def _blank(text: str, known: str) -> str:
    """`text` without each `known` leak and the rest of its line or clause."""
    out = text
    while known in out:
        i = out.index(known)
        j = i + len(known)
        while j < len(out) and out[j] not in "\n ":
            j += 1
        if known.startswith(" ") or known.startswith(";"):  # to the end of the clause
            ends = [k for k in (out.find("  ", j),) if k >= 0]
            j = ends[0] if ends else len(out)
        out = out[:i] + " " + out[j:]
    return out


def play(qtbot: Any, ruleset: str, seed: int = 3) -> tuple[PlayWindow, set[str], set[str]]:
    """Play ACTIONS actions in the window; the leaks seen after any of them: the
    window's own, and those of the shared table's tooltips."""
    sc = load(bundled_scenario(SCENARIOS[ruleset]))
    ids, names = ids_of(sc), names_of(sc)
    w = PlayWindow()
    w.computer_delay = 10 ** 6  # the test calls computer_step itself
    w.figures.animate_flicks = False
    qtbot.addWidget(w)
    w.resize(1400, 900)
    second = sc.sides[1].id
    w.start(Setup(sc, ruleset, {}, seed=seed, seats={second: Computer(Level.RECRUIT)}))
    rng = random.Random(seed)
    played: set[str] = set()
    found: set[str] = set()
    table: set[str] = set()
    known = KNOWN.get(ruleset, [])
    seen: set[str] = set()

    def scan() -> None:
        found.update(leaks(visible_strings(w), ids, played, names, known, seen))
        table.update(leaks(table_tips(w), ids, played, names))

    s = w.session
    assert s is not None
    scan()
    for _ in range(ACTIONS):
        if s.over:
            break
        g = s.game
        if s.computer_to_act() is not None:
            n = len(g.history)
            w.computer_step()
            qtbot.waitUntil(lambda n=n: len(s.game.history) > n, timeout=20000)
        else:
            view = w.play_view
            assert view is not None
            mine = [p.id for p in view.pieces().values() if p.present and p.side == g.side]
            for pid in mine[:6]:
                w.select(pid)  # the card and its buttons, the targets
                for tid in list(w.target_marks)[:3]:
                    w.hover_target(tid)
                    scan()
                scan()
            if len(mine) > 1:  # the sight and ruler tools between two of them
                a, b = view.pieces()[mine[0]], view.pieces()[mine[-1]]
                w.measuring.set_tool("sight")
                w.measuring.sight_click(a.pos)
                scan()
                w.measuring.sight_hover(b.pos)
                scan()
                w.measuring.set_tool("ruler")
                w.measuring.ruler_click(a.pos)
                w.measuring.ruler_hover(b.pos)
                scan()
                w.measuring.ruler_finish()
                w.measuring.set_tool("select")
            act = random_action(g, rng)
            if act.text() == "end" and rng.random() < 0.5:
                w.end_phase()
            else:
                w.do(act)
        last = s.steps[-1].action
        if " " in last:
            played.add(last)
        scan()
    w.select(None)
    scan()
    w.known_seen = seen  # type: ignore[attr-defined]
    return w, found, table


@pytest.mark.parametrize("ruleset", list(SCENARIOS))
def test_the_window_shows_names_never_ids_or_notation(qtbot: Any, ruleset: str) -> None:
    w, found, _ = play(qtbot, ruleset)
    assert w.session is not None and len(w.session.steps) >= 10
    assert not found, "\n".join(sorted(found))
    seen: set[str] = w.known_seen  # type: ignore[attr-defined]
    if seen:
        pytest.xfail("left to the ruleset's view or engine: " + " | ".join(sorted(seen)))


@pytest.mark.parametrize("ruleset", ["d3", "mayhem"])
def test_the_tables_own_tooltips_in_play_show_no_ids(qtbot: Any, ruleset: str) -> None:
    # The table's hover text (units, officers, terrain, objectives) is shared with
    # the editor: names and words there too, never the ids the file keys them by.
    _, _, table = play(qtbot, ruleset)
    assert not table, "\n".join(sorted(table))


def test_the_scan_sees_ids_and_notation() -> None:
    """The checker itself: the old log line and tooltip are caught, names are not."""
    sc = load(bundled_scenario(SCENARIOS["d3"]))
    ids, names = ids_of(sc), names_of(sc)
    assert leaks(["3. French: move fra_huss 31.9,28.29 355"], ids, set(), names)
    assert leaks(["shoot fra_art aus_ir4"], ids, set(), names)
    assert leaks(["Initiative of aus: rolled 4"], ids, set(), names)
    assert leaks(["IR 49 fires"], set(), {"fire a b"}, names) == set()
    assert leaks(["x fire a b"], set(), {"fire a b"}, names)
    assert not leaks(["Old quarry", "7e Hussards moves 4.2″ and wheels 23°"], ids, set(), names)
