"""Cost model: parameters, MACs, activation / weight / KV / training memory, GPU fit and latency.

Everything is read from the graph and the catalogue; nothing runs. Conventions:
- params: ``graph.params_total()`` (tied weights once); None when a size is unresolved.
- MACs per forward at the inferred input shape: sum of ``spec.mac_count`` over layers, times
  each node's multiplicity (repeated blocks); FLOPs = 2 * MACs. Layers whose MACs cannot be
  known (unknown type or shape) are skipped and counted in ``macs_unknown``.
- activation memory: the sum of every layer output (numel * dtype bytes * multiplicity), which
  is what autograd keeps for backward: an upper bound for inference peak memory.
- weight memory: params * bytes per parameter of the dtype (int4 = 0.5 byte).
- KV cache per token: 2 (K and V) * sum over attention layers of kv_heads * head_dim * bytes
  (= 2 * layers * kv_heads * head_dim * bytes for a uniform stack); MLA caches its compressed
  latent (kv_lora_rank + rope dim) once. Without attention nodes the facts are used.
- training memory with Adam (mixed precision): 16 bytes per parameter (bf16 weights 2 + bf16
  grads 2 + fp32 master copy 4 + Adam m and v 8) plus activations.
- decode time per token (roofline): max((weight bytes + KV bytes) / HBM bandwidth,
  2 * params * batch / peak FLOPs): small-batch decoding reads every weight once per token,
  so it is memory-bound until the batch is large.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from driftcheck.graph.catalogue.spec import Shape, numel
from driftcheck.graph.cost_counts import (  # noqa: F401 - re-exported (cost's public API)
    CACHED,
    HOLD_NOTHING,
    _int,
    count_params,
    kv_per_token_elems,
)
from driftcheck.graph.prepared import _counted, layer_spec
from driftcheck.graph.shapes import Prepared, bind_cached
from driftcheck.speed import Speed, current

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph, Node
    from driftcheck.graph.shapes import ShapeResult

GIB = 1024**3


def per(n: float, unit: float) -> float:
    """``n / unit``, or infinity when the quotient is past a float (a byte or FLOP count of a
    graph with absurd sizes is an exact int of hundreds of digits: ``n / 1e9`` would raise
    OverflowError)."""
    try:
        return n / unit
    except OverflowError:
        return float("inf") if n > 0 else float("-inf")


def times(n: float, k: float) -> float:
    """``n * k``, or infinity when a huge exact int times a fractional float (0.5 bytes a
    parameter in int4) is past a float."""
    try:
        return n * k
    except OverflowError:
        return float("inf") if (n > 0) == (k > 0) else float("-inf")


def amount(n: float, unit: float, digits: int = 1) -> str:
    """``n / unit`` written with ``digits`` decimals, or ``more than 1e308`` when past a
    float (see ``per``): a message never raises on a huge count."""
    v = per(n, unit)
    return f"{v:.{digits}f}" if abs(v) != float("inf") else "more than 1e308"


DTYPE_BYTES: dict[str, float] = {
    "float64": 8,
    "float32": 4,
    "tf32": 4,
    "bfloat16": 2,
    "float16": 2,
    "fp8": 1,
    "float8_e4m3fn": 1,
    "float8_e5m2": 1,
    "int8": 1,
    "uint8": 1,
    "int4": 0.5,
    "nf4": 0.5,
    "fp4": 0.5,
}
_DTYPE_ALIASES = {
    "fp32": "float32",
    "f32": "float32",
    "bf16": "bfloat16",
    "fp16": "float16",
    "half": "float16",
    "f16": "float16",
    "float": "float32",
    "double": "float64",
    "e4m3": "float8_e4m3fn",
    "q8_0": "int8",
    "q4_0": "int4",
    "q4_k_m": "int4",
    "awq": "int4",
    "gptq": "int4",
}


@dataclass(frozen=True)
class GPU:
    name: str
    memory_gb: float
    bandwidth_gbs: float
    bf16_tflops: float
    source: str


# Vendor datasheet figures (dense tensor-core throughput, no sparsity):
# - T4: NVIDIA T4 datasheet: 16 GB GDDR6, 320 GB/s, 65 FP16 TFLOPS (T4 has no bf16; fp16 used).
# - L4: NVIDIA L4 datasheet: 24 GB GDDR6, 300 GB/s, 121 BF16 TFLOPS (242 with sparsity).
# - A10G: NVIDIA A10 datasheet (A10G is AWS's variant of A10): 24 GB GDDR6, 600 GB/s,
#   125 BF16 TFLOPS (250 with sparsity); AWS's A10G runs at lower clocks, so this is a ceiling.
# - A100: NVIDIA A100 datasheet, 80 GB SXM: 2,039 GB/s HBM2e, 312 BF16 TFLOPS.
# - H100: NVIDIA H100 datasheet, SXM: 80 GB HBM3, 3.35 TB/s, 989 BF16 TFLOPS (1,979 sparse).
# - H200: NVIDIA H200 datasheet, SXM: 141 GB HBM3e, 4.8 TB/s, 989 BF16 TFLOPS.
GPUS: dict[str, GPU] = {
    g.name: g
    for g in (
        GPU("T4", 16, 320, 65, "NVIDIA T4 datasheet (fp16)"),
        GPU("L4", 24, 300, 121, "NVIDIA L4 datasheet"),
        GPU("A10G", 24, 600, 125, "NVIDIA A10 datasheet"),
        GPU("A100", 80, 2039, 312, "NVIDIA A100 80GB SXM datasheet"),
        GPU("H100", 80, 3350, 989, "NVIDIA H100 SXM datasheet"),
        GPU("H200", 141, 4800, 989, "NVIDIA H200 SXM datasheet"),
    )
}


def dtype_bytes(dtype: str | None) -> float:
    """Bytes per element; unknown names fall back to bfloat16's 2 (and the caller can say so)."""
    if not dtype:
        return 2
    d = str(dtype).lower().removeprefix("torch.")
    d = _DTYPE_ALIASES.get(d, d)
    return DTYPE_BYTES.get(d, 2)


