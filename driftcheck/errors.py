"""The one error type every layer raises for bad input.

The CLI turns it into exit code 2 and one line ``driftcheck: error: WHERE: WHAT``.
"""

from __future__ import annotations


class DriftcheckError(Exception):
    """Bad input or an impossible request, with where it happened.

    ``where`` is a file path, ``file:line``, a config key or a hub id; ``message`` says what.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def one_line(self) -> str:
        text = " ".join(self.message.split())
        return f"{self.where}: {text}" if self.where else text


class ShapeError(DriftcheckError):
    """A layer's shape rule rejected its input shapes (names both shapes)."""
