"""The verdict: a balance report's numbers in one paragraph of plain words.

It says who wins and how surely, how most games end, what the losing side
falls short of, and what a designer might try (the sweep's most even turn
limit when there is one, else a rule of thumb: more turns for a side that
runs out of time, otherwise a stronger losing side or nearer objectives).  Pure: a function of
the report alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from desktop.play.balance import sequential as seq
from desktop.play.balance.report import Report, Share, SideResult
from desktop.scenario.wording import side_does

#: Above this share of the games a side "wins most"; the issue's "badly unbalanced".
UNBALANCED = 0.75
#: Above this share a side has "the better of it".
LEANS = 0.6
#: A unit that never fights in at least this share of games is worth naming.
IDLE = 0.9
#: Below this many games the intervals are too wide to say much.
FEW = 30


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def interval(s: Share) -> str:
    return f"{pct(s.low)} to {pct(s.high)}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _short_of(report: Report, side: str) -> list[str]:
    """The objectives `side` seldom held when games reached their last turn."""
    out = []
    for ob in report.objectives:
        if ob.turns and ob.turns[-1].held.get(side, 0.0) < 0.5:
            out.append(ob.name)
    return out


def _suggestion(report: Report, leader: SideResult, trailer: SideResult,
                main_ending: str) -> str:
    if report.sweep:
        def gap(row_sides: tuple[SideResult, ...]) -> float:
            shares = [s.wins.share for s in row_sides]
            return max(shares) - min(shares)
        best = min(report.sweep, key=lambda row: (gap(row.sides), row.turn_limit))
        now = next((row for row in report.sweep if row.current), None)
        if best.current or (now is not None and gap(best.sides) > gap(now.sides) - 0.05):
            return ("No turn limit in the sweep is much fairer than the present one: change "
                    "the forces or the objectives instead.")
        shares = ", ".join(f"{s.name} {pct(s.wins.share)}" for s in best.sides)
        return f"The sweep is most even at {best.turn_limit} turns ({shares}): try that."
    limit = report.inputs.turn_limit
    if main_ending == "turn_limit" and limit is not None:
        more = max(2, round(limit / 5))
        return f"Try {more} more turns, or give {trailer.name} more troops."
    return f"Try strengthening {trailer.name} or making the objectives easier to reach."


def settle_sentence(report: Report) -> str:
    """How a sequential batch stopped, in one or two sentences ("" for a fixed one):
    "Settled after 43 games: ..." and why."""
    st = report.settle
    if st is None or not report.sides:
        return ""
    first = report.sides[0]
    second = report.sides[-1]
    # the share and interval from the side that is ahead
    ahead, share, low, high = (first.name, st.share, st.low, st.high) if st.share >= 0.5 \
        else (second.name, 1 - st.share, 1 - st.high, 1 - st.low)
    band = f"{pct(seq.FAIR_BAND[0])} to {pct(seq.FAIR_BAND[1])}"
    figures = f"{ahead} scores {pct(share)} ({pct(low)} to {pct(high)}, a draw counting half)"
    points = f"{100 * st.precision:g} points"
    if st.reason == seq.ONE_SIDED:
        return (f"Settled after {st.games} games: {figures}, an interval clear of the fair "
                f"band ({band}), so the scenario is one-sided.")
    if st.reason == seq.FAIR:
        where = "inside the fair band" if seq.FAIR_BAND[0] <= low and high <= seq.FAIR_BAND[1] \
            else "holding an even share"
        return (f"Settled after {st.games} games: {figures}, an interval within {points} "
                f"either way and {where} ({band}), so neither side is shown to be favoured.")
    if st.reason == seq.LEANS:
        return (f"Settled after {st.games} games: {figures}, an interval within {points} "
                f"either way: {ahead} is ahead but not clear of the fair band ({band}); "
                "ask for a finer precision to say more.")
    if st.reason == seq.MAXIMUM:
        return (f"Not settled: the most games asked for, {st.games}, were played; {figures}. "
                f"Play more games, or ask for less precision than {points}.")
    return (f"Stopped after {st.games} games, before the verdict was settled; so far "
            f"{figures}.")


def write_verdict(report: Report, plural: Mapping[str, bool | None] | None = None) -> str:
    """The verdict paragraph for `report` (which it does not change); `plural`:
    what the scenario says of each side's number, by side id (see
    desktop.scenario.wording.plural_name)."""
    said = plural or {}
    if report.played == 0:
        return "No game was played, so there is nothing to judge yet."
    parts: list[str] = []
    settled = settle_sentence(report)
    if settled:
        parts.append(settled)
    ranked = sorted(report.sides, key=lambda s: s.wins.count, reverse=True)
    leader, trailer = ranked[0], ranked[-1]
    top = leader.wins
    draws = report.draws
    if top.share > UNBALANCED:
        parts.append(f"{side_does(leader.name, 'wins', said.get(leader.side))} "
                     f"{pct(top.share)} of the games "
                     f"({interval(top)}): "
                     "the scenario is badly unbalanced.")
    elif top.share > LEANS:
        parts.append(f"{side_does(leader.name, 'has', said.get(leader.side))} the better of "
                     f"it, winning {pct(top.share)} "
                     f"({interval(top)}).")
    elif draws.share > 0.5:
        parts.append(f"Most games are drawn ({pct(draws.share)}, {interval(draws)}); "
                     + "; ".join(f"{side_does(s.name, 'wins', said.get(s.side))} "
                                 f"{pct(s.wins.share)}" for s in ranked)
                     + ".")
    else:
        parts.append("Both sides can win: "
                     + ", ".join(f"{s.name} {pct(s.wins.share)} ({interval(s.wins)})"
                                 for s in ranked) + ".")
    main = max(report.endings, key=lambda e: e.games) if report.endings else None
    main_kind = main.kind if main is not None else ""
    if main is not None:
        how = {"turn_limit": "on the turn limit", "victory": "by a victory condition",
               "army_break": "with an army breaking",
               "unfinished": "unfinished"}[main.kind]
        what = f"Most games end {how}" if main.games * 2 > report.played \
            else f"The commonest ending is {how}"
        if main.kind == "turn_limit":
            short = _short_of(report, trailer.side)
            if short:
                what += f", with {trailer.name} short of {_and(short)}"
        elif main.example:
            what += f" (\"{main.example}\")"
        parts.append(what + ".")
    if top.share > LEANS or draws.share > 0.5:
        parts.append(_suggestion(report, leader, trailer, main_kind))
    idle = [u.name for u in report.units if u.never_fought >= IDLE]
    if idle:
        parts.append(f"{_and(idle)} never fight{'s' if len(idle) == 1 else ''} in most games.")
    for lv in report.levels:
        parts.append(f"{lv.name} wins {pct(lv.wins.share)} of the match ({interval(lv.wins)}).")
    if not report.complete and report.settle is None:
        parts.append(f"Stopped after {report.played} of {report.inputs.games} games.")
    if report.played < FEW:
        parts.append(f"Only {report.played} games were played, so the other figures are rough."
                     if report.settle is not None and report.settle.settled else
                     f"Only {report.played} games were played, so the figures are rough.")
    return " ".join(parts)
