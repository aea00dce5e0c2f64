"""Muskets & Mayhem (seed 004): the pure mechanics, exact odds and the game."""
