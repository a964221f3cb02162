"""CFG: a config's own values: rope scaling, windows, epsilons, sizes, dtypes."""

from __future__ import annotations

from driftcheck.graph.cost import known_dtype
from driftcheck.verifier.base import INFO, WARNING, check
from driftcheck.verifier.build import facts_only
from driftcheck.verifier.context import Context


def _i(v) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


@check(
    "CFG010",
    "rope-scaling-invalid",
    WARNING,
    facts=("ropeScaling",),
    what="rope_scaling lacks its type or has a factor below 1.",
    why="transformers validates rope_scaling when it builds the rotary embedding and rejects "
    "a missing type or a factor < 1 (or silently ignores the dict).",
    fix='Write {"rope_type": "linear" | "dynamic" | "yarn" | "llama3", "factor": >= 1, ...}.',
    valid=[facts_only(ropeScaling={"rope_type": "linear", "factor": 2.0})],
    invalid=[
        facts_only(ropeScaling={"factor": 2.0}),
        facts_only(ropeScaling={"rope_type": "linear", "factor": 0.5}),
    ],
)
def rope_scaling_invalid(ctx: Context):
    rs = ctx.fact("ropeScaling")
    if not isinstance(rs, dict):
        return
    kind = rs.get("rope_type", rs.get("type"))
    factor = rs.get("factor")
    if kind is None:
        yield ctx.hit(None, "ropeScaling has no rope_type / type")
    elif kind != "default" and isinstance(factor, (int, float)) and factor < 1:
        yield ctx.hit(None, f"ropeScaling factor={factor} < 1")


@check(
    "CFG011",
    "sliding-window-over-context",
    INFO,
    facts=("slidingWindow",),
    what="The sliding attention window is at least as long as the trained context.",
    why="The window never slides: the model behaves as full attention, and the cost savings "
    "the config suggests do not exist.",
    fix="Drop sliding_window, or set it below max_position_embeddings.",
    valid=[facts_only(slidingWindow=4096, maxPositionEmbeddings=32768)],
    invalid=[facts_only(slidingWindow=32768, maxPositionEmbeddings=32768)],
)
def sliding_window(ctx: Context):
    w, m = _i(ctx.fact("slidingWindow")), _i(ctx.fact("maxPositionEmbeddings"))
    if w and m and w >= m:
        yield ctx.hit(None, f"slidingWindow={w} >= maxPositionEmbeddings={m}")


@check(
    "CFG012",
    "config-norm-eps-range",
    WARNING,
    facts=("normEps",),
    what="The config's norm epsilon is zero, negative or unusually large.",
    why="eps <= 0 gives NaN on constant inputs; a large eps changes every normalized value "
    "relative to training.",
    fix="Use the trained value (1e-5 / 1e-6).",
    valid=[facts_only(normEps=1e-6)],
    invalid=[facts_only(normEps=0.0), facts_only(normEps=0.1)],
)
def config_norm_eps(ctx: Context):
    eps = ctx.fact("normEps")
    limit = ctx.options.threshold("max_norm_eps")
    if isinstance(eps, (int, float)) and not isinstance(eps, bool) and (eps <= 0 or eps > limit):
        yield ctx.hit(None, f"normEps={eps}")


SIZES = (
    "numLayers",
    "hiddenSize",
    "numHeads",
    "numKvHeads",
    "headDim",
    "intermediateSize",
    "vocabSize",
    "maxPositionEmbeddings",
    "numExperts",
)


@check(
    "CFG013",
    "nonpositive-size",
    WARNING,
    facts=SIZES,
    what="A size in the config (layers, width, heads, vocabulary ...) is zero, negative or not "
    "an integer.",
    why="The model built from it is empty or cannot be built (negative sizes raise).",
    fix="Fill in the size.",
    valid=[facts_only(numLayers=12, hiddenSize=768)],
    invalid=[facts_only(numLayers=0, hiddenSize=768), facts_only(hiddenSize=768.5)],
)
def nonpositive_size(ctx: Context):
    for key in SIZES:
        v = ctx.fact(key)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            yield ctx.hit(None, f"{key}={v!r} is not a positive integer")


@check(
    "CFG014",
    "head-dim-inconsistent",
    INFO,
    facts=("headDim",),
    what="headDim * numHeads differs from hiddenSize.",
    why="Legal (Gemma uses 256 * 8 > 2048), but unusual enough that a copied config often "
    "carries a stale head_dim.",
    fix="Confirm head_dim against the checkpoint's q_proj shape.",
    valid=[facts_only(hiddenSize=4096, numHeads=32, headDim=128)],
    invalid=[facts_only(hiddenSize=4096, numHeads=32, headDim=64)],
)
def head_dim_inconsistent(ctx: Context):
    h, heads, hd = (_i(ctx.fact(k)) for k in ("hiddenSize", "numHeads", "headDim"))
    if h and heads and hd and heads * hd != h:
        yield ctx.hit(None, f"headDim={hd} * numHeads={heads} = {hd * heads} != hiddenSize={h}")


@check(
    "CFG015",
    "dtype-unknown",
    INFO,
    facts=("dtype",),
    what="The dtype is not one driftcheck knows; memory estimates assume 2 bytes per value.",
    why="Weight and KV memory scale with the dtype; an unknown name makes them guesses.",
    fix="Use a torch dtype name (bfloat16, float16, float32, int8 ...).",
    valid=[facts_only(dtype="bfloat16")],
    invalid=[facts_only(dtype="bfloat17")],
)
def dtype_unknown(ctx: Context):
    d = ctx.fact("dtype")
    if isinstance(d, str) and d.lower() != "auto" and not known_dtype(d):
        yield ctx.hit(None, f"dtype {d!r} is unknown")


CHECKS = [
    rope_scaling_invalid,
    sliding_window,
    config_norm_eps,
    nonpositive_size,
    head_dim_inconsistent,
    dtype_unknown,
]
