"""A torch module container indexed past its items (on real sizes): torch's IndexError / KeyError.

``self.down[i]`` with ``i == len(self.down)`` (an encoder loop run one stage too far) raises
IndexError in ``ModuleList.__getitem__`` / ``Sequential.__getitem__``; ``self.experts["ffn"]``
on a ``ModuleDict`` without that key raises KeyError. Judged only where the container's items
are certain: built by ``__init__`` without an unresolved note (every item assignment, item
from a value it could not enumerate or change under an undecided condition leaves one), and
not changed by ``forward`` since (``dataflow_grown``); the index is a plain int / str the pass
knows. Everything else stays unknown, as before.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_grown
from driftcheck.parsers.source.values.abstract import Obj

SEQUENCES = frozenset({"ModuleList", "Sequential"})


def _plain_torch_container(obj: Obj, kinds: frozenset[str]) -> bool:
    """A torch container itself (not a user subclass, which may define ``__getitem__``)
    whose items ``__init__`` knew exactly."""
    return obj.kind in kinds and obj.cls is None and not obj.unresolved


def item_error(f: Any, obj: Obj, key: Any, loc: Any) -> bool:
    """Report ``obj[key]`` when torch surely raises; True when it was reported."""
    if f.input_shape is None or loc is None or dataflow_grown.grown(f, obj):
        return False
    if key.__class__ is int and _plain_torch_container(obj, SEQUENCES):
        n = len(obj.children) + len(obj.none_keys)
        if not -n <= key < n:
            f.crash(loc, f"IndexError: index {key} is out of range ({obj.kind} of {n})")
            return True
        return False
    if key.__class__ is str and _plain_torch_container(obj, frozenset({"ModuleDict"})):
        if key not in obj.children and key not in obj.none_keys:
            known = sorted([*obj.children, *obj.none_keys])
            f.crash(loc, f"KeyError: {key!r} (ModuleDict keys: {known})")
            return True
    return False
