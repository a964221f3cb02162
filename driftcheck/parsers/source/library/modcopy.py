"""``copy.copy(module)``: a shallow twin that shares its parameters, buffers and children.

``copy.copy`` of an ``nn.Module`` copies the instance ``__dict__`` one level: the new object
holds the SAME ``_parameters``, ``_buffers`` and ``_modules`` dicts as the original, so every
parameter is shared (torch counts it once) and a parameter or child later set on either one is
set on both (``Module.__setattr__`` writes into the shared dict). Plain attributes are the
copy's own. ``items.copy_value`` read it as ``deepcopy`` (a distinct module with its own
weights: a confident overcount, a BYOL-style "view" encoder counted twice).

A torch layer of the catalogue (``Leaf``) keeps its weights implicit (made from its
constructor arguments), so its shallow twin is the layer itself: the same weights, shared.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import fwdhooks
from driftcheck.parsers.source.values.abstract import Leaf, Obj


def shallow_copy_module(m: Obj | Leaf) -> Obj | Leaf:
    """``copy.copy(m)`` for a module (see the module docstring)."""
    if isinstance(m, Leaf):
        return m
    new = Obj(cls=m.cls, module=m.module, attrs=dict(m.attrs), loc=m.loc, kind=m.kind, qual=m.qual)
    new.children = m.children  # the same ``_modules``: children shared, and later ones too
    new.params = m.params  # the same ``_parameters``
    new.buffers = m.buffers  # the same ``_buffers``
    new.none_keys = m.none_keys
    new.unresolved = m.unresolved
    new.notes = m.notes
    new.attr_locs = dict(m.attr_locs)
    hooks: Any = getattr(m, fwdhooks.HOOKS, None)
    if hooks:  # ``_forward_hooks`` is an attribute too: the same dict, shared
        setattr(new, fwdhooks.HOOKS, hooks)
    return new
