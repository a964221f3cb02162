"""A list, dict or set held in an object's attribute, filled by a loop run an unknown number of
times, holds as many items as there were rounds: unknown after the loop.

A loop over a value we cannot enumerate (``for b, pos in zip(blocks, cast_tuple(...))`` where
``cast_tuple`` is undecided, ``range(int(os.environ.get("N", "3")))``) or a ``while`` whose
condition is undecided runs its body once (statements.py). What it changed in place in a
LOCAL container becomes unknown after it (``_after_unknown_loop``), but a container held by an
object the function can see (``self.recorders.append(Recorder(...))``) kept the one round's
items: ``len(self.recorders)`` was 1, a confident size (CALM's ``ExtractHiddensWrapper``: one
recorder where torch has four; an assert on the hooked modules then failed).

Here the containers in the attributes of the objects a function's locals bind (``self``, a
config object) are recorded before such a loop, and one whose items changed is replaced by an
unknown value naming the loop (an unknown module where it held layers, so a count reading it
is never a guess).
"""

from __future__ import annotations

from typing import Any

_KINDS = (list, dict, set)


def _ids(c: Any) -> list:
    if c.__class__ is dict:
        return [(k, id(x)) for k, x in c.items()]
    return [id(x) for x in c]


def snapshot(local: dict) -> list[tuple[Any, str, Any, list | None]]:
    """(object, attribute, container, its items' identities) for the containers held in the
    attributes of the objects ``local`` binds; (object, attribute, value, None) for their other
    attributes."""
    from driftcheck.parsers.source.values.abstract import Obj

    out = []
    seen: set[int] = set()
    for v in local.values():
        if v.__class__ is not Obj or id(v) in seen:
            continue
        seen.add(id(v))
        for name, c in v.attrs.items():
            if c.__class__ in _KINDS:
                out.append((v, name, c, _ids(c)))
            else:
                out.append((v, name, c, None))  # a value rebound in the loop (``self.k += 1``)
    return out


def _same(a: Any, b: Any) -> bool:
    """The attribute holds the same value: the same object, or an equal number / text."""
    from driftcheck.parsers.source.values.abstract import plain

    if a is b:
        return True
    pa, pb = plain(a), plain(b)
    plain_types = (int, float, str, bool, type(None))
    return pa.__class__ is pb.__class__ and pa.__class__ in plain_types and pa == pb


def forget(snap: list[tuple[Any, str, Any, list | None]], where: str) -> None:
    """After the loop at ``where``: each recorded container whose items changed, and each other
    attribute rebound to another value, unknown."""
    from driftcheck.parsers.source.values.abstract import Unknown, UnknownModule, is_module

    for obj, name, c, ids in snap:
        if ids is None:
            # ``self.k += 1`` in the loop: as many increments as rounds (one counted was a
            # confident wrong size); an attribute the rounds leave equal is kept
            now = obj.attrs.get(name, c)
            if _same(now, c):
                continue
            why = f"attribute {name} rebound by a loop run an unknown number of times at {where}"
            either = is_module(now) or is_module(c) or isinstance(now, UnknownModule)
            obj.attrs[name] = UnknownModule(why) if either else Unknown(why)
            continue
        if obj.attrs.get(name) is not c or _ids(c) == ids:
            continue
        why = f"attribute {name} filled by a loop run an unknown number of times at {where}"
        vals = c.values() if c.__class__ is dict else c
        if any(is_module(x) or isinstance(x, UnknownModule) for x in vals):
            obj.attrs[name] = UnknownModule(why)
        else:
            obj.attrs[name] = Unknown(why)
