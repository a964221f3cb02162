"""A class's own ``__getattribute__``: every attribute read on its instances runs it.

Python calls ``type(obj).__getattribute__(obj, name)`` for each ``obj.name`` (not only for the
names the object lacks, as ``__getattr__``): a config whose hook scales every ``*_dim`` field
by a width multiplier gives the scaled width to the layers built from it. The plain read
(the hook skipped) was a confident wrong count (291 where torch has 1,110). The hook's own
``object.__getattribute__(self, n)`` / ``super().__getattribute__(n)`` is the plain lookup
(``Attributes.getattr(..., raw=True)``); an ``AttributeError`` it raises goes to the class's
``__getattr__`` when there is one, as in CPython. A read of the same name on the same object
while the hook runs is Python's endless recursion: unknown, never the plain value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftcheck.parsers.source.loader import body_index
from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Unknown

if TYPE_CHECKING:
    from driftcheck.parsers.source.interp.attrs import Attributes

_KEY = "_dc_getattribute"  # kept on the class value itself (never a cache keyed by id)


def defines(cls: Any) -> bool:
    """Whether a class read from source (not torch's) in ``cls``'s MRO defines
    ``__getattribute__`` in its body."""
    got = cls.__dict__.get(_KEY)
    if got is None:
        got = any(
            isinstance(c, Cls)
            and c.mod.name.split(".")[0] != "torch"
            and "__getattribute__" in body_index(c.node)
            for c in cls.mro()
        )
        cls.__dict__[_KEY] = got
    return got


def run(attrs: Attributes, obj: Obj, name: str) -> Any:
    """``obj.name`` through the class's ``__getattribute__``."""
    from driftcheck.parsers.source.interp.statements import Raised

    ok, fn, where = attrs.classes.mro_attr(obj.cls, "__getattribute__")
    if not ok or not isinstance(fn, Func) or not isinstance(where, Cls):
        return Unknown(f"{obj.cls.name}.__getattribute__ we cannot run (reading {name})")
    running = attrs.__dict__.setdefault("_getattribute_running", set())
    key = (id(obj), name)
    if key in running:  # ``self.name`` inside its own hook: RecursionError in CPython
        return Unknown(
            f"{where.name}.__getattribute__ reads {name} through itself "
            f"({where.mod.path.name}:{fn.node.lineno})"
        )
    running.add(key)
    try:
        return attrs.calls.call_func(attrs.bind(fn, obj), [name], {})
    except Raised as e:
        if e.what != "AttributeError":
            raise
        has, _, _ = attrs.classes.mro_attr(obj.cls, "__getattr__")
        if not has:
            raise
        return attrs.fallback_getattr(obj, name, Unknown(f"{obj.cls.name}.{name}: AttributeError"))
    finally:
        running.discard(key)
