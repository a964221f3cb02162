"""The in-place dunder methods of Python's containers called by name (session 34, wildfix34).

``a.__setitem__(0, 5)``, ``d.__delitem__("w")``, ``s.__ior__({2})``, ``a.__iadd__([7])`` and the
same read from the type (``list.__setitem__(a, 0, 5)``: objmodel ``Calls.call``) change the
container in place exactly as ``a[0] = 5``, ``del d["w"]``, ``s |= {2}``, ``a += [7]`` do
(CPython's slot wrappers). They used to read as an unknown attribute whose call changed
nothing, so the container was read on as before: a confident wrong (``a[0]`` 1 where CPython
has 5). Here the simple cases are applied as CPython does (an int index in range, a key of
plain value, an operand of the right type); any other (a slice, an index or key CPython would
refuse, an operand of another type, ``__init__``, a list holding an unknown run) leaves a list
as a run of unknown length and stops the analysis on a dict or set (``Budget``: an honest
unknown naming the call), never the container unchanged.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.values.abstract import Budget, Unknown, UnknownRun, has_run, plain

# the slot wrappers / methods of each type that change the instance (CPython 3.11: checked in
# tests/test_wild_constructs34x.py against ``vars(list)`` ...)
MUTATING = {
    "list": frozenset(("__setitem__", "__delitem__", "__iadd__", "__imul__", "__init__")),
    "dict": frozenset(("__setitem__", "__delitem__", "__ior__", "__init__")),
    "set": frozenset(("__ior__", "__iand__", "__isub__", "__ixor__", "__init__")),
}
_KEYS = (str, int, float, bool, bytes, type(None))


def kind(raw: Any) -> str | None:
    """ "list" (a list, a ``ByteArray``, a deque), "dict" or "set" for the abstract containers
    this module applies to (their exact classes); None otherwise."""
    from driftcheck.parsers.source.library.python import ByteArray

    t = raw.__class__
    if t is list or t is ByteArray or (isinstance(raw, list) and hasattr(raw, "appendleft")):
        return "list"
    if t is dict:
        return "dict"
    if t is set:
        return "set"
    return None


def _key(k: Any) -> bool:
    if isinstance(k, tuple):
        return all(_key(x) for x in k)
    return isinstance(k, _KEYS) and not (isinstance(k, float) and k != k)  # NaN: identity


def apply(raw: Any, name: str, a: list, k: dict, interp: Any) -> Any:
    """``raw.name(*a, **k)`` for ``name`` in ``MUTATING[kind(raw)]`` (``value_method``)."""
    what = f"{type(raw).__name__}.{name}()"
    got = None if k else _exact(raw, name, [plain(x) for x in a], list(a), interp)
    if got is not None:
        return got[0]
    why = f"{what} called by name with arguments not modelled: the container is unknown"
    if isinstance(raw, list):
        maxlen = getattr(raw, "maxlen", None)
        if maxlen is not None:
            raise Budget(why)  # a bounded deque cannot hold an unknown run honestly
        raw[:] = [UnknownRun(why)]
        return Unknown(why)
    raise Budget(why)


def _exact(raw: Any, name: str, pa: list, a: list, interp: Any) -> tuple | None:
    """(result,) where CPython's effect is applied; None where it is not modelled."""
    from driftcheck.parsers.source.library.python import ByteArray

    c = kind(raw)
    if c == "list":
        if has_run(raw) or getattr(raw, "maxlen", None) is not None:
            return None
        n = len(raw)
        byte = raw.__class__ is ByteArray
        if name == "__setitem__" and len(pa) == 2 and type(pa[0]) is int and -n <= pa[0] < n:
            v = pa[1]
            if byte and not (type(v) is int and 0 <= v < 256):
                return None
            raw[pa[0]] = v if byte else a[1]
            return (None,)
        if name == "__delitem__" and len(pa) == 1 and type(pa[0]) is int and -n <= pa[0] < n:
            del raw[pa[0]]
            return (None,)
        if name == "__iadd__" and len(pa) == 1 and not byte:
            items = interp.items.iterate(a[0]) if interp is not None else None
            if items is None or len(raw) + len(items) > sizes.SIZE_LIMIT:
                return None
            raw.extend(items)
            return (raw,)
        if name == "__imul__" and len(pa) == 1 and type(pa[0]) is int:
            m = max(pa[0], 0)
            if len(raw) * m > sizes.SIZE_LIMIT:
                return None
            raw[:] = list(raw) * m
            return (raw,)
        return None
    if c == "dict":
        if name == "__setitem__" and len(pa) == 2 and _key(pa[0]):
            raw[pa[0]] = a[1]
            return (None,)
        if name == "__delitem__" and len(pa) == 1 and _key(pa[0]) and pa[0] in raw:
            del raw[pa[0]]
            return (None,)
        if name == "__ior__" and len(pa) == 1 and type(pa[0]) is dict and all(map(_key, pa[0])):
            raw.update(pa[0])
            return (raw,)
        return None
    if c == "set" and name != "__init__" and len(pa) == 1:
        other = pa[0]
        if type(other) in (set, frozenset) and all(map(_key, other)) and all(map(_key, raw)):
            getattr(raw, name)(other)
            return (raw,)
    return None
