"""Everything checks share in one run, computed once and only when a check asks.

Checks must stay tiny and the whole run fast (a 1,000-node graph in about a millisecond), so
the context indexes the graph once (nodes by type, producers and consumers of each node) and
computes the expensive analyses (shape inference, the cost model) lazily, at most once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any

from driftcheck.graph import catalogue
from driftcheck.graph.catalogue.spec import CatalogueError
from driftcheck.graph.shapes import Prepared, bind_cached
from driftcheck.verifier.base import Hit
from driftcheck.verifier.options import VerifyOptions

if TYPE_CHECKING:
    from driftcheck.graph.cost import Cost
    from driftcheck.graph.model import Graph, Node
    from driftcheck.graph.shapes import ShapeResult

HAND_BUILT = ("graph", "gym")
STRUCTURAL = ("Input", "Module")
_MISSING: Any = object()


class Context:
    def __init__(self, graph: Graph, options: VerifyOptions | None = None) -> None:
        self.graph = graph
        self.options = options or VerifyOptions()
        self.claimed: set[str] = set()
        """Node ids a blocker already explained; later (shape) checks skip them."""
        self._bound: dict[str, Any] = {}
        prep = self.prep = Prepared(graph)
        self.index: dict[str, Node] = prep.index
        """Node by id as a plain dict (the pydantic model's lookups are slow in hot loops)."""
        self.has_kids = prep.has_kids
        self.outgoing = prep.outgoing
        self.incoming: dict[str, list[str]] = prep.sources
        self.by_type = prep.by_type
        self._layers: list[Node] | None = None
        self._groups: dict[str, dict[Any, list[Node]]] = {}

    # ------------------------------------------------------------------ kinds of graph
    @property
    def hand_built(self) -> bool:
        """Graph JSON and gym edits: every node is meant to be built exactly as written."""
        return self.graph.origin.kind in HAND_BUILT

    @property
    def from_source(self) -> bool:
        return self.graph.origin.kind == "source"

    # ------------------------------------------------------------------ nodes
    def of_type(self, *types: str) -> list[Node]:
        if len(types) == 1:
            return self.by_type.get(types[0], [])
        return [n for t in types for n in self.by_type.get(t, ())]

    def is_leaf(self, node: Node) -> bool:
        return node.id not in self.has_kids

    def layers(self) -> list[Node]:
        """Leaves that are layers (not inputs, not empty containers)."""
        if self._layers is None:
            kids = self.has_kids
            self._layers = [
                n for n in self.graph.nodes if n.id not in kids and n.type not in STRUCTURAL
            ]
        return self._layers

    def distinct(self, *types: str) -> Iterator[tuple[Node, list[Node]]]:
        """(representative, all leaves with equal type and params) for the given types, or for
        every type when none is given: attribute checks judge each distinct layer once (a
        32-layer stack has a handful), then report every node that shares it."""
        for t in types or tuple(self.by_type):
            groups = self._groups.get(t)
            if groups is None:
                groups = {}
                keys = self.prep.keys
                for n in self.by_type.get(t, ()):
                    if n.id not in self.has_kids:
                        groups.setdefault(keys[n.id], []).append(n)
                self._groups[t] = groups
            for members in groups.values():
                yield members[0], members

    def bound(self, node: Node) -> dict[str, Any] | None:
        """The node's params bound by its catalogue entry (aliases, defaults); None if not.
        Shared between nodes with equal params: read it, never mutate it."""
        hit = self._bound.get(node.id, _MISSING)
        if hit is _MISSING:
            spec = catalogue.get(node.type) or catalogue.get_block(node.type)
            try:
                hit = bind_cached(spec, node.params) if spec is not None else None
            except (CatalogueError, TypeError, ValueError):
                hit = None
            self._bound[node.id] = hit
        return hit

    def each(
        self, judge: Callable[[Node], str | None], *types: str, skip_claimed: bool = False
    ) -> Iterator[Hit]:
        """Hits ``where: <judge's message>`` for every layer whose distinct (type, params)
        the judge rejects; the judge sees one representative per group."""
        for rep, members in self.distinct(*types):
            if rep.type in STRUCTURAL:
                continue
            why = judge(rep)
            if why:
                for n in members:
                    if not (skip_claimed and n.id in self.claimed):
                        yield Hit(n, f"{self.where(n)}: {why}")

    def multiplicity(self, node: Node) -> int:
        """Copies of ``node`` in the model (its and its ancestors' repeats), memoized."""
        return self.prep.multiplicity(node)

    def path(self, node: Node) -> str:
        if node.name:
            return node.name
        parts = [node.id]
        p = node.parent
        while p is not None:
            parts.append(p)
            p = self.index[p].parent
        return ".".join(reversed(parts))

    def ints(self, node: Node, *names: str) -> tuple[int, ...] | None:
        """Bound integer attributes, or None when any is missing or not a known int."""
        p = self.bound(node)
        if p is None:
            return None
        vals = tuple(p.get(k) for k in names)
        if all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
            return vals  # type: ignore[return-value]
        return None

    def producers(self, node: Node) -> list[Node]:
        return [self.index[i] for i in self.incoming.get(node.id, ())]

    def consumers(self, node: Node) -> list[Node]:
        return [self.index[i] for i in self.outgoing.get(node.id, ())]

    def fact(self, key: str) -> Any:
        return self.graph.fact(key)

    def where(self, node: Node) -> str:
        return f"{self.path(node)} ({node.type})"

    # ------------------------------------------------------------------ analyses
    @cached_property
    def shapes(self) -> ShapeResult:
        from driftcheck.graph.shapes import infer_shapes

        return infer_shapes(self.graph, self.options.input_shapes, self.prep)

    @cached_property
    def cost(self) -> Cost:
        from driftcheck.graph.cost import estimate

        o = self.options
        return estimate(
            self.graph,
            input_shapes=o.input_shapes,
            dtype=o.dtype,
            context_length=o.context_length,
            batch_size=o.batch_size,
            shapes=self.shapes,
            prepared=self.prep,
        )

    # ------------------------------------------------------------------ results
    @staticmethod
    def hit(node: Node | None, message: str, **kw: Any) -> Hit:
        return Hit(node, message, **kw)
