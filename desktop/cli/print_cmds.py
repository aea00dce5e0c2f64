"""`volley print`: roster sheets, wound cards, map and reference as PDF (headless)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Printouts are not built yet (issue 5); no subcommand is registered."""
