"""Module containers that ``forward`` itself changes.

A ``ModuleDict`` / ``ModuleList`` / ``Sequential`` built empty in ``__init__`` and filled
on the first call (``if not len(self.experts): self.experts.update({...})``,
``self.blocks.append(nn.Linear(...))``, ``self.heads[k] = ...``) holds, after that call,
items the pass does not build: the pass knows their number no more. Iterating it, its
``len`` and its ``values()`` are then unknown (None here), never the ``__init__`` contents
(an empty list there is a false ``torch.stack`` crash). Only the pass's own run of
``forward`` marks one: a container no code changes keeps its ``__init__`` items.
"""

from __future__ import annotations

from typing import Any

CONTAINERS = ("ModuleList", "Sequential", "ModuleDict")
# methods that add, drop or replace a container's items (torch's ModuleList / ModuleDict /
# Sequential API) or any module's children (``add_module``, ``register_module``)
MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "update",
        "pop",
        "clear",
        "popitem",
        "__setitem__",
        "__delitem__",
        "__iadd__",
        "setdefault",
    }
)
CHILD_MUTATORS = frozenset({"add_module", "register_module"})


def _ids(f: Any, obj: Any) -> tuple[int, int]:
    return id(obj), id(f.resolve(obj))


def mark(f: Any, obj: Any) -> None:
    """Remember that ``forward`` changed ``obj``'s items (on real sizes only: the graph
    pass keeps the ``__init__`` children for the structure it reports)."""
    if f.input_shape is not None:
        f.grown.update(_ids(f, obj))


def attr_read(f: Any, obj: Any, name: str) -> None:
    """``self.experts.update`` / ``self.blocks.append`` / ``self.add_module`` read on a
    module: the call that follows changes its items (marked at the read, the call's
    arguments being modules the pass may not build)."""
    kind = getattr(obj, "kind", None)
    if name in CHILD_MUTATORS or (kind in CONTAINERS and name in MUTATORS):
        mark(f, obj)


def grown(f: Any, obj: Any) -> bool:
    """Whether ``forward`` changed ``obj``'s items earlier in this pass."""
    return bool(f.grown) and any(i in f.grown for i in _ids(f, obj))
