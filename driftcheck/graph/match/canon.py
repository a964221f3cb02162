"""Normalise a graph into a short, name-free sequence of items: leaves and repeated blocks.

Why: two descriptions of one model never share names or nesting (``self.blocks`` against
``encoder.layer``, an ``embeddings`` wrapper on one side and none on the other), and a
checkpoint-derived graph writes every layer out while parsed code says ``repeat=32``. So:

1. a block's children are canonicalised first (bottom-up);
2. consecutive sibling blocks with the same typed structure (catalogue types + parameters,
   never names) merge into one item with a count; ``Node.repeat`` multiplies in;
3. wrapper blocks that stand once are dissolved into their parent's sequence (the nesting is
   naming, not structure), unless the other graph repeats a block of the same type signature
   (``keep``): then a lone copy stays a block with count 1, so "12 layers vs 1" is a count.

Leaves that hold no weights and carry no structure (dropout, activations, elementwise ops,
empty user modules) are left out: one producer writes ``F.gelu`` in ``forward`` where another
has an ``nn.GELU`` module, and neither changes a weight.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.graph.fedtable37b import input_fed
from driftcheck.graph.match.midaxis39b import mid_axis
from driftcheck.graph.match.padfold import fold_pads
from driftcheck.graph.match.ropehalves import rotary_halves
from driftcheck.graph.match.stackaxis37b import stack_kept
from driftcheck.graph.model import Graph, Node
from driftcheck.speed import current

TRANSPARENT_FAMILIES = frozenset({"dropout", "activation"})
TRANSPARENT_TYPES = frozenset({"Input", "Module", "Identity", "Dropout", "Flatten"})
UNKNOWN_ROUNDS = "modules registered in a loop over a value we cannot enumerate"
"""The note the parser leaves on a module whose registrations ran under a loop of an unknown
number of rounds (``interp/statements.py`` ``_after_unknown_loop``)."""

MAX_BLOCK_DEPTH = 8
"""How deep catalogue blocks (a leaf whose type is a BlockSpec) are expanded into layers."""


@dataclass(eq=False)
class Item:
    """One entry of a canonical sequence: a leaf layer, or a block of ``count`` copies."""

    node: Node
    count: int = 1
    children: list[Item] | None = None
    type_sig: int = 0
    full_sig: int = 0
    ltype: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    copies: list[Node] = field(default_factory=list)
    soft: bool = False
    """A dataflow op read from ``forward`` (a view or unflatten with its sizes): compared
    where both sides have one at the same place, never reported as missing, and left out of
    block signatures, since two implementations of one model differ in such ops freely."""
    src_width: int | None = None
    """For a split of one axis (``Unflatten``): the ``out_features`` of the ``Linear`` whose
    output it splits (its input edge, through layout ops), when the graph says; the head
    width a ``(heads, -1)`` split leaves implicit is that width over the heads."""
    fed: bool = False
    """For a table (``Embedding``): forward looks the model's input up in it (the token
    table, though a position table may have more rows: ImageGPT's 256 positions, 65 colours)."""
    src_in: int | None = None
    """With ``src_width``: that ``Linear``'s ``in_features``. A projection two or three times
    as wide as its input is a fused k|v or q|k|v: a ``(heads, -1)`` split of it leaves a
    per-head fused width, no head width, unless a chunk of the last axis is seen."""
    group_parts: tuple[int, ...] | None = None
    """For a split into three axes ``[groups, m, head_dim]`` (``Canon._group_parts``): the
    sizes the middle axis is cut into whole, in axis order (Falcon's ``(per, 1, 1)``)."""
    scanned: bool = False
    """For a block: the layer stack ``Canon._scanned`` made of per-layer weights stacked on a
    leading axis. torch registers a module's own Parameters before its submodules, so the
    block stands before every submodule of its owner (a patch embedding or a token table
    assigned first included): it says nothing about where the layers start."""

    @property
    def is_block(self) -> bool:
        return self.children is not None

    def weight_size(self) -> int:
        """Weights of one copy, 0 when unknown: used to find the model's main block."""
        if self.children is None:
            w = leaf_weights(self.ltype, self.params)
            return sum(_numel(s) for s in w.values()) if w else 0
        return sum(c.count * c.weight_size() for c in self.children)


def _numel(shape: tuple) -> int:
    n = 1
    for d in shape:
        if not isinstance(d, int):
            return 0
        n *= d
    return n


def weight_total(items: list[Item]) -> int | None:
    """Parameters of a canonical sequence (tied weights once); None when any is unknown."""
    total = 0
    for it in items:
        if it.is_block:
            inner = weight_total(it.children or [])
            if inner is None:
                return None
            total += it.count * inner
            continue
        w = leaf_weights(it.ltype, it.params)
        if w is None:
            return None
        for name, shape in w.items():
            if name in it.node.tied:
                continue
            n = 1
            for d in shape:
                if not isinstance(d, int):
                    return None
                n *= d
            total += n
    return total


def canonical_type(node: Node) -> str:
    if node.type == "Unknown":
        return "Unknown"
    return catalogue.lookup(node.type) or node.type


def bound_params(ltype: str, params: dict[str, Any]) -> dict[str, Any]:
    """Params with aliases resolved and defaults filled; the raw params when binding fails."""
    spec = catalogue.get(ltype) or catalogue.get_block(ltype)
    if spec is None:
        return dict(params)
    try:
        return spec.bind(params)
    except (catalogue.CatalogueError, TypeError, ValueError):
        return dict(params)


PER_AXIS_FAMILIES = frozenset({"conv", "pool", "padding"})
PER_AXIS_PARAMS = frozenset(
    {"kernel_size", "stride", "padding", "dilation", "output_padding", "output_size"}
)
"""Sizes torch's convolutions and poolings take as one int or one per spatial axis (its
``_pair`` / ``_triple``): ``AdaptiveAvgPool2d(1)`` is ``AdaptiveAvgPool2d((1, 1))``."""


