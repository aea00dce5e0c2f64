"""stub"""

REFERENCES: dict[str, object] = {}
