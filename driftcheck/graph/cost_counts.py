"""Parameter and KV-cache counts for the cost model, per (type, params) group.

Split out of ``cost.py`` (which re-exports these names): a model's layers repeat a few
(type, params) pairs, so each pair is counted once and multiplied by how many nodes share it;
the totals are sums, identical to a per-node loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from math import prod
from typing import TYPE_CHECKING, Any

from driftcheck.graph.catalogue.spec import CatalogueError
from driftcheck.graph.counting import node_weights
from driftcheck.graph.prepared import Prepared, block_spec, layer_spec
from driftcheck.graph.shapes import bind_cached
from driftcheck.speed import Speed, current

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph, Node


def _leaf_count(node: Node, key: Any, speed: Speed | None = None) -> int | None:
    """Parameters of one copy of a leaf, tied weights excluded; memoized by (type, params)."""
    if node.tied or layer_spec(node.type, speed) is None:
        w = node_weights(node)  # blocks and tied layers: the general (slower) path
        return None if w is None else sum(prod(s) for k, s in w.items() if k not in node.tied)
    sp = speed or current()
    memo = sp.stores.counts if sp.counts else {}  # (type, params key) -> parameters
    k = (node.type, key)
    if k not in memo:
        spec = layer_spec(node.type, sp)
        try:
            w = spec.weights(bind_cached(spec, node.params, key, sp))  # type: ignore[union-attr]
            n = sum(prod(s) for s in w.values())
        except (TypeError, ValueError, KeyError, ZeroDivisionError, CatalogueError):
            n = None
        if len(memo) > 100_000:
            memo.clear()
        memo[k] = n
        return n
    return memo[k]


def count_params(
    graph: Graph, prepared: Prepared | None = None, speed: Speed | None = None
) -> int | None:
    """``graph.params_total()`` with memoized per-layer counts (same rules: leaves only,
    inputs and empty modules hold nothing, tied weights once, None when any size is unknown);
    the verifier's hot path. Degenerate sizes (zero heads) give None instead of raising.

    Untied leaves are counted once per (type, params) group times the group's copies; the
    total is a sum, so the grouping changes nothing but the time."""
    prep = prepared or Prepared(graph, speed)
    parents = prep.has_kids
    if any(n.id not in parents and n.type not in HOLD_NOTHING for n in _unresolved(prep)):
        return None
    sp = prep.speed
    if (
        not parents
        and not prep.repeated
        and sp.verify_lean
        and sp.counts
        and len(prep.index) == len(prep.ids)
        and not prep.with_field("tied")
    ):
        return _count_flat(prep)
    tied = {n.id for n in prep.with_field("tied")}
    unique_ids = len(prep.index) == len(prep.ids)  # else an id may name two nodes
    tied_groups = {(prep.type_of[i], prep.keys[i]) for i in tied} if unique_ids else set()
    mult = prep.multiplicity if prep.repeated else None
    parent_types = {prep.type_of[p] for p in parents if p in prep.type_of}
    total = 0
    try:
        for t in prep.by_type:
            if t in HOLD_NOTHING:
                continue
            for key, members in prep.groups(t).items():
                if t in parent_types:
                    leaves = [n for n in members if n.id not in parents]
                else:
                    leaves = members  # no node of this type has children
                if tied and (unique_ids is False or (t, key) in tied_groups):
                    plain = [n for n in leaves if n.id not in tied]
                    ties = [n for n in leaves if n.id in tied]
                else:  # no node of this group ties a weight
                    plain, ties = leaves, []
                if plain:
                    c = _leaf_count(plain[0], key, prep.speed)
                    if c is None:
                        return None
                    total += c * (sum(map(mult, plain)) if mult else len(plain))
                for n in ties:
                    c = _leaf_count(n, key, prep.speed)
                    if c is None:
                        return None
                    total += c * (mult(n) if mult else 1)
    except (TypeError, ValueError, KeyError, ZeroDivisionError, CatalogueError):
        return None
    return total


def _count_flat(prep: Prepared) -> int | None:
    """``count_params`` of a graph whose nodes are all leaves, one copy each, none tied, ids
    unique (the gym's graphs, most hand-built ones): the general loop's sum with its
    branches decided once, each group's count read from the counts memo first (what
    ``_leaf_count`` would return; it runs on a miss). ``verify_lean``."""
    memo = prep.speed.stores.counts
    total = 0
    try:
        for t in prep.by_type:
            if t in HOLD_NOTHING:
                continue
            for key, members in prep.groups(t).items():
                c = memo.get((t, key), _NOT_COUNTED)
                if c is _NOT_COUNTED:
                    c = _leaf_count(members[0], key, prep.speed)
                if c is None:
                    return None
                total += c * len(members)
    except (TypeError, ValueError, KeyError, ZeroDivisionError, CatalogueError):
        return None
    return total


_NOT_COUNTED: Any = object()
HOLD_NOTHING = ("Input", "Module")


def _unresolved(prep: Prepared) -> list[Node]:
    return prep.with_field("unresolved")


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None


CACHED = ("Attention", "MultiHeadLatentAttention", "MultiheadAttention", "CausalSelfAttention")


def kv_per_token_elems(
    graph: Graph,
    facts: bool = True,
    mult: Callable[[Node], int] | None = None,
    prepared: Prepared | None = None,
    speed: Speed | None = None,
) -> int | None:
    """K+V elements cached per token, over all layers; None when nothing says. Attention
    layers with equal params cache equally: each (type, params) group is priced once."""
    prep = prepared or Prepared(graph, speed)
    total = 0
    seen = False
    flat = mult is None and not prep.repeated  # every node is one copy
    mult = mult or prep.multiplicity
    sk = prep.skeleton  # the types that may cache, kept with the graph's skeleton
    types = sk.kv_types if sk is not None else None
    if types is None:
        types = tuple(  # as the loop's two skips below decide (the catalogue is static)
            t
            for t in prep.by_type
            if t in CACHED
            or (layer_spec(t, prep.speed) is None and block_spec(t, prep.speed) is not None)
        )
        if sk is not None:
            sk.kv_types = types
    for t in types:
        block = block_spec(t, prep.speed)
        if block is None and t not in CACHED:
            continue
        for members in prep.groups(t).values():
            n = members[0]
            if block is not None:  # a decoder layer as one node: count inside its sub-graph
                try:
                    per = kv_per_token_elems(block.graph(n.params), facts=False)
                except Exception:  # noqa: BLE001 - unbindable block: the checks report it
                    return None
            else:
                try:
                    p = bind_cached(
                        layer_spec(t, prep.speed), n.params, prep.keys[n.id], prep.speed
                    )
                except Exception:  # noqa: BLE001 - unbindable node: the STR/ATT checks report it
                    return None
                per = _kv_elems(n, p)
            if per is None:
                return None
            seen = True
            total += per * (len(members) if flat else sum(map(mult, members)))
    if seen or not facts:
        return total if seen else None
    if not graph.facts:  # every fact below None: nothing says (the gym's graphs, most others)
        return None
    f = graph.fact
    layers, heads, hidden = _int(f("numLayers")), _int(f("numHeads")), _int(f("hiddenSize"))
    kv = _int(f("numKvHeads")) or heads
    hd = _int(f("headDim")) or (hidden // heads if hidden and heads else None)
    if layers and kv and hd:
        return 2 * layers * kv * hd
    return None


def _kv_elems(n: Node, p: Mapping[str, Any]) -> int | None:
    if n.type == "Attention":
        heads, h = _int(p.get("num_heads")), _int(p.get("hidden_size"))
        kv = _int(p.get("num_kv_heads")) or heads
        hd = _int(p.get("head_dim")) or (h // heads if h and heads else None)
        return 2 * kv * hd if kv and hd else None
    if n.type == "MultiHeadLatentAttention":
        a, b = _int(p.get("kv_lora_rank")), _int(p.get("qk_rope_head_dim"))
        return a + b if a and b else None
    for width in ("embed_dim", "n_embd", "hidden_size"):
        if _int(p.get(width)):
            return 2 * p[width]
    return None
