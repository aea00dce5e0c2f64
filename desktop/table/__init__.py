"""Table geometry for rules: bases, arcs, aspects, terrain, sight and moves.

Imports desktop.scenario only (never desktop.rules or Qt).
"""
