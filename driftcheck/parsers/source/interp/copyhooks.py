"""``copy.copy`` / ``copy.deepcopy`` of an object whose class defines how it is copied, and a
deepcopy memo handed in by the caller (issue #16, session 27).

CPython's copy module asks the object's class first: ``cls.__deepcopy__(x, memo)`` (or
``cls.__copy__(x)``) is the copy when the class defines it; else the pickle protocol
(``__reduce_ex__(4)``, which reads ``__getstate__`` / ``__setstate__`` /
``__getnewargs__``...) rebuilds the object. The interpreter copied every object of a class
read from source field by field: a ``__deepcopy__`` that builds a fresh block around the
parent's shared codebook was copied whole, the codebook counted three times (3,888 where
torch has 1,840), with no note.

Modelled here, generally:

- a ``__deepcopy__`` / ``__copy__`` defined by a class read from source is called (bound,
  with the copy's memo dict for ``__deepcopy__``): its result is the copy, kept in the memo
  as CPython's ``deepcopy`` keeps it; a ``copy.deepcopy(part, memo)`` inside it goes on with
  the same memo;
- a pickle hook defined there instead (``PICKLE_HOOKS``) makes the copy the class's own way:
  not followed -- a module's copy is unresolved with a note naming the hook, any other value
  unknown;
- ``copy.deepcopy(x, memo)`` with a memo the caller built: keys ``id(obj)`` (``ObjId``,
  library/python.py) map ``obj`` to what stands for it in the copy (``{id(shared): shared}``
  keeps ``shared`` shared, as Python does); a memo with any other key, or one written under
  an unknown key, is not followed (unknown). Python writes the copies into that dict: its
  items are unknown afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Leaf,
    Obj,
    ObjId,
    Unknown,
    UnknownModule,
    plain,
)

# class attributes through which pickle (and so copy) rebuilds an object its own way
PICKLE_HOOKS = (
    "__reduce_ex__",
    "__reduce__",
    "__getstate__",
    "__setstate__",
    "__getnewargs_ex__",
    "__getnewargs__",
)

_ACTIVE = "_dc_active_memos"  # on the Items part: the memos of the deep copies running


def _note(raw: Any, what: str, name: str) -> str:
    cls = getattr(raw.cls, "name", "?")
    return f"{what} of a {cls}, whose class defines {name}: not followed"


def _unknown(raw: Any, why: str) -> Unknown:
    return UnknownModule(why) if isinstance(raw, Obj) and raw.module else Unknown(why)


def run_copy(ip: Any, raw: Obj, hook: tuple[str, Any]) -> Any:
    """``copy.copy(raw)`` through its class's ``__copy__``, or unknown (a pickle hook)."""
    how, fn = hook
    if how == "call":
        return ip.calls.call_func(ip.attrs.bind(fn, raw), [], {})
    return _unknown(raw, _note(raw, "copy.copy", fn))


def active(ip: Any, memo: Any) -> bool:
    """Whether ``memo`` is the memo of a deep copy running now (handed to a ``__deepcopy__``)."""
    return any(m is memo for m in getattr(ip.items, _ACTIVE, ()))


def memo_write(ip: Any, memo: Any, key: Any) -> bool:
    """Whether ``memo[key] = v`` is a ``__deepcopy__`` recording its copy in the running deep
    copy's memo under ``id(obj)`` (``memo[id(self)] = new``): kept by identity
    (interp/items.py ``setitem``), a known write."""
    return key.__class__ is ObjId and isinstance(memo, dict) and active(ip, memo)


def run_deepcopy(
    ip: Any, raw: Obj, hook: tuple[str, Any], memo: dict, clone_new: Callable[..., Any]
) -> Any:
    """``copy.deepcopy`` of ``raw`` (met inside a deep copy with ``memo``) through its class's
    ``__deepcopy__``; a pickle hook: the default copy, unresolved (a module) or unknown."""
    how, fn = hook
    if how == "call":
        stack = getattr(ip.items, _ACTIVE, None)
        if stack is None:
            stack = []
            setattr(ip.items, _ACTIVE, stack)
        stack.append(memo)
        try:
            got = ip.calls.call_func(ip.attrs.bind(fn, raw), [memo], {})
        finally:
            stack.pop()
        if not raw.module or isinstance(plain(got), (Obj, Leaf)):
            return got
        # a module's copy that is not one we know (it may be a child of the tree copied):
        # the default copy, unresolved
        out = clone_new(raw, memo)
        out.unresolved.append(f"__deepcopy__ of a {raw.cls.name} not followed (its result)")
        return out
    note = _note(raw, "copy.deepcopy", fn)
    if not raw.module:
        return Unknown(note)
    out = clone_new(raw, memo)
    out.unresolved.append(note)
    return out


def deepcopy_call(ip: Any, x: Any, memo: Any, where: str) -> Any:
    """``copy.deepcopy(x, memo)``: see the module docstring."""
    items = ip.items
    raw_memo = plain(memo)
    if raw_memo is None:
        return items.deep_copy_value(x)
    if isinstance(raw_memo, dict) and active(ip, raw_memo):
        return items.deep_copy_value(x, raw_memo)  # inside a ``__deepcopy__``: the same copy
    raw = plain(x)
    why = f"copy.deepcopy with a memo not followed at {where}"
    if not isinstance(raw_memo, dict) or id(raw_memo) in ip.havoc:
        return _unknown(raw, why)
    seeded: dict[Any, Any] = {}
    for k, v in raw_memo.items():
        k = plain(k)
        if not isinstance(k, ObjId):
            return _unknown(raw, why)
        seeded[id(k.target)] = v
    out = items.deep_copy_value(x, seeded, top=True)
    ip.havoc[id(raw_memo)] = (raw_memo, f"copy.deepcopy wrote into it at {where}")
    return out
