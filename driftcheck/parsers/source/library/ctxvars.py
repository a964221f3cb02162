"""``contextvars``: sizes held in a ``ContextVar`` that the model reads while it builds itself
(``SIZES = ContextVar("sizes", default={...})``, then ``SIZES.get()["width"]`` in every
``__init__``), the way request-scoped settings are kept in async code.

One ``ContextVar`` value is one variable in the one context the analyzed build runs in:
``set`` replaces its value (in order, as the interpreter runs the statements: at module level
or in a function the build calls), ``reset(token)`` puts back what the token saw, ``get``
reads the value set last, else ``get``'s own default, else the variable's default. A variable
with no value and no default raises ``LookupError`` in CPython: unknown here, naming the
variable.

Contexts (session 22): ``copy_context()`` snapshots every variable's state (the variables this
analysis made, kept on the interpreter), ``Context()`` is an empty one, and ``ctx.run(fn, *a)``
runs ``fn`` with the variables in the context's state, keeps what it set in the context and
puts the outer state back (CPython's semantics: a ``set`` inside ``run`` does not leak out).
``ctx[var]`` / ``ctx.get(var[, default])`` / ``var in ctx`` read the context's value.
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

    def state(self) -> tuple[Any, str | None]:
        return self.value, self.lost

    def put(self, state: tuple[Any, str | None]) -> None:
        self.value, self.lost = state

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


def _all_vars(interp: Any) -> list[ContextVar]:
    """The variables this analysis made (kept on the interpreter: one analysis, one list)."""
    got = getattr(interp, "context_vars", None)
    if got is None:
        got = interp.context_vars = []
    return got


_UNSET = (_MISSING, None)  # a variable's state in a context that never saw it


class Context:
    """A ``contextvars.Context``: each variable's state in it (``_UNSET`` when absent)."""

    library_type: ClassVar[str] = "contextvars.Context"
    library_mutable: ClassVar[bool] = True

    def __init__(self, interp: Any, states: dict[int, tuple[Any, str | None]]) -> None:
        self.interp, self.states = interp, states
        self.running = False

    def _value(self, var: Any) -> Any:
        var = plain(var)
        if not isinstance(var, ContextVar):
            return Unknown("contextvars.Context item of a value that is not a ContextVar")
        value, lost = self.states.get(id(var), _UNSET)
        if lost:
            return Unknown(f"{var._why()}: {lost}")
        return value

    def attr(self, name: str) -> Any:
        if name == "run":
            return BuiltinMethod(lambda a, k: self.run(a, k))
        if name == "copy":
            return BuiltinMethod(lambda a, k: Context(self.interp, dict(self.states)))
        if name == "get":
            return BuiltinMethod(lambda a, k: self.get(a, k))
        return Unknown(f"contextvars.Context attribute {name}")

    def get(self, a: list, k: dict) -> Any:
        if not a or len(a) > 2 or k:
            return Unknown("contextvars.Context.get() with these arguments")
        v = self._value(a[0])
        return (a[1] if len(a) > 1 else None) if v is _MISSING else v

    def __getitem__(self, key: Any) -> Any:
        v = self._value(key)
        if v is _MISSING:
            raise KeyError(key)  # as CPython: unknown to the caller
        return v

    def __contains__(self, key: Any) -> bool:
        var = plain(key)
        return isinstance(var, ContextVar) and self.states.get(id(var), _UNSET)[0] is not _MISSING

    def run(self, a: list, k: dict) -> Any:
        if not a:
            return Unknown("contextvars.Context.run() without a function")
        if self.running:  # CPython: RuntimeError (a context entered twice)
            return Unknown("contextvars.Context.run() of a context already entered")
        variables = list(_all_vars(self.interp))
        outer = {id(v): v.state() for v in variables}
        for v in variables:
            v.put(self.states.get(id(v), _UNSET))
        self.running = True
        try:
            return self.interp.calls.call(a[0], list(a[1:]), dict(k), None)
        finally:
            self.running = False
            for v in _all_vars(self.interp):  # those made inside the run too
                self.states[id(v)] = v.state()
                v.put(outer.get(id(v), _UNSET))


@CV.entry(
    "ContextVar",
    doc="ContextVar(name, default=...): a variable whose get() reads the value set last "
    "(set/reset followed in order), else the default",
)
def _contextvar(c: Call) -> Any:
    if len(c.args) != 1 or set(c.kwargs) - {"default"}:
        return c.unknown("contextvars.ContextVar() with arguments we do not model")
    var = ContextVar(c.args[0], c.kwargs.get("default", _MISSING))
    _all_vars(c.interp).append(var)
    return var


@CV.entry(
    "copy_context",
    doc="copy_context(): a snapshot of every variable's state; ctx.run(fn, *a) runs fn in it "
    "(its sets stay in the context), ctx[var] / ctx.get(var) read it",
)
def _copy_context(c: Call) -> Any:
    if c.args or c.kwargs:
        return c.unknown("contextvars.copy_context() with arguments")
    return Context(c.interp, {id(v): v.state() for v in _all_vars(c.interp)})


@CV.entry("Context", doc="Context(): an empty context (every variable unset in it)")
def _context(c: Call) -> Any:
    if c.args or c.kwargs:
        return c.unknown("contextvars.Context() with arguments")
    return Context(c.interp, {})
