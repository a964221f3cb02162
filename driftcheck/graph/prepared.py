"""One pass over a graph with what every analysis needs, as plain dicts and lists.

Shape inference, the cost model and the verifier share one ``Prepared``, so a check run reads
the graph once. Reading is the floor of a check run (a pydantic attribute read costs about as
much as a dict lookup, and a 1,000-node graph has ~10,000 of them), so this module reads each
node's id, type, parent, params and repeat exactly once, in C-level ``map`` calls where it can,
and reads the rarer fields (notes, ties, unresolved attributes) only when someone asks.

Params keys (``params_keys.py``): every memo is keyed by a node's ``(type, params)``; a key is
type-exact and found in C, one per node, read here once.
"""

from __future__ import annotations

from collections import Counter, deque
from collections import _count_elements as _count_into  # type: ignore[attr-defined]
from itertools import compress, count, repeat
from operator import attrgetter, itemgetter, lt
from typing import TYPE_CHECKING, Any

from driftcheck.graph import catalogue
from driftcheck.graph.params_keys import (  # noqa: F401 - re-exported (the keys' old home)
    _keys,
    params_key,
    params_key_slow,
)
from driftcheck.speed import Speed, current

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
_THIRD = itemgetter(2)
_FOURTH = itemgetter(3)
_NODE_INDEX = itemgetter(0, 4)
_new_dict = dict.__new__


def _counted(items: list) -> Counter:
    """``Counter(items)`` without ``Counter.__init__``'s Python-level argument handling (an
    empty Counter made by ``dict.__new__``, then the C counting loop that ``Counter.update``
    itself calls): a graph's in- and out-degrees are two small Counters per analysis."""
    c: Counter = _new_dict(Counter)
    _count_into(c, items)
    return c


def _copied(counts: dict) -> Counter:
    """A new ``Counter`` holding ``counts`` (``dict.update`` in C, no ``Counter.__init__``)."""
    c: Counter = _new_dict(Counter)
    dict.update(c, counts)
    return c


LAST = 1 << 30
"""Sort position of an edge without an input index (after every indexed one)."""