def per_axis(ltype: str, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with every per-axis size whose axes are all equal written as that one int,
    the form torch expands it from, so the two spellings are one value (signature and diff)."""
    spec = catalogue.get(ltype)
    if spec is None or spec.family not in PER_AXIS_FAMILIES:
        return params
    out = None
    pad = params.get("padding")
    if spec.family == "conv" and isinstance(pad, str):
        # torch's string paddings: "valid" is no padding; "same" with stride 1 and an odd
        # (dilated) kernel on every axis pads each side by ``d * (k - 1) // 2``, the int form
        as_int = _string_padding(pad, params)
        if as_int is not None:
            out = dict(params)
            out["padding"] = as_int
    for k in PER_AXIS_PARAMS & params.keys():
        v = (out if out is not None else params)[k]
        if (
            isinstance(v, (list, tuple))
            and len(v) > 1
            and all(type(x) is int and x == v[0] for x in v)
        ):
            out = out if out is not None else dict(params)
            out[k] = v[0]
    return out if out is not None else params


def _string_padding(pad: str, params: dict[str, Any]) -> Any:
    """The int (or per-axis tuple) padding a conv's string padding equals, or None when it
    has no symmetric int form (even kernel, stride other than 1, unresolved sizes)."""
    if pad == "valid":
        return 0
    if pad != "same":
        return None
    k, d, s = params.get("kernel_size"), params.get("dilation", 1), params.get("stride", 1)
    ks = k if isinstance(k, (list, tuple)) else (k,)
    n = len(ks)
    ds = d if isinstance(d, (list, tuple)) else (d,) * n
    ss = s if isinstance(s, (list, tuple)) else (s,) * n
    vals = (*ks, *ds, *ss)
    if not all(type(x) is int for x in vals) or len(ds) != n or len(ss) != n:
        return None
    if any(x != 1 for x in ss) or any((di * (ki - 1)) % 2 for ki, di in zip(ks, ds)):
        return None
    pads = tuple(di * (ki - 1) // 2 for ki, di in zip(ks, ds))
    return pads[0] if isinstance(k, int) else pads


def leaf_weights(ltype: str, params: dict[str, Any]) -> dict[str, tuple] | None:
    spec = catalogue.get(ltype)
    if spec is None:
        return None
    try:
        return spec.weights(spec.bind(params))
    except Exception:  # noqa: BLE001 -- a rule on unresolved params; weights simply unknown
        return None


def transparent(ltype: str, params: dict[str, Any]) -> bool:
    """Left out entirely: dropout, activations, and ops whose sizes are all unknown."""
    if ltype in TRANSPARENT_TYPES:
        return True
    if _is_op(ltype):
        return all(v is None for v in params.values())
    spec = catalogue.get(ltype)
    return spec is not None and spec.family in TRANSPARENT_FAMILIES


COMPOSITES = {
    "TransformerEncoderLayer": "TorchTransformerEncoderLayer",
    "TransformerDecoderLayer": "TorchTransformerDecoderLayer",
}
"""torch's composite modules -> the catalogue block that writes out their parts (``self_attn``,
``linear1``/``linear2``, ``norm1``/``norm2``) with the same parameters, so a model built from
``nn.TransformerEncoderLayer`` lines up layer by layer with one that builds those parts by
hand; the arguments that hold no weights and change no value (``dropout``, ``batch_first``)
are left behind. Proven in ``tests/test_semantic_equivalence.py``: same parameter count and,
with the weights copied one to one, the same output."""

KERNELS = frozenset({"ScaledDotProductAttention"})
"""Weightless attention kernels: one implementation's choice (SDPA) where another spells the
same softmax(QK^T)V out as ops; compared, like ops, only where both sides have one."""


def _is_op(ltype: str) -> bool:
    spec = catalogue.get(ltype)
    return spec is not None and (spec.family == "ops" or ltype in KERNELS)


def norm_value(v: Any) -> Any:
    """Comparable, hashable form: lists as tuples, 1-tuples as scalars, integral floats as
    ints (``normalized_shape=(768,)`` and ``768`` are one value; so are ``1e4`` and ``10000``)."""
    if isinstance(v, (list, tuple)):
        v = tuple(norm_value(x) for x in v)
        return v[0] if len(v) == 1 else v
    if isinstance(v, dict):
        return tuple(sorted((str(k), norm_value(x)) for k, x in v.items()))
    if isinstance(v, float) and v.is_integer() and abs(v) < 2**53:
        return int(v)
    return v


PAD_LAYERS = {"ZeroPad1d": 1, "ZeroPad2d": 2, "ZeroPad3d": 3}


def _as_pad(ltype: str, params: dict[str, Any]) -> dict[str, Any] | None:
    """``nn.ZeroPad2d(p)`` is ``F.pad(x, p)`` (torch's ``ZeroPad2d.forward`` calls
    ``F.pad(input, self.padding, "constant", 0.0)``; an int pads every side): the functional
    op's parameters, so RWKV's ``time_shift`` module and a re-implementation's ``F.pad`` are
    one op. None for anything else."""
    dims = PAD_LAYERS.get(ltype)
    pad = params.get("padding")
    if dims is None:
        return None
    if type(pad) is int:
        pad = (pad,) * (2 * dims)
    if not isinstance(pad, (list, tuple)) or not all(type(x) is int for x in pad):
        return None
    return {"pad": tuple(pad), "mode": "constant", "value": None}


def _leaf(node: Node, ltype: str, params: dict[str, Any], full: int | None = None) -> Item:
    if full is None:
        full = _full_sig(ltype, params)
    return Item(
        node=node,
        type_sig=hash(("L", ltype)),
        full_sig=full,
        ltype=ltype,
        params=params,
        copies=[node],
    )


def _full_sig(ltype: str, params: dict[str, Any]) -> int:
    frozen = norm_value(params)
    try:
        return hash(("L", ltype, frozen))
    except TypeError:
        return hash(("L", ltype, repr(frozen)))


_RESOLVED_MAX = 8192  # entries of ``Stores.resolved`` (the Speed's ``canon`` switch)


def _resolved(node: Node) -> tuple[str, dict[str, Any], int]:
    """(catalogue type, bound params, full signature) of a leaf. Cached on the exact raw
    params: a flat graph repeats the same few layers (80 copies of one decoder layer) and
    binding them is most of the matcher's time."""
    sp = current()
    memo = sp.stores.resolved if sp.canon else {}
    try:
        key = (node.type, _exact(node.params), tuple(node.unresolved))
        hit = memo.get(key)
    except TypeError:  # an unhashable value: no caching for this one
        key, hit = None, None
    if hit is not None:
        return hit
    ltype = canonical_type(node)
    params = per_axis(ltype, bound_params(ltype, node.params))
    if node.unresolved:
        # a parameter the graph leaves unknown (``eps=EPS``, ``dim_feedforward=MLP`` unread)
        # is not the catalogue's default that binding filled in: left out, as unknown
        params = {k: v for k, v in params.items() if k in node.params or k not in node.unresolved}
    out = (ltype, params, _full_sig(ltype, params))
    if key is not None:
        if len(memo) >= _RESOLVED_MAX:
            memo.clear()
        memo[key] = out
    return out


def _exact(v: Any) -> Any:
    """A hashable key that keeps every value distinct (unlike ``norm_value``)."""
    if isinstance(v, dict):
        return ("d", tuple(sorted((str(k), _exact(x)) for k, x in v.items())))
    if isinstance(v, list):
        return ("l", tuple(_exact(x) for x in v))
    if isinstance(v, tuple):
        return ("t", tuple(_exact(x) for x in v))
    return (type(v).__name__, v)


def _block(node: Node, children: list[Item], count: int = 1) -> Item:
    hard = [c for c in children if not c.soft]
    return Item(
        node=node,
        count=count,
        children=children,
        type_sig=hash(("B", tuple(c.type_sig for c in hard))),
        full_sig=hash(("B", tuple((c.full_sig, c.count) for c in hard))),
        ltype="block",
        copies=[node],
    )


