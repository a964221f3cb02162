"""CFG: model-level facts (from a config, a manifest or the code's defaults) against each other
and against the layers of the same graph.

Layer counts, widths and head counts are compared with the facts only in graphs where both
describe the same stack (graph JSON, gym edits, configs): model code is bound to its own
config, so there a disagreement is the analyzer seeing part of a multi-tower model (a vision
pooling head next to a text decoder of custom attention); drift between code and config is
``driftcheck compare``'s job.

A fact that disagrees with a layer is a warning: one of the two is stale, and driftcheck does
not decide which. A facts-only graph (a config) gets the blockers its layers would have had.
"""

from __future__ import annotations

from driftcheck.graph.prepared import block_spec
from driftcheck.verifier.base import BLOCKER, WARNING, check
from driftcheck.verifier.build import L, facts_only, seq
from driftcheck.verifier.context import Context

ATTN = ("Attention", "MultiheadAttention", "CausalSelfAttention", "MultiHeadLatentAttention")
WIDTH = {
    "Attention": "hidden_size",
    "MultiheadAttention": "embed_dim",
    "CausalSelfAttention": "n_embd",
    "MultiHeadLatentAttention": "hidden_size",
}
HEADS = {
    "Attention": "num_heads",
    "MultiheadAttention": "num_heads",
    "CausalSelfAttention": "n_head",
    "MultiHeadLatentAttention": "num_heads",
}


def _i(v) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _att(h=64, heads=4, kv=None, repeat=1):
    return L("Attention", hidden_size=h, num_heads=heads, num_kv_heads=kv, repeat=repeat)


def _model(facts, h=64, heads=4, kv=None, layers=2):
    return seq((2, 5, h), _att(h, heads, kv, layers), facts=facts)


def _compare(ctx: Context, fact: str, types: dict[str, str] | tuple, param: str | None = None):
    """Layers whose attribute differs from the fact, when the layers agree among themselves.

    A model with two stacks (a vision tower and a text decoder) has two widths and one
    ``hiddenSize``: which stack the fact describes is not ours to guess, so nothing is said."""
    want = _i(ctx.fact(fact))
    if want is None:
        return
    pairs = types.items() if isinstance(types, dict) else ((t, param) for t in types)
    got: list[tuple] = []
    for t, key in pairs:
        for n in ctx.of_type(t):
            v = _i((ctx.bound(n) or {}).get(key))
            if v is not None:
                got.append((n, key, v))
    if len({v for _, _, v in got}) != 1:
        return
    for n, key, v in got:
        if v != want:
            yield ctx.hit(
                n, f"{ctx.where(n)}.{key}={v} but {fact}={want}", values={"layer": v, "fact": want}
            )


def layer_count(ctx: Context) -> int | None:
    """Decoder layers in the graph: catalogue blocks if any, else attention layers."""
    blocks = [n for n in ctx.graph.nodes if block_spec(n.type) is not None]
    nodes = blocks or ctx.of_type(*ATTN)
    if not nodes:
        return None
    return sum(ctx.multiplicity(n) for n in nodes)


@check(
    "CFG001",
    "layer-count-mismatch",
    WARNING,
    facts=("numLayers",),
    what="numLayers (num_hidden_layers) differs from the number of decoder layers in the graph.",
    why="A checkpoint saved with one count does not load into the other; a config that says 32 "
    "over code that builds 24 makes every cost estimate wrong.",
    fix="Make the code build config.num_hidden_layers layers (or fix the config).",
    valid=[_model({"numLayers": 2})],
    invalid=[_model({"numLayers": 3})],
)
def layer_count_mismatch(ctx: Context):
    if ctx.from_source:
        return  # code bound to its own config: a gap here is the analyzer's view (see doc)
    want = _i(ctx.fact("numLayers"))
    if want is None or ctx.fact("numEncoderLayers") is not None:
        return
    widths = {(ctx.bound(n) or {}).get(WIDTH[n.type]) for n in ctx.of_type(*ATTN)}
    if len(widths) > 1:
        return  # two stacks (vision and text): which one the fact counts is not ours to guess
    got = layer_count(ctx)
    if got is not None and got != want:
        yield ctx.hit(
            None,
            f"graph has {got} decoder layers but numLayers={want}",
            values={"graph": got, "fact": want},
        )


