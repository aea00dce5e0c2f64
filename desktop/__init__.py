"""Volley: scenario editor, solo-play referee and printouts for horse-and-musket wargames."""

__version__ = "0.1.0"
