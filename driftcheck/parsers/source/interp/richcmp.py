"""Rich comparisons of objects whose classes, read from source, define them (session 28).

``a < b`` / ``a == b`` on instances of a user class defining ``__lt__`` / ``__eq__`` (a stage
ordered by width, ``sorted(stages)``, ``max(blocks)``) was unknown: the interpreter compared
plain values only. CPython's protocol (``PyObject_RichCompare``), modelled here:

- the reflected method first when the right operand's class is a proper subclass of the
  left one's and defines it; else ``type(a).__op__(a, b)``, then ``type(b).__rop__(b, a)``
  (``<`` reflects to ``>``, ``<=`` to ``>=``, ``==`` to ``==``); a method answering
  ``NotImplemented`` passes to the next;
- ``!=`` without its own ``__ne__``: the inverse of ``__eq__``'s answer (``object.__ne__``);
- none answers: ``==`` / ``!=`` by identity, any order comparison a ``TypeError`` (unknown);
- ``@functools.total_ordering``: the methods the class lacks derived from its root (the
  largest name among ``__lt__`` ``__le__`` ``__gt__`` ``__ge__`` it has), by functools' own
  formulas (``__ge__`` from ``__lt__`` is ``not a < b``; ``__le__`` is ``a < b or a == b``).

A method's answer whose truth is needed and is not known makes the comparison unknown.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj, Unknown, plain

_NAMES = {
    ast.Lt: ("__lt__", "__gt__"),
    ast.LtE: ("__le__", "__ge__"),
    ast.Gt: ("__gt__", "__lt__"),
    ast.GtE: ("__ge__", "__le__"),
    ast.Eq: ("__eq__", "__eq__"),
    ast.NotEq: ("__ne__", "__ne__"),
}
_ORDER = ("__lt__", "__le__", "__gt__", "__ge__")
# functools.total_ordering: (derived, root) -> (negate the root's answer, then ``and !=`` /
# ``or ==`` / nothing)
_DERIVED = {
    ("__gt__", "__lt__"): (True, "and_ne"),
    ("__le__", "__lt__"): (False, "or_eq"),
    ("__ge__", "__lt__"): (True, None),
    ("__ge__", "__le__"): (True, "or_eq"),
    ("__lt__", "__le__"): (False, "and_ne"),
    ("__gt__", "__le__"): (True, None),
    ("__lt__", "__gt__"): (True, "and_ne"),
    ("__ge__", "__gt__"): (False, "or_eq"),
    ("__le__", "__gt__"): (True, None),
    ("__le__", "__ge__"): (True, "or_eq"),
    ("__gt__", "__ge__"): (False, "and_ne"),
    ("__lt__", "__ge__"): (True, None),
}
_NO = object()  # no method of the class answers


def _total_ordering(cls: Cls) -> bool:
    """Whether the class statement is decorated ``@total_ordering`` /
    ``@functools.total_ordering``."""
    for d in cls.node.decorator_list:
        name = d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", None)
        if name == "total_ordering":
            return True
    return False


def involved(ip: Any, op: ast.cmpop, a: Any, b: Any) -> bool:
    """Whether ``a op b`` asks a method read from source (either operand's class)."""
    names = _NAMES.get(type(op))
    if names is None:
        return False
    for x, name in ((a, names[0]), (b, names[1])):
        if isinstance(x, Obj) and isinstance(x.cls, Cls) and not x.module:
            if _method(ip, x.cls, name) is not None:
                return True
            if type(op) is ast.NotEq and dunders.source_method(ip, x.cls, "__eq__") is not None:
                return True
    return False


def _method(ip: Any, cls: Cls, name: str) -> Any:
    """The source method answering ``name`` for instances of ``cls``: its own, or one
    ``total_ordering`` derived for it (a tuple ``(derived, root, root method)``)."""
    fn = dunders.source_method(ip, cls, name)
    if fn is not None or name not in _ORDER:
        return fn
    for c in cls.mro():
        if isinstance(c, Cls) and _total_ordering(c):
            roots = [n for n in _ORDER if dunders.source_method(ip, c, n) is not None]
            if not roots or name in roots:
                return None
            root = max(roots)  # functools: ``max(roots)`` by name
            return (name, root, dunders.source_method(ip, c, root))
    return None


def _not_implemented(v: Any) -> bool:
    """``return NotImplemented`` in a method: the builtin name is read as ``Ext`` (as in
    interp/exprs.py's binary operators); before session 32 that answer counted as a truthy
    one (``a == b`` True where CPython falls back to identity: False)."""
    v = plain(v)
    return v is NotImplemented or (isinstance(v, Ext) and v.qual == "builtins.NotImplemented")


def _truth(v: Any) -> bool | None:
    v = plain(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return bool(v)
    return None


def _call(ip: Any, m: Any, x: Any, y: Any) -> Any:
    """``m`` (a method or a derived one) of ``x`` called with ``y``: its answer, or
    ``NotImplemented``, or an ``Unknown``."""
    if not isinstance(m, tuple):
        return ip.calls.call_func(ip.attrs.bind(m, x), [y], {})
    name, root, fn = m
    got = ip.calls.call_func(ip.attrs.bind(fn, x), [y], {})
    if _not_implemented(got):
        return NotImplemented
    t = _truth(got)
    if t is None:
        return Unknown(f"{name} derived by total_ordering from {root}: an answer not known")
    negate, rest = _DERIVED[(name, root)]
    r = (not t) if negate else t
    if rest == "and_ne" and r:
        ne = compare(ip, ast.NotEq(), x, y)
        return ne if isinstance(ne, Unknown) else bool(_truth(ne))
    if rest == "or_eq" and not r:
        eq = compare(ip, ast.Eq(), x, y)
        return eq if isinstance(eq, Unknown) else bool(_truth(eq))
    return r


def compare(ip: Any, op: ast.cmpop, a: Any, b: Any) -> Any:
    """``a op b`` by CPython's rich comparison protocol (see the module docstring)."""
    fwd, ref = _NAMES[type(op)]
    ca = a.cls if isinstance(a, Obj) and isinstance(a.cls, Cls) else None
    cb = b.cls if isinstance(b, Obj) and isinstance(b.cls, Cls) else None
    tries = [(a, ca, fwd, b), (b, cb, ref, a)]
    if ca is not None and cb is not None and cb is not ca and ca in cb.mro():
        if _method(ip, cb, ref) is not None:
            tries.reverse()  # the right operand's subclass overrides the reflected method
    for x, cls, name, y in tries:
        if cls is None:
            continue
        m = _method(ip, cls, name)
        if m is None:
            continue
        got = _call(ip, m, x, y)
        if not _not_implemented(got):
            return got
    if type(op) is ast.NotEq:
        # ``object.__ne__``: the inverse of ``__eq__``'s answer, unless NotImplemented
        eq = compare(ip, ast.Eq(), a, b)
        if isinstance(eq, Unknown):
            return eq
        t = _truth(eq)
        return Unknown("!= of an __eq__ answer not known") if t is None else not t
    if type(op) is ast.Eq:
        return a is b
    return Unknown(f"{fwd} answered by no method (a TypeError)")


# CPython's small-int cache (``_PyLong_SMALL_INTS``): every exact ``int`` from -5 to 256 made at
# run time (arithmetic, ``int("7")``) is the one cached object
_SMALL_INTS = range(-5, 257)


def identity(a: Any, b: Any, identical: Any) -> Any:
    """``a is b`` on plain values, where the interpreter's ``identical`` compares texts and ints
    by value (one constant read twice must stay one object). CPython's identity of equal values
    is value equality only where it caches: the empty text, the exact ints -5..256, ``True`` /
    ``False`` / ``None``. Two equal texts of one character or more, or two equal ints outside
    the cache, made apart (``"".join(["w", "ide"]) is "wide"`` is False; ``int("1000") is
    int("1000")`` is False; two equal identifier-like literals are one interned object, True)
    are the same object or not by how each was made, which is not tracked: unknown. The
    interpreter's own objects being one (a value read through two names) stays ``True``."""
    if a is b or a is None or b is None:
        return identical(a, b)
    ta, tb = type(a), type(b)
    if ta is tb and ta is str and a == b and a:
        return Unknown(f"`is` between two equal texts ({a[:24]!r}): identity depends on interning")
    if ta is tb and ta is int and a == b and a not in _SMALL_INTS:
        return Unknown(f"`is` between two equal ints ({a}) outside CPython's small-int cache")
    return identical(a, b)
