"""CST: cost and serving, from the cost model (``driftcheck.graph.cost``) and serving facts.

The target GPU is ``options.gpu`` (default H100; ``[tool.driftcheck] gpu = "L4"``).
"""

from __future__ import annotations

from driftcheck.graph.cost import GIB, amount, gpu
from driftcheck.graph.model import Node
from driftcheck.verifier.base import INFO, WARNING, Example, check
from driftcheck.verifier.build import L, facts_only, net, seq
from driftcheck.verifier.context import Context


def _i(v) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def heads(ctx: Context) -> tuple[int | None, int | None]:
    """(heads, kv heads) from the facts, else from the first Attention node."""
    h, kv = _i(ctx.fact("numHeads")), _i(ctx.fact("numKvHeads"))
    if h is None:
        for n in ctx.of_type("Attention"):
            p = ctx.bound(n) or {}
            h, kv = _i(p.get("num_heads")), _i(p.get("num_kv_heads"))
            break
    return h, kv if kv is not None else h


LLAMA7B = {"numLayers": 32, "numHeads": 32, "hiddenSize": 4096, "numParameters": 6_738_415_616}


@check(
    "CST001",
    "weights-exceed-gpu",
    WARNING,
    what="The weights alone do not fit in the target GPU's memory (at the serving dtype).",
    why="The model cannot be loaded on one such GPU; it needs tensor parallelism, offloading "
    "or quantization.",
    fix="Quantize (int8/int4), shard over several GPUs, or pick a larger GPU (`gpu` in "
    "[tool.driftcheck]).",
    valid=[facts_only(**LLAMA7B, numKvHeads=32, maxPositionEmbeddings=4096)],
    invalid=[facts_only(numParameters=70_000_000_000, dtype="bfloat16")],
)
def weights_exceed_gpu(ctx: Context):
    w = ctx.cost.weight_bytes
    g = gpu(ctx.options.gpu)
    if w is not None and w > g.memory_gb * 1e9:
        yield ctx.hit(
            None,
            f"weights need {amount(w, 1e9)} GB in {ctx.cost.dtype}; {g.name} has {g.memory_gb:g} GB",
        )


@check(
    "CST002",
    "kv-cache-exceeds-gpu",
    WARNING,
    what="Weights plus the KV cache at the configured context length exceed the target GPU's "
    "memory budget (`kv_budget_share` of it).",
    why="The server either refuses to start or caps the context / batch far below the "
    "configured length (vLLM: `max_model_len` larger than the KV cache can hold).",
    fix="Lower max_model_len, use GQA (fewer KV heads), quantize the KV cache, or use a "
    "larger GPU.",
    valid=[facts_only(**LLAMA7B, numKvHeads=8, maxPositionEmbeddings=131072)],
    invalid=[facts_only(**LLAMA7B, numKvHeads=32, maxPositionEmbeddings=131072)],
)
def kv_cache_exceeds_gpu(ctx: Context):
    c = ctx.cost
    g = gpu(ctx.options.gpu)
    w, kv = c.weight_bytes, c.kv_bytes()
    budget = ctx.options.threshold("kv_budget_share") * g.memory_gb * 1e9
    if w is None or kv is None or w > g.memory_gb * 1e9:
        return
    if w + kv > budget:
        yield ctx.hit(
            None,
            f"weights {amount(w, 1e9)} GB + KV cache {amount(kv, 1e9)} GB at "
            f"{c.context_length} tokens > {budget / 1e9:.0f} GB usable on {g.name}",
            values={"kv_bytes_per_token": c.kv_bytes_per_token},
        )


