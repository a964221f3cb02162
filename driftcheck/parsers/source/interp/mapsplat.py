"""``f(**obj)`` where ``obj`` is an object of the analyzed code that is a mapping by protocol.

CPython (3.11 ``CALL_FUNCTION_EX`` / ``DICT_MERGE`` -> ``_PyDict_MergeEx(d, obj, 2)``): an
argument after ``**`` that is no dict must have ``keys``; Python calls ``obj.keys()``, takes
its items into a list, then ``obj[key]`` for each, in that order; a key that is no ``str`` is a
TypeError ("keywords must be strings"). supar's models hand their arguments on as
``super().__init__(**Config().update(locals()))``, a ``Config`` with ``keys()`` returning
``vars(self).keys()`` and ``__getitem__`` returning ``getattr(self, key)``: before, every
argument of the base ``__init__`` was unknown and no layer of the parser was counted.

Only a plain object (its class and every base read from source, ``object`` the only other
one) whose ``keys`` and ``__getitem__`` are functions of the analyzed code is read this way.
Anything else -- a dict subclass (CPython may read its storage directly), a library base, a
``keys()`` we cannot enumerate, an item we cannot compute, a key that is no str -- gives
``NotImplemented``: the caller keeps its unknown."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Unknown, plain

_MAX_KEYS = 512


def _plain_class(obj: Obj) -> bool:
    if not isinstance(obj.cls, Cls) or obj.module or obj.kind or "__items__" in obj.attrs:
        return False
    return all(
        isinstance(c, Cls) or getattr(c, "qual", "") == "builtins.object" for c in obj.cls.mro()
    )


def _own(calls: Any, obj: Obj, name: str) -> Any:
    ok, fn, where = calls.classes.mro_attr(obj.cls, name)
    return fn if ok and isinstance(fn, Func) and isinstance(where, Cls) else None


def splat(calls: Any, obj: Any) -> Any:
    """The ``{key: value}`` dict Python builds for ``**obj``, or ``NotImplemented``."""
    obj = plain(obj)
    if not isinstance(obj, Obj) or not _plain_class(obj):
        return NotImplemented
    if "keys" in obj.attrs or "__dict__" in obj.attrs:
        # CPython looks ``keys`` up on the instance (``PyMapping_Keys`` -> ``obj.keys()``),
        # ``__getitem__`` on the type: an instance's own ``keys`` is not the class's (review39 M4)
        return NotImplemented
    keys_fn, get_fn = _own(calls, obj, "keys"), _own(calls, obj, "__getitem__")
    if keys_fn is None or get_fn is None:
        return NotImplemented
    keys = plain(calls.call_func(calls.ip.attrs.bind(keys_fn, obj), [], {}))
    if isinstance(keys, Unknown):
        return NotImplemented
    listed = calls.items.iterate(keys)
    if listed is None or len(listed) > _MAX_KEYS:
        return NotImplemented
    listed = [plain(k) for k in listed]
    if not all(type(k) is str for k in listed) or len(set(listed)) != len(listed):
        return NotImplemented
    out: dict[str, Any] = {}
    for k in listed:
        v = calls.call_func(calls.ip.attrs.bind(get_fn, obj), [k], {})
        if isinstance(plain(v), Unknown):
            return NotImplemented
        out[k] = v
    return out