@check(
    "CFG002",
    "hidden-size-mismatch",
    WARNING,
    facts=("hiddenSize",),
    what="hiddenSize differs from an attention layer's width.",
    why="The residual stream has one width; a layer built for another one does not match its "
    "neighbours or the checkpoint.",
    fix="Build every layer from config.hidden_size.",
    valid=[_model({"hiddenSize": 64})],
    invalid=[_model({"hiddenSize": 128})],
)
def hidden_size_mismatch(ctx: Context):
    if ctx.from_source:
        return
    yield from _compare(ctx, "hiddenSize", WIDTH)


@check(
    "CFG003",
    "heads-mismatch",
    WARNING,
    facts=("numHeads",),
    what="numHeads differs from an attention layer's head count.",
    why="Head count decides head_dim and the weight layout; a checkpoint from the config's "
    "count loads with wrong shapes.",
    fix="Build attention from config.num_attention_heads.",
    valid=[_model({"numHeads": 4})],
    invalid=[_model({"numHeads": 8})],
)
def heads_mismatch(ctx: Context):
    if ctx.from_source:
        return
    yield from _compare(ctx, "numHeads", HEADS)


@check(
    "CFG004",
    "kv-heads-mismatch",
    WARNING,
    facts=("numKvHeads",),
    what="numKvHeads differs from an attention layer's KV head count.",
    why="k_proj and v_proj have num_kv_heads * head_dim rows; a mismatch fails to load the "
    "checkpoint and changes the KV cache size.",
    fix="Build attention from config.num_key_value_heads.",
    valid=[_model({"numKvHeads": 2}, kv=2)],
    invalid=[_model({"numKvHeads": 2}, kv=4)],
)
def kv_heads_mismatch(ctx: Context):
    if ctx.from_source:
        return
    want = _i(ctx.fact("numKvHeads"))
    if want is None:
        return
    got = []
    for n in ctx.of_type("Attention"):
        p = ctx.bound(n) or {}
        v = _i(p.get("num_kv_heads")) or _i(p.get("num_heads"))
        if v is not None:
            got.append((n, v))
    if len({v for _, v in got}) != 1:
        return  # stacks that disagree among themselves: not ours to pick one
    for n, v in got:
        if v != want:
            yield ctx.hit(n, f"{ctx.where(n)} has {v} KV heads but numKvHeads={want}")


def _emb_model(facts, v=100):
    return seq(
        (2, 5),
        L("Embedding", num_embeddings=v, embedding_dim=8),
        dtype="int64",
        facts=facts,
        origin="source",
    )


@check(
    "CFG005",
    "vocab-size-mismatch",
    WARNING,
    facts=("vocabSize",),
    what="vocabSize differs from the embedding table's row count.",
    why="Token ids index the table: a smaller table crashes on high ids, a larger one does not "
    "load the checkpoint.",
    fix="Build the embedding from config.vocab_size.",
    valid=[_emb_model({"vocabSize": 100})],
    invalid=[_emb_model({"vocabSize": 120})],
)
def vocab_size_mismatch(ctx: Context):
    want = _i(ctx.fact("vocabSize"))
    tables = [(n, _i((ctx.bound(n) or {}).get("num_embeddings"))) for n in ctx.of_type("Embedding")]
    tables = [(n, v) for n, v in tables if v is not None]
    if want is None or not tables:
        return
    # the token table is the largest one (position and token-type tables are small)
    n, v = max(tables, key=lambda t: t[1])
    if v != want:
        yield ctx.hit(
            n,
            f"{ctx.where(n)}.num_embeddings={v} but vocabSize={want}",
            values={"layer": v, "fact": want},
        )


