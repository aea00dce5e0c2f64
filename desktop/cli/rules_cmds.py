"""`volley rulesets` and `volley replay`: the referee without a window."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The rules engine is not built yet (issue 3); no subcommand is registered."""
