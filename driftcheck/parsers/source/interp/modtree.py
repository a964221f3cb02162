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
_OWN = frozenset(("children", "named_children", "_modules"))  # a layer's own children


class ModulesView(dict):
    """``module._modules``: reads see the children; a write registers like ``setattr`` (so a
    write under an undecided condition is marked unresolved)."""

    def __init__(self, owner: Obj) -> None:
        super().__init__(owner.children)
        self.owner = owner


def walk_method(m: Leaf | Obj, name: str) -> Any:
    """The walk ``name`` of module ``m`` (a catalogue layer has no child modules, unless its
    torch class may hold some: then its own children are unknown, interp/leafclass.py)."""
    from driftcheck.parsers.source.interp import leafclass
    from driftcheck.parsers.source.values.abstract import Unknown

    if isinstance(m, Leaf) and name in _OWN and not leafclass.no_children(m):
        return Unknown(f"{name} of the {m.type} layer (its torch class may hold sub-modules)")
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


PARAM_WALKS = ("parameters", "named_parameters")


def param_walk(m: Leaf | Obj, name: str, attrs: Any) -> Any:
    """``module.parameters()`` / ``named_parameters()`` in ``__init__`` (nbeats collects each
    block's parameters into a ``ParameterList`` of its own): the parameter values in torch's
    order (each module's own, then its children's, pre-order, each parameter once), the same
    values the modules hold, so the new container ties to them rather than counting copies.
    Unknown when a module on the way is unresolved or a layer's weights are not known from
    the catalogue: a parameter left out would be a confident wrong count."""
    from driftcheck.parsers.source.values.abstract import Unknown

    def run(a: list, k: dict) -> Any:
        if a or any(kk != "recurse" for kk in k) or k.get("recurse", True) is not True:
            return Unknown(f"{name}() with arguments")
        got = _named_params(m, attrs)
        if got is None:
            return Unknown(f"{name}() of a module whose parameters are not all known")
        return [p for _, p in got] if name == "parameters" else got

    return BuiltinMethod(run)


def _named_params(m: Any, attrs: Any) -> list[tuple[str, Any]] | None:
    from driftcheck.parsers.source.values.abstract import Tensor, WeightRef

    out: list[tuple[str, Any]] = []
    seen: set[Any] = set()
    for prefix, mod in _named(m, ""):
        if mod.unresolved:
            return None
        if isinstance(mod, Leaf):
            if mod.tied or mod.wnorm:
                return None
            weights = attrs.weights_with(mod, {})
            if weights is None:
                return None
            items: list[tuple[str, Any]] = [(w, WeightRef(mod, w)) for w in weights]
        else:
            items = list(mod.params.items())
        for pname, p in items:
            if isinstance(p, WeightRef):
                key: Any = (id(p.owner), p.name)
            elif isinstance(p, Tensor) and p.param:
                key = (id(p.owner), p.name) if p.owner is not None else id(p)
            else:
                return None  # a parameter whose value we do not hold
            if key in seen:
                continue
            seen.add(key)
            out.append((f"{prefix}.{pname}" if prefix else pname, p))
    return out
