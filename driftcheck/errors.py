"""The one error type every layer raises for bad input.

The CLI turns it into exit code 2 and one line ``driftcheck: error: WHERE: WHAT``.
"""

from __future__ import annotations

MAX_WHERE = 240
"""Characters of ``where`` shown (the middle of a longer one is elided)."""


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
        where = self.where
        if where and len(where) > MAX_WHERE:  # a 100 KB path still leaves room for the what
            where = f"{where[: MAX_WHERE - 40]}...{where[-37:]}"
        return f"{where}: {text}" if where else text


class NoModel(DriftcheckError):
    """A Python file that defines no ``nn.Module`` subclass and binds no module-level ``model``:
    not model code at all. ``check --skip-no-model`` (the pre-commit hook, the Action) notes and
    skips such a file, as a utility file or a pydantic ``BaseModel`` file is no failure there."""


class ShapeError(DriftcheckError):
    """A layer's shape rule rejected its input shapes (names both shapes)."""
