"""Lengths in the table's own unit: the model holds inches, people read either."""

from __future__ import annotations

from desktop.scenario.vocabulary import CM_PER_INCH, LengthUnit


def to_display(inches: float, unit: LengthUnit) -> float:
    return inches * CM_PER_INCH if unit is LengthUnit.CM else inches


def from_display(value: float, unit: LengthUnit) -> float:
    return value / CM_PER_INCH if unit is LengthUnit.CM else value


def suffix(unit: LengthUnit) -> str:
    return "cm" if unit is LengthUnit.CM else "in"


def fmt_length(inches: float, unit: LengthUnit, digits: int = 1) -> str:
    """'12.5″' for inches, '31.8 cm' for centimetres; whole numbers lose their '.0'."""
    v = to_display(inches, unit)
    text = f"{v:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"{text}″" if unit is LengthUnit.INCH else f"{text} cm"


def fmt_size(a: float, b: float, unit: LengthUnit) -> str:
    return f"{fmt_length(a, unit)} × {fmt_length(b, unit)}"


#: Lengths a scale bar or default grid may use, in the display unit.
NICE_STEPS: dict[LengthUnit, tuple[float, ...]] = {
    LengthUnit.INCH: (0.25, 0.5, 1, 2, 3, 6, 12, 24, 36, 48, 72, 96, 120),
    LengthUnit.CM: (0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500),
}

#: The default grid when a scenario has none: 6 inches, or 10 cm.
DEFAULT_GRID_DISPLAY: dict[LengthUnit, float] = {LengthUnit.INCH: 6.0, LengthUnit.CM: 10.0}