class Canon:
    """Canonicalises one graph; ``keep`` holds block type signatures to keep when alone."""

    def __init__(self, graph: Graph, keep: frozenset[int] = frozenset()) -> None:
        self.graph = graph
        self.keep = keep
        self._selected: set[str] | None = None
        """nodes the traced forward reads row by row with an integer (``_scanned``)"""
        self.dissolved: set[int] = set()
        """type signatures of the lone blocks this run dissolved (to know if a rerun helps)"""
        # one pass for the child lists: Graph.children re-validates its cache on every call
        self.kids: dict[str | None, list[Node]] = {}
        self.tied_layer: set[str | None] = set()
        """parents of a catalogue layer sharing a weight (``_own_layer`` looks only there)"""
        for n in graph.nodes:
            self.kids.setdefault(n.parent, []).append(n)
            if n.tied and n.type not in ("Parameter", "Module"):
                self.tied_layer.add(n.parent)
        self._into: dict[str, list[str]] | None = None
        self._out: dict[str, list[str]] | None = None

    def run(self) -> list[Item]:
        return self._seq(self.kids.get(None, []), depth=0)

    def _seq(self, nodes: list[Node], depth: int) -> list[Item]:
        items: list[Item] = []
        stack = self._scanned(nodes)
        for node in nodes:
            if stack is not None and node.id in stack[0]:
                if node.id == next(iter(stack[0])):
                    items.append(stack[1])
                continue
            item = self._item(node, depth)
            if item is not None:
                items.append(item)
        items = _merge_runs(items)
        flat: list[Item] = []
        for it in items:
            sigs = {it.type_sig, bag_sig(it)} - {None} if it.is_block else set()
            if it.is_block and it.count == 1 and not (sigs & self.keep):
                self.dissolved.update(sigs)
                flat.extend(it.children or [])
            else:
                flat.append(it)
        return _merge_runs(flat)

    def _scanned(self, nodes: list[Node]) -> tuple[dict[str, Node], Item] | None:
        """Per-layer weights stacked on a leading layer axis (a port of a ``lax.scan`` model:
        ``self.wq = Parameter(n_layers, out, in)``, layer ``i`` reading ``self.wq[i]``), as
        the layer stack they are: one block repeated ``n`` times holding each tensor's
        per-layer slice. Only where the traced forward reads every one of them row by row
        with an integer (a ``Select`` on axis 0), they share the leading size, and there are
        at least three (a stack of layers, not one table read at a position)."""
        if not self.graph.edges:
            return None
        if self._selected is None:
            sel = {
                n.id
                for n in self.graph.nodes
                if n.type == "Select"
                and n.params.get("dim") == 0
                and type(n.params.get("index")) is int
            }
            self._selected = {e.src for e in self.graph.edges if e.dst in sel}
        stacked: dict[str, Node] = {}
        lead = None
        for n in nodes:
            shape = n.params.get("shape") if n.type == "Parameter" else None
            if n.id not in self._selected or n.tied or n.unresolved:
                continue
            if not (isinstance(shape, (list, tuple)) and len(shape) >= 2):
                continue
            if not all(type(v) is int and v > 0 for v in shape):
                continue
            if lead is not None and shape[0] != lead:
                return None  # two leading sizes: no one layer axis
            lead = shape[0]
            stacked[n.id] = n
        if lead is None or lead < 2 or len(stacked) < 3:
            return None
        kids = []
        for n in stacked.values():
            per = tuple(n.params["shape"][1:])
            one = n.model_copy(update={"params": {**n.params, "shape": per}, "repeat": 1})
            kids.append(_leaf(one, "Parameter", {"shape": per, "requires_grad": True}))
        first = next(iter(stacked.values()))
        block = _block(first.model_copy(update={"repeat": lead}), kids, lead)
        block.scanned = True
        return stacked, block

    def _item(self, node: Node, depth: int) -> Item | None:
        kids = self.kids.get(node.id)
        if kids and any(u.startswith(UNKNOWN_ROUNDS) for u in node.unresolved):
            # a module list filled by a loop of an unknown number of rounds (the parser
            # followed one round: ``for _ in range(n)`` with ``n`` parsed by ``getopt``) holds
            # none, one or many copies: the one copy seen is no count, and counted it was a
            # confident wrong layer count. An unreadable part (``diff._opaque``): what the
            # other side has in its place is not compared, and the comparison says so
            return _leaf(node, "Unknown", {})
        table = _embedding_table(node, kids) or _holder_linear(node, kids)
        if table is not None:
            return table
        if kids:
            if node.user_class is not None and node.repeat == 1:
                chain = self._chain(node, kids, depth)
                if chain is not None:
                    return chain
            if node.id in self.tied_layer:
                kids = _own_layer(kids)
            inner = self._seq(kids, depth)
            if not inner:
                return None
            return _block(node, inner, node.repeat)
        if node.tied and self._recall(node):
            return None
        ltype, params, full = _resolved(node)
        block = catalogue.get_block(ltype)
        unresolved = node.unresolved
        if block is None and ltype in COMPOSITES:
            block = catalogue.get_block(COMPOSITES[ltype])
            known = {p.name for p in block.params} if block is not None else set()
            params = {k: v for k, v in params.items() if k in known}
            if unresolved and set(unresolved) <= {"activation"}:
                # ``activation=gelu_tanh``, a function of the user's: weightless, and an
                # activation is transparent to the comparison (``TRANSPARENT_FAMILIES``):
                # the parts line up whichever function it is
                params, unresolved = {**params, "activation": "identity"}, []
        if block is not None and depth < MAX_BLOCK_DEPTH and not unresolved:
            try:
                sub = block.build(params)
            except Exception:  # noqa: BLE001 -- unresolved params: compare as one leaf instead
                sub = None
            if sub is not None:
                sc = Canon(sub, self.keep)
                inner = sc._seq(sc.kids.get(None, []), depth + 1)
                for it in _walk(inner):  # locations of the expansion are the block node's
                    it.copies = [node]
                    it.node = it.node.model_copy(update={"loc": node.loc, "param_locs": {}})
                return _block(node, inner, node.repeat) if inner else None
        if transparent(ltype, params):
            return None
        as_pad = _as_pad(ltype, params)
        if as_pad is not None:
            ltype, params, full = "Pad", as_pad, None
        leaf = _leaf(node, ltype, params, full)
        leaf.soft = _is_op(ltype)
        if leaf.soft and ltype == "Select" and self._unread(node):
            return None
        if ltype == "Embedding":
            leaf.fed = self._input_fed(node)
        if ltype == "Unflatten":
            leaf.src_width = self._split_source(node)
            leaf.src_in = self._split_source(node, "in_features")
            leaf.head_chunks = self._split_chunks(node)
            rank = self._unflatten_rank(node) if rank_on() else None
            leaf.head_parts = self._split_parts(node, rank)
            leaf.head_sliced = self._split_sliced(node, rank) or (
                leaf.head_parts is None and self._axis_lost(node.id, rank)
            )
            leaf.inner_cut = self._inner_cut(node)
            leaf.group_parts = self._group_parts(node)
            leaf.stack_kept = stack_kept(node, self._consumers(), self.graph.index)
            leaf.mid_axis = mid_axis(node, self._consumers(), self.graph.index)
            leaf.rope_half = rotary_halves(node, self._consumers(), self.graph)
        if node.repeat > 1:
            return _block(node, [leaf], node.repeat)
        return leaf

    def _chain(self, node: Node, kids: list[Node], depth: int) -> Item | None:
        """A linked list of layers (each block owns the next one, ``self.next = Block(n - 1)``,
        and returns ``self.next(x)``) as the stack it runs: one block per link, merged into a
        count. Only where the recursion is the model's depth: the child of the parent's own
        class is the one such child, and everything its subtree computes leaves the parent
        (its output is the parent's output, so the links run one after the other, as a
        ``ModuleList`` loop runs them). A wrapper block of count 1 is returned, which the
        parent's sequence dissolves as it dissolves any lone wrapper."""
        links: list[Item] = []
        cur, cur_kids = node, kids
        while True:
            same = [k for k in cur_kids if k.user_class == node.user_class]
            nxt = same[0] if len(same) == 1 and self.kids.get(same[0].id) else None
            if len(same) > 1 or (nxt is not None and not self._runs_last(cur, nxt)):
                return None
            if nxt is None and not links:
                return None  # no chain at all
            rest = [k for k in cur_kids if k is not nxt]
            if cur.id in self.tied_layer:
                rest = _own_layer(rest)
            inner = self._seq(rest, depth)
            if not inner:
                return None
            links.append(_block(cur, inner, cur.repeat))
            if nxt is None:
                break
            cur, cur_kids = nxt, self.kids.get(nxt.id) or []
        return _block(node, _merge_runs(links), 1)

    def _recall(self, node: Node) -> bool:
        """A second call of a module the graph already holds (ALBERT's one shared layer run
        once per depth step, written out as ``query_call1``...): a sibling of the same type
        and parameters whose weights, each under its own name, are all this node's. It holds
        no weight and no layer of its own, so it is left out, as the implementation that
        holds the shared layer once (``nn.ModuleList([layer] * n)``) writes no copy of it."""
        targets = {t.rsplit(".", 1)[0] for t in node.tied.values()}
        if len(targets) != 1:
            return False
        src = self.graph.index.get(next(iter(targets)))
        if src is None or src is node or src.parent != node.parent or src.type != node.type:
            return False
        if src.params != node.params or src.tied:
            return False
        return all(t == f"{src.id}.{w}" for w, t in node.tied.items())

    def _unread(self, node: Node) -> bool:
        """An op whose result nothing in the traced forward reads and the model does not
        return: an item picked out only as a shape template (``zeros_like(k[:, 0])``, RWKV's
        recurrence state) or written into a cache (transformers' ``state[1][...] = x[:, -1]``).
        It computes nothing the model outputs, so which item it picks is no drift. Only in a
        graph with edges (a traced forward)."""
        if not self.graph.edges or node.id in self.graph.outputs:
            return False
        self._consumers()
        return not self._out.get(node.id)

    def _runs_last(self, parent: Node, child: Node) -> bool:
        """Every edge leaving ``child``'s subtree ends outside ``parent``'s, and one does:
        the child's output is the parent's output."""
        if not self.graph.edges:
            return False
        inside_c, inside_p = child.id + "/", parent.id + "/"
        leaving = [
            e.dst
            for e in self.graph.edges
            if e.src.startswith(inside_c) or e.src == child.id
            if not (e.dst.startswith(inside_c) or e.dst == child.id)
        ]
        return bool(leaving) and not any(d.startswith(inside_p) for d in leaving)

    def _input_fed(self, node: Node) -> bool:
        """The traced forward looks the model's input up in this table (an edge from an
        ``Input`` node straight into it): the token table, whatever its row count."""
        if self._into is None:
            self._into = {}
            for e in self.graph.edges:
                self._into.setdefault(e.dst, []).append(e.src)
        return input_fed(node.id, self._into, self.graph.index)

    def _split_source(self, node: Node, key: str = "out_features") -> int | None:
        """The width of the ``Linear`` an ``Unflatten`` splits: its one input, followed back
        through single-input layout ops (a ``Sequential(Linear, Rearrange)``, a
        ``q_proj(x).view(...)``) and through elementwise arithmetic (``BROADCASTS``: a q/k
        norm between the projection and the split, ``w * x * rsqrt(mean(x^2) + eps)``);
        None when the input is anything else. ``key="in_features"``: that Linear's input
        width, where one Linear gives the width."""
        cut = self._cut_source(node)
        if cut is not None:
            return cut
        if self._into is None:
            self._into = {}
            for e in self.graph.edges:
                self._into.setdefault(e.dst, []).append(e.src)
        srcs = self._into.get(node.id, [])
        got = self._last_width(srcs[0], 0) if len(srcs) == 1 else None
        if got is None:
            return None
        width, lin = got
        if key == "out_features":
            return width
        if lin is None:
            return None
        w = lin.params.get(key)
        return int(w) if isinstance(w, int) and not isinstance(w, bool) and w > 0 else None

    def _last_width(self, nid: str, depth: int) -> tuple[int, Node | None] | None:
        """The size of the last axis of the tensor node ``nid`` makes, and the ``Linear`` it
        comes from (None when a weight vector fixes it): a ``Linear``'s ``out_features``,
        through single-input layout ops (``SPLIT_PASSES``); an elementwise op's
        (``BROADCASTS``) is, by torch's broadcasting, the one last-axis size above 1 of its
        inputs (a ``(W,)`` weight times ``x`` is ``W`` wide, or torch raises), the inputs of
        unknown size left out; None where the known sizes disagree or none is known."""
        if depth > 8:
            return None
        src = self.graph.index.get(nid)
        if src is None:
            return None
        if src.type == "Linear":
            w = src.params.get("out_features")
            ok = isinstance(w, int) and not isinstance(w, bool) and w > 0
            return (int(w), src) if ok else None
        srcs = self._into.get(nid, [])
        if src.type in SPLIT_PASSES:
            return self._last_width(srcs[0], depth + 1) if len(srcs) == 1 else None
        if src.type == "Parameter" and depth > 0:
            # a weight as an operand (a split of a weight itself is no head split)
            shape = src.params.get("shape")
            if not isinstance(shape, (list, tuple)) or not shape:
                return None
            last = shape[-1]
            ok = isinstance(last, int) and not isinstance(last, bool) and last > 1
            return (last, None) if ok else None
        if src.type not in BROADCASTS:
            return None
        got = [g for s in srcs if (g := self._last_width(s, depth + 1)) is not None]
        sizes = {w for w, _ in got if w > 1}
        if len(sizes) != 1:
            return None
        width = sizes.pop()
        lins = {id(lin): lin for w, lin in got if w == width and lin is not None}
        return width, (next(iter(lins.values())) if len(lins) == 1 else None)

    def _cut_source(self, node: Node) -> int | None:
        """The width of one cut of a fused projection that an ``Unflatten`` splits: its one
        input a ``Narrow`` or a unit-step ``Slice`` on the split axis (``qkv.split([q, kv, kv],
        -1)``, Phi-3's own ``qkv[..., a:b]``), followed back through single-input layout ops
        to the ``Linear``: the part the split cuts into heads is that wide. None otherwise
        (``_split_source`` then reads the projection itself)."""
        if self._into is None:
            self._into = {}
            for e in self.graph.edges:
                self._into.setdefault(e.dst, []).append(e.src)
        by_id = self.graph.index
        cut: tuple[Any, Any] | None = None
        cur = node.id
        for _ in range(8):
            srcs = self._into.get(cur, [])
            if len(srcs) != 1 or (src := by_id.get(srcs[0])) is None:
                return None
            cur = src.id
            if src.type == "Linear":
                w = src.params.get("out_features")
                if cut is None or not (isinstance(w, int) and not isinstance(w, bool) and w > 0):
                    return None
                return _cut_width(cut, int(w))
            if src.type in ("Narrow", "Slice") and cut is None:
                cut = _cut_of(src, node.params.get("dim"))
                if cut is None:
                    return None
            elif src.type not in SPLIT_PASSES:
                return None
        return None

    def _consumers(self) -> dict:
        """Each node's consumers (edge destinations by source id), built once per graph."""
        if self._out is None:
            self._out = {}
            for e in self.graph.edges:
                self._out.setdefault(e.src, []).append(e.dst)
        return self._out

    def _split_chunks(self, node: Node) -> int | None:
        """``k`` of a ``Chunk(k)`` on the last axis that takes an ``Unflatten``'s output,
        followed forward through single-consumer ops keeping that axis (transposes of the
        axes before it); None otherwise."""
        self._consumers()
        dim = node.params.get("dim")
        if type(dim) is not int or dim < 0:
            return None
        last = dim + 1  # the head-width axis the split makes
        rank = None  # the tensor's rank, once a permute has named every axis
        by_id = self.graph.index
        cur = node.id
        for _ in range(8):
            dsts = self._out.get(cur, [])
            if len(dsts) > 1:
                # ``torch.split(x, [hd, hd, hd], dim=-1)`` (or slices ``[..., :hd]``,
                # ``[..., hd:2 * hd]``, ...) read as one cut per piece: equal cuts that tile
                # the per-head axis whole are ``chunk(k)``
                return _equal_cuts(
                    [by_id.get(d) for d in dsts], last, node.params.get("unflattened_size")
                )
            if len(dsts) != 1 or (nxt := by_id.get(dsts[0])) is None:
                return None
            cur = nxt.id
            if nxt.type == "Chunk":
                k, d = nxt.params.get("chunks"), nxt.params.get("dim")
                if rank is not None and type(d) is int and d < 0:
                    d += rank
                ok = type(k) is int and k > 1 and (d == last or (rank is None and d == -1))
                return k if ok else None
            if nxt.type == "Split":
                # ``split(head_dim, -1)`` of the same per-head fused axis (transformers'
                # MiniMax lightning attention: ``reshape(b, t, heads, 3 * head_dim)`` then
                # ``torch.split(x, head_dim, dim=3)``): k equal pieces, as ``chunk(k)``
                d = nxt.params.get("dim")
                if rank is not None and type(d) is int and d < 0:
                    d += rank
                if not (d == last or (rank is None and d == -1)):
                    return None
                return _equal_pieces(
                    nxt.params.get("split_size_or_sections"), node.params.get("unflattened_size")
                )
            if nxt.type == "Permute":
                # ``permute(0, 2, 1, 3)``: the head-width axis moves to where ``dims`` names it
                perm = nxt.params.get("dims")
                if not isinstance(perm, (list, tuple)) or not all(type(x) is int for x in perm):
                    return None
                perm = [x + len(perm) if x < 0 else x for x in perm]
                if last not in perm or sorted(perm) != list(range(len(perm))):
                    return None
                last, rank = perm.index(last), len(perm)
                continue
            if nxt.type == "Transpose":
                dims = (nxt.params.get("dim0"), nxt.params.get("dim1"))
                if all(type(x) is int and 0 <= x < last for x in dims):
                    continue
                return None
            if nxt.type not in SPLIT_PASSES:
                return None
        return None

    def _unflatten_rank(self, node: Node) -> int | None:
        """The rank of an ``Unflatten``'s output where the axis it splits is its input's last
        one: ``dim + len(unflattened_size)`` (a view's arity: ``view(b, t, h + 2 * kv, hd)``
        is 4-d). The axis is the last where the input is a ``Flatten`` of the axes from
        ``dim`` to the end (a view of a 3-d tensor into more axes) or a projection's output
        (``_split_source``: a ``Linear`` through layout ops keeping its last axis); None
        otherwise. Negative axes of the moves and cuts after it are then placed
        (``_moved_axis``) where before they made the split no head count (session 39,
        reimplfix39a: ``transpose(-3, -2)``, ``split(..., dim=-3)``)."""
        dim, size = node.params.get("dim"), node.params.get("unflattened_size")
        if type(dim) is not int or dim < 0 or not isinstance(size, (list, tuple)):
            return None
        if self._into is None:
            self._into = {}
            for e in self.graph.edges:
                self._into.setdefault(e.dst, []).append(e.src)
        srcs = self._into.get(node.id, [])
        src = self.graph.index.get(srcs[0]) if len(srcs) == 1 else None
        if src is not None and src.type == "Flatten":
            if src.params.get("start_dim") == dim and src.params.get("end_dim") == -1:
                return dim + len(size)
            return None
        if self._split_source(node) is not None:
            return dim + len(size)
        return None

    def _split_parts(self, node: Node, rank: int | None = None) -> tuple[int, ...] | None:
        """The head counts of an ``Unflatten`` whose first new axis is cut apart whole by
        ``split`` / ``narrow`` / slices on that axis (Phi-3's ``view(b, t, h + 2 * kv, hd)
        .split([h, kv, kv], 2)``, Falcon's ``[:-2]``, ``[-2:-1]``, ``[-1:]``): the axis stacks
        the queries' heads with the keys' and values', each cut is one of them. The cuts'
        sizes in axis order when they tile the axis exactly; None otherwise (the axis is then
        no head count, ``_split_sliced``)."""
        self._consumers()
        dim, size = node.params.get("dim"), node.params.get("unflattened_size")
        if type(dim) is not int or not isinstance(size, (list, tuple)) or len(size) != 2:
            return None
        n = size[0]
        if type(n) is not int or n <= 1:
            return None
        by_id = self.graph.index
        cuts = []
        dsts, dim = self._moved_axis(node.id, dim, rank)
        for dst in dsts:
            nxt = by_id.get(dst)
            if nxt is None or nxt.type not in ("Narrow", "Slice"):
                return None
            if _placed(nxt.params.get("dim"), rank) != dim:
                return None
            cut = _axis_cut(nxt, n)
            if cut is None:
                return None
            cuts.append(cut)
        if len(cuts) < 2:
            return None
        cuts.sort()
        at = 0
        for start, end in cuts:
            if start != at:
                return None
            at = end
        return tuple(end - start for start, end in cuts) if at == n else None

    def _inner_cut(self, node: Node) -> bool:
        """An ``Unflatten`` into three axes whose second new axis is cut right after
        (``view(b, t, groups, per_group + 2, hd)`` then ``[..., :per_group, :]`` and
        ``[..., -2, :]``): its first axis is no stack of k / v parts, the second holds
        them (Mistral's rows grouped per KV head)."""
        self._consumers()
        dim = node.params.get("dim")
        if type(dim) is not int or dim < 0:
            return False
        by_id = self.graph.index
        for dst in self._out.get(node.id, []):
            nxt = by_id.get(dst)
            cuts = ("Slice", "Select", "Narrow", "Chunk", "Split", "Unbind")
            if nxt is not None and nxt.type in cuts and nxt.params.get("dim") == dim + 1:
                return True
        return False

    def _group_parts(self, node: Node) -> tuple[int, ...] | None:
        """The cuts of an ``Unflatten`` into three axes ``[groups, m, head_dim]`` whose middle
        axis is cut apart whole by unit-step slices / ``narrow`` (Falcon's grouped fused q|k|v,
        ``view(b, t, kv, per + 2, hd)`` taken apart as ``[..., :per, :]``, ``[..., per:per + 1,
        :]``, ``[..., per + 1:, :]``): each cut's size along that axis, in axis order, where
        the cuts tile the axis exactly and every consumer is such a cut; None otherwise
        (an index ``[..., -2, :]``, a partial cut, another consumer)."""
        self._consumers()
        dim, size = node.params.get("dim"), node.params.get("unflattened_size")
        if type(dim) is not int or dim < 0 or not isinstance(size, (list, tuple)):
            return None
        if len(size) != 3 or type(size[1]) is not int or size[1] <= 2:
            return None
        by_id = self.graph.index
        cuts = []
        for dst in self._out.get(node.id, []):
            nxt = by_id.get(dst)
            if (
                nxt is None
                or nxt.type not in ("Narrow", "Slice")
                or nxt.params.get("dim") != dim + 1
            ):
                return None
            cut = _axis_cut(nxt, size[1])
            if cut is None:
                return None
            cuts.append(cut)
        cuts.sort()
        at = 0
        for start, end in cuts:
            if start != at:
                return None
            at = end
        return (
            tuple(end - start for start, end in cuts) if at == size[1] and len(cuts) > 1 else None
        )

    def _split_sliced(self, node: Node, rank: int | None = None) -> bool:
        """An ``Unflatten`` whose first new axis is then cut by slices (Falcon's multi-query
        ``view(b, t, heads + 2, hd)`` taken apart as ``[:-2]``, ``[-2:-1]``, ``[-1:]``): that
        axis stacks the queries' heads with the key's and value's, so its size is no head
        count."""
        self._consumers()
        dim = node.params.get("dim")
        if type(dim) is not int:
            return False
        by_id = self.graph.index
        dsts, dim = self._moved_axis(node.id, dim, rank)
        for dst in dsts:
            nxt = by_id.get(dst)
            if (
                nxt is not None
                and nxt.type == "Slice"
                and _placed(nxt.params.get("dim"), rank) == dim
            ):
                return True
        return False

    def _moved_axis(self, nid: str, axis: int, rank: int | None = None) -> tuple[list[str], int]:
        """The consumers of node ``nid``'s output and where its axis ``axis`` sits in their
        input: followed forward through one chain of single-consumer transposes / permutes
        (and ``SPLIT_PASSES``) with every axis named non-negative (BitNet's ``view(b, t,
        h + 2 * kv, hd).transpose(1, 2).split([h, kv, kv], dim=1)``: the fused head axis,
        moved to 1, is the one cut). The node's own consumers and ``axis`` as they are where
        no such op follows or an axis of one is negative / outside the permutation."""
        by_id = self.graph.index
        dsts = self._out.get(nid, [])
        axis = _placed(axis, rank)
        if axis < 0:
            return dsts, axis
        at, seen = axis, 0
        while len(dsts) == 1 and seen < 8:
            nxt = by_id.get(dsts[0])
            if nxt is None:
                break
            if nxt.type == "Transpose":
                d0 = _placed(nxt.params.get("dim0"), rank)
                d1 = _placed(nxt.params.get("dim1"), rank)
                if not (type(d0) is int and type(d1) is int and d0 >= 0 and d1 >= 0):
                    break
                at = d1 if at == d0 else d0 if at == d1 else at
            elif nxt.type == "Permute":
                perm = nxt.params.get("dims")
                if not isinstance(perm, (list, tuple)) or not all(type(x) is int for x in perm):
                    break
                if rank is not None and len(perm) == rank:
                    perm = [_placed(x, rank) for x in perm]
                if sorted(perm) != list(range(len(perm))) or at not in perm:
                    break
                at = perm.index(at)
            elif nxt.type not in SPLIT_PASSES:
                break
            dsts, seen = self._out.get(nxt.id, []), seen + 1
        return dsts, at

    def _axis_lost(self, nid: str, rank: int | None = None) -> bool:
        """True when node ``nid``'s axis is moved by a transpose / permute and then cut by a
        ``narrow`` / slice that ``_moved_axis`` cannot place: an axis of the move or of the cut
        negative (the rank is not in the graph: ``transpose(-3, -2)``, ``split(..., dim=-3)``).
        The cut may take that fused axis apart, so it is read as no head count (review38 #3b:
        the fused q|k|v axis read as h + 2 kv query heads, a false major)."""
        by_id = self.graph.index
        dsts = self._out.get(nid, [])
        moved = unsure = unsure_int = False
        seen = 0
        while len(dsts) == 1 and seen < 8:
            nxt = by_id.get(dsts[0])
            if nxt is None:
                return False
            if nxt.type == "Transpose":
                d0, d1 = nxt.params.get("dim0"), nxt.params.get("dim1")
                moved = True
                unsure = unsure or not (type(d0) is int and type(d1) is int and d0 >= 0 <= d1)
                unsure_int = unsure_int or not (type(d0) is int and type(d1) is int)
            elif nxt.type == "Permute":
                perm = nxt.params.get("dims")
                moved = True
                ints = isinstance(perm, (list, tuple)) and all(type(x) is int for x in perm)
                unsure = unsure or not ints or any(x < 0 for x in perm)
                unsure_int = unsure_int or not ints or (rank is not None and len(perm) != rank)
            elif nxt.type not in SPLIT_PASSES:
                break
            dsts, seen = self._out.get(nxt.id, []), seen + 1
        cuts = [
            n
            for n in (by_id.get(d) for d in dsts)
            if n is not None and n.type in ("Narrow", "Slice")
        ]
        if not moved or not cuts:
            return False
        if rank is not None and not unsure_int:
            # the view's rank places every negative axis: ``_split_parts`` /
            # ``_split_sliced`` read the move and the cut where they are (session 39)
            return False
        return unsure or any(
            type(c.params.get("dim")) is not int or c.params["dim"] < 0 for c in cuts
        )