class Prepared:
    """Nodes by id and by type, params keys, producers of each node in input order,
    consumers, a walk order, repeats; the rest (Kahn's order, indexed producers, nodes with
    notes or ties) on demand."""

    def __init__(self, graph: Graph, speed: Speed | None = None, skeleton: bool = False) -> None:
        self.graph = graph
        # the Speed of the analysis this graph is prepared for (given; else the one in force):
        # the graph layer's memos reached through this object ask it
        self.speed = speed or current()
        nodes = self.nodes = graph.nodes
        ids = self.ids = list(map(_ID, nodes))
        types = self.types = list(map(_TYPE, nodes))
        self.index: dict[str, Node] = dict(zip(ids, nodes))
        self.type_of: dict[str, str] = dict(zip(ids, types))
        parents = self.parents = list(map(_PARENT, nodes))
        kids = set(parents)
        kids.discard(None)
        self.has_kids: set[str] = kids  # type: ignore[assignment]
        self.key_list = _keys(list(map(_PARAMS, nodes)), self.speed)
        """Params key of each node, in node order (``keys`` by id)."""
        self.keys: dict[str, Any] = dict(zip(ids, self.key_list))
        self.skeleton: Any = None
        """The graph's ``Skeleton`` (``skeleton=True`` and ``Speed.verify_template``): its
        structure's derived tables, shared with the verifier; None otherwise."""
        if skeleton and self.speed.verify_template and self._from_skeleton(graph, parents):
            pass  # by type and the edge tables copied from the structure's skeleton
        else:
            by_type: dict[str, list[Node]] = {}
            for t, n in zip(types, nodes):
                if t in by_type:
                    by_type[t].append(n)
                else:
                    by_type[t] = [n]
            self.by_type = by_type
            """Nodes of each type, in node order; types in order of first appearance."""
            self._edges(graph.edges)
            if skeleton and self.speed.verify_template:
                self._keep_skeleton(graph)
        self.repeated: list[Node] = list(compress(nodes, map(lt, repeat(1), map(_REPEAT, nodes))))
        self._mult: dict[str, int] = {}
        self._with: dict[str, list[Node]] = {}
        self._groups: dict[str, dict[Any, list[Node]]] = {}
        self._order: tuple[list[str], list[str]] | None = None
        self._incoming: dict[str, list[tuple[int, str]]] | None = None

    def _edges(self, edges: list) -> None:
        """Producers and consumers as dicts of tuples. Most nodes have one producer and one
        consumer: ``dict(zip(ends, zip(others)))`` builds those in C, and only the ends with
        several edges are fixed up in Python."""
        srcs = self.srcs = list(map(_SRC, edges))
        dsts = self.dsts = list(map(_DST, edges))
        self.n_edges = len(edges)
        self.indegree: Counter = _counted(dsts)
        self.outdegree: Counter = _counted(srcs)
        """Consumers per producer; keys in order of first appearance as an edge's source."""
        sources: dict[str, tuple[str, ...]] = dict(zip(dsts, zip(srcs)))
        self._outgoing: dict[str, tuple[str, ...]] | None = None
        self.sources = sources
        """Producers of each node in input order (by ``Edge.index``, then edge order);
        destinations in order of first appearance."""
        self.shared_index = False
        """Whether two edges feed one input position (same destination and index)."""
        multi = {d for d, c in self.indegree.items() if c > 1}
        if multi:
            self.shared_index = self._fan_in(edges, multi, sources)
        at = dict(zip(self.ids, range(len(self.ids))))
        try:
            ends = map(at.__getitem__, srcs), map(at.__getitem__, dsts)
            self.forward = all(map(lt, *ends))
        except KeyError:  # an edge names a node that is not in the graph
            self.forward = False

    def _from_skeleton(self, graph: Graph, parents: list) -> bool:
        """Fill ``by_type`` and the edge tables from the skeleton of this structure when one
        is kept (same ids and types in order, the same edge objects, equal parents): what
        ``_edges`` and the by-type loop would derive from those, copied in C."""
        from driftcheck.graph.skeleton import key_of

        edges = graph.edges
        k = self._skey = key_of(self.ids, self.types, edges, len(self.nodes))
        sk = None if k is None else self.speed.stores.skeletons.get(k)
        if sk is None or sk.parents != parents:
            return False
        nodes = self.nodes
        at = nodes.__getitem__
        self.by_type = {t: list(map(at, pos)) for t, pos in sk.positions}
        self.srcs = list(sk.srcs)
        self.dsts = list(sk.dsts)
        self.n_edges = sk.n_edges
        self.indegree = _copied(sk.indegree)
        self.outdegree = _copied(sk.outdegree)
        self._outgoing = None
        self.sources = dict(sk.sources)
        self.shared_index = sk.shared_index
        self.forward = sk.forward
        self.skeleton = sk
        return True

    def _keep_skeleton(self, graph: Graph) -> None:
        """Keep this graph's skeleton (built from the tables just derived) for its key."""
        from driftcheck.graph.skeleton import MAX_SKELETONS, Skeleton

        k = self.__dict__.get("_skey")
        if k is None:
            return
        store = self.speed.stores.skeletons
        if len(store) >= MAX_SKELETONS:
            store.clear()
        self.skeleton = store[k] = Skeleton(self, graph.edges)

    def _fan_in(self, edges: list, multi: set[str], sources: dict) -> bool:
        """Order the producers of nodes with several inputs by (input index, edge order),
        an unindexed edge after every indexed one; True when two edges share an index.
        Two-input nodes (residual adds: nearly all of them) are ordered from their first and
        last edge, read into dicts in C; three or more inputs are sorted per node."""
        picked = list(map(multi.__contains__, self.dsts))
        md = list(compress(self.dsts, picked))
        ms = list(compress(self.srcs, picked))
        rk = list(map(_INDEX, compress(edges, picked)))
        mk = [LAST if k is None else k for k in rk]
        last = dict(zip(md, zip(ms, mk, rk)))
        first = dict(zip(reversed(md), zip(reversed(ms), reversed(mk), reversed(rk))))
        indeg = self.indegree
        shared = False
        many = []
        for d in multi:
            if indeg[d] != 2:
                many.append(d)
                continue
            s0, k0, r0 = first[d]
            s1, k1, r1 = last[d]
            if k1 < k0:
                sources[d] = (s1, s0)
            else:
                sources[d] = (s0, s1)
                shared = shared or (r0 == r1 and r0 is not None)
        if many:  # one C-level sort by (node, index, edge order), then a slice per node
            wide = set(many)
            items = sorted(compress(zip(md, mk, count(), ms, rk), map(wide.__contains__, md)))
            ordered = list(map(_FOURTH, items))
            at = 0
            for d in sorted(wide):
                c = indeg[d]
                sources[d] = tuple(ordered[at : at + c])
                at += c
            pairs = [x for x in map(_NODE_INDEX, items) if x[1] is not None]
            shared = shared or len(set(pairs)) < len(pairs)
        return shared

    @property
    def outgoing(self) -> dict[str, tuple[str, ...]]:
        """Consumers of each node, in edge order; sources in order of first appearance.
        Built on first use: most checks need only ``outdegree``."""
        if self._outgoing is None:
            srcs, dsts = self.srcs, self.dsts
            outgoing: dict[str, tuple[str, ...]] = dict(zip(srcs, zip(dsts)))
            fan_out = {s for s, c in self.outdegree.items() if c > 1}
            if fan_out:
                many: dict[str, list[str]] = {}
                for s, d in compress(zip(srcs, dsts), map(fan_out.__contains__, srcs)):
                    if s in many:
                        many[s].append(d)
                    else:
                        many[s] = [d]
                for s, ds in many.items():
                    outgoing[s] = tuple(ds)
            self._outgoing = outgoing
        return self._outgoing

    # ------------------------------------------------------------------ orders
    @property
    def walk_order(self) -> list[str]:
        """A topological order: node order when every edge points forward in it (graphs are
        mostly written that way), else Kahn's order. Use it where any order will do."""
        return self.ids if self.forward else self.order

    @property
    def order(self) -> list[str]:
        """Kahn's topological order from the zero-indegree nodes in node order (nodes on a
        cycle are left out)."""
        return self._kahn()[0]

    @property
    def stuck(self) -> list[str]:
        """Nodes on or behind a dataflow cycle (empty when the order covers every node)."""
        if self.forward:
            return []
        return self._kahn()[1]

    def position(self) -> dict[str, int]:
        """Node id -> place in Kahn's order (to sort findings found in another order)."""
        return {i: k for k, i in enumerate(self.order)}

    def _kahn(self) -> tuple[list[str], list[str]]:
        if self._order is None:
            ids, outgoing = self.ids, self.outgoing
            indeg = Counter(self.dsts)
            if not indeg.keys() <= self.index.keys():
                missing = next(d for d in indeg if d not in self.index)
                raise KeyError(missing)
            queue = deque(i for i in ids if i not in indeg)
            order: list[str] = []
            while queue:
                i = queue.popleft()
                order.append(i)
                for d in outgoing.get(i, ()):
                    indeg[d] -= 1
                    if not indeg[d]:
                        queue.append(d)
            stuck = [] if len(order) == len(ids) else [i for i in ids if indeg.get(i, 0) > 0]
            self._order = (order, stuck)
        return self._order

    @property
    def incoming(self) -> dict[str, list[tuple[int, str]]]:
        """Producers with their input index (``LAST`` when none), as ``sources`` orders them."""
        if self._incoming is None:
            idx: dict[tuple[str, str], list[int]] = {}
            for s, d, k in zip(self.srcs, self.dsts, map(_INDEX, self.graph.edges)):
                idx.setdefault((s, d), []).append(LAST if k is None else k)
            for v in idx.values():
                v.sort(reverse=True)  # one pair's edges in input order, popped from the end
            out: dict[str, list[tuple[int, str]]] = {}
            for d, srcs in self.sources.items():
                out[d] = [(idx[(s, d)].pop(), s) for s in srcs]
            self._incoming = out
        return self._incoming

    # ------------------------------------------------------------------ nodes
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

    def subtree(self, root: str) -> list[str]:
        """Ids below ``root`` depth-first, pre-order, children in node order (as
        ``Graph.walk``), from the parents read once; the children map is built on first use."""
        kids = self.__dict__.get("_kids")
        if kids is None:
            kids = self.__dict__["_kids"] = {}
            for i, p in zip(self.ids, self.parents):
                if p is not None:
                    if p in kids:
                        kids[p].append(i)
                    else:
                        kids[p] = [i]
        out: list[str] = []
        stack = list(reversed(kids.get(root, ())))
        while stack and len(out) <= len(self.ids):  # bounded: a parent cycle ends too
            c = stack.pop()
            out.append(c)
            below = kids.get(c)
            if below:
                stack.extend(reversed(below))
        return out

    def with_field(self, name: str) -> list[Node]:
        """Nodes whose ``name`` field (notes, tied, unresolved, loc ...) is set, in node order;
        one C-level pass per field, on demand."""
        hit = self._with.get(name)
        if hit is None:
            hit = self._with[name] = list(filter(attrgetter(name), self.nodes))
        return hit

    def groups(self, t: str) -> dict[Any, list[Node]]:
        """Nodes of type ``t`` grouped by params key (groups and members in node order): what
        depends only on a layer's type and params is computed once per group."""
        hit = self._groups.get(t)
        if hit is None:
            hit = {}
            keys = self.keys
            nodes = self.by_type.get(t, [])
            ks = list(map(keys.__getitem__, map(_ID, nodes)))
            if ks and ks.count(ks[0]) == len(ks):  # the common case: one params for all
                self._groups[t] = hit = {ks[0]: nodes}
                return hit
            for n in nodes:
                k = keys[n.id]
                if k in hit:
                    hit[k].append(n)
                else:
                    hit[k] = [n]
            self._groups[t] = hit
        return hit


# ``Stores.layer_specs`` / ``Stores.block_specs`` of the Speed in force (``catalogue`` switch)


def layer_spec(name: str, speed: Speed | None = None) -> Any:
    """``catalogue.get(name)``, memoized: the catalogue is static and the verifier asks for
    the same few names hundreds of times per run."""
    sp = speed or current()
    if not sp.catalogue:
        return catalogue.get(name)
    memo = sp.stores.layer_specs
    try:
        return memo[name]
    except KeyError:
        hit = memo[name] = catalogue.get(name)
        return hit
    except TypeError:  # not a name at all (a hand-edited type): the catalogue says None
        return catalogue.get(name)


def block_spec(name: str, speed: Speed | None = None) -> Any:
    """``catalogue.get_block(name)``, memoized like ``layer_spec``."""
    sp = speed or current()
    if not sp.catalogue:
        return catalogue.get_block(name)
    memo = sp.stores.block_specs
    try:
        return memo[name]
    except KeyError:
        hit = memo[name] = catalogue.get_block(name)
        return hit
    except TypeError:
        return catalogue.get_block(name)
