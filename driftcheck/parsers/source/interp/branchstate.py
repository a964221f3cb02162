"""What an undecided ``if`` changes in place, not by binding a name: a list, dict or set
mutated (``self.names.discard("b")``, ``cfg["h"] = 8``, ``self.dims += [8]``) and a plain
attribute written on an object (``self.h = 8``). ``_merge_locals`` compares only the names a
frame binds, so such a change made by the branch that ran first stayed, and the other branch
even saw it: a confident count of one way the program may not take.

``capture`` records the contents of the containers and the attributes reachable from a
frame's locals (a local, an attribute of ``self``, one container deeper) before the branches
run; ``apply`` puts a recorded state back in place, so each branch starts from the state the
program has there; ``diverged`` names what the two ways leave different, and ``forget``
replaces every holder of such a value with an unknown naming the condition's file:line. A
value both ways leave the same stays exact. Modules' children and parameters are not touched
here: ``Attributes.register`` marks those written under a condition unresolved already."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Obj, Sourced, plain

_MISSING = object()
_DEPTH = 2  # a local or attribute, and the containers it holds
_MAX_ITEMS = 4096  # a bigger container is a table read, not something branches fill


def _raw(v: Any) -> Any:
    """``v`` without its ``Sourced`` wrappers, the containers it holds left as they are.

    Not ``plain``: walking what a frame can reach reads no value, so a memo's ``Probe``
    (speed/memo.py) must not count it as a use (its recording was abandoned at every undecided
    ``if``), and ``plain`` of a list holding wrapped items is a new list, not the one the
    program holds (its state would be recorded and put back on a copy nobody sees)."""
    while isinstance(v, Sourced):
        v = v.value
    return v


def _kids(v: Any) -> list[Any]:
    t = v.__class__
    if t is dict:
        return list(v.values())
    if t is list or t is set:
        return list(v)
    return []


def _reachable(local: dict) -> tuple[list[Any], list[Obj]]:
    """The containers and the objects (their ``attrs``) reachable from ``local``."""
    conts: list[Any] = []
    objs: list[Obj] = []
    seen: set[int] = set()

    def walk(v: Any, depth: int) -> None:
        v = _raw(v)
        if id(v) in seen:
            return
        t = v.__class__
        if t is dict or t is list or t is set:
            if len(v) > _MAX_ITEMS:
                return
            seen.add(id(v))
            conts.append(v)
            if depth < _DEPTH:
                for x in _kids(v):
                    walk(x, depth + 1)
        elif t is Obj:
            seen.add(id(v))
            objs.append(v)
            if depth < _DEPTH:
                for x in list(v.attrs.values()):
                    walk(x, depth + 1)

    for v in list(local.values()):
        walk(v, 0)
    return conts, objs


class State:
    """Contents of the tracked containers and attributes of the tracked objects."""

    __slots__ = ("attrs", "conts", "items")

    def __init__(self, conts: list[Any], objs: list[Obj]) -> None:
        self.conts, self.items = conts, []
        for c in conts:
            self.items.append(dict(c) if c.__class__ is dict else list(c))
        self.attrs = [(o, dict(o.attrs)) for o in objs]


# Containers (lists, dicts, sets) are put back and forgotten as attributes are. Off, a dict
# filled under an undecided ``if`` kept the branch's keys; on, monai's ``get_norm_layer`` dict
# once reached ``Layer(**unknown)`` counted with default weights (torchlib.make_leaf now leaves
# such a layer unresolved; ``inspect.signature(nn.X)`` decides its ``has_option``). A switch
# kept so the two can be compared.
TRACK_CONTAINERS = True


def capture(local: dict) -> State:
    conts, objs = _reachable(local)
    return State(conts if TRACK_CONTAINERS else [], objs)


def contents_at(local: dict, s: State) -> dict:
    """``statements._contents`` of ``local`` as it was when ``s`` was captured."""
    saved = {id(c): items for c, items in zip(s.conts, s.items)}
    out = {}
    for name, v in local.items():
        t = v.__class__
        if (t is list or t is set or t is dict) and id(v) in saved:
            items = saved[id(v)]
            if t is dict:
                out[name] = (v, [(k, id(x)) for k, x in items.items()])
            else:
                out[name] = (v, [id(x) for x in items])
    return out


def again(s: State) -> State:
    """The same containers and objects as ``s``, as they are now."""
    return State(s.conts, [o for o, _ in s.attrs])


def apply(s: State) -> None:
    """Put ``s`` back in place (the same objects, so every alias sees it)."""
    for c, saved in zip(s.conts, s.items):
        t = c.__class__
        if t is dict:
            if dict.__len__(c) != len(saved) or any(
                c.get(k, _MISSING) is not v for k, v in saved.items()
            ):
                c.clear()
                c.update(saved)
        elif t is list:
            if len(c) != len(saved) or any(a is not b for a, b in zip(c, saved)):
                c[:] = saved
        elif t is set:
            if len(c) != len(saved) or not all(x in c for x in saved):
                c.clear()
                c.update(saved)
    for o, saved in s.attrs:
        if o.attrs.keys() == saved.keys() and all(o.attrs[k] is v for k, v in saved.items()):
            continue
        for k in list(o.attrs):
            if k not in saved and not _registered_name(o, k):
                del o.attrs[k]
        for k, v in saved.items():
            if not _registered_name(o, k):
                o.attrs[k] = v


def _registered_name(o: Obj, k: str) -> bool:
    """A name a branch registered as a layer / parameter / buffer (``register`` moved it
    out of ``attrs``): left as ``register`` made it, unresolved under the condition."""
    return k in o.children or k in o.params or k in o.buffers


def _same(a: Any, b: Any, depth: int = 0) -> bool:
    """The same value either way: one object, equal constants, or tuples / lists / dicts of
    such built anew by each branch (``self.pad = (1, 1)`` both ways is no difference)."""
    from driftcheck.parsers.source.interp.exprs import _same as same_simple

    if a is b or same_simple(a, b):
        return True
    a, b = plain(a), plain(b)
    t = a.__class__
    if depth > 3 or t is not b.__class__ or t not in (tuple, list, dict):
        return False
    if t is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k], depth + 1) for k in a)
    return len(a) == len(b) and all(_same(x, y, depth + 1) for x, y in zip(a, b))


def diverged(a: State, b: State) -> tuple[set[int], list[tuple[Obj, str]]]:
    """The containers (ids) whose contents, and the (object, attribute)s whose values, the
    two ways leave different."""
    ids: set[int] = set()
    for c, x, y in zip(a.conts, a.items, b.items):
        if c.__class__ is set:
            differ = len(x) != len(y) or not all(any(_same(e, f) for f in y) for e in x)
        elif c.__class__ is dict:
            differ = x.keys() != y.keys() or any(not _same(x[k], y[k]) for k in x)
        else:
            differ = len(x) != len(y) or any(not _same(e, f) for e, f in zip(x, y))
        if differ:
            ids.add(id(c))
    names: list[tuple[Obj, str]] = []
    for (o, x), (_, y) in zip(a.attrs, b.attrs):
        for k in {**x, **y}:
            if _registered_name(o, k):
                continue
            if not _same(x.get(k, _MISSING), y.get(k, _MISSING)):
                names.append((o, k))
    return ids, names


def unknown_for(values: list[Any], why: str) -> Any:
    """The unknown a holder of one of ``values`` gets: a layer where one may be a layer or
    hold layers, a plain unknown where none can be (no missed layer then)."""
    from driftcheck.parsers.source.interp import opaque
    from driftcheck.parsers.source.values.abstract import (
        Unknown,
        UnknownContainer,
        UnknownModule,
        UnknownPlain,
        is_module,
    )

    flat: list[Any] = []
    for v in values:
        v = _raw(v)
        flat.extend(_kids(v) if v.__class__ in (dict, list, set) else [v])
    if any(is_module(_raw(v)) or isinstance(v, UnknownModule) for v in flat):
        return UnknownModule(why)
    if all(v is _MISSING or opaque.never_a_layer(_raw(v)) for v in flat):
        return UnknownPlain(why)
    from driftcheck.parsers.source.interp.statements import _plain_container

    if all(v is _MISSING or _plain_container(_raw(v)) for v in values):
        # a dict either way (lightning's ``self.hparams.update(hp)`` one way only): still a
        # container, never registered when stored, its items unknown (interp/opaque.py)
        return UnknownContainer(f"container {why}")
    return Unknown(why)


def forget(local: dict, ids: set[int], names: list[tuple[Obj, str]], why: str) -> None:
    """Every holder reachable from ``local`` of a container in ``ids``, and each attribute in
    ``names``, becomes unknown (the value either way may be the program's)."""
    for o, k in names:
        v = o.attrs.get(k, _MISSING)
        o.attrs[k] = unknown_for([v], why)
    if not ids:
        return
    conts, objs = _reachable(local)
    holders: list[Any] = [
        local,
        *(o.attrs for o in objs),
        *(c for c in conts if c.__class__ is not set),
    ]
    for h in holders:
        keys = list(h.keys()) if h.__class__ is dict else range(len(h))
        for k in keys:
            v = h[k]
            if id(_raw(v)) in ids:
                h[k] = unknown_for([v], why)
