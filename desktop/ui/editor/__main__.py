"""`python -m desktop.ui.editor [file]` starts the scenario editor."""

import sys

from desktop.ui.editor.app import main

sys.exit(main())
