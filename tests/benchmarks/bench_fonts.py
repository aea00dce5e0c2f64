"""What registering the shipped DejaVu fonts adds to start-up (issue 15).

Each run is a fresh process: the machine's font database is loaded first (Qt
does that at the first text drawn, with or without Volley's fonts), then the
shipped files are registered and made the application font. Prints both, in
milliseconds, as medians over the runs.

    .venv/bin/python tests/benchmarks/bench_fonts.py [--runs 7] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

CHILD = """
import sys, time
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1] + ["-platform", "offscreen"])
t0 = time.perf_counter(); QFontDatabase.families(); t1 = time.perf_counter()
from desktop.ui.app_fonts import use_bundled_fonts
t2 = time.perf_counter(); use_bundled_fonts(app); t3 = time.perf_counter()
print((t1 - t0) * 1000, (t3 - t2) * 1000)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="2 runs (for the suite)")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs
    db: list[float] = []
    reg: list[float] = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                             check=True).stdout.split()
        db.append(float(out[0]))
        reg.append(float(out[1]))
    print(f"machine font database {statistics.median(db):.1f} ms; "
          f"registering the shipped fonts {statistics.median(reg):.1f} ms "
          f"(medians of {runs})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
