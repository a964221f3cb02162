"""``nn.Module`` tree walks in ``__init__``: ``children()``, ``named_children()``,
``modules()``, ``named_modules()`` and ``_modules``.

Detection models swap layers after building a backbone (``replace_batch_norm`` walks
``model.named_children()`` and writes ``model._modules[name] = FrozenBatchNorm2d(...)``,
recursing into every child that has children). With these walks known, that recursion
ends, and the swapped-in layer replaces the original, as in torch.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Leaf, Obj

WALKS = {"children", "named_children", "modules", "named_modules", "_modules"}


class ModulesView(dict):
    """``module._modules``: reads see the children; a write registers like ``setattr`` (so a
    write under an undecided condition is marked unresolved)."""

    def __init__(self, owner: Obj) -> None:
        super().__init__(owner.children)
        self.owner = owner


def walk_method(m: Leaf | Obj, name: str) -> Any:
    """The walk ``name`` of module ``m`` (a catalogue layer has no child modules)."""
    kids = m.children if isinstance(m, Obj) else {}
    if name == "_modules":
        return ModulesView(m) if isinstance(m, Obj) else {}
    if name == "children":
        return BuiltinMethod(lambda a, k: list(kids.values()))
    if name == "named_children":
        return BuiltinMethod(lambda a, k: list(kids.items()))
    if name == "modules":
        return BuiltinMethod(lambda a, k: [x for _, x in _named(m, "")])
    return BuiltinMethod(lambda a, k: _named(m, ""))


def _named(m: Any, prefix: str, seen: set[int] | None = None) -> list[tuple[str, Any]]:
    """(dotted name, module) pre-order, each module once (torch's ``named_modules``)."""
    seen = set() if seen is None else seen
    if id(m) in seen:
        return []
    seen.add(id(m))
    out = [(prefix, m)]
    if isinstance(m, Obj):
        for n, c in m.children.items():
            if isinstance(c, (Obj, Leaf)):
                out.extend(_named(c, f"{prefix}.{n}" if prefix else n, seen))
    return out
