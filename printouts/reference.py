"""stub"""

from printouts.context import Context


def draw(ctx: Context) -> None:
    pass
