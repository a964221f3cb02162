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

import math
from typing import Any

from driftcheck.parsers.source.forward import dataflow_grown
from driftcheck.parsers.source.values.abstract import Obj
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

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
    if isinstance(key, Tens) and _plain_torch_container(obj, SEQUENCES):
        shape = known_shape(key)
        if shape is not None and math.prod(shape) != 1:
            # ``self.experts[idx[t]]`` with a row of ids: the list reads its index with
            # ``operator.index``, which takes one element only (session 26, crashfix26b)
            f.crash(
                loc,
                "TypeError: only integer tensors of a single element can be converted to an index",
            )
            return True
    if key.__class__ is str and _plain_torch_container(obj, frozenset({"ModuleDict"})):
        if key not in obj.children and key not in obj.none_keys:
            known = sorted([*obj.children, *obj.none_keys])
            f.crash(loc, f"KeyError: {key!r} (ModuleDict keys: {known})")
            return True
    return False