@check(
    "CST003",
    "activation-memory-high",
    WARNING,
    what="One forward at the given input shape produces more activation memory than the "
    "threshold (16 GiB by default).",
    why="Training keeps every activation for backward: the step runs out of memory long "
    "before the weights do.",
    fix="Lower the batch or sequence length, use activation checkpointing, or raise "
    "`thresholds.max_activation_gib`.",
    valid=[seq((2, 8), L("Linear", in_features=8, out_features=8))],
    invalid=[seq((2048, 1024, 8192), L("Linear", in_features=8192, out_features=8192))],
)
def activation_memory_high(ctx: Context):
    if not (ctx.hand_built or ctx.options.input_shapes):
        return  # model code declares its inputs at the longest context: judge given shapes only
    limit = ctx.options.threshold("max_activation_gib") * GIB
    act = ctx.cost.activation_bytes
    if act > limit:
        yield ctx.hit(
            None, f"activations of one forward: {amount(act, GIB)} GiB > {limit / GIB:g} GiB"
        )


def _unresolved_linear():
    return net(
        [
            L("Input", "x", shape=[2, 8]),
            Node(
                id="fc",
                type="Linear",
                params={"in_features": 8, "out_features": None},
                unresolved=["out_features"],
            ),
        ],
        ["x->fc"],
        ["fc"],
        origin="source",
    )


@check(
    "CST004",
    "params-unknown",
    INFO,
    what="The parameter count cannot be computed: some layer's size is unresolved or its type "
    "is unknown.",
    why="Memory, fit and latency estimates need the count; they are skipped rather than guessed.",
    fix="Bind the code to a config (`--config config.json`) or resolve the layers the "
    "unresolved-layer findings name.",
    valid=[seq((2, 8), L("Linear", in_features=8, out_features=4))],
    invalid=[_unresolved_linear()],
)
def params_unknown(ctx: Context):
    if ctx.layer_ids and ctx.cost.params is None:
        yield ctx.hit(None, "parameter count unknown; cost estimates skipped")


@check(
    "CST005",
    "context-over-trained",
    WARNING,
    facts=("maxModelLen",),
    what="A server is configured for a longer context than the model was trained for, "
    "without RoPE scaling.",
    why="Positions beyond the trained length were never seen: quality collapses past it "
    "(and learned position tables index out of range).",
    fix="Set max_model_len <= max_position_embeddings, or configure rope_scaling.",
    valid=[facts_only(maxPositionEmbeddings=8192, maxModelLen=8192)],
    invalid=[facts_only(maxPositionEmbeddings=4096, maxModelLen=16384)],
)
def context_over_trained(ctx: Context):
    trained, served = _i(ctx.fact("maxPositionEmbeddings")), _i(ctx.fact("maxModelLen"))
    if trained and served and served > trained and not ctx.fact("ropeScaling"):
        yield ctx.hit(None, f"maxModelLen={served} > maxPositionEmbeddings={trained}")


@check(
    "CST006",
    "tp-not-dividing-heads",
    WARNING,
    facts=("tensorParallelSize",),
    what="The tensor-parallel degree does not divide the number of attention heads.",
    why="Tensor parallelism splits heads across GPUs; vLLM refuses to start (`Total number "
    "of attention heads must be divisible by tensor parallel size`).",
    fix="Use a tensor-parallel size that divides the head count.",
    valid=[facts_only(numHeads=32, numKvHeads=8, tensorParallelSize=4)],
    invalid=[facts_only(numHeads=32, numKvHeads=2, tensorParallelSize=6)],
)
def tp_heads(ctx: Context):
    tp = _i(ctx.fact("tensorParallelSize"))
    h, _ = heads(ctx)
    if tp and tp > 1 and h and h % tp:
        yield ctx.hit(None, f"{h} heads over tensorParallelSize={tp}")


@check(
    "CST007",
    "tp-not-dividing-kv-heads",
    WARNING,
    facts=("tensorParallelSize",),
    what="KV heads and the tensor-parallel degree do not divide one another.",
    why="Each GPU needs whole KV heads (or whole replicas of one); vLLM cannot shard or "
    "replicate them evenly and refuses to start.",
    fix="Use a tensor-parallel size that divides the KV head count or is a multiple of it.",
    valid=[facts_only(numHeads=48, numKvHeads=8, tensorParallelSize=16)],
    invalid=[facts_only(numHeads=48, numKvHeads=12, tensorParallelSize=8)],
)
def tp_kv_heads(ctx: Context):
    tp = _i(ctx.fact("tensorParallelSize"))
    _, kv = heads(ctx)
    if tp and tp > 1 and kv and kv % tp and tp % kv:
        yield ctx.hit(None, f"{kv} KV heads over tensorParallelSize={tp}")


