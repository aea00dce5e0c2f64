"""The Qt shell: windows, the table view, docks and dialogs.  No rules live here."""

from desktop.ui.qtcompat import guard_none_refcount

guard_none_refcount()