def rank_on() -> bool:
    """``DRIFTCHECK_NO_VIEW_RANK=1`` switches the rank placement of negative axes off."""
    import os

    return os.environ.get("DRIFTCHECK_NO_VIEW_RANK") != "1"


def _placed(d: Any, rank: int | None) -> Any:
    """Axis ``d`` counted from the front where the tensor's rank is known (``-3`` of a 4-d
    tensor is 1); as it is otherwise."""
    if rank is not None and type(d) is int and -rank <= d < 0:
        return d + rank
    return d


SPLIT_PASSES = frozenset({"Contiguous", "Identity", "Dropout"})
"""Ops between a projection and the split of its output that keep its last axis."""

BROADCASTS = frozenset({"Add", "Sub", "Mul", "Div"})
"""Elementwise ops whose output's last axis is their inputs' broadcast (``_last_width``)."""


def _cut_of(op: Node, axis: Any) -> tuple[Any, Any] | None:
    """(start, end) of a ``Narrow`` or a unit-step ``Slice`` on the last axis (``-1``, or the
    axis the split after it cuts), ``None`` ends open; None for any other cut."""
    dim = op.params.get("dim")
    if type(dim) is not int or (dim != -1 and dim != axis):
        return None
    if op.type == "Narrow":
        start, length = op.params.get("start"), op.params.get("length")
        if type(start) is not int or type(length) is not int or start < 0 or length <= 0:
            return None
        return start, start + length
    start, end, step = op.params.get("start"), op.params.get("end"), op.params.get("step")
    if step not in (None, 1):
        return None
    if any(v is not None and (type(v) is not int or v < 0) for v in (start, end)):
        return None
    return start, end