@check(
    "CST008",
    "vocab-not-aligned",
    INFO,
    facts=("vocabSize",),
    what="The vocabulary size is not a multiple of 64.",
    why="The embedding and lm_head matmuls run on tensor cores in tiles; an odd vocabulary "
    "(50257) pads or falls back (nanoGPT got ~25% faster with 50304).",
    fix="Pad the vocabulary to a multiple of 64 (or 128).",
    valid=[facts_only(vocabSize=50304)],
    invalid=[facts_only(vocabSize=50257)],
)
def vocab_not_aligned(ctx: Context):
    v = _i(ctx.fact("vocabSize"))
    if v and v % 64:
        yield ctx.hit(None, f"vocabSize={v} is not a multiple of 64 (next: {-(-v // 64) * 64})")


@check(
    "CST009",
    "hidden-size-not-aligned",
    INFO,
    facts=("hiddenSize",),
    what="The model width is not a multiple of 64.",
    why="Every matmul of the model has the width as one side; tensor-core tiles want "
    "multiples of 64 (at least 8).",
    fix="Prefer widths like 768, 1024, 4096.",
    valid=[facts_only(hiddenSize=768)],
    invalid=[facts_only(hiddenSize=1000)],
)
def hidden_not_aligned(ctx: Context):
    h = _i(ctx.fact("hiddenSize"))
    if h and h % 64:
        yield ctx.hit(None, f"hiddenSize={h} is not a multiple of 64")


@check(
    "CST010",
    "fp32-serving",
    INFO,
    facts=("dtype",),
    what="A serving setup loads the weights in float32.",
    why="Inference in bf16/fp16 is as accurate for nearly all models and halves weight "
    "memory and decode time (decode is bandwidth-bound).",
    fix="Serve in bfloat16 (`--dtype bfloat16`) or float16 on GPUs without bf16.",
    valid=[Example(facts_only(origin="manifest", dtype="bfloat16"))],
    invalid=[Example(facts_only(origin="manifest", dtype="float32"))],
)
def fp32_serving(ctx: Context):
    d = ctx.fact("dtype")
    if (
        ctx.graph.origin.kind == "manifest"
        and isinstance(d, str)
        and d.lower() in ("float32", "fp32", "torch.float32")
    ):
        yield ctx.hit(None, "weights served in float32")


@check(
    "CST011",
    "training-exceeds-gpu",
    INFO,
    what="Full training with Adam (16 bytes per parameter plus activations) does not fit the "
    "target GPU.",
    why="Fine-tuning this model on one such GPU runs out of memory; plan for sharding "
    "(FSDP/ZeRO), LoRA or a smaller model.",
    fix="Use LoRA/QLoRA, optimizer sharding, or more GPUs.",
    valid=[facts_only(numParameters=1_000_000_000)],
    invalid=[facts_only(numParameters=6_000_000_000)],
)
def training_exceeds_gpu(ctx: Context):
    t = ctx.cost.training_bytes
    g = gpu(ctx.options.gpu)
    if (
        t is not None
        and t > g.memory_gb * 1e9
        and (ctx.cost.weight_bytes or 0) <= (g.memory_gb * 1e9)
    ):
        yield ctx.hit(
            None, f"Adam training needs ~{amount(t, 1e9, 0)} GB; {g.name} has {g.memory_gb:g} GB"
        )


CHECKS = [
    weights_exceed_gpu,
    kv_cache_exceeds_gpu,
    activation_memory_high,
    params_unknown,
    context_over_trained,
    tp_heads,
    tp_kv_heads,
    vocab_not_aligned,
    hidden_not_aligned,
    fp32_serving,
    training_exceeds_gpu,
]
