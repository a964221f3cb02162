"""Parameter counting over a graph, from the catalogue's weight rules."""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING, Any

from driftcheck.graph import catalogue
from driftcheck.speed import current

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph, Node


def node_weights(node: Node) -> dict[str, tuple[int, ...]] | None:
    """Weight tensors of one leaf node (name -> shape); None when unresolved or unknown."""
    from driftcheck.graph.prepared import layer_spec

    spec = layer_spec(node.type)
    if spec is not None and node.unresolved and _weightless(spec):
        return {}  # an op (View, Add, ...) holds no weights whatever its unresolved attributes
    if node.unresolved:
        return None
    if spec is not None:
        return _layer_weights(spec, node.params)
    block = catalogue.get_block(node.type)
    if block is not None:
        try:
            sub = block.build(block.bind(node.params))
        except (TypeError, ValueError, KeyError, catalogue.CatalogueError):
            return None
        out: dict[str, tuple[int, ...]] = {}
        for n in sub.leaves():
            w = node_weights(n)
            if w is None:
                return None
            mult = sub.multiplicity(n)
            for k, shape in w.items():
                if k in n.tied:
                    continue
                # flatten repeats into a single count entry per tensor name
                out[f"{n.id}.{k}"] = (mult, *shape) if mult > 1 else shape
        return out
    return None


def _layer_weights(spec: Any, params: dict[str, Any]) -> dict[str, tuple[int, ...]] | None:
    """``spec.weights(spec.bind(params))`` or None, memoized by (layer, exact params key):
    the verifier asks for the same tied layers on every run. A fresh dict is returned (the
    shapes in it are tuples), so callers may still change what they get."""
    from driftcheck.graph.params_keys import params_key
    from driftcheck.graph.shapes import bind_cached

    key = params_key(params)
    if type(key) is not str:  # not an exact key (hostile params): computed every time
        try:
            return spec.weights(spec.bind(params))
        except (TypeError, ValueError, KeyError, catalogue.CatalogueError):
            return None
    sp = current()
    memo = sp.stores.weights if sp.counts else {}  # (layer, params key) -> weight shapes
    k = (spec.name, key)
    if k not in memo:
        if len(memo) >= 100_000:
            memo.clear()
        try:
            memo[k] = spec.weights(bind_cached(spec, params, key))
        except (TypeError, ValueError, KeyError, catalogue.CatalogueError):
            memo[k] = None
    w = memo[k]
    return None if w is None else dict(w)


OPAQUE_NOTE = "has no forward() in analyzed code"
# the root's classes define no ``forward`` (Python finds nn.Module's placeholder): nothing to
# follow and no check skipped, so said only where the count turns on it (``shown_notes``)
NO_FORWARD_NOTE = f"forward: the root module {OPAQUE_NOTE} (its classes define none)"


def opaque_root(graph: Graph) -> bool:
    """The model's structure is unknown, not empty: the root module has no children and the
    parser says its forward comes from code it did not analyze (a transformers head class such
    as ``class GemmaForTokenClassification(GenericForTokenClassification, ...): pass``, whose
    layers live in a base class the parser does not follow)."""
    if not any(OPAQUE_NOTE in n for n in graph.notes):
        return False
    parents = {n.parent for n in graph.nodes if n.parent is not None}
    roots = [n for n in graph.nodes if n.parent is None and n.type == "Module"]
    return any(r.id not in parents for r in roots)


def shown_notes(graph: Graph) -> list[str]:
    """The graph's notes a user is shown (``check --format json``, ``graph``'s text): all but
    ``NO_FORWARD_NOTE`` where it changes no answer. The graph keeps that note (``opaque_root``
    asks it); it is said where the root holds no layers, its count unknown for it."""
    if NO_FORWARD_NOTE not in graph.notes or opaque_root(graph):
        return list(graph.notes)
    return [n for n in graph.notes if n != NO_FORWARD_NOTE]


def params_total(graph: Graph) -> int | None:
    if opaque_root(graph):
        return None  # unknown, never a wrong 0
    total = 0
    for node in graph.leaves():
        if _holds_nothing(node):
            continue
        w = node_weights(node)
        if w is None:
            return None
        mult = graph.multiplicity(node)
        total += mult * sum(prod(s) for k, s in w.items() if k not in node.tied)
    return total


def unresolved_nodes(graph: Graph) -> list[Node]:
    """Leaves whose weights cannot be counted (unknown type or unresolved attribute)."""
    out = []
    for node in graph.leaves():
        if _holds_nothing(node):
            continue
        if node_weights(node) is None:
            out.append(node)
    return out


def _holds_nothing(node: Node) -> bool:
    # graph inputs, and user modules that own no layers (a leaf ``Module`` has no weights)
    return node.type in ("Input", "Module")


def _weightless(spec: catalogue.LayerSpec) -> bool:
    """True for a layer none of whose catalogue examples holds a weight (ops, activations)."""
    sp = current()
    memo = sp.stores.weightless if sp.counts else {}
    if spec.name not in memo:
        try:
            memo[spec.name] = bool(spec.examples) and all(
                not spec.weights(spec.bind(ex.params)) for ex in spec.examples
            )
        except (TypeError, ValueError, KeyError, catalogue.CatalogueError):
            memo[spec.name] = False
    return memo[spec.name]
