"""Everything checks share in one run, computed once and only when a check asks.

Checks must stay tiny and the whole run fast (a 1,000-node graph in about a millisecond), so
the context indexes the graph once (nodes by type, producers and consumers of each node) and
computes the expensive analyses (shape inference, the cost model) lazily, at most once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from itertools import compress, count, repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from driftcheck.graph.catalogue.spec import CatalogueError
from driftcheck.graph.prepared import block_spec, layer_spec
from driftcheck.graph.shapes import Prepared, bind_cached
from driftcheck.speed import Speed
from driftcheck.verifier.base import Hit
from driftcheck.verifier.options import VerifyOptions

if TYPE_CHECKING:
    from driftcheck.graph.cost import Cost
    from driftcheck.graph.model import Graph, Node
    from driftcheck.graph.shapes import ShapeResult

HAND_BUILT = ("graph", "gym")
STRUCTURAL = ("Input", "Module")
_MISSING: Any = object()
_ID = attrgetter("id")
_FIRST = itemgetter(0)
_NO_SOURCE = (None,)


class _analysis(cached_property):
    """``functools.cached_property`` (the value computed on first read and kept in the
    instance's ``__dict__``, where later reads find it without this descriptor), without
    Python 3.11's lock around the first read when ``verify_lean`` is on (``Context._lean``):
    one lock for every context of the process, taken twice a run (shapes, cost) for nothing
    (a run is single-threaded; two threads reading one context would compute equal values,
    and Python 3.12 dropped the lock). Off: ``cached_property`` as it is."""

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None or not instance.__dict__.get("_lean"):
            return super().__get__(instance, owner)
        v = instance.__dict__[self.attrname] = self.func(instance)
        return v


class Context:
    def __init__(
        self,
        graph: Graph,
        options: VerifyOptions | None = None,
        speed: Speed | None = None,
        skeleton: bool = False,
    ) -> None:
        self.graph = graph
        self.options = options or VerifyOptions()
        self.claimed: set[str] = set()
        """Node ids a blocker already explained; later (shape) checks skip them."""
        self._bound: dict[tuple[str, Any], Any] = {}
        # carries the run's Speed; ``skeleton``: the structure's tables from its skeleton
        # (graph/skeleton.py; the gym asks: its graphs of one family share a structure)
        prep = self.prep = Prepared(graph, speed, skeleton) if skeleton else Prepared(graph, speed)
        self._keys = prep.keys
        sp = prep.speed
        self._verdicts = sp.stores.verdicts if sp.verdicts else None  # ``remember``'s store
        self._lean = sp.verify_lean
        self.index: dict[str, Node] = prep.index
        """Node by id as a plain dict (the pydantic model's lookups are slow in hot loops)."""
        self.has_kids = prep.has_kids
        self.feeds = prep.outdegree
        """Number of consumers of each node that has any (keys: every producer)."""
        self.incoming: dict[str, list[str]] = prep.sources
        self.by_type = prep.by_type
        self._layers: list[Node] | None = None
        self._layer_ids: set[str] | None = None
        self._groups: dict[str, dict[Any, list[Node]]] = {}
        self._chains: dict[Any, list[tuple[Node, Node]]] = {}
        self._weights: dict[str, Any] = {}

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

    @property
    def outgoing(self) -> dict[str, tuple[str, ...]]:
        """Consumers of each node (built on first use; ``feeds`` answers most questions)."""
        return self.prep.outgoing

    def is_leaf(self, node: Node) -> bool:
        return node.id not in self.has_kids

    @property
    def layer_ids(self) -> set[str]:
        """Ids of ``layers()``, by set arithmetic (no per-node Python)."""
        if self._layer_ids is None:
            sk = self.prep.skeleton  # ids, parents and types decide it: kept with them
            if sk is not None and sk.layer_ids is not None:
                self._layer_ids = set(sk.layer_ids)
                return self._layer_ids
            out = set(self.index).difference(self.has_kids)
            for t in STRUCTURAL:
                out.difference_update(map(_ID, self.by_type.get(t, ())))
            self._layer_ids = out
            if sk is not None and len(self.index) == len(self.prep.ids):
                sk.layer_ids = frozenset(out)
        return self._layer_ids

    def layers(self) -> list[Node]:
        """Leaves that are layers (not inputs, not empty containers), in node order."""
        if self._layers is None:
            self._layers = list(
                compress(self.prep.nodes, map(self.layer_ids.__contains__, self.prep.ids))
            )
        return self._layers

    def distinct(self, *types: str) -> Iterator[tuple[Node, list[Node]]]:
        """(representative, all leaves with equal type and params) for the given types, or for
        every type when none is given: attribute checks judge each distinct layer once (a
        32-layer stack has a handful), then report every node that shares it."""
        here = self.by_type
        for t in types or tuple(here):
            if t in here:
                for members in self.leaf_groups(t).values():
                    yield members[0], members

    def leaf_groups(self, t: str) -> dict[Any, list[Node]]:
        """Leaves of type ``t`` (present in the graph) by params key, memoized per run."""
        groups = self._groups.get(t)
        if groups is None:
            if not self.has_kids and self._lean:  # no parents at all: ``prep.groups`` as is
                groups = self._groups[t] = self.prep.groups(t)
                return groups
            if t in self._parent_types():
                kids, keys = self.has_kids, self.prep.keys
                groups = {}
                for n in self.by_type.get(t, ()):
                    if n.id not in kids:
                        groups.setdefault(keys[n.id], []).append(n)
            else:  # no node of this type has children: every one is a leaf
                groups = self.prep.groups(t)
            self._groups[t] = groups
        return groups

    def in_degrees(self) -> dict[str, tuple[int, int]]:
        """(least, most) in-degree of the nodes of each type, one C-level pass for all types
        on first use: the missing- and extra-input checks clear most graphs from these."""
        hit = self.__dict__.get("_in_degrees")
        if hit is None:
            sk = self.prep.skeleton  # types and edges decide it: kept with them
            if sk is not None and sk.in_degrees is not None:
                hit = self.__dict__["_in_degrees"] = dict(sk.in_degrees)
                return hit
            indeg, hit = self.prep.indegree, {}
            for t, nodes in self.by_type.items():
                ds = list(map(indeg.__getitem__, map(_ID, nodes)))
                hit[t] = (min(ds), max(ds))
            self.__dict__["_in_degrees"] = hit
            if sk is not None:
                sk.in_degrees = dict(hit)
        return hit

    def _parent_types(self) -> set[str]:
        hit = self.__dict__.get("_ptypes")
        if hit is None:
            type_of = self.prep.type_of
            hit = self.__dict__["_ptypes"] = {type_of[p] for p in self.has_kids if p in type_of}
        return hit

    def verdicts(
        self, judge: Callable[[Node], Any], *types: str, memo: Any = None
    ) -> Iterator[tuple[Node, Any]]:
        """(node, verdict) for every node of ``types`` (leaves or not, types in the given order,
        nodes in node order: ``of_type``'s order) whose verdict is truthy. ``judge`` must
        depend on the node's type and params only: it sees one node per (type, params).
        ``memo``: a token naming the judge, to reuse its verdicts across runs (``remember``)."""
        keys, here = self.prep.keys, self.by_type
        # ``verify_lean``: ``remember`` inlined (its conditions as written there)
        store = self._verdicts if self._lean and memo is not None else None
        for t in types:
            if t not in here:
                continue  # no node of this type
            groups = self.prep.groups(t)
            bad = {}
            for k, members in groups.items():
                rep = members[0]
                if store is not None:
                    pk = self._keys.get(rep.id)
                    if type(pk) is str and self.index.get(rep.id) is rep:
                        v = store.get((memo, rep.type, pk), _MISSING)
                        if v is _MISSING:
                            v = self.remember(memo, judge, rep)
                    else:
                        v = judge(rep)
                else:
                    v = judge(rep) if memo is None else self.remember(memo, judge, rep)
                if v:
                    bad[k] = v
            if not bad:
                continue
            for n in self.by_type[t]:
                v = bad.get(keys[n.id])
                if v:
                    yield n, v

    def bound(self, node: Node) -> dict[str, Any] | None:
        """The node's params bound by its catalogue entry (aliases, defaults); None if not.
        Shared between nodes with equal params: read it, never mutate it."""
        memo = (node.type, self.prep.keys.get(node.id, _MISSING))
        hit = self._bound.get(memo, _MISSING) if memo[1] is not _MISSING else _MISSING
        if hit is _MISSING:
            sp = self.prep.speed
            spec = layer_spec(node.type, sp) or block_spec(node.type, sp)
            try:
                own = memo[1] is not _MISSING and self.index.get(node.id) is node
                key = memo[1] if own else None  # the key read for this very node, or none
                hit = bind_cached(spec, node.params, key, sp) if spec is not None else None
            except (CatalogueError, TypeError, ValueError):
                hit = None
            if memo[1] is not _MISSING:
                self._bound[memo] = hit
        return hit

    def remember(self, memo: Any, judge: Callable[[Node], Any], node: Node) -> Any:
        """``judge(node)``, remembered across runs by (memo token, type, params key) in the
        run's ``Speed`` (``verdicts`` switch, ``Stores.verdicts``), for ``verdicts`` and ``each``
        with ``memo=``. Only judges that read nothing but the node's type and its bound params
        (and what the token itself holds, such as a threshold) may pass a token; the params key
        is exact (``prepared.params_key``), so one graph's verdict never answers for another's
        different layer. Bounded: cleared past 100,000 entries."""
        nid = node.id
        pk = self._keys.get(nid)
        verdicts = self._verdicts
        if verdicts is None or type(pk) is not str or self.index.get(nid) is not node:
            return judge(node)  # not an exact key (hostile params), or not this node's key
        k = (memo, node.type, pk)
        v = verdicts.get(k, _MISSING)
        if v is _MISSING:
            if len(verdicts) >= 100_000:
                verdicts.clear()
            v = verdicts[k] = judge(node)
        return v

    def each(
        self,
        judge: Callable[[Node], str | None],
        *types: str,
        skip_claimed: bool = False,
        memo: Any = None,
    ) -> Iterator[Hit]:
        """Hits ``where: <judge's message>`` for every layer whose distinct (type, params)
        the judge rejects; the judge sees one representative per group (``memo``: see
        ``verdicts``)."""
        here = self.by_type
        # ``verify_lean``: ``remember`` inlined (its conditions as written there)
        lean = self._lean and memo is not None and self._verdicts is not None
        for t in types or tuple(here):
            if t not in here or t in STRUCTURAL:
                continue  # absent, or not a layer
            for members in self.leaf_groups(t).values():
                rep = members[0]
                if lean:
                    pk = self._keys.get(rep.id)
                    if type(pk) is str and self.index.get(rep.id) is rep:
                        k = (memo, rep.type, pk)
                        why = self._verdicts.get(k, _MISSING)
                        if why is _MISSING:
                            why = self.remember(memo, judge, rep)
                    else:
                        why = judge(rep)
                else:
                    why = judge(rep) if memo is None else self.remember(memo, judge, rep)
                if why:
                    for n in members:
                        if not (skip_claimed and n.id in self.claimed):
                            yield Hit(n, f"{self.where(n)}: {why}")

    def quiet(self, checks: tuple[Any, ...], token: Any) -> set[str]:
        """Ids of the ``checks`` (each with a ``local`` verdict, ``Check.local``) that no leaf
        layer group of this graph can fire: every verdict asked in one pass over the groups,
        the verdicts of one group remembered together by (``token``, type, params key)."""
        everything = (1 << len(checks)) - 1

        def judge(n: Node) -> int:  # bit i set: check i may fire on n's group
            m = 0
            for i, c in enumerate(checks):
                if c.local(self, n):
                    m |= 1 << i
            return m

        here = self.by_type
        may = 0
        # ``remember`` inlined (its conditions as written there): one lookup per group
        keys, index, verdicts = self._keys, self.index, self._verdicts
        token = (token, "mask")  # verdicts as bit masks (a token of their own)
        prep = self.prep
        if (
            verdicts is not None
            and not self.has_kids
            and prep.speed.verify_lean
            and len(index) == len(prep.ids)
        ):
            return self._quiet_flat(checks, token, judge, everything)
        for t in tuple(here):
            if t in STRUCTURAL:
                continue
            for members in self.leaf_groups(t).values():
                n = members[0]
                nid = n.id
                pk = keys.get(nid)
                k = None
                if verdicts is not None and type(pk) is str and index.get(nid) is n:
                    k = (token, n.type, pk)
                    got = verdicts.get(k, _MISSING)
                else:
                    got = _MISSING
                if got is _MISSING:
                    try:
                        got = judge(n)
                    except Exception:  # noqa: BLE001 - the checks themselves run (and raise) in order
                        return set()
                    if k is not None:
                        if len(verdicts) >= 100_000:
                            verdicts.clear()
                        verdicts[k] = got
                may |= got
                if may == everything:
                    return set()
        return {c.id for i, c in enumerate(checks) if not may >> i & 1}

    def _quiet_flat(
        self, checks: tuple[Any, ...], token: Any, judge: Callable[[Node], int], everything: int
    ) -> set[str]:
        """``quiet`` for a graph whose nodes are all leaves, ids unique (``verify_lean``): the
        (type, params key) groups read in C from the prepared lists, each group's mask looked
        up under the same key ``quiet`` uses, the first member judged on a miss (as
        ``quiet`` judges it). The masks are or-ed, so the groups' order cannot change the
        answer; a judge that raises gives the empty set, as there."""
        prep, verdicts = self.prep, self._verdicts
        pairs = list(zip(prep.types, prep.key_list))
        first = dict(zip(reversed(pairs), reversed(prep.nodes)))  # each group's first node
        may = 0
        for (t, pk), n in first.items():
            if t in STRUCTURAL:
                continue
            if type(pk) is str:
                k = (token, t, pk)
                got = verdicts.get(k, _MISSING)
            else:
                k = None
                got = _MISSING
            if got is _MISSING:
                try:
                    got = judge(n)
                except Exception:  # noqa: BLE001 - the checks themselves run (and raise) in order
                    return set()
                if k is not None:
                    if len(verdicts) >= 100_000:
                        verdicts.clear()
                    verdicts[k] = got
            may |= got
            if may == everything:
                return set()
        return {c.id for i, c in enumerate(checks) if not may >> i & 1}

    def chain(
        self, *dst_types: str, producers: frozenset[str] | None = None
    ) -> list[tuple[Node, Node]]:
        """(producer, consumer) plain chain links (the consumer's only input is the producer,
        which feeds nothing else) whose consumer has one of ``dst_types`` (and, when given,
        whose producer has one of ``producers``: a check that looks at norm-after-norm need
        not sort every norm after an add); in the order the consumers first appear as edge
        ends (as a walk over ``incoming`` finds them)."""
        memo = (dst_types, producers)
        hit = self._chains.get(memo)
        if hit is None:
            incoming, feeds, index = self.incoming, self.feeds, self.index
            hit = []
            for t in dst_types:
                for b in self._chain_candidates(t, producers):
                    srcs = incoming.get(b.id)
                    if srcs is not None and len(srcs) == 1 and feeds[srcs[0]] == 1:
                        hit.append((index[srcs[0]], b))
            if len(hit) > 1:
                at = self._edge_order()
                hit.sort(key=lambda p: at[p[1].id])
            self._chains[memo] = hit
        return hit

    def _chain_candidates(self, t: str, producers: frozenset[str] | None) -> list[Node]:
        """Nodes of type ``t`` whose first producer has one of ``producers`` (all of them when
        None), picked in C: a norm after an add is dropped before any per-node Python."""
        nodes = self.by_type.get(t, [])
        if producers is None or not nodes:
            return nodes
        firsts = map(_FIRST, map(self.incoming.get, map(_ID, nodes), repeat(_NO_SOURCE)))
        return list(
            compress(nodes, map(producers.__contains__, map(self.prep.type_of.get, firsts)))
        )

    def _edge_order(self) -> dict[str, int]:
        """Position of each node among the consumers in edge order (built once per run)."""
        at = self.__dict__.get("_at")
        if at is None:
            at = self.__dict__["_at"] = dict(zip(self.incoming, count()))
        return at

    def weights(self, node: Node) -> dict[str, tuple[int, ...]] | None:
        """``node_weights(node)`` once per node and run (the tie checks ask for the same
        owner and sharer): shared, never mutate it."""
        hit = self._weights.get(node.id, _MISSING)
        if hit is _MISSING or self.index.get(node.id) is not node:
            from driftcheck.graph.counting import node_weights

            hit = node_weights(node)
            if self.index.get(node.id) is node:
                self._weights[node.id] = hit
        return hit

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
    @_analysis
    def shapes(self) -> ShapeResult:
        from driftcheck.graph.shapes import infer_shapes

        return infer_shapes(self.graph, self.options.input_shapes, self.prep)

    @_analysis
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

    # ------------------------------------------------------------------ gates (Check.when)
    def shape_issues(self) -> bool:
        """Whether shape inference reported anything (the shape checks read its issues)."""
        return bool(self.shapes.errors)

    def has_ties(self) -> bool:
        """Whether some node ties a weight (the tie checks read only those nodes)."""
        return bool(self.prep.with_field("tied"))

    # ------------------------------------------------------------------ results
    @staticmethod
    def hit(node: Node | None, message: str, **kw: Any) -> Hit:
        return Hit(node, message, **kw)
