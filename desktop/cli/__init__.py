"""The `volley` command: headless subcommands, and the window when asked for.

Each group of subcommands lives in its own module with a `register`
function; the headless ones import no Qt (tests check this).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from desktop import __version__
from desktop.cli import (
    balance_cmds,
    gui_cmds,
    play_cmds,
    print_cmds,
    rules_cmds,
    scenario_cmds,
)

#: Modules that add subcommands, in the order `volley --help` lists them.
COMMAND_MODULES = (gui_cmds, play_cmds, scenario_cmds, rules_cmds, print_cmds, balance_cmds)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="volley",
        description="Scenario editor, solo-play referee and printouts for "
        "horse-and-musket wargames. With no command, opens the window on a "
        "bundled scenario.",
    )
    parser.add_argument("--version", action="version", version=f"volley {__version__}")
    parser.add_argument(
        "--screenshot",
        metavar="OUT.png",
        help="render the window on the default scenario to a PNG and exit (no display needed)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return gui_cmds.open_window(None, args.screenshot)
    handler = args.handler
    try:
        code: int = handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `volley info x | head`
        return 0
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
