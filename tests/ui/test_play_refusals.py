"""Every refusal the play window shows reads in names (issue 34: "would end on
top of fra_art", "br_lt_drag cannot reach g3 this turn").

An engine says why it refuses a move or an action in its own ids; the window
names them (through the view's Namer) where that text reaches the player: the
note beside a dragged piece, the status bar after a drop, a commit or an
action.  Each bundled scenario is played a few actions at random; at each
position every piece of the side to act is dragged onto other pieces, through
them and to random points, and actions that are legal elsewhere in the game
are tried here, where most are refused.  No text shown may hold an id.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.rules.engine import Action, RulesError
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow
from tests.ui.test_play_names import SCENARIOS, ids_of, leaks, names_of

#: Positions looked at per ruleset, and the actions played between them.
POSITIONS = 5
BETWEEN = 4


def shown(w: PlayWindow) -> list[str]:
    """The refusal's places: the note beside the dragged piece and the status bar."""
    return [*w.cursor_label.lines, w.last_message, w.status.text()]


def drag_points(w: PlayWindow, pid: str, rng: random.Random) -> list[tuple[float, float]]:
    """Onto every other piece, just short of some, and a few random points."""
    view = w.play_view
    assert view is not None and w.setup is not None
    me = view.pieces()[pid]
    out: list[tuple[float, float]] = []
    for p in view.pieces().values():
        if p.id == pid or not p.present:
            continue
        out.append(p.pos)
        out.append(((p.x + me.x) / 2.0, (p.y + me.y) / 2.0))
    table = w.setup.scenario.table
    out += [(rng.uniform(0, table.width), rng.uniform(0, table.depth)) for _ in range(4)]
    rng.shuffle(out)
    return out[:14]


@pytest.mark.parametrize("ruleset", list(SCENARIOS))
def test_refusals_shown_in_the_window_name_no_ids(qtbot: Any, ruleset: str) -> None:
    sc = load(bundled_scenario(SCENARIOS[ruleset]))
    ids, names = ids_of(sc), names_of(sc)
    rng = random.Random(11)
    w = PlayWindow()
    w.computer_delay = 10 ** 6
    w.figures.animate_flicks = False
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.start(Setup(sc, ruleset, {}, seed=5))
    s = w.session
    assert s is not None
    pool: list[str] = []  # actions legal somewhere in this game
    refused: list[str] = []
    found: set[str] = set()

    def look() -> None:
        found.update(leaks(shown(w), ids, set(), names))

    for _ in range(POSITIONS):
        if s.over:
            break
        g = s.game
        view = w.play_view
        assert view is not None
        pool += [a.text() for a in g.legal_actions()]
        mine = [p.id for p in view.pieces().values()
                if p.present and p.side == g.side and w.can_drag(p.id)]
        for pid in mine[:5]:
            for pt in drag_points(w, pid, rng):
                if not w.begin_drag(pid):
                    break
                probe = w.drag_to(pt)
                look()
                w.end_drag()
                look()
                if probe is not None and probe.reason is not None:
                    refused.append(probe.reason)
                    w.commit_move()  # refused again, in the status bar
                    look()
                w.cancel_move()
        for text in rng.sample(pool, min(40, len(pool))):
            try:
                act: Action = g.parse_action(text)
            except RulesError:  # a piece gone since: not an action now
                continue
            if g.check(act) is None:
                continue
            n = len(s.steps)
            assert not w.do(act)
            assert len(s.steps) == n
            refused.append(w.last_message)
            look()
        for _ in range(BETWEEN):
            if s.over:
                break
            w.do(random_action(s.game, rng))
    # the test saw many refusals, and none named a piece by its id
    assert len(refused) >= 20, refused
    assert not found, "\n".join(sorted(found))