@check(
    "CFG006",
    "intermediate-size-mismatch",
    WARNING,
    facts=("intermediateSize",),
    what="intermediateSize differs from an MLP's inner width.",
    why="The MLP holds most of the parameters: the count and the checkpoint both disagree.",
    fix="Build the MLP from config.intermediate_size.",
    valid=[
        seq(
            (2, 16),
            L("GatedMLP", hidden_size=16, intermediate_size=48),
            facts={"intermediateSize": 48},
            origin="source",
        )
    ],
    invalid=[
        seq(
            (2, 16),
            L("GatedMLP", hidden_size=16, intermediate_size=48),
            facts={"intermediateSize": 64},
            origin="source",
        )
    ],
)
def intermediate_size_mismatch(ctx: Context):
    yield from _compare(ctx, "intermediateSize", ("GatedMLP", "MLP"), "intermediate_size")


@check(
    "CFG007",
    "tokenizer-exceeds-vocab",
    WARNING,
    facts=("tokenizerVocabSize",),
    what="The tokenizer knows more tokens than the embedding has rows.",
    why="The first prompt that produces a high token id raises `IndexError: index out of "
    "range in self` inside the embedding.",
    fix="resize_token_embeddings(len(tokenizer)) after adding tokens, and save the config.",
    valid=[facts_only(vocabSize=32000, tokenizerVocabSize=32000)],
    invalid=[facts_only(vocabSize=32000, tokenizerVocabSize=32002)],
)
def tokenizer_exceeds_vocab(ctx: Context):
    v, t = _i(ctx.fact("vocabSize")), _i(ctx.fact("tokenizerVocabSize"))
    if v and t and t > v:
        yield ctx.hit(None, f"tokenizerVocabSize={t} > vocabSize={v}")


def _facts_only_attention(ctx: Context) -> bool:
    """The heads facts are the only word on attention: no attention layer or decoder block
    in the graph, and the facts come from a config or manifest. (Facts the source parser
    records can mix sub-configs, as SAM's vision width with its mask decoder's heads.)"""
    if ctx.of_type(*ATTN) or any(block_spec(t) for t in ctx.by_type):
        return False
    return ctx.graph.origin.kind in ("config", "hub", "manifest") or not ctx.layers()


@check(
    "CFG008",
    "config-kv-heads-not-dividing",
    BLOCKER,
    facts=("numKvHeads",),
    what="A config whose num_key_value_heads does not divide num_attention_heads.",
    why="Grouped-query attention repeats each KV head heads / kv_heads times; a model built "
    "from this config crashes at its first forward.",
    fix="Use a KV head count that divides the head count.",
    valid=[facts_only(numHeads=32, numKvHeads=8)],
    invalid=[facts_only(numHeads=32, numKvHeads=6)],
)
def config_kv_heads(ctx: Context):
    h, kv = _i(ctx.fact("numHeads")), _i(ctx.fact("numKvHeads"))
    if h and kv and kv > 0 and h % kv and _facts_only_attention(ctx):
        yield ctx.hit(None, f"numHeads={h} is not a multiple of numKvHeads={kv}")


@check(
    "CFG009",
    "config-heads-not-dividing-hidden",
    BLOCKER,
    facts=("numHeads",),
    what="A config whose head count does not divide its width.",
    why="transformers 5 configs (LlamaConfig and about 140 others) refuse it: `The hidden size "
    "is not a multiple of the number of attention heads`; the model cannot be built.",
    fix="Use a head count that divides hidden_size.",
    valid=[facts_only(hiddenSize=4096, numHeads=32)],
    invalid=[facts_only(hiddenSize=4000, numHeads=48)],
)
def config_heads_hidden(ctx: Context):
    h, heads = _i(ctx.fact("hiddenSize")), _i(ctx.fact("numHeads"))
    if (
        h
        and heads
        and heads > 0
        and h % heads
        and ctx.fact("headDim") is None
        and (_facts_only_attention(ctx))
    ):
        yield ctx.hit(None, f"hiddenSize={h} is not divisible by numHeads={heads}")


CHECKS = [
    layer_count_mismatch,
    hidden_size_mismatch,
    heads_mismatch,
    kv_heads_mismatch,
    vocab_size_mismatch,
    intermediate_size_mismatch,
    tokenizer_exceeds_vocab,
    config_kv_heads,
    config_heads_hidden,
]