def _axis_cut(op: Node, n: int) -> tuple[int, int] | None:
    """(start, end) of a ``Narrow`` or a unit-step ``Slice`` of an axis ``n`` long, negative
    ends counted from its end (``[:-2]``); None for any other cut or one outside it."""
    if op.type == "Narrow":
        start, length = op.params.get("start"), op.params.get("length")
        if type(start) is not int or type(length) is not int or start < 0 or length <= 0:
            return None
        end = start + length
    else:
        start, end, step = op.params.get("start"), op.params.get("end"), op.params.get("step")
        if step not in (None, 1):
            return None
        if any(v is not None and type(v) is not int for v in (start, end)):
            return None
        start = 0 if start is None else start + n if start < 0 else start
        end = n if end is None else end + n if end < 0 else end
    return (start, end) if 0 <= start < end <= n else None


def _cut_width(cut: tuple[Any, Any], width: int) -> int | None:
    """The width of ``cut`` of a projection ``width`` wide; None where it is not inside."""
    start = cut[0] or 0
    end = width if cut[1] is None else cut[1]
    return end - start if 0 <= start < end <= width else None


def _embedding_table(node: Node, kids: list[Node] | None) -> Item | None:
    """``nn.Embedding`` read from torch's source (no catalogue entry) is a module holding one
    (rows, dim) Parameter; give it the layer type and parameters torch gives it."""
    # nn.Embedding itself, or a subclass that keeps its one table (BART's scaled word
    # embedding, its learned positions): the table is what the weights are
    own_lookup = bool(
        kids and len(kids) == 2 and kids[0].type == "Parameter" and _reads(kids[1], kids[0])
    )
    # whatever the subclass is called (``class Positions(nn.Embedding)``): a module holding
    # one table and looking its own rows up in forward is that table
    if node.type != "Module" or not (
        own_lookup or (node.user_class or "").rsplit(".", 1)[-1].endswith("Embedding")
    ):
        return None
    if own_lookup:
        kids = kids[:1]  # a subclass whose forward calls ``F.embedding`` on its own table
        # (BioGPT's scaled words, its learned positions): the lookup holds no weight of its own
    if not kids or len(kids) != 1 or kids[0].type != "Parameter":
        return None
    shape = kids[0].params.get("shape")
    if not (isinstance(shape, (list, tuple)) and len(shape) == 2):
        return None
    params = {"num_embeddings": shape[0], "embedding_dim": shape[1]}
    shared = next(iter(kids[0].tied.values()), None)
    if shared is not None and not node.tied:  # the table is another's (BART's shared one)
        node = node.model_copy(update={"tied": {"weight": shared}})
    return _leaf(node, "Embedding", params)


