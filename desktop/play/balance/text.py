"""A balance report as text for a terminal (``volley balance`` without ``--json``).

Names only, never ids; percentages rounded to whole numbers; wide tables
(objective control over many turns) thinned to at most MAX_COLUMNS turns.
"""

from __future__ import annotations

import textwrap

from desktop.play.balance.report import Report, Share
from desktop.play.balance.sequential import MAXIMUM
from desktop.play.levels import LEVELS, Level

#: Turn columns shown for objective control (the last turn is always shown).
MAX_COLUMNS = 12
WIDTH = 78


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _share(s: Share) -> str:
    return f"{s.count:5d}  {_pct(s.share):>4}  ({_pct(s.low)} to {_pct(s.high)})"


def _levels(words: tuple[str, ...]) -> str:
    names = [LEVELS[Level(w)].name if w in {lv.value for lv in Level} else w for w in words]
    if len(names) == 1:
        return f"{names[0]} on both sides"
    return f"{' against '.join(names)}, swapping sides every game"


def _turns_shown(turns: list[int]) -> list[int]:
    if len(turns) <= MAX_COLUMNS:
        return turns
    step = -(-len(turns) // MAX_COLUMNS)
    shown = turns[::step]
    if shown[-1] != turns[-1]:
        shown.append(turns[-1])
    return shown


def report_text(report: Report) -> str:
    """The whole report, a few screens at most."""
    inp = report.inputs
    out: list[str] = []
    where = f" ({inp.file})" if inp.file else ""
    out.append(f"{inp.title}{where}, {inp.ruleset_name}")
    limit = f", turn limit {inp.turn_limit}" if inp.turn_limit else ""
    played = f"{report.played} games" if report.complete else \
        f"{report.played} of {inp.games} games (stopped early)"
    st = report.settle
    if st is not None and st.reason == MAXIMUM:
        played = f"{report.played} games (the most asked for; not settled at " \
                 f"{100 * st.precision:g} points)"
    elif st is not None and st.settled:
        played = f"{report.played} games (settled; at most {inp.games}, " \
                 f"precision {100 * st.precision:g} points)"
    out.append(f"{played}, {_levels(inp.levels)}, seed {inp.seed}{limit}")
    out.append("")
    out.extend(textwrap.wrap(report.verdict, WIDTH))
    out.append("")
    names = {s.side: s.name for s in report.sides}
    width = max([len(n) + 5 for n in names.values()]
                + [len(lv.name) + 5 for lv in report.levels] + [len("Decisive games")]) + 2
    out.append("Results" + " " * (width - 5) + "games share  95% interval")
    for s in report.sides:
        out.append(f"  {s.name + ' wins':<{width}}{_share(s.wins)}")
    out.append(f"  {'Drawn':<{width}}{_share(report.draws)}")
    out.append(f"  {'Decisive games':<{width}}{_share(report.decisive)}")
    for lv in report.levels:
        out.append(f"  {lv.name + ' wins':<{width}}{_share(lv.wins)}")
    if report.median_turns is not None:
        out.append(f"  Median length: {report.median_turns:g} turns")
    if report.lengths:
        out.append("")
        out.append("Length in turns")
        most = max(b.games for b in report.lengths)
        for b in report.lengths:
            bar = "#" * max(1, round(40 * b.games / most))
            out.append(f"  {b.turns:3d}  {bar} {b.games}")
    if report.endings:
        out.append("")
        out.append("How the games ended")
        for e in report.endings:
            # "An army broke: 7 games, won by Prussian column 7" (never "7 (Prussian
            # column 7)", which read as the Prussian column broken seven times)
            who = [f"{names.get(s, s)} {n}" for s, n in e.wins.items()]
            drawn = e.games - sum(e.wins.values())
            said = f"won by {', '.join(who)}" if who else ""
            if drawn:
                said += (", " if said else "") + f"{drawn} drawn"
            games = f"{e.games} game" + ("" if e.games == 1 else "s")
            out.append(f"  {e.name}: {games}" + (f", {said}" if said else ""))
            if e.example:
                out.append(f"    for example: {e.example}")
    if any(ob.turns for ob in report.objectives):
        out.append("")
        out.append("Objectives: share of the games still going in which each side held it")
        out.append("at the end of the turn")
        for ob in report.objectives:
            if not ob.turns:
                continue
            by_turn = {t.turn: t for t in ob.turns}
            shown = _turns_shown(sorted(by_turn))
            label = max(len(n) for n in names.values()) + 4
            out.append(f"  {ob.name:<{label}}" + "".join(f"{t:>5}" for t in shown)
                       + "  (turn)")
            for sid, name in names.items():
                out.append(f"    {name:<{label - 2}}"
                           + "".join(f"{_pct(by_turn[t].held.get(sid, 0.0)):>5}"
                                     for t in shown))
    if report.units:
        out.append("")
        uw = max(len(u.name) for u in report.units) + 2
        out.append(f"  {'Unit':<{uw}}{'side':<{max(len(n) for n in names.values()) + 2}}"
                   "losses  off table  never moved  never fought")
        sw = max(len(n) for n in names.values()) + 2
        for u in report.units:
            out.append(f"  {u.name:<{uw}}{names.get(u.side, u.side):<{sw}}"
                       f"{u.worn:>6.1f}  {_pct(u.lost):>9}  {_pct(u.never_moved):>11}  "
                       f"{_pct(u.never_fought):>12}")
        out.append("  (losses: boxes crossed off the unit's roster track by a game's end, "
                   "on average; the rest: share of games)")
    if report.sweep:
        out.append("")
        out.append("What if the turn limit were different")
        out.append("  turns  " + "".join(f"{s.name[:18]:>20}" for s in report.sweep[0].sides)
                   + "   drawn  median length")
        for row in report.sweep:
            mark = " (now)" if row.current else ""
            med = f"{row.median_turns:g}" if row.median_turns is not None else "-"
            out.append(f"  {row.turn_limit:5d}  "
                       + "".join(f"{_pct(s.wins.share):>20}" for s in row.sides)
                       + f"{_pct(row.draws.share):>8}  {med:>13}{mark}")
    return "\n".join(out) + "\n"
