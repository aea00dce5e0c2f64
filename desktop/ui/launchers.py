"""Every window's launcher, loaded where the program starts.

Each launcher registers its doors when it is loaded (desktop.ui.doors for
Play… and Edit scenario…, desktop.ui.help.doors for the welcome's ways in),
so whichever window the program opens first, every way into another window
is there.  The launchers themselves are light: a window's code loads only
when that window opens.
"""

from __future__ import annotations

import desktop.ui.editor.launch
import desktop.ui.main_window
import desktop.ui.play.launch

#: The modules whose loading registered the doors.
LAUNCHERS = (desktop.ui.editor.launch, desktop.ui.main_window, desktop.ui.play.launch)