def known_dtype(dtype: str) -> bool:
    d = str(dtype).lower().removeprefix("torch.")
    return _DTYPE_ALIASES.get(d, d) in DTYPE_BYTES


def gpu(name: str) -> GPU:
    g = GPUS.get(name)  # the exact name (checks ask on every run); else case-insensitive
    if g is not None:
        return g
    from driftcheck.errors import DriftcheckError

    for k, g in GPUS.items():
        if k.lower() == name.lower():
            return g
    raise DriftcheckError(f"unknown GPU {name!r} (known: {', '.join(GPUS)})")


@dataclass
class Fit:
    gpu: str
    fits: bool
    need_gb: float
    memory_gb: float
    decode_ms_per_token: float | None
    bound: str  # "memory" or "compute"


@dataclass
class Cost:
    params: int | None
    macs: int
    macs_unknown: int
    activation_bytes: int
    dtype: str
    bytes_per_param: float
    kv_bytes_per_token: float | None
    context_length: int | None
    batch_size: int
    per_layer_macs: dict[str, int] = field(default_factory=dict)

    @property
    def flops(self) -> int:
        return 2 * self.macs

    @property
    def weight_bytes(self) -> float | None:
        return None if self.params is None else times(self.params, self.bytes_per_param)

    def weight_bytes_as(self, dtype: str) -> float | None:
        return None if self.params is None else times(self.params, dtype_bytes(dtype))

    def kv_bytes(self, context: int | None = None, batch: int | None = None) -> float | None:
        ctx = context if context is not None else self.context_length
        if self.kv_bytes_per_token is None or ctx is None:
            return None
        return self.kv_bytes_per_token * ctx * (batch or self.batch_size)

    @property
    def training_bytes(self) -> float | None:
        """Adam, mixed precision: 16 bytes per parameter plus the activations."""
        return None if self.params is None else 16 * self.params + self.activation_bytes

    def fit(self, name: str, context: int | None = None) -> Fit:
        g = gpu(name)
        w = self.weight_bytes or 0
        kv = self.kv_bytes(context) or 0
        need = w + kv
        mem_s = per(need, g.bandwidth_gbs * 1e9)
        flop_s = per(2 * (self.params or 0) * self.batch_size, g.bf16_tflops * 1e12)
        ms = None if self.params is None else 1000 * max(mem_s, flop_s)
        return Fit(
            g.name,
            need <= g.memory_gb * 1e9,
            per(need, 1e9),
            g.memory_gb,
            ms,
            "memory" if mem_s >= flop_s else "compute",
        )

    def summary(self) -> dict[str, Any]:
        return {
            "params": self.params,
            "macs": self.macs,
            "flops": self.flops,
            "macs_unknown_layers": self.macs_unknown,
            "activation_bytes": self.activation_bytes,
            "dtype": self.dtype,
            "weight_bytes": self.weight_bytes,
            "weight_bytes_by_dtype": {
                d: self.weight_bytes_as(d) for d in ("float32", "bfloat16", "int8", "int4")
            },
            "kv_bytes_per_token": self.kv_bytes_per_token,
            "context_length": self.context_length,
            "kv_bytes": self.kv_bytes(),
            "training_bytes_adam": self.training_bytes,
            "gpus": {k: vars(self.fit(k)) for k in GPUS},
        }


