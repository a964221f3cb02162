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


def snapshot(local: dict) -> list[tuple[Any, str, Any, list]]:
    """(object, attribute, container, its items' identities) for the containers held in the
    attributes of the objects ``local`` binds."""
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
    return out


def forget(snap: list[tuple[Any, str, Any, list]], where: str) -> None:
    """After the loop at ``where``: each recorded container whose items changed, unknown."""
    from driftcheck.parsers.source.values.abstract import Unknown, UnknownModule, is_module

    for obj, name, c, ids in snap:
        if obj.attrs.get(name) is not c or _ids(c) == ids:
            continue
        why = f"attribute {name} filled by a loop run an unknown number of times at {where}"
        vals = c.values() if c.__class__ is dict else c
        if any(is_module(x) or isinstance(x, UnknownModule) for x in vals):
            obj.attrs[name] = UnknownModule(why)
        else:
            obj.attrs[name] = Unknown(why)
