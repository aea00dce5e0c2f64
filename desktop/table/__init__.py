"""Table geometry: bases, arcs, aspects, terrain, sight and moves for the rules;
where name tags go for the window.

Imports desktop.scenario only (never desktop.rules or Qt).
"""
