"""The scenario editor: panels, dialogs and the window mode that drives the tools."""
