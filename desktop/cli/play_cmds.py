"""`volley play`: referee a game in the window.  Qt is imported only here, late."""

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
    p.set_defaults(handler=play)


def play(args: argparse.Namespace) -> int:
    from desktop.cli.gui_cmds import NO_DISPLAY, has_display

    if not args.file.exists():
        print(f"volley play: {args.file}: no such file", file=sys.stderr)
        return 2
    if args.ruleset is not None:
        import desktop.rules  # noqa: F401
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
    code: int = run(args.file, args.ruleset, args.seed, shot)
    return code