def _holder_linear(node: Node, kids: list[Node] | None) -> Item | None:
    """A bare ``nn.Module()`` holding exactly what ``nn.Linear`` holds (a 2-d ``weight``
    [out, in], and a ``bias`` [out] or none), as a functional port builds its parameter tree
    (``parent.add_module(part, nn.Module())`` then ``register_parameter``) and runs it with
    ``F.linear``: the weights are a Linear's, so it pairs with transformers' Linear layer by
    layer, its sizes compared as a Linear's. Not a module of a class of its own (its forward
    may do anything), not a tied weight (another layer's table)."""
    if node.type != "Module" or node.user_class != "torch.nn.Module" or node.tied or not kids:
        return None
    by_name = {(k.name or k.id).rsplit(".", 1)[-1].rsplit("/", 1)[-1]: k for k in kids}
    if len(by_name) != len(kids) or set(by_name) - {"weight", "bias"} or "weight" not in by_name:
        return None
    if any(k.type != "Parameter" or k.tied or k.unresolved for k in kids):
        return None
    shape = by_name["weight"].params.get("shape")
    if not (isinstance(shape, (list, tuple)) and len(shape) == 2):
        return None
    out, inn = shape
    if not all(type(v) is int and v > 0 for v in (out, inn)):
        return None
    bias = by_name.get("bias")
    if bias is not None and list(bias.params.get("shape") or []) != [out]:
        return None
    return _leaf(
        node, "Linear", {"in_features": inn, "out_features": out, "bias": bias is not None}
    )


