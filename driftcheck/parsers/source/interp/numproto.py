"""Python's numeric protocols on instances of classes read from source.

CPython's builtins and ``math`` ask the argument's type: ``int(x)`` calls ``type(x).__int__``
(then ``__index__``), ``float(x)`` ``__float__`` (then ``__index__``), ``round(x[, n])``
``__round__``, ``abs(x)`` ``__abs__``, ``math.ceil`` / ``math.floor`` ``__ceil__`` /
``__floor__`` (then ``float(x)``), ``math.trunc`` ``__trunc__``; ``-x`` / ``+x`` / ``~x``
``__neg__`` / ``__pos__`` / ``__invert__``; ``sum(xs, start)`` is ``start + x0 + x1 ...``,
so ``0 + spec`` runs ``type(spec).__radd__``. A width object converted so was unknown. The
method is run as Python runs it; ``int`` / ``float`` check the type of what it returns as
CPython does (TypeError: unknown); a class whose MRO is all read from source and defines
none of the methods is CPython's TypeError: unknown. Anything else (a library base) is left
to the callers' own rules (NotImplemented). The text protocols (``str`` / ``repr`` /
``format`` of such an instance) are interp/textproto.py's.
"""

from __future__ import annotations

import ast
import math
from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import Cls, Obj, Unknown, plain, unwrap

# builtin -> the methods CPython tries, in order
CONVERSIONS = {
    "int": ("__int__", "__index__"),
    "float": ("__float__", "__index__"),
    "round": ("__round__",),
    "abs": ("__abs__",),
    "math.ceil": ("__ceil__", "__float__"),
    "math.floor": ("__floor__", "__float__"),
    "math.trunc": ("__trunc__",),
}
UNARY = {ast.USub: "__neg__", ast.UAdd: "__pos__", ast.Invert: "__invert__"}


def _source_only(obj: Obj) -> bool:
    return all(
        isinstance(c, Cls) or getattr(c, "qual", "") == "builtins.object" for c in obj.cls.mro()
    )


def _method(ip: Any, obj: Obj, dunder: str) -> Any:
    """``obj``'s bound method ``dunder`` of a source class outside torch (interp/dunders.py)."""
    fn = dunders.source_method(ip, obj.cls, dunder)
    return None if fn is None else ip.attrs.bind(fn, obj)


def applies(v: Any) -> bool:
    """An instance of a class read from source (not a torch container)."""
    return v.__class__ is Obj and isinstance(v.cls, Cls) and not v.kind


def convert(ip: Any, name: str, args: list, kwargs: dict) -> Any:
    """``name(obj, ...)`` through the protocol; NotImplemented where it does not apply."""
    if not args or not applies(unwrap(args[0])):
        return NotImplemented
    obj = unwrap(args[0])
    extra = args[1:]
    if kwargs or (extra and name != "round") or len(extra) > 1:
        return Unknown(f"{name}() of a {obj.cls.name} instance with more arguments")
    for dunder in CONVERSIONS[name]:
        fn = _method(ip, obj, dunder)
        if fn is None:
            continue
        r = ip.calls.call_func(fn, list(extra) if dunder == "__round__" else [], {})
        p = plain(r)
        if dunder == "__float__" and name.startswith("math."):
            if p.__class__ is not float:
                return Unknown(f"{name}(): {obj.cls.name}.__float__ returned no float")
            return math.ceil(p) if name == "math.ceil" else math.floor(p)
        if name == "int" or dunder == "__index__":
            if isinstance(p, bool) or p.__class__ is int:
                return int(p) if name != "float" else float(p)
            return Unknown(f"{name}(): {obj.cls.name}.{dunder} returned no int (TypeError)")
        if name == "float":
            if p.__class__ is float:
                return p
            return Unknown(f"float(): {obj.cls.name}.__float__ returned no float (TypeError)")
        return r
    if obj.module or not _source_only(obj):
        return NotImplemented
    return Unknown(f"{name}() of a {obj.cls.name} instance without the method (TypeError)")


def unary(ip: Any, op: ast.unaryop, v: Any) -> Any:
    """``-obj`` / ``+obj`` / ``~obj``: the class's method; NotImplemented where it does not
    apply (a torch module, a library base)."""
    dunder = UNARY.get(type(op))
    if dunder is None or not applies(v):
        return NotImplemented
    fn = _method(ip, v, dunder)
    if fn is not None:
        return ip.calls.call_func(fn, [], {})
    if v.module or not _source_only(v):
        return NotImplemented
    return Unknown(f"unary {dunder} on a {v.cls.name} instance without it (TypeError)")


def sum_objects(ip: Any, args: list, kwargs: dict) -> Any:
    """``sum(xs[, start])`` over a list or tuple holding instances of source classes:
    ``start + xs[0] + xs[1] ...`` with Python's operators (``__add__`` / ``__radd__``).
    NotImplemented where no item is such an instance."""
    if not args or len(args) > 2 or set(kwargs) - {"start"}:
        return NotImplemented
    raw = unwrap(args[0])
    if not isinstance(raw, (list, tuple)) or not any(applies(plain(x)) for x in raw):
        return NotImplemented
    acc = args[1] if len(args) > 1 else kwargs.get("start", 0)
    if isinstance(plain(acc), str):
        return Unknown("sum() with a str start (TypeError)")
    for x in raw:
        acc = ip.exprs.binop(ast.Add(), acc, x)
        if isinstance(plain(acc), Unknown):
            return acc
    return acc


def index_value(ip: Any, v: Any) -> Any:
    """``operator.index(v)`` for an instance of a class read from source with its own
    ``__index__`` (torch reads a size so: ``torch.empty((w, 10))``): the int it returns, an
    unknown when it returns no int (CPython's TypeError); ``v`` itself for anything else."""
    obj = unwrap(v)
    if not applies(obj):
        return v
    fn = _method(ip, obj, "__index__")
    if fn is None:
        return v
    p = plain(ip.calls.call_func(fn, [], {}))
    if p.__class__ is int:
        return p
    return Unknown(f"{obj.cls.name}.__index__ returned no int (TypeError)")


def as_index(ip: Any, a: Any) -> Any:
    """``a`` as CPython's ``operator.index`` takes it where ``a`` is an instance of a class
    read from source (``range(w)``, ``operator.index(w)``): its own ``__index__`` runs (never
    ``__int__``: ``range(w)`` and ``int(w)`` may differ); an ``int`` subclass's instance
    without one gives its value (``int.__index__``). Anything else is returned as it is (an
    instance without the method is CPython's TypeError: the caller's unknown)."""
    from driftcheck.parsers.source.interp import numsub

    got = index_value(ip, a)
    obj = unwrap(got)
    if applies(obj) and numsub.num_base(obj.cls) is int:
        n = numsub.value(obj)
        return n if n.__class__ is int else got
    return got
