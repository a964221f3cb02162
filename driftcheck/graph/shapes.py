"""Graph-level shape inference: push input shapes through the dataflow with catalogue rules.

Why a walk over the graph and not over torch: the graph is all we have statically, and every
layer's shape rule lives in the catalogue (``LayerSpec.output_shape``). We walk dataflow edges
in topological order, feed each node its producers' shapes ordered by ``Edge.index`` and keep
what the rule returns. Anything we cannot know (an unknown layer, an unresolved attribute, an
input without a declared shape) makes the node's shape unknown, silently: unknown is never an
error, only a rule that *rejects* known shapes is.

A repeated block (``repeat > 1``) is walked once, as the compact graph stores it; because the
copies are chained (copy k takes what copy k-1 returns, see ``transform.expand``), the block
must map its input shape to the same shape, which we check instead of walking every copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue.spec import CatalogueError, Dim, Shape, fmt
from driftcheck.graph.model import Graph, Node
from driftcheck.graph.params_keys import params_key
from driftcheck.graph.prepared import Prepared, block_spec, layer_spec
from driftcheck.speed import Speed, current

__all__ = ["Shape", "ShapeIssue", "ShapeResult", "infer_shapes", "parse_shape", "same_shape"]

# kinds of issue, so checks can pick theirs without parsing messages
MISMATCH = "mismatch"  # a shape rule rejected its input shapes
ARITY = "arity"  # a layer got fewer tensor inputs than it takes
PARAMS = "params"  # the node's attributes do not bind to its catalogue entry
REPEAT = "repeat"  # a repeated block changes the shape it passes on
CYCLE = "cycle"  # the dataflow has a cycle; nodes on it get no shape
EMPTY = "empty"  # a rule produced a dimension <= 0 (a kernel larger than its input, ...)


@dataclass(frozen=True)
class ShapeIssue:
    """One problem found by the walk; ``message`` names the shapes and the layers involved."""

    kind: str
    node: str
    message: str
    inputs: tuple[tuple[str, Shape | None], ...] = ()
    """(producer node id, its shape) for each input of ``node``, in input order."""


@dataclass
class ShapeResult:
    shapes: dict[str, Shape] = field(default_factory=dict)
    errors: list[ShapeIssue] = field(default_factory=list)
    output_shapes: list[Shape | None] = field(default_factory=list)
    rule_keys: dict[str, tuple] = field(default_factory=dict)
    """Node id -> (type, params key, input shapes) for every node a rule gave a shape: equal
    keys, equal layers on equal inputs (the cost model prices each key once)."""

    rule_ids: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    """Node id -> the number of its rule key among this run's distinct keys (``rule_keys``
    as small ints: the cost model counts and looks them up without hashing shapes again)."""
    rule_texts: list[tuple | None] = field(default_factory=list, repr=False, compare=False)
    """Rule id -> the exact, cross-run key of its verdict (type, params key, ``repr`` of the
    input shapes; ``_RULES``), or None when the verdict is not remembered: the cost model
    keys its prices by it without printing the shapes again."""
    prepared: Prepared | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def order(self) -> list[str]:
        """Node ids in topological (Kahn's) order (nodes on a cycle are left out)."""
        return self.prepared.order if self.prepared is not None else []


def parse_shape(text: str) -> Shape:
    """``"2,3,32,32"`` or ``"B,T,768"`` -> a shape; symbols stay strings."""
    dims: list[Dim] = []
    for part in text.replace("x", ",").replace("(", "").replace(")", "").split(","):
        part = part.strip()
        if not part:
            continue
        dims.append(int(part) if part.lstrip("-").isdigit() else part)
    return tuple(dims)


def same_shape(a: Shape, b: Shape) -> bool:
    """Equal where both are known; an unknown dim (None) matches anything."""
    if len(a) != len(b):
        return False
    return all(x is None or y is None or x == y for x, y in zip(a, b))


def describe(graph: Graph, node_id: str) -> str:
    """``path (Type)`` for messages."""
    n = graph.index.get(node_id)
    if n is None:
        return node_id
    return f"{graph.path(n)} ({n.type})"


def bind_cached(
    spec: Any, params: Mapping[str, Any], key: Any = None, speed: Speed | None = None
) -> dict[str, Any]:
    """``spec.bind(params)``, memoized by (entry, params): graphs repeat the same layers, and
    binding (aliases, defaults, type checks) is the hot path of every analysis. The result
    is shared: never mutate it. Raises the same CatalogueError as ``bind``."""
    sp = speed or current()
    if not sp.bind:
        return spec.bind(params)
    memo = sp.stores.bind  # (entry, params key) -> bound params or the CatalogueError
    k = (spec.name, params_key(params, sp) if key is None else key)
    try:
        hit = memo.get(k)
    except TypeError:
        return spec.bind(params)
    if hit is None:
        try:
            hit = spec.bind(params)
        except CatalogueError as e:
            hit = e
        if len(memo) > 100_000:
            memo.clear()
        memo[k] = hit
    if isinstance(hit, CatalogueError):
        raise hit
    return hit


# ``Stores.rules`` of the Speed in force (its ``shape_rules`` switch):
"""(type, params key, ``repr`` of the input shapes) -> the rule's verdict, across runs: a
verdict is a pure function of the layer's type, its params (binding is memoized by the same
key, ``bind_cached``) and its input shapes. The shapes are keyed by their ``repr``, which is
type-exact (``(True, 4)``, ``(1, 4)`` and ``(1.0, 4)`` hash alike but print apart), so what
one run stored never answers for another run's different input. Each run still memoizes by
the shapes themselves first (one ``repr`` per distinct key, not per node)."""


_NO_SPEC: Any = object()
_DIM_TYPES = frozenset({int, str, type(None)})  # a dim of exactly these types is a dim
_NAME_TYPES = frozenset({str, type(None)})


class _Walker:
    """One inference run; caches rule results by (type, params, input shapes)."""

    def __init__(
        self,
        graph: Graph,
        input_shapes: Mapping[str, Shape] | None,
        prep: Prepared | None,
        speed: Speed | None = None,
    ) -> None:
        self.g = graph
        self.prep = prep or Prepared(graph, speed)
        self.overrides = dict(input_shapes or {})
        self.result = ShapeResult()
        self.memo: dict[tuple, tuple[str, Any, bool, int]] = {}
        """Rule key -> (status, value, empty, rule id) of this run."""
        self.index = self.prep.index

    # ------------------------------------------------------------------ topology
    def cycle(self) -> None:
        stuck = self.prep.stuck
        if stuck:
            msg = "dataflow cycle through " + ", ".join(describe(self.g, i) for i in stuck[:6])
            self.result.errors.append(ShapeIssue(CYCLE, stuck[0], msg))

    # ------------------------------------------------------------------ one node
    def input_shape(self, node: Node) -> Shape | None:
        if (
            not self.overrides
            and type(node.params.get("name")) in _NAME_TYPES  # a lookup below cannot raise
            and self.prep.speed.verify_lean
        ):  # nothing given: the declared shape, its dims' types checked in C first
            shape = node.params.get("shape")
            if isinstance(shape, (list, tuple)) and _DIM_TYPES.issuperset(map(type, shape)):
                return tuple(shape)
        for key in (node.id, node.params.get("name"), node.name):
            if key is not None and key in self.overrides:
                return tuple(self.overrides[key])
        if len(self.overrides) == 1 and self.n_inputs == 1:
            return tuple(next(iter(self.overrides.values())))
        shape = node.params.get("shape")
        if not isinstance(shape, (list, tuple)):
            return None
        if not all(d is None or isinstance(d, (int, str)) for d in shape):
            return None  # a dim that is a list or a dict: not a shape (SHP008 says so)
        return tuple(shape)

    def _judged(self, node: Node, shapes: tuple[Shape, ...], pk: Any) -> tuple[str, Any, bool]:
        """The rule's verdict, from the process-wide memo when a run before asked the same
        (see ``_RULES``); blocks are judged every time (their sub-graph is built from the
        params as written, not from the key)."""
        t = node.type
        self.text = None
        if type(pk) is not str or block_spec(t, self.prep.speed) is not None:
            return self._judged_now(node, shapes, pk)
        try:
            k = self.text = (t, pk, repr(shapes))
        except (RecursionError, ValueError):
            return self._judged_now(node, shapes, pk)
        sp = self.prep.speed
        if not sp.shape_rules:
            return self._judged_now(node, shapes, pk)
        memo = sp.stores.rules
        hit = memo.get(k)
        if hit is None:
            if len(memo) >= 100_000:
                memo.clear()
            hit = memo[k] = self._judged_now(node, shapes, pk)
        return hit

    def _judged_now(self, node: Node, shapes: tuple[Shape, ...], pk: Any) -> tuple[str, Any, bool]:
        status, value = self._rule(node, list(shapes), pk)
        empty = status == "ok" and any(isinstance(d, int) and d <= 0 for d in value)
        return status, value, empty

    def _rule(self, node: Node, shapes: list[Shape], pk: Any) -> tuple[str, Any]:
        spec = layer_spec(node.type, self.prep.speed)
        if spec is not None:
            if spec.n_inputs is not None and len(shapes) < spec.n_inputs:
                return ARITY, f"takes {spec.n_inputs} input(s), got {len(shapes)}"
            try:
                bound = bind_cached(spec, node.params, pk, self.prep.speed)
                return "ok", tuple(spec.shape(bound, [tuple(x) for x in shapes]))
            except ShapeError as e:
                return MISMATCH, e.message
            except CatalogueError as e:
                return PARAMS, e.message
            except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError):
                return "unknown", None  # a rule met an unresolved (None) attribute
        block = block_spec(node.type, self.prep.speed)
        if block is not None:
            try:
                sub = block.graph(node.params)
            except CatalogueError as e:
                return PARAMS, e.message
            except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError):
                return "unknown", None
            sub_inputs = sub.inputs()
            if len(shapes) < len(sub_inputs):
                return ARITY, f"takes {len(sub_inputs)} input(s), got {len(shapes)}"
            inner = infer_shapes(sub, {n.id: s for n, s in zip(sub_inputs, shapes)})
            if inner.errors:
                return MISMATCH, "inside the block: " + inner.errors[0].message
            out = inner.output_shapes[0] if inner.output_shapes else None
            return ("ok", out) if out is not None else ("unknown", None)
        return "unknown", None

    # ------------------------------------------------------------------ the walk
    def run(self) -> ShapeResult:
        """Walk the topological order; the hot loop reads only the prepared dicts."""
        g, prep = self.g, self.prep
        self.n_inputs = prep.types.count("Input")
        self.cycle()
        res = self.result
        res.prepared = prep
        first = len(res.errors)
        shapes = res.shapes
        get_shape = shapes.get
        index, type_of, sources = self.index, prep.type_of, prep.sources
        skip = {n.id for n in prep.with_field("unresolved")}
        rule_keys, rule_ids, keys, memo = res.rule_keys, res.rule_ids, prep.keys, self.memo
        texts = res.rule_texts
        if prep.forward and len(index) == len(prep.ids):  # node order, ids unique: zip lists
            walk: Any = zip(prep.ids, prep.types, prep.key_list)
        else:
            walk = ((i, type_of[i], keys[i]) for i in prep.walk_order)
        # ``verify_lean``: a verdict already in the cross-run memo (``_judged``'s lookup, same
        # key, taken only where ``_judged`` would take it: an exact text key, a type known
        # not to be a block) is read here without the call; every other case calls it
        sp = prep.speed
        rules = sp.stores.rules if sp.verify_lean and sp.shape_rules and sp.catalogue else None
        not_block = sp.stores.block_specs
        for nid, t, pk in walk:
            if t == "Input":
                s = self.input_shape(index[nid])
                if s is not None:
                    shapes[nid] = s
                continue
            if nid in skip:
                continue  # an unresolved attribute: nothing to infer
            srcs = sources.get(nid)
            if srcs is None:
                if layer_spec(t, prep.speed) is None:
                    continue  # not on the dataflow: nothing to infer
                ins: tuple = ()
            else:  # most nodes have one producer: no map object for them
                ins = (get_shape(srcs[0]),) if len(srcs) == 1 else tuple(map(get_shape, srcs))
                if None in ins:
                    continue
            key = (t, pk, ins)
            try:  # the rule's verdict, memoized (``rule`` inlined: this loop is the hot path)
                hit = memo.get(key)
            except TypeError:  # an unhashable value in a shape: no memo (nor rule id)
                hit = (*self._judged(index[nid], ins, pk), None)
            if hit is None and rules is not None and type(pk) is str:
                if not_block.get(t, _NO_SPEC) is None:
                    try:
                        text = (t, pk, repr(ins))
                    except (RecursionError, ValueError):
                        text = None
                    got = rules.get(text) if text is not None else None
                    if got is not None:
                        hit = memo[key] = (*got, len(memo))
                        texts.append(text)
            if hit is None:
                hit = memo[key] = (*self._judged(index[nid], ins, pk), len(memo))
                texts.append(self.text)
            status, value, empty, rid = hit
            if status == "ok":
                shapes[nid] = value
                rule_keys[nid] = key
                if rid is not None:
                    rule_ids[nid] = rid
                if empty:
                    why = f"produces an empty shape {fmt(value)}"
                    self.issue(EMPTY, index[nid], prep.incoming.get(nid, []), why)
            elif status != "unknown" and (srcs or status == PARAMS):
                self.issue(status, index[nid], prep.incoming.get(nid, []), value)
        if len(res.errors) - first > 1 and prep.forward:  # walked in node order: say them
            at = prep.position()  # in Kahn's order, as the walk over that order would
            res.errors[first:] = sorted(res.errors[first:], key=lambda e: at[e.node])
        if prep.repeated:
            self.check_repeats(prep.sources)
        res.output_shapes = [shapes.get(o) for o in g.outputs]
        return res

    def issue(self, kind: str, node: Node, preds: list[tuple[int, str]], why: str) -> None:
        got = [(src, self.result.shapes.get(src)) for _, src in preds]
        srcs = "; ".join(
            f"input {k} from {describe(self.g, s)} has shape {fmt(sh) if sh else '?'}"
            for k, (s, sh) in enumerate(got)
        )
        msg = f"{describe(self.g, node.id)}: {why}"
        if srcs:
            msg += f" ({srcs})"
        self.result.errors.append(ShapeIssue(kind, node.id, msg, tuple(got)))

    def check_repeats(self, incoming: dict[str, tuple[str, ...]]) -> None:
        """``incoming``: producers of each node in input order (``Prepared.sources``)."""
        g = self.g
        shapes = self.result.shapes
        prep = self.prep
        changed: set[str] = set()
        after: set[str] = set()  # nodes outside a block downstream of its exits
        adj: dict[str, list[str]] = {}
        for s, d in zip(prep.srcs, prep.dsts):
            adj.setdefault(s, []).append(d)
        for block in prep.repeated:
            members = {block.id, *prep.subtree(block.id)}
            entering = [
                (src, dst) for dst in members for src in incoming.get(dst, ()) if src not in members
            ]
            exits = [s for s, d in zip(prep.srcs, prep.dsts) if s in members and d not in members]
            exits += [o for o in g.outputs if o in members]  # a block that ends the model
            if not entering or not exits or exits[0] not in shapes:
                continue
            out = shapes[exits[0]]
            ins = [shapes.get(src) for src, _ in entering]
            if any(s is not None and same_shape(s, out) for s in ins):
                # the chained input keeps its shape; other inputs enter every copy unchanged
                # (a decoder's memory, a mask) and need not
                continue
            for src, dst in entering:
                s_in = shapes.get(src)
                if s_in is None or same_shape(s_in, out):
                    continue
                msg = (
                    f"{describe(g, block.id)} is repeated x{block.repeat} but maps "
                    f"{fmt(s_in)} (from {describe(g, src)} into {describe(g, dst)}) to "
                    f"{fmt(out)} (out of {describe(g, exits[0])}); copy 2 would get {fmt(out)}"
                )
                self.result.errors.append(
                    ShapeIssue(REPEAT, block.id, msg, ((src, s_in), (exits[0], out)))
                )
                changed.add(exits[0])
                # the block was walked once, but it runs ``repeat`` times: what its exits pass
                # on is not the shape walked (a stride-2 conv repeated doubles again), and so
                # is every shape further down outside the block -- a Flatten after it, then a
                # Linear, got theirs from the walked copy's (``head(x.flatten(1))`` after
                # three stride-2 convs): all unknown. The block's own nodes keep the shapes of
                # its first copy, which they are.
                seen = _reached(adj, set(exits), members)
                for nid in seen:
                    shapes.pop(nid, None)
                    self.result.rule_keys.pop(nid, None)
                    self.result.rule_ids.pop(nid, None)
                after |= seen
                break
        if changed:
            # a mismatch found on an exit's shape, or anywhere downstream, is not known (a
            # repeat judged on such a shape neither)
            tainted = changed | after
            self.result.errors = [
                e
                for e in self.result.errors
                if e.node not in after
                and not any(
                    src in tainted for src, _ in e.inputs[: 1 if e.kind == REPEAT else None]
                )
            ]


def _reached(adj: dict[str, list[str]], start: set[str], inside: set[str]) -> set[str]:
    """The nodes outside ``inside`` that dataflow edges from ``start`` reach, not passing
    through ``inside`` again."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        for d in adj.get(todo.pop(), ()):
            if d not in seen and d not in inside:
                seen.add(d)
                todo.append(d)
    return seen


def infer_shapes(
    graph: Graph,
    input_shapes: Mapping[str, Shape] | None = None,
    prepared: Prepared | None = None,
    speed: Speed | None = None,
) -> ShapeResult:
    """Shapes of every node reachable from the graph inputs.

    ``input_shapes`` overrides ``Input`` nodes' declared shapes, keyed by node id, by the
    input's ``name`` param or node name; a single entry applies to a single-input graph.
    ``speed``: the analysis's Speed for the graph layer's memos (without ``prepared``).
    """
    return _Walker(graph, input_shapes, prepared, speed).run()
