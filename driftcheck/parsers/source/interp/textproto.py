"""Python's text protocols on instances of classes read from source (issue #16, session 29).

``str(x)`` calls ``type(x).__str__``; ``object.__str__`` (what a class without one of its own
inherits, ``tuple`` included) is ``repr(x)``, which calls ``type(x).__repr__``: the class's
own, else ``tuple.__repr__`` of the items for a tuple subclass (``(a, b)``, each item's
``repr``), else ``object.__repr__``, whose text holds the object's address (not known).
``f"{x}"`` is ``format(x, "")``: the class's ``__format__``, else ``object.__format__``,
which is ``str(x)`` for an empty spec and a TypeError for any other; ``!r`` / ``!s``
convert first. e3nn's MACE builds a layer from ``str(hidden_irreps[0])`` (a tuple subclass
whose ``__repr__`` writes ``8x0e``): unknown before.

Only where every class of the instance's MRO is read from source, ``object``, or ``tuple``
(holding its items: interp/tuplesub.py); anything else (a module, a library base with its own
text) is NotImplemented: the callers' rules as before. A method returning a non-string is
CPython's TypeError: unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Unknown, plain, unwrap

_OK_BASES = ("builtins.object", "builtins.tuple")
_DEPTH = 20


class _NoText(Exception):
    """A text CPython would give that is not known here."""


def applies(v: Any) -> bool:
    """An instance of a class read from source, whose MRO is only source classes, ``object``
    and (holding its items) ``tuple``."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    if v.__class__ is not Obj or not isinstance(v.cls, Cls) or v.kind or v.module:
        return False
    for c in v.cls.mro():
        if isinstance(c, Cls):
            continue
        q = getattr(c, "qual", "")
        if q not in _OK_BASES or (q == "builtins.tuple" and tuplesub.ITEMS not in v.attrs):
            return False
    return True


def text(ip: Any, v: Any, how: str) -> Any:
    """``str(v)`` (``how`` "str") or ``repr(v)`` ("repr") of an instance ``applies`` takes;
    NotImplemented for any other value; unknown where the text is not known."""
    v = unwrap(v)
    if not applies(v):
        return NotImplemented
    try:
        return _text(ip, v, how, 0)
    except _NoText as e:
        return Unknown(f"{how}() of a {v.cls.name} instance: {e}")


def format_value(ip: Any, v: Any, spec: str) -> Any:
    """``format(v, spec)`` (``f"{v:spec}"``) of an instance ``applies`` takes."""
    v = unwrap(v)
    if not applies(v):
        return NotImplemented
    fn = _own(ip, v, "__format__")
    if fn is not None:
        return _checked(ip.calls.call_func(fn, [spec], {}), v, "__format__")
    if spec:
        return Unknown(f"format() of a {v.cls.name} instance with spec {spec!r} (TypeError)")
    return text(ip, v, "str")


def _own(ip: Any, v: Obj, dunder: str) -> Any:
    """The class's own method ``dunder`` (bound to ``v``), None when the class inherits
    ``object``'s / ``tuple``'s; ``_NoText`` for a binding that is not a function."""
    ok, fn, where = ip.classes.mro_attr(v.cls, dunder)
    if not ok or not isinstance(where, Cls):
        return None
    if not isinstance(fn, Func):
        raise _NoText(f"its {dunder} is not a function we read")
    return ip.attrs.bind(fn, v)


def _checked(r: Any, v: Obj, dunder: str) -> Any:
    p = plain(r)
    if isinstance(p, str):
        return p
    if isinstance(p, Unknown):
        return p
    return Unknown(f"{v.cls.name}.{dunder} returned no str (TypeError)")


def _text(ip: Any, v: Any, how: str, depth: int) -> str:
    if depth > _DEPTH:
        raise _NoText("nested too deep")
    v = plain(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return str(v) if how == "str" else repr(v)
    if type(v) is tuple:
        inner = ", ".join(_text(ip, x, "repr", depth + 1) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    if type(v) is list:
        return "[" + ", ".join(_text(ip, x, "repr", depth + 1) for x in v) + "]"
    if not applies(v):
        raise _NoText("an item whose text is not known")
    if how == "str":
        fn = _own(ip, v, "__str__")
        if fn is not None:
            return _string(_checked(ip.calls.call_func(fn, [], {}), v, "__str__"))
    fn = _own(ip, v, "__repr__")
    if fn is not None:
        return _string(_checked(ip.calls.call_func(fn, [], {}), v, "__repr__"))
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    items = v.attrs.get(tuplesub.ITEMS)
    if isinstance(items, tuple):
        return _text(ip, items, "repr", depth + 1)
    raise _NoText("object.__repr__ holds its address")


def _string(p: Any) -> str:
    if isinstance(p, str):
        return p
    raise _NoText(getattr(p, "why", None) or "a text we cannot compute")
