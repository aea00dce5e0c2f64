"""The largest and smallest values a scenario file may hold.

Everything after the reader (printing, the table window, the rulesets) trusts
these bounds instead of guarding every loop: a file that passes the reader
cannot ask for a 10^30-inch table, a billion figures or a hill with a million
contour lines. The values are agreed for the whole program (issue 15) and
listed for people in docs/scenario-format.md; individual rulesets may set
lower limits of their own when a game starts.
"""

from __future__ import annotations

from typing import Final

# --- text -----------------------------------------------------------------------
#: Names of sides, units, officers, terrain features and objectives; also ids.
MAX_NAME: Final = 80
#: The scenario's title (and author), shown on one line of the window and the map.
MAX_TITLE: Final = 120
#: Free text over several lines: the briefing.
MAX_TEXT: Final = 4_000

# --- lengths, in inches ----------------------------------------------------------
#: A table side: from a skirmish board to a club's longest table, 40 feet.
MIN_TABLE: Final = 12.0
MAX_TABLE: Final = 480.0
#: Radii, rectangle and building sizes, line widths, bases, objective radii.
#: Below this shapely and the drawing code meet shapes too thin to inset or fill.
MIN_SIZE: Final = 0.05
#: A grid square or a span: movement and printing step square by square.
MIN_STEP: Final = 1.0
#: Every point lies within one table size of the table (x from -W to 2W).
OFF_TABLE_MARGIN: Final = 1.0
#: A polygon needs at least this area (square inches): MIN_SIZE by MIN_SIZE.
MIN_AREA: Final = MIN_SIZE * MIN_SIZE

# --- whole numbers ---------------------------------------------------------------
MAX_FIGURES: Final = 100
MAX_CV: Final = 99
MAX_GUNS: Final = 20
#: Whole-number and number terrain properties (hill height, storeys, wall height).
MAX_PROPERTY: Final = 20
MAX_TURNS: Final = 200

# --- counts ----------------------------------------------------------------------
MAX_UNITS: Final = 500          # both sides together
MAX_OFFICERS: Final = 100       # both sides together
MAX_FEATURES: Final = 500
MAX_OBJECTIVES: Final = 100
MAX_VICTORY: Final = 20
MAX_VERTICES: Final = 20_000    # terrain and deployment zones together
MAX_OPTIONS: Final = 50         # settings for one ruleset
#: Numbers in ruleset_options: no setting needs more.
MAX_OPTION_NUMBER: Final = 10_000

# --- reporting --------------------------------------------------------------------
#: Problems listed for one file; reading stops after this many.
MAX_PROBLEMS: Final = 100

# --- the YAML itself ------------------------------------------------------------------
#: Levels of lists and mappings inside each other; a scenario needs about eight.
MAX_DEPTH: Final = 100
#: Values in the whole file with every alias written out in full. The largest
#: scenario the limits above allow holds about 150,000; an "alias bomb" of a
#: few lines would hold billions, and 16 MB of `1,1,1,...` eight million
#: (a minute and gigabytes to build).
MAX_VALUES: Final = 500_000
#: Texts longer than this (characters) have their values counted before they
#: are built (a value takes at least one character, so shorter texts cannot
#: pass MAX_VALUES without aliases, which are counted anyway). Volley's own
#: 500-unit, 500-feature file is 240,000 characters.
COUNT_VALUES_ABOVE: Final = MAX_VALUES
#: Characters of a whole number; longer ones are refused unread (Python
#: refuses to read an int of more than 4,300 digits at all).
MAX_INT_TEXT: Final = 30
