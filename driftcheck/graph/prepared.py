"""One pass over a graph with what every analysis needs, as plain dicts and lists.

Shape inference, the cost model and the verifier share one ``Prepared``, so a check run reads
the graph once. Reading is the floor of a check run (a pydantic attribute read costs about as
much as a dict lookup, and a 1,000-node graph has ~10,000 of them), so this module reads each
node's id, type, parent, params and repeat exactly once, in C-level ``map`` calls where it can,
and reads the rarer fields (notes, ties, unresolved attributes) only when someone asks.

Params keys: layers of a real model repeat the same few ``(type, params)`` pairs, and every
memo (binding, parameter counts, shape rules, check verdicts) is keyed by them. A key is the
params' sorted items, computed once per distinct insertion-ordered items tuple.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph, Node

_ID = attrgetter("id")
_TYPE = attrgetter("type")
_PARENT = attrgetter("parent")
_PARAMS = attrgetter("params")
_REPEAT = attrgetter("repeat")
_SRC = attrgetter("src")
_DST = attrgetter("dst")
_INDEX = attrgetter("index")
LAST = 1 << 30
"""Sort position of an edge without an input index (after every indexed one)."""


def _freeze(v: Any) -> Any:
    """Hashable and type-exact: ``True``, ``1`` and ``1.0`` are equal in Python, but a layer
    built with ``bias=1`` is not the layer built with ``bias=True`` (binding refuses one)."""
    if isinstance(v, dict):
        return (dict, tuple(sorted((k, _freeze(x)) for k, x in v.items())))
    if isinstance(v, (list, tuple)):
        return (type(v), tuple(_freeze(x) for x in v))
    return (type(v), v)


def params_key_slow(params: Mapping[str, Any]) -> Any:
    """A hashable, type-exact key for a node's params (sorted items, values type-tagged)."""
    try:
        key = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
        hash(key)
        return key
    except (TypeError, RecursionError):  # an unhashable leaf, or hostile nesting: a key
        return object()  # equal to nothing else, so nothing is shared or memoized wrongly


_CANON: dict[tuple, Any] = {}


def params_key(params: Mapping[str, Any]) -> Any:
    """``params_key_slow``, memoized by the params' items in insertion order and their value
    types (flat params only: nested values take the slow path every time)."""
    types = tuple(map(type, params.values()))
    if tuple in types or list in types or dict in types:
        return params_key_slow(params)
    memo = (tuple(params.items()), types)
    try:
        key = _CANON.get(memo)
    except TypeError:  # an unhashable leaf (a set, an object): no memo
        return params_key_slow(params)
    if key is None:
        if len(_CANON) > 100_000:
            _CANON.clear()
        key = _CANON[memo] = params_key_slow(params)
    return key


class Prepared:
    """Nodes by id, params keys, producers sorted by input index, consumers, a topological
    order (Kahn's, from the zero-indegree nodes in node order), repeats."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        nodes = self.nodes = graph.nodes
        ids = self.ids = list(map(_ID, nodes))
        self.types: list[str] = list(map(_TYPE, nodes))
        self.index: dict[str, Node] = dict(zip(ids, nodes))
        self.type_of: dict[str, str] = dict(zip(ids, self.types))
        self.parents: list[str | None] = list(map(_PARENT, nodes))
        kids = set(self.parents)
        kids.discard(None)
        self.has_kids: set[str] = kids  # type: ignore[assignment]
        self.keys: dict[str, Any] = dict(zip(ids, map(params_key, map(_PARAMS, nodes))))
        edges = graph.edges
        srcs = list(map(_SRC, edges))
        dsts = list(map(_DST, edges))
        self.n_edges = len(edges)
        outgoing: dict[str, list[str]] = {}
        raw: dict[str, list[tuple[int, int, str]]] = {}
        for pos, (s, d, k) in enumerate(zip(srcs, dsts, map(_INDEX, edges))):
            if s in outgoing:
                outgoing[s].append(d)
            else:
                outgoing[s] = [d]
            item = (LAST if k is None else k, pos, s)
            if d in raw:
                raw[d].append(item)
            else:
                raw[d] = [item]
        self.outgoing = outgoing
        self.incoming: dict[str, list[tuple[int, str]]] = {
            d: [(k, s) for k, _, s in (sorted(v) if len(v) > 1 else v)] for d, v in raw.items()
        }
        self.sources: dict[str, list[str]] = {
            d: [s for _, s in v] for d, v in self.incoming.items()
        }
        """Producers of each node, in input order (``incoming`` without the indices)."""
        self.order, self.stuck = self._topo(ids, outgoing, Counter(dsts))
        self.repeated: list[Node] = [n for n, r in zip(nodes, map(_REPEAT, nodes)) if r > 1]
        self._mult: dict[str, int] = {}
        self._with: dict[str, list[Node]] = {}

    @staticmethod
    def _topo(
        ids: list[str], outgoing: dict[str, list[str]], indeg: Counter
    ) -> tuple[list[str], list[str]]:
        queue = deque(i for i in ids if i not in indeg)
        order: list[str] = []
        append, pop = order.append, queue.popleft
        while queue:
            i = pop()
            append(i)
            for d in outgoing.get(i, ()):
                indeg[d] -= 1
                if not indeg[d]:
                    queue.append(d)
        if len(order) == len(ids):
            return order, []
        return order, [i for i in ids if indeg.get(i, 0) > 0]

    def multiplicity(self, node: Node) -> int:
        """Copies of ``node`` in the model (its and its ancestors' repeats), memoized."""
        if not self.repeated:
            return 1
        m = self._mult.get(node.id)
        if m is None:
            m = node.repeat
            if node.parent is not None:
                m *= self.multiplicity(self.index[node.parent])
            self._mult[node.id] = m
        return m

    def with_field(self, name: str) -> list[Node]:
        """Nodes whose ``name`` field (notes, tied, unresolved, loc ...) is set, in node order;
        one C-level pass per field, on demand."""
        hit = self._with.get(name)
        if hit is None:
            hit = self._with[name] = list(filter(attrgetter(name), self.nodes))
        return hit
