"""Removing from torch's containers after they are built: ``pop``, ``clear``, ``popitem``.

Model surgery edits containers in place (``model.stem.pop(3)``, ``model.heads.pop("b")``);
these calls made the container's contents unknown. torch's own semantics, modelled here:

- ``Sequential.pop(i)`` / ``ModuleList.pop(i)``: ``v = self[i]; del self[i]; return v``; the
  items after it are renumbered (``__delitem__`` rebuilds ``_modules`` with keys ``0..n-1``);
  a negative index counts from the end; a slice removes those items (``pop`` returns the
  container of them). An index out of range is torch's ``IndexError``: not modelled (unknown).
- ``ModuleDict.pop(k)`` / ``ParameterDict.pop(k)``: the entry removed and returned (a missing
  key is torch's ``KeyError``: unknown); ``ModuleDict.clear()`` / ``ParameterDict.clear()``.
- ``ParameterDict.popitem()``: the last entry inserted, removed.

An index or key we cannot read, or a call under an undecided condition (the container may or
may not have changed), leaves the contents unknown, as before.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Obj, Unknown, container_values, plain

_LISTS = ("Sequential", "ModuleList")
_DICTS = ("ModuleDict", "ParameterDict")


def method(obj: Obj, name: str, interp: Any) -> BuiltinMethod | None:
    """The bound method ``obj.name`` for the removals modelled here; None for the rest."""
    kind = obj.kind
    if name == "pop" and kind in _LISTS:
        return BuiltinMethod(lambda a, k: _pop_list(obj, a, k, interp))
    if name == "pop" and kind in _DICTS:
        return BuiltinMethod(lambda a, k: _pop_dict(obj, a, k, interp))
    if name == "clear" and kind in _DICTS:
        return BuiltinMethod(lambda a, k: _clear(obj, interp))
    if name == "popitem" and kind == "ParameterDict":
        return BuiltinMethod(lambda a, k: _popitem(obj, interp))
    return None


def _lost(obj: Obj, name: str, why: str) -> Unknown:
    obj.unresolved.append(f"{name}() not followed ({why})")
    return Unknown(f"{name}() of a {obj.kind}: {why}")


def _uncertain(obj: Obj, name: str, interp: Any) -> Unknown | None:
    lines = getattr(interp, "uncertain", None)
    if lines:
        return _lost(obj, name, f"under an unresolved condition at line {lines[-1]}")
    return None


def _pop_list(obj: Obj, a: list, k: dict, interp: Any) -> Any:
    from driftcheck.parsers.source.library.torchlib import container_add

    bad = _uncertain(obj, "pop", interp)
    if bad is not None:
        return bad
    idx = plain(a[0]) if a else plain(k.get("key", Unknown("pop() without an index")))
    items = container_values(obj)
    if isinstance(idx, bool) or not isinstance(idx, (int, slice)):
        return _lost(obj, "pop", "an index we cannot read")
    if isinstance(idx, int) and not -len(items) <= idx < len(items):
        return _lost(obj, "pop", f"index {idx} out of range (IndexError)")
    try:
        got = items[idx]
        del items[idx]
    except (TypeError, ValueError):
        return _lost(obj, "pop", "a slice we cannot apply")
    obj.children, obj.none_keys = {}, []
    for i, m in enumerate(items):
        container_add(obj, m, str(i))
    if isinstance(idx, slice):
        out = Obj(cls=obj.cls, module=True, loc=obj.loc, kind=obj.kind, qual=obj.qual)
        for i, m in enumerate(got):
            container_add(out, m, str(i))
        return out
    return got


def _pop_dict(obj: Obj, a: list, k: dict, interp: Any) -> Any:
    bad = _uncertain(obj, "pop", interp)
    if bad is not None:
        return bad
    key = plain(a[0]) if a else plain(k.get("key", Unknown("pop() without a key")))
    if not isinstance(key, str):
        return _lost(obj, "pop", "a key we cannot read")
    src = obj.params if obj.kind == "ParameterDict" else obj.children
    if key in src:
        return src.pop(key)
    if key in obj.none_keys:
        obj.none_keys.remove(key)
        return None
    return _lost(obj, "pop", f"no key {key!r} (KeyError)")


def _clear(obj: Obj, interp: Any) -> Any:
    bad = _uncertain(obj, "clear", interp)
    if bad is not None:
        return bad
    obj.children.clear() if obj.kind == "ModuleDict" else obj.params.clear()
    obj.none_keys.clear()
    return None


def _popitem(obj: Obj, interp: Any) -> Any:
    bad = _uncertain(obj, "popitem", interp)
    if bad is not None:
        return bad
    if not obj.params:
        return _lost(obj, "popitem", "an empty ParameterDict (KeyError)")
    key = next(reversed(obj.params))
    return (key, obj.params.pop(key))