def _own_layer(kids: list[Node]) -> list[Node]:
    """A subclass of a torch layer whose ``forward`` calls ``super().forward`` (Phi-MoE's
    ``nn.Linear`` router, ConvNeXt's channels-first ``nn.LayerNorm``) is read as its own
    Parameters beside a catalogue layer tied to them (``Flow.torch_module``): one layer, the
    catalogue layer holding those weights, as a plain ``nn.Linear`` / ``nn.LayerNorm`` of the
    same sizes is. Only Parameters of the module itself, read by that one layer and each of
    the shape the catalogue gives that weight."""
    layers = [k for k in kids if k.tied and k.type not in ("Parameter", "Module")]
    if len(layers) != 1:
        return kids
    lay = layers[0]
    shapes = leaf_weights(lay.type, lay.params)
    if not shapes:
        return kids
    by_id = {k.id: k for k in kids if k.type == "Parameter"}
    owned: dict[str, str] = {}
    for wname, target in lay.tied.items():
        pid, _, _ = target.partition(".")
        par = by_id.get(pid)
        if par is None or par.tied:
            return kids
        owned[wname] = pid
    for wname, pid in owned.items():
        want = shapes.get(wname)
        if want is None or list(by_id[pid].params.get("shape") or []) != list(want):
            return kids
    drop = set(owned.values())
    untied = lay.model_copy(update={"tied": {}})
    return [untied if k is lay else k for k in kids if k.id not in drop]


def _reads(op: Node, table: Node) -> bool:
    """``op`` is an embedding lookup of ``table``'s rows (its weight is tied to it)."""
    if op.type != "Embedding" or not op.tied:
        return False
    return all(t.split(".", 1)[0] == table.id for t in op.tied.values())


def _merge_runs(items: list[Item]) -> list[Item]:
    """Consecutive blocks with the same full signature become one block with summed counts,
    except two instances of different classes of the code whose weights are not all known
    (``_blind_pair``)."""
    out: list[Item] = []
    for it in items:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.is_block
            and it.is_block
            and prev.full_sig == it.full_sig
            and not _blind_pair(prev, it)
        ):
            merged = _block(prev.node, prev.children or [], prev.count + it.count)
            merged.copies = prev.copies + it.copies
            out[-1] = merged
        else:
            out.append(it)
    return out


def _blind_pair(x: Item, y: Item) -> bool:
    """``x`` and ``y`` are instances of two different classes of the code (``user_class``)
    and some weight of either has a size we do not know: equal signatures then say only that
    both hold parameters of unknown shape (a final ``RMSNorm`` beside an output projection
    whose width is unknown, each one ``weight``), not that they are copies of one layer.
    Merged, they were a run of two layers, and the model's only repeated block: with the
    real layer stack unreadable it became "3 layers against 2", a confident wrong count (a
    clean Qwen2 port, session 31). Two classes with every weight known merge as before
    (alternating local / global layer classes of one shape)."""
    cx, cy = x.node.user_class, y.node.user_class
    if cx is None or cy is None or cx == cy:
        return False
    return not (_weights_known(x) and _weights_known(y))


def _weights_known(it: Item) -> bool:
    for c in _walk(it.children or []):
        if c.soft or c.is_block:
            continue
        w = leaf_weights(c.ltype, c.params)
        if w is None and c.ltype == "Parameter":
            return False
        if w and not all(type(d) is int for shape in w.values() for d in shape):
            return False
    return True


