"""``contextvars``: sizes held in a ``ContextVar`` that the model reads while it builds itself
(``SIZES = ContextVar("sizes", default={...})``, then ``SIZES.get()["width"]`` in every
``__init__``), the way request-scoped settings are kept in async code.

One ``ContextVar`` value is one variable in the one context the analyzed build runs in:
``set`` replaces its value (in order, as the interpreter runs the statements: at module level
or in a function the build calls), ``reset(token)`` puts back what the token saw, ``get``
reads the value set last, else ``get``'s own default, else the variable's default. A variable
with no value and no default raises ``LookupError`` in CPython: unknown here, naming the
variable. A copied context (``copy_context()``, ``Context().run``) is not modelled: what runs
in it is unknown, never read as the outer context's values.
"""

from __future__ import annotations

from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown, plain

CV = Group("contextvars")

_MISSING = object()  # no value / no default (a ``None`` default is a value)


class Token:
    """What ``ContextVar.set`` returns: the variable and the value it had before."""

    library_type: ClassVar[str] = "contextvars.Token"

    def __init__(self, var: ContextVar, old: Any) -> None:
        self.var, self.old, self.used = var, old, False

    def attr(self, name: str) -> Any:
        if name == "var":
            return self.var
        if name == "old_value":
            return (
                Unknown("Token.old_value of an unset variable")
                if self.old is _MISSING
                else self.old
            )
        return Unknown(f"contextvars.Token attribute {name}")


class ContextVar:
    """One ``contextvars.ContextVar``: its name, default and current value."""

    library_type: ClassVar[str] = "contextvars.ContextVar"
    library_mutable: ClassVar[bool] = True  # ``SIZES.set(...)`` at module level (modglobals)

    def __init__(self, name: Any, default: Any) -> None:
        self.name, self.default, self.value = name, default, _MISSING
        self.lost: str | None = None  # why the value is no longer known (a reset we cannot follow)

    def attr(self, name: str) -> Any:
        if name == "get":
            return BuiltinMethod(lambda a, k: self.get(a, k))
        if name == "set":
            return BuiltinMethod(lambda a, k: self.set(a, k))
        if name == "reset":
            return BuiltinMethod(lambda a, k: self.reset(a, k))
        if name == "name":
            return self.name
        return Unknown(f"contextvars.ContextVar attribute {name}")

    def _why(self) -> str:
        return f"contextvars.ContextVar {plain(self.name)!r}"

    def get(self, a: list, k: dict) -> Any:
        if self.lost:
            return Unknown(f"{self._why()}: {self.lost}")
        if self.value is not _MISSING:
            return self.value
        if a or "default" in k:
            return a[0] if a else k["default"]
        if self.default is not _MISSING:
            return self.default
        return Unknown(f"{self._why()}.get() with no value and no default (LookupError)")

    def set(self, a: list, k: dict) -> Any:
        if len(a) != 1 or k:
            self.lost = "set() with arguments we do not model"
            return Unknown("ContextVar.set()")
        tok = Token(self, self.value)
        self.value = a[0]
        return tok

    def reset(self, a: list, k: dict) -> None:
        tok = plain(a[0]) if len(a) == 1 and not k else None
        if not isinstance(tok, Token) or tok.var is not self or tok.used:
            # CPython raises (a foreign or used token); a token we cannot follow: the value
            # it restores is not known
            self.lost = "reset() of a token we cannot follow"
            return
        tok.used = True
        self.value = tok.old


@CV.entry(
    "ContextVar",
    doc="ContextVar(name, default=...): a variable whose get() reads the value set last "
    "(set/reset followed in order), else the default",
)
def _contextvar(c: Call) -> Any:
    if len(c.args) != 1 or set(c.kwargs) - {"default"}:
        return c.unknown("contextvars.ContextVar() with arguments we do not model")
    return ContextVar(c.args[0], c.kwargs.get("default", _MISSING))


@CV.entry(
    "copy_context",
    doc="copy_context(): unknown (a copied context's values are not modelled)",
)
def _copy_context(c: Call) -> Any:
    return c.unknown("contextvars.copy_context() (a copied context is not modelled)")


@CV.entry("Context", doc="Context(): unknown (a separate context is not modelled)")
def _context(c: Call) -> Any:
    return c.unknown("contextvars.Context() (a separate context is not modelled)")
