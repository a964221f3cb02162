"""A tiny DSL to write example graphs in a line or two (checks' examples, tests, the gym).

    seq((2, 8), L("Linear", in_features=8, out_features=4), L("ReLU"))

builds ``Input(shape=(2, 8)) -> linear1 -> relu2`` with the last node as output.
``net`` takes explicit nodes and ``"a->b"`` edges for anything that is not a chain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from driftcheck.graph.model import Fact, Graph, Node, Origin


@dataclass(frozen=True, init=False)
class L:
    """A layer to place: type, params, and optional id / name / parent / repeat."""

    type: str
    params: Mapping[str, Any] = field(default_factory=dict)
    id: str | None = None
    name: str | None = None
    parent: str | None = None
    repeat: int = 1

    def __init__(
        self,
        type: str,
        id: str | None = None,
        *,
        name: str | None = None,
        parent: str | None = None,
        repeat: int = 1,
        **params: Any,
    ) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "parent", parent)
        object.__setattr__(self, "repeat", repeat)

    def node(self, default_id: str) -> Node:
        return Node(
            id=self.id or default_id,
            type=self.type,
            name=self.name,
            params=dict(self.params),
            parent=self.parent,
            repeat=self.repeat,
        )


def _facts(facts: Mapping[str, Any] | None) -> dict[str, Fact]:
    return {k: Fact(value=v) for k, v in (facts or {}).items()}


def seq(
    shape: Iterable[Any] | None,
    *layers: L,
    origin: str = "graph",
    facts: Mapping[str, Any] | None = None,
    dtype: str | None = None,
) -> Graph:
    """``Input(shape)`` followed by ``layers`` chained in order; the last one is the output."""
    g = Graph(origin=Origin(kind=origin), facts=_facts(facts))
    params: dict[str, Any] = {"shape": list(shape) if shape is not None else None}
    if dtype:
        params["dtype"] = dtype
    g.add(Node(id="x", type="Input", params=params))
    prev = "x"
    for k, layer in enumerate(layers, 1):
        node = g.add(layer.node(f"{layer.type.lower()}{k}"))
        g.connect(prev, node.id)
        prev = node.id
    g.outputs = [prev]
    return g


def net(
    nodes: Iterable[L | Node],
    edges: Iterable[str] = (),
    outputs: Iterable[str] = (),
    *,
    origin: str = "graph",
    facts: Mapping[str, Any] | None = None,
) -> Graph:
    """Explicit nodes (ids required unless generated) and edges written ``"src->dst"`` or
    ``"src->dst:1"`` (input index)."""
    g = Graph(origin=Origin(kind=origin), facts=_facts(facts))
    for k, n in enumerate(nodes, 1):
        g.add(n if isinstance(n, Node) else n.node(f"{n.type.lower()}{k}"))
    for e in edges:
        src, _, rest = e.partition("->")
        dst, _, idx = rest.partition(":")
        g.connect(src.strip(), dst.strip(), int(idx) if idx else None)
    g.outputs = list(outputs)
    return g


def facts_only(origin: str = "config", **facts: Any) -> Graph:
    """A graph that holds only model-level facts (a config or a serving manifest)."""
    return Graph(origin=Origin(kind=origin), facts=_facts(facts))


def inp(id: str = "x", shape: Iterable[Any] | None = None, **params: Any) -> L:
    return L("Input", id, shape=list(shape) if shape is not None else None, **params)
