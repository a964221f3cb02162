"""``operator.length_hint(obj, default=0)`` as CPython answers it (session 33).

CPython asks, in order: ``len(obj)`` where the type has ``__len__`` (a TypeError from it falls
through), then the type's ``__length_hint__`` (``NotImplemented``: the default; a negative
int: ValueError; not an int: TypeError), then the default. Sizing code uses it to read how
many items an object promises without draining it. Answered here for an instance of a class
read from source (every class of its MRO read from source, or ``object``), where the two
methods run through the interpreter, and for the builtin sequences and the finite iterators
``iter()`` makes of them, where CPython's own ``operator.length_hint`` runs on the value (an
iterator's hint is what is left of it). Anything else, or an answer that would raise: unknown.
"""

from __future__ import annotations

import operator
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Obj, plain

OP = Group("operator", title="operator.length_hint")

# the values CPython's own length_hint may be run on: the builtin sequences and the finite
# iterators ``iter()`` makes of them (library/pybuiltins.py ``_iteration``)
_BUILTIN = (list, tuple, dict, str, bytes, range, set, frozenset)
_ITERS = tuple({type(iter(x)) for x in ([], (), range(0), "", {}, set())})


# iterators whose types have neither ``__len__`` nor ``__length_hint__`` in CPython: zip, map,
# filter, enumerate, every itertools iterator the library makes (``Once.producer``; not
# ``reversed``, whose type has a hint) and generators
_NO_HINT = frozenset({"zip", "map", "filter", "enumerate", "itertools"})


def _no_hint(v: Any) -> bool:
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    return isinstance(v, tuplesub.Generator) or (
        isinstance(v, tuplesub.Once) and v.producer in _NO_HINT
    )


def _int(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


@OP.entry(
    "length_hint",
    doc="length_hint(obj, default=0): len(obj) where its class (read from source) has "
    "__len__, else its __length_hint__, else the default; CPython's own for builtin "
    "sequences and iter() of them",
)
def _length_hint(c: Call) -> Any:
    if not 1 <= len(c.args) <= 2 or c.kwargs:
        return c.unknown("operator.length_hint() with these arguments")
    default = c.plain(1, None, 0)
    if not _int(default):
        return c.unknown("operator.length_hint() with a default that is not a known int")
    v = plain(c.args[0])
    if type(v) in _BUILTIN or type(v) in _ITERS:
        return operator.length_hint(v, default)
    if _no_hint(v):
        return default
    if v.__class__ is not Obj or not isinstance(v.cls, Cls) or v.kind:
        return c.unknown("operator.length_hint() of a value we cannot follow")
    if not all(
        isinstance(k, Cls) or (isinstance(k, Ext) and k.qual == "builtins.object")
        for k in v.cls.mro()
    ):
        return c.unknown("operator.length_hint() of an instance of a library class")
    for name in ("__len__", "__length_hint__"):
        ok, fn, _ = c.interp.classes.mro_attr(v.cls, name)
        if not ok:
            continue
        if not isinstance(fn, Func):
            return c.unknown(f"operator.length_hint(): a {name} we cannot call")
        n = plain(c.interp.calls.call_func(c.interp.attrs.bind(fn, v), [], {}))
        if name == "__length_hint__" and (
            n is NotImplemented or (isinstance(n, Ext) and n.qual == "builtins.NotImplemented")
        ):
            return default
        if _int(n) and n >= 0:
            return n
        return c.unknown(f"operator.length_hint(): {name} did not return a known int >= 0")
    return default