_NOT_PRICED = (None, 0)


# ``Stores.prices`` of the Speed in force (its ``prices`` switch):
"""(type, params key, ``repr`` of the inputs and of the output, bytes per element) -> the
price of a layer, across runs: it is a pure function of those (``repr`` is type-exact, so
``(True, 4)`` never answers for ``(1, 4)``). Bounded: cleared when it grows past 100,000."""


def _price(
    node: Node,
    rule_key: tuple,
    out: Shape,
    bpp: float,
    text: tuple | None = None,
    speed: Speed | None = None,
) -> tuple[int | None, int] | None:
    """(MACs or None, activation bytes) of one layer on its inputs; None when the type is
    not a catalogue layer (a block: its MACs are unknown and its output is not counted).
    ``text``: the shape walk's exact key of the verdict that gave ``out`` (which it fixes)."""
    t, key, ins = rule_key
    if type(key) is not str:  # a params key that is not exact text: priced every time
        return _price_now(node, rule_key, out, bpp, speed)
    try:
        k = (text, bpp, type(bpp)) if text else (t, key, repr(ins), repr(out), bpp, type(bpp))
    except (RecursionError, ValueError):
        return _price_now(node, rule_key, out, bpp, speed)
    sp = speed or current()
    if not sp.prices:
        return _price_now(node, rule_key, out, bpp, speed)
    memo = sp.stores.prices
    hit = memo.get(k, _NOT_PRICED)
    if hit is _NOT_PRICED:
        if len(memo) >= 100_000:
            memo.clear()
        hit = memo[k] = _price_now(node, rule_key, out, bpp, speed)
    return hit


def _price_now(
    node: Node, rule_key: tuple, out: Shape, bpp: float, speed: Speed | None = None
) -> tuple[int | None, int] | None:
    t, key, ins = rule_key
    spec = layer_spec(t, speed)
    if spec is None:
        return None
    try:
        a = int((numel(out) or 0) * bpp)
    except OverflowError:  # an exact int past a float, times a fractional byte width
        # imported here, not with the module: ``fractions`` pulls in ``decimal``, a cost every
        # ``check`` process paid at start-up for a branch almost none takes
        from fractions import Fraction

        a = int((numel(out) or 0) * Fraction(bpp))
    try:
        bound = bind_cached(spec, node.params, key, speed)
        return int(spec.macs(bound, list(ins), out)), a  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - a MAC rule that cannot handle symbols: unknown
        return None, a


