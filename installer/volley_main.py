"""Entry point of the frozen program (PyInstaller starts here).

The same `volley` command as the installed console script: with no
subcommand it opens the window; `volley validate FILE` and the other
headless subcommands work from the bundle too.
"""

import multiprocessing
import sys

from desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a no-op unless a worker process is spawned
    sys.exit(main())