def _walk(items: list[Item]):
    for it in items:
        yield it
        if it.children:
            yield from _walk(it.children)


def bag_sig(it: Item) -> int | None:
    """A block's weights as a multiset of shapes, nested blocks opened and counted, in no
    order; None where a weight is unknown or none is a matrix (a run of norms says nothing).
    Two writings of one layer register its parts in different orders (a subclass adding
    cross-attention after its parent's norms and MLP, transformers' layer registering each
    norm beside its sublayer) and in different types (an ``nn.RMSNorm`` against a module
    holding one ``weight``, a router ``Linear`` against a bare ``[E, d]`` parameter): the type
    signatures differ, the weights do not. Used only to keep a lone copy of a layer the other
    side repeats a block (``canonicalise``), never to pair or compare."""
    bag: dict[tuple, int] = {}

    def add(items: list[Item], times: int) -> bool:
        for c in items:
            if c.soft:
                continue
            if c.is_block:
                if not add(c.children or [], times * c.count):
                    return False
                continue
            w = leaf_weights(c.ltype, c.params)
            if w is None:
                return False
            for shape in w.values():
                if not all(type(x) is int for x in shape):
                    return False
                key = tuple(shape)
                bag[key] = bag.get(key, 0) + times * c.count
        return True

    if not add(it.children or [], 1) or not any(len(k) >= 2 for k in bag):
        return None
    return hash(("bag", tuple(sorted(bag.items()))))


def rep_sigs(items: list[Item]) -> frozenset[int]:
    """Type signatures (and weight multisets, ``bag_sig``) of every repeated block (count > 1)
    in a canonical sequence."""
    reps = [it for it in _walk(items) if it.is_block and it.count > 1]
    bags = {bag_sig(it) for it in reps} - {None}
    return frozenset(it.type_sig for it in reps) | frozenset(bags)


def canonicalise(left: Graph, right: Graph) -> tuple[list[Item], list[Item]]:
    """Both sides' canonical sequences. A lone block of the same type signature as a block
    either side repeats is a layer too (one global-attention layer among windowed ones, a
    one-layer model against a twelve-layer one): it stays a block with count 1."""
    left, right = fold_pads(left), fold_pads(right)
    ca, cb = Canon(left), Canon(right)
    a, b = ca.run(), cb.run()
    keep = rep_sigs(a) | rep_sigs(b)
    if ca.dissolved & keep:
        a = Canon(left, keep).run()
    if cb.dissolved & keep:
        b = Canon(right, keep).run()
    return _zipped(a, _block_sigs(b)), _zipped(b, _block_sigs(a))


def _block_sigs(items: list[Item]) -> frozenset[int]:
    return frozenset(it.type_sig for it in _walk(items) if it.is_block)


def _zipped(items: list[Item], other: frozenset[int]) -> list[Item]:
    """Two sibling stacks of one length run in step (``for a, f in zip(self.attention,
    self.ffn): x = f(a(x))``, RemBERT's sublayers kept in two lists) against one stack whose
    block holds both sublayers (transformers' ``RemBertLayer``): where two consecutive
    repeated blocks of equal count laid side by side have the type signature of a block the
    other side has, they are that block, repeated as often. The parameters are the same
    either way; without this, the two lists pair with nothing, and one changed layer count
    or width turns into missing and extra blocks. (Two loops one after the other hold the
    same parameters, and weights say nothing of the order the lists run in: the pairing is
    by structure, as the rest of the matcher's.)"""
    out: list[Item] = []
    for it in items:
        if it.children:
            kids = _zipped(it.children, other)
            if kids is not it.children:
                it = _block(it.node, kids, it.count)
        prev = out[-1] if out else None
        if prev is not None and prev.is_block and it.is_block and prev.count == it.count >= 2:
            both = _side_by_side(prev, it, other)
            if both is not None:
                out[-1] = both
                continue
        out.append(it)
    return out if any(a is not b for a, b in zip(out, items)) or len(out) != len(items) else items


def _side_by_side(x: Item, y: Item, other: frozenset[int]) -> Item | None:
    """``x`` and ``y`` (blocks of one count) as one block of that count, in the form the
    other side writes it: each sublayer's parts inline, or a sublayer kept as a block of its
    own (a lone block the other side repeats stays one, ``canonicalise``); None when the
    other side has no block of any of these forms."""
    xs, ys = x.children or [], y.children or []
    xb, yb = _block(x.node, xs, 1), _block(y.node, ys, 1)
    for kids in ([*xs, *ys], [xb, *ys], [*xs, yb], [xb, yb]):
        both = _block(x.node, kids, x.count)
        if both.type_sig in other:
            both.copies = x.copies + y.copies
            return both
    return None


def canonical(graph: Graph) -> list[Item]:
    """One graph's canonical sequence, as ``canonicalise(graph, graph)`` gives it (half the
    work): for the facts a graph states through its layers."""
    c = Canon(graph)
    items = c.run()
    keep = rep_sigs(items)
    return Canon(graph, keep).run() if c.dissolved & keep else items


def walk(items: list[Item]):
    return _walk(items)


QKV_PIECES = 3
"""The pieces a per-head fused axis is cut into by ``split`` or slices to be read as q|k|v.
Only three: two equal halves of a head are what a rotary embedding cuts (``x[..., :half]``,
``x[..., half:]``), which says nothing about a fused projection."""


def _equal_pieces(size: Any, unflattened: Any) -> int | None:
    """How many equal pieces a ``split`` of ``size`` (an int, or listed sections) cuts the
    last axis an ``Unflatten`` made into: ``QKV_PIECES`` where the pieces are that many, equal
    and tiling the axis whole, else None (unequal sections are no per-head q|k|v cut)."""
    if not isinstance(unflattened, (list, tuple)) or not unflattened:
        return None
    width = unflattened[-1]
    if type(width) is not int or width <= 0:
        return None
    if isinstance(size, (list, tuple)):
        if not size or any(type(x) is not int for x in size) or len(set(size)) != 1:
            return None
        size = size[0] if sum(size) == width else None
    if type(size) is not int or size <= 0 or width % size or width // size != QKV_PIECES:
        return None
    return width // size


def _equal_cuts(ops: list[Node | None], axis: int, unflattened: Any) -> int | None:
    """How many equal cuts ``ops`` (each a ``Narrow`` or unit-step ``Slice`` of the per-head
    axis ``axis``) make of it, where they are ``QKV_PIECES`` tiling it whole from 0; None
    otherwise (a cut of another axis, a consumer that is no cut, unequal pieces, a rotary
    embedding's two halves)."""
    if not isinstance(unflattened, (list, tuple)) or not unflattened:
        return None
    width = unflattened[-1]
    if type(width) is not int or width <= 0 or any(op is None for op in ops):
        return None
    cuts = []
    for op in ops:
        if op.type not in ("Narrow", "Slice"):
            return None
        cut = _cut_of(op, axis)
        if cut is None:
            return None
        start, end = cut
        cuts.append((start or 0, width if end is None else min(end, width)))
    cuts.sort()
    end = 0
    for a, b in cuts:
        if a != end or b <= a:
            return None
        end = b
    sizes = {b - a for a, b in cuts}
    if end != width or len(sizes) != 1 or len(cuts) != QKV_PIECES:
        return None
    return len(cuts)