def _price_all(prep: Prepared, shapes: ShapeResult, bpp: float) -> tuple[int, int, int, dict]:
    """(MACs, layers of unknown MACs, activation bytes, MACs by node) of a graph without
    repeats: each distinct rule key is priced once and counted by how many nodes share it
    (C-level counting; the sums are those of a per-node loop)."""
    rule_keys, incoming = shapes.rule_keys, prep.sources
    ids: dict[str, Any] = shapes.rule_ids  # equal rule keys, equal small ints: cheap to hash
    if len(ids) != len(rule_keys):  # a key that cannot be hashed (no id): count the keys
        ids = rule_keys
    sp = prep.speed
    lean = sp.verify_lean
    copies = _counted(ids.values()) if lean else Counter(ids.values())
    first = dict(zip(reversed(ids.values()), reversed(ids.keys())))
    macs = unknown = act = 0
    mac_of: dict[Any, int | None] = {}
    texts = shapes.rule_texts if ids is shapes.rule_ids else None
    # ``verify_lean``: a price already in the memo under the walk's exact key is read here
    # (``_price``'s own lookup, without the call); anything else goes through ``_price``
    prices = sp.stores.prices if lean and sp.prices and texts else None
    for rid, n in copies.items():
        nid = first[rid]
        text = texts[rid] if texts else None
        hit = _NOT_PRICED
        if prices is not None and text and type(rule_keys[nid][1]) is str:
            hit = prices.get((text, bpp, type(bpp)), _NOT_PRICED)
        if hit is _NOT_PRICED:
            hit = _price(prep.index[nid], rule_keys[nid], shapes.shapes[nid], bpp, text, sp)
        if hit is None:  # not a catalogue layer: its MACs unknown where it is on the dataflow
            unknown += sum(1 for i, k in ids.items() if k == rid and i in incoming)
            mac_of[rid] = None
            continue
        m, a = hit
        act += a * n
        mac_of[rid] = m
        if m is None:
            unknown += n
        else:
            macs += m * n
    # layers that got no shape, on the dataflow: unknown too
    shapeless = set(incoming).difference(rule_keys)
    for t in HOLD_NOTHING:
        shapeless.difference_update(n.id for n in prep.by_type.get(t, ()))
    unknown += len(shapeless)
    per_layer = dict(zip(ids, map(mac_of.__getitem__, ids.values())))
    if None in mac_of.values():
        per_layer = {k: v for k, v in per_layer.items() if v is not None}
    return macs, unknown, act, per_layer


FLAT_PATH: bool | None = None
"""``estimate`` of a flat graph (no repeats, no parents, ids unique, every edge forward, no
tied weights, no unresolved attributes: the gym's graphs, most hand-built ones) read in one
pass over its nodes (``_estimate_flat``) when every price and count it needs is already in
the cross-run memos: each priced rule's (MACs, activation bytes) read by the shape walk's
exact key, each leaf's parameter count by (type, params key), summed node by node, instead of
grouping the nodes by rule id and by (type, params key) first. Integer sums, so the order
changes nothing; anything else (a memo miss, a layer of unknown MACs or no catalogue price, a
count that is not an int, a key that is not text, no layer at all) takes the general path,
which decides as before. About 10 us of a 7-node graph's ~26 us estimate (measured on the
gym's 1,714 never-seen graphs of seed 1, identical ``Cost``s). The ``Speed`` in force decides
(``verify_lean``: DRIFTCHECK_SPEED_OFF=verify_lean); True or False here overrides it
(``cost.FLAT_PATH = False``); tests prove identical costs, reports and grades."""
_TEXT = frozenset({str})
_UNSEEN: Any = object()


def _cost(
    graph: Graph,
    prep: Prepared,
    dt: Any,
    bpp: float,
    params: int | None,
    priced: tuple[int, int, int, dict[str, int]],
    context_length: int | None,
    batch_size: int,
) -> Cost:
    """The ``Cost`` both paths return: their sums, with KV bytes and the context length read
    off the graph the same way."""
    macs, unknown, act, per_layer = priced
    kv = kv_per_token_elems(graph, prepared=prep)
    ctx = (
        context_length
        or _int(graph.fact("maxModelLen"))
        or _int(graph.fact("maxPositionEmbeddings"))
    )
    return Cost(
        params=params,
        macs=macs,
        macs_unknown=unknown,
        activation_bytes=act,
        dtype=str(dt),
        bytes_per_param=bpp,
        kv_bytes_per_token=None if kv is None else times(kv, bpp),
        context_length=ctx,
        batch_size=batch_size,
        per_layer_macs=per_layer,
    )


