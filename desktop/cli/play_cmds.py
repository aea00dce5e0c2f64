"""`volley play` (the window; Qt is imported only there, late) and `volley replay`
(headless: it imports no Qt)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a scenario (or go on with a saved game) in the window")
    p.add_argument("file", type=Path, help="scenario file, or a saved game record (.yaml)")
    p.add_argument("--ruleset", metavar="ID", help="ruleset id (see `volley rulesets`)")
    p.add_argument("--seed", type=int, metavar="N", help="seed for the dice (default 0)")
    p.add_argument("--screenshot", metavar="OUT.png",
                   help="render the window at the start of the first turn to a PNG and exit")
    p.add_argument("--briefing", action="store_true",
                   help="with --screenshot: show the briefing card, as a battle begun in "
                        "the window does")
    p.set_defaults(handler=play)


def play(args: argparse.Namespace) -> int:
    from desktop.cli.gui_cmds import NO_DISPLAY, has_display

    if not args.file.exists():
        print(f"volley play: {args.file}: no such file", file=sys.stderr)
        return 2
    if args.ruleset is not None:
        from desktop.rules import registry

        if args.ruleset not in registry.ids():
            known = ", ".join(registry.ids())
            print(f"volley play: unknown ruleset '{args.ruleset}' (known: {known})",
                  file=sys.stderr)
            return 2
    if args.screenshot is not None:
        if not has_display():
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif not has_display():
        sys.stderr.write(NO_DISPLAY)
        return 2
    from desktop.ui.play.app import run  # Qt loads here, and only here

    shot = Path(args.screenshot) if args.screenshot else None
    code: int = run(args.file, args.ruleset, args.seed, shot, args.briefing)
    return code


def replay(args: argparse.Namespace) -> int:
    """`volley replay` (registered beside `volley rulesets`): the referee without a window.

    Records come from anywhere, so every failure is one line naming the file
    (and line where there is one) and exit status 1, never a traceback.
    """
    from desktop.rules.engine import RulesError
    from desktop.rules.record import RecordError, load_record
    from desktop.rules.record import replay as do_replay

    if args.until is not None and args.until < 0:
        print("volley replay: --until must be 0 or more", file=sys.stderr)
        return 2
    try:
        record = load_record(args.record, force=bool(getattr(args, "force", False)))
        for warning in record.warnings:
            print(f"volley replay: warning: {warning}", file=sys.stderr)
        game = do_replay(record, args.until)
        state = game.snapshot()
    except RecordError as e:
        where = "" if str(e).startswith(str(args.record)) else f"{args.record}: "
        hint = "\n(`volley replay --force` replays it all the same)" if e.can_force else ""
        print(f"volley replay: {where}{e}{hint}", file=sys.stderr)
        return 1
    except RulesError as e:
        print(f"volley replay: {args.record}: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # last resort: a fault in Volley still gets one clear line
        print(f"volley replay: {args.record}: cannot be replayed: Volley failed with "
              f"{type(e).__name__}: {e} (a fault in Volley; please report it with this file)",
              file=sys.stderr)
        return 1
    if args.json:
        import json

        print(json.dumps(state, indent=2))
        return 0
    out = state["outcome"]
    print(f"{args.record}: {game.ruleset.name}, {len(game.history)} actions replayed")
    print(f"turn {state['turn']}, phase {state['phase']}, side to act: {state['side'] or '-'}")
    if out is None:
        print("the game is not over")
    else:
        print(f"over: {out['winner'] or 'a draw'} ({out['reason']})")
    for u in state["units"]:
        extra = " ".join(f"{k}={u[k]}" for k in ("hits",) if k in u)
        print(f"  {u['side']:<8} {u['id']:<14} {u['type']:<16} "
              f"({u['x']:g}, {u['y']:g}) facing {u['facing']:g}  {u['status']} {extra}".rstrip())
    return 0
