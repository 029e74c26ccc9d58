"""Small helpers shared by the movement generators."""

from __future__ import annotations

from dupbridge.i18n import _
from dupbridge.tournament.movements.errors import MovementError

__all__ = ["check_count", "consecutive_sets"]


def consecutive_sets(
    count: int, per_set: int, first: int = 1
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Sets 1..count of ``per_set`` consecutive boards each, the first board numbered ``first``."""
    return tuple(
        (number, tuple(range(first + (number - 1) * per_set, first + number * per_set)))
        for number in range(1, count + 1)
    )


def check_count(what: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` as an int within ``low..high``; else a :class:`MovementError` naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MovementError(
            _("{what} must be a whole number, not {value!r}").format(what=what, value=value)
        )
    if value < low or (high is not None and value > high):
        if high is None:
            message = _("{what} must be at least {low}, not {value}")
        else:
            message = _("{what} must be between {low} and {high}, not {value}")
        raise MovementError(message.format(what=what, low=low, high=high, value=value))
    return value
