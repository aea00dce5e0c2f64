"""One error type for every way a scenario file can be wrong.

A designer fixing a file wants every problem at once, each pointing at a line,
so the reader collects problems and raises them together.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (line and column are 1-based) and what."""

    file: str
    message: str
    path: str = ""
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        field = f" {self.path}:" if self.path else ""
        return f"{where}:{field} {self.message}"


class ScenarioError(Exception):
    """A scenario file could not be read; `problems` lists every reason found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    @classmethod
    def single(cls, file: str, message: str, **where: int | str | None) -> ScenarioError:
        line = where.get("line")
        column = where.get("column")
        path = where.get("path")
        return cls(
            [
                Problem(
                    file,
                    message,
                    path=str(path) if path else "",
                    line=line if isinstance(line, int) else None,
                    column=column if isinstance(column, int) else None,
                )
            ]
        )
