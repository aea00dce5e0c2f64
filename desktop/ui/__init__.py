"""The Qt shell: windows, the table view, docks and dialogs.  No rules live here."""