def _estimate_flat(
    graph: Graph,
    dtype: str | None,
    context_length: int | None,
    batch_size: int,
    shapes: ShapeResult,
    prep: Prepared,
) -> Cost | None:
    """``estimate``'s ``Cost`` of a flat graph from the memos alone, or None (not flat, or
    something not remembered: the general path then)."""
    sp = prep.speed
    rule_keys, rule_ids, texts = shapes.rule_keys, shapes.rule_ids, shapes.rule_texts
    if (
        prep.repeated
        or prep.has_kids
        or not prep.forward
        or len(prep.index) != len(prep.ids)
        or len(rule_ids) != len(rule_keys)
        or not texts
        or not (sp.prices and sp.counts)
        or not _TEXT.issuperset(map(type, prep.key_list))
        or prep.with_field("unresolved")
        or prep.with_field("tied")
    ):
        return None
    dt = dtype or graph.fact("dtype") or "bfloat16"
    bpp = dtype_bytes(dt)
    prices, counts = sp.stores.prices, sp.stores.counts
    tb = type(bpp)
    mac_of: dict[int, tuple] = {}
    macs = act = 0
    per_layer: dict[str, int] = {}
    for nid, rid in rule_ids.items():  # node order: the general path's ``per_layer`` order
        hit = mac_of.get(rid)
        if hit is None:
            text = texts[rid]
            if not text or type(rule_keys[nid][1]) is not str:
                return None
            hit = prices.get((text, bpp, tb))
            if hit is None or type(hit[0]) is not int or type(hit[1]) is not int:
                return None  # not priced yet, no catalogue price, or MACs unknown
            mac_of[rid] = hit
        m, a = hit
        macs += m
        act += a
        per_layer[nid] = m
    unknown = 0
    params: int | None = 0
    layers = False
    sources = prep.sources
    for nid, t, pk in zip(prep.ids, prep.types, prep.key_list):
        if t in HOLD_NOTHING:
            continue
        layers = True
        if nid in sources and nid not in rule_keys:
            unknown += 1  # on the dataflow without a shape: its MACs unknown
        c = counts.get((t, pk), _UNSEEN)
        if c is None:
            params = None
        elif type(c) is not int:
            return None  # not counted yet (or not an int: the general path's own sum)
        elif params is not None:
            params += c
    if not layers:
        return None  # a config or manifest: its claimed count (the general path)
    return _cost(
        graph, prep, dt, bpp, params, (macs, unknown, act, per_layer), context_length, batch_size
    )


def estimate(
    graph: Graph,
    input_shapes: Mapping[str, Shape] | None = None,
    dtype: str | None = None,
    context_length: int | None = None,
    batch_size: int = 1,
    shapes: ShapeResult | None = None,
    prepared: Prepared | None = None,
    speed: Speed | None = None,
) -> Cost:
    prep = prepared or Prepared(graph, speed)
    if shapes is None:
        from driftcheck.graph.shapes import infer_shapes

        shapes = infer_shapes(graph, input_shapes, prep)
    if not prep.repeated and (prep.speed.verify_lean if FLAT_PATH is None else FLAT_PATH):
        flat = _estimate_flat(graph, dtype, context_length, batch_size, shapes, prep)
        if flat is not None:
            return flat
    dt = dtype or graph.fact("dtype") or "bfloat16"
    bpp = dtype_bytes(dt)
    macs = unknown = act = 0
    per_layer: dict[str, int] = {}
    incoming = prep.sources
    known = shapes.shapes
    rule_keys, rule_ids, texts = shapes.rule_keys, shapes.rule_ids, shapes.rule_texts
    mult = prep.multiplicity if prep.repeated else None
    index = prep.index
    priced: dict[Any, Any] = {}  # rule id (else key) -> (MACs, activation bytes) or None
    if not prep.repeated:
        macs, unknown, act, per_layer = _price_all(prep, shapes, bpp)
    for nid, t in zip(prep.ids if prep.repeated else (), prep.types):
        if t == "Input" or t == "Module":
            continue
        rk = rule_keys.get(nid)
        if rk is None:  # no shape (a Module-like block with a shape has no catalogue spec)
            unknown += nid in incoming
            continue
        rid = rule_ids.get(nid)
        at = rk if rid is None else rid
        hit = priced.get(at, _NOT_PRICED)
        if hit is _NOT_PRICED:
            text = None if rid is None else texts[rid]
            hit = priced[at] = _price(index[nid], rk, known[nid], bpp, text, prep.speed)
        if hit is None:  # not a catalogue layer
            unknown += nid in incoming
            continue
        m, a = hit
        k = mult(index[nid]) if mult else 1
        act += a * k
        if m is None:
            unknown += 1
            continue
        macs += m * k
        per_layer[nid] = m * k
    params = count_params(graph, prep)
    if not any(t not in HOLD_NOTHING for t in prep.by_type):
        params = _int(graph.fact("numParameters"))  # a config or manifest: its claimed count
    return _cost(
        graph, prep, dt, bpp, params, (macs, unknown, act, per_layer), context_length, batch_size
    )
