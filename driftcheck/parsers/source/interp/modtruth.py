"""Truthiness of a module: ``bool(layer)`` and ``if container:`` as torch answers them.

``nn.Module`` defines neither ``__bool__`` nor ``__len__``, so a layer is always truthy; but
torch's containers (``Sequential``, ``ModuleList``, ``ModuleDict``, ``ParameterList``,
``ParameterDict``) define ``__len__``, so an empty one is falsy. The interpreter called every
object truthy, so ``if self.blocks:`` on an empty ``nn.Sequential()`` took the branch (a
confident wrong count), and ``bool(batch_norm)`` on a layer was unknown (lightly's projection
heads: ``use_bias = not bool(batch_norm)`` left every ``nn.Linear`` bias unknown).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import Leaf, Obj

_LISTS = ("ParameterList", "ParameterDict")


def container_truth(v: Any) -> bool | None:
    """``bool(c)`` of a torch container (``len(c) > 0``); None when ``v`` is not one, or
    when its contents are not all known (an item added under an unresolved condition)."""
    if not isinstance(v, Obj) or not v.kind:
        return None
    if v.unresolved:
        return None
    n = len(v.params) + len(v.children) if v.kind in _LISTS else len(v.children) + len(v.none_keys)
    return n > 0


def module_truth(v: Any) -> bool | None:
    """``bool(m)`` of a module: a container by its length; a catalogue layer is truthy; an
    instance of a class read from source is truthy unless that class (or a base read from
    source) defines ``__bool__`` or ``__len__``. None for anything else."""
    if isinstance(v, Leaf):
        return None if "type" in v.unresolved else True
    if not isinstance(v, Obj) or not v.module:
        return None
    if v.kind:
        return container_truth(v)
    if dunders.defines(v.cls, "__bool__") or dunders.defines(v.cls, "__len__"):
        return None
    return True


def dunder_truth(ip: Any, v: Any) -> bool | None:
    """``bool(obj)`` of an instance of a class read from source defining ``__bool__`` (or,
    without it, ``__len__``), as Python asks: the method is called; ``__bool__`` must give a
    bool, ``__len__`` a non-negative int (anything else raises in Python: None here, as for
    a result we do not know). None for any other value."""
    from driftcheck.parsers.source.values.abstract import Cls, plain

    v = plain(v)
    if not isinstance(v, Obj) or not isinstance(v.cls, Cls) or v.kind:
        return None
    for name in ("__bool__", "__len__"):
        found, fn, _ = dunders.source_lookup(ip, v.cls, name)
        if not found:
            continue
        if fn is None:
            return None
        r = plain(ip.calls.call_func(ip.attrs.bind(fn, v), [], {}))
        if name == "__bool__":
            return r if r.__class__ is bool else None
        return r > 0 if isinstance(r, int) and r >= 0 else None
    return None
