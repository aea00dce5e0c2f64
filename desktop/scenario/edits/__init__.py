"""Every change the editor makes to a scenario, as a pure function.

Each function takes a Scenario and returns a new one (the model is frozen:
values are replaced, never mutated), sharing every part it did not touch.
That makes an undo command a swap of two values and keeps a drag cheap: moving
one unit of a thousand rebuilds one side's tuple of units, nothing else.

A change that would make the scenario invalid (a self-crossing polygon, an id
used twice, a victory condition left pointing at nothing) raises EditError
with a sentence for the user; nothing is half-applied.

Lengths are table inches, angles compass degrees (0 faces the top edge,
clockwise), y grows down the table, as in the rest of the core.

The modules hold one concern each: terrain, vertices, bridges (and fords),
pieces, placing, sides, table (and game), objectives, victory, settings,
presets, clipboard, selection (mixed), changes (what an edit changed); base
holds what they share (EditError, rounding, ids).  Import from the module
that holds a function: this package's face re-exports nothing.
"""
