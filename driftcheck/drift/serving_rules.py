"""Cross rules between a config (or code) graph and a serving graph: SRV001..SRV012.

Each rule encodes what the serving engine itself does at start-up or load time (vLLM's
``_get_and_verify_max_len`` and ``verify_with_parallel_config``, TGI's launcher checks, torch's
``load_state_dict``), so a finding here is a server that will not start, will not load, or
will compute garbage -- not a difference of taste. Both values and both locations are kept.
"""

from __future__ import annotations

from typing import Any

from driftcheck.drift.checkpoint_rules import (
    gguf_tensors,
    layer_count,
    load_keys,
    load_mismatch,
    tied_head,
)
from driftcheck.drift.serving_base import _ENGINE_NAMES, UNREAD, Ctx, _finding, _int
from driftcheck.drift.vllm_max_len import derived_max_len
from driftcheck.findings import Finding, Location, Severity
from driftcheck.graph.model import Graph
from driftcheck.parsers.serving.common import norm_dtype, norm_quant, quant_family

# methods that quantize full-precision weights while loading (need no quantization_config)
ONLINE_QUANT = {"fp8", "bitsandbytes", "eetq", "experts_int8", "fbgemm_fp8", "torchao"}


# ----------------------------------------------------------------------------- rules
def max_model_len(ctx: Ctx) -> list[Finding]:
    """SRV001: a served context longer than the model's (vLLM's derived maximum length)."""
    served, sloc = ctx.srv("maxModelLen")
    if not _int(served) or ctx.is_checkpoint:
        return []
    overrides = {}
    for fact, key in (("maxPositionEmbeddings", "max_position_embeddings"),
                      ("ropeScaling", "rope_scaling")):  # fmt: skip
        v, _ = ctx.srv(fact)  # hf_overrides / --rope-scaling change what vLLM derives
        if v is not None:
            overrides[key] = v
    raw = ctx.raw_config()
    fact_key = None
    if raw is None:
        mpe, mloc = ctx.cfg("maxPositionEmbeddings")
        fact_key = mloc.key if mloc else None
        if not _int(mpe):
            return []
        rope, _ = ctx.cfg("ropeScaling")
        raw = {"max_position_embeddings": mpe}
        if isinstance(rope, dict):
            raw["rope_scaling"] = rope
        mt, _ = ctx.cfg("modelType")
        raw["model_type"] = mt or ""
    d = derived_max_len(raw, overrides)
    key = d.key
    if fact_key and key and key.startswith("max_position_embeddings"):
        key = fact_key + key[len("max_position_embeddings") :]  # the field the fact came from
    cloc = Location(file=ctx.config.origin.path, key=key, side=ctx.cside)
    if served <= d.value:
        return []
    limit = int(d.value)
    allowed = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1" in ctx.serving.notes
    engine = _ENGINE_NAMES.get(ctx.engine or "", ctx.engine or "the server")
    if engine.startswith("triton-"):
        engine = f"Triton ({engine[7:]})"
    if engine == "vLLM" and not allowed:
        sev, what = Severity.blocker, "vLLM refuses to start"
    elif engine == "vLLM":
        sev, what = Severity.major, "allowed by VLLM_ALLOW_LONG_MAX_MODEL_LEN=1; positions past it"
        what += " give NaNs (RoPE) or out-of-bounds reads (absolute positions)"
    else:
        sev, what = Severity.major, "positions past the trained context are out of distribution"
    field = sloc.key if sloc else "max_model_len"
    return [
        _finding(
            "SRV001",
            "max-model-len-exceeds-context",
            sev,
            f"{engine} serves {field}={served} but the config allows {limit} "
            f"({key or 'default'}): {what}",
            "maxModelLen",
            limit,
            cloc,
            served,
            sloc,
        )  # fmt: skip
    ]


def tensor_parallel(ctx: Ctx) -> list[Finding]:
    """SRV002/SRV003: tensor parallelism must split attention heads and KV heads evenly."""
    tp, sloc = ctx.srv("tensorParallelSize")
    if not _int(tp) or tp <= 1:
        return []
    out = []
    heads, hloc = ctx.cfg("numHeads")
    if _int(heads) and heads % tp:
        out.append(_finding(
            "SRV002", "tp-heads-indivisible", Severity.blocker,
            f"total number of attention heads ({heads}) must be divisible by tensor parallel "
            f"size ({tp})", "numHeads", heads, hloc, tp, sloc))  # fmt: skip
    kv, kloc = ctx.cfg("numKvHeads")
    if _int(kv) and kv > 0:
        # vLLM's QKVParallelLinear: tp >= kv replicates KV heads (tp % kv == 0), else splits them
        bad = tp % kv if tp >= kv else kv % tp
        if bad:
            out.append(_finding(
                "SRV003", "tp-kv-heads-indivisible", Severity.blocker,
                f"{kv} KV heads cannot be split or replicated over tensor parallel size {tp} "
                f"(one must divide the other)", "numKvHeads", kv, kloc, tp, sloc))  # fmt: skip
    return out


def tgi_token_limits(ctx: Ctx) -> list[Finding]:
    """SRV004: TGI's launcher requires MAX_INPUT_TOKENS < MAX_TOTAL_TOKENS."""
    inp, iloc = ctx.srv("maxInputTokens")
    tot, tloc = ctx.srv("maxTotalTokens")
    if not (_int(inp) and _int(tot)) or inp < tot:
        return []
    f = _finding("SRV004", "tgi-input-not-below-total", Severity.blocker,
                 f"TGI needs max_input_tokens < max_total_tokens, got {inp} >= {tot} (no room "
                 "for a single generated token)", "maxInputTokens", None, None, inp, iloc)  # fmt: skip
    f.values = {"input": inp, "total": tot}
    f.locations = [loc.model_copy(update={"side": side})
                   for loc, side in ((iloc, "input"), (tloc, "total")) if loc]  # fmt: skip
    return [f]


def dtype(ctx: Ctx) -> list[Finding]:
    """SRV007: served or stored dtype differs from the config's."""
    cval, cloc = ctx.cfg("dtype")
    sval, sloc = ctx.srv("dtype")
    c, s = norm_dtype(cval), norm_dtype(sval)
    if not c or not s or c == s:
        return []
    if c == "bfloat16" and s == "float16":
        why = "bfloat16 weights served in float16 can overflow (vLLM warns and casts)"
        sev = Severity.warning
    else:
        why = "weights are cast at load"
        sev = Severity.minor
    return [_finding("SRV007", "dtype-mismatch", sev, f"dtype {s} vs config {c}: {why}",
                     "dtype", c, cloc, s, sloc)]  # fmt: skip


def quantization(ctx: Ctx) -> list[Finding]:
    """SRV008: vLLM refuses a --quantization that differs from the checkpoint's config."""
    cval, cloc = ctx.cfg("quantization")
    sval, sloc = ctx.srv("quantization")
    c, s = norm_quant(cval), norm_quant(sval)
    if s is None or (ctx.serving.origin.detail or "").startswith("gguf"):
        return []  # GGUF quantization is the file's own (converted from full precision)
    if c is None:
        if quant_family(s) in ONLINE_QUANT:
            return []
        return [_finding(
            "SRV008", "quantization-mismatch", Severity.blocker,
            f"{s} needs a quantized checkpoint, but the config has no quantization_config",
            "quantization", "none",
            Location(file=ctx.config.origin.path, key="quantization_config", side=ctx.cside),
            s, sloc)]  # fmt: skip
    if quant_family(c) == quant_family(s):
        return []
    return [_finding(
        "SRV008", "quantization-mismatch", Severity.blocker,
        f"quantization method in the config ({c}) does not match the served one ({s})",
        "quantization", c, cloc, s, sloc)]  # fmt: skip


def vocab(ctx: Ctx) -> list[Finding]:
    """SRV009: embedding rows vs config vocab vs tokenizer size."""
    out = []
    cv, cloc = ctx.cfg("vocabSize")
    sv, sloc = ctx.srv("vocabSize")
    if _int(cv) and _int(sv) and cv != sv and ctx.is_checkpoint:
        out.append(_finding(
            "SRV009", "vocab-mismatch", Severity.blocker,
            f"config vocab_size {cv} vs {sv} embedding rows in the checkpoint (size mismatch "
            "at load)", "vocabSize", cv, cloc, sv, sloc))  # fmt: skip
    rows = sv if _int(sv) else cv
    rloc = sloc if _int(sv) else cloc
    for tok, tloc in (ctx.srv("tokenizerVocabSize"), ctx.cfg("tokenizerVocabSize")):
        if _int(tok) and _int(rows) and tok > rows:
            out.append(_finding(
                "SRV009", "vocab-mismatch", Severity.blocker,
                f"tokenizer has {tok} tokens but the embedding only {rows} rows: ids >= {rows} "
                "index out of range", "tokenizerVocabSize", rows, rloc, tok, tloc))  # fmt: skip
            break
    return out


RULES = (max_model_len, tensor_parallel, tgi_token_limits, layer_count, tied_head, dtype,
         quantization, vocab, load_mismatch, load_keys, gguf_tensors)  # fmt: skip


def serving_findings(
    config_graph: Graph,
    serving_graph: Graph,
    sides: tuple[str, str] = ("left", "right"),
    raw: Any = UNREAD,
) -> list[Finding]:
    """Every SRV finding for this pair, in rule order.

    ``sides`` names the config and the serving side in ``values`` and ``Location.side`` (as
    ``driftcheck compare`` labels them): pass ``("right", "left")`` when the config was the
    right-hand argument. ``raw``: the config as written when the caller has read it (else the
    rules read the config side's file themselves).
    """
    ctx = Ctx(config_graph, serving_graph, *sides, raw=raw)
    out: list[Finding] = []
    for rule in RULES:
        out.extend(rule(ctx))
    return out


# ----------------------------------------------------------------------------- the records
def _pair(cfg: dict, served: dict, kind: str = "manifest", engine: str | None = "vllm", **kw):
    from driftcheck.rules import Pair, side

    notes = [f"engine: {engine}"] if engine else []
    keys = {k: _snake(k) for k in (*cfg, *served)}
    return Pair(side("config", cfg, keys=keys), side(kind, served, notes=notes, keys=keys, **kw))


def _snake(key: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in key)


def _model(rows: int, names: tuple[str, str, str]) -> list[dict]:
    emb, norm, head = names
    return [
        {"id": "emb", "type": "Embedding", "name": emb,
         "params": {"num_embeddings": rows, "embedding_dim": 8}},
        {"id": "norm", "type": "RMSNorm", "name": norm, "params": {"normalized_shape": [8]}},
        {"id": "head", "type": "Linear", "name": head,
         "params": {"in_features": 8, "out_features": rows, "bias": False}},
    ]  # fmt: skip


_HF = ("model.embed_tokens", "model.norm", "lm_head")
_GGUF = ("token_embd", "output_norm", "output")


def _weights(cfg_rows: int, ckpt_rows: int, names: tuple[str, str, str] = _HF, **facts):
    from driftcheck.rules import Pair, side

    return Pair(
        side("config", nodes=_model(cfg_rows, _HF)),
        side("checkpoint", facts, nodes=_model(ckpt_rows, names),
             detail="gguf" if names == _GGUF else None),
    )  # fmt: skip


def _headless():
    """A checkpoint that lacks the untied head its config's model has."""
    from driftcheck.rules import Pair, side

    return Pair(side("config", nodes=_model(100, _HF)),
                side("checkpoint", nodes=_model(100, _HF)[:2]))  # fmt: skip


def _records() -> tuple:
    from driftcheck.rules import Rule

    B, M, W, m = Severity.blocker, Severity.major, Severity.warning, Severity.minor
    fix_cfg = "Serve what the config describes, or fix the config the server reads."
    return (
        Rule("SRV001", "max-model-len-exceeds-context", B, severities=(M, B),
             what="The served context (vLLM's --max-model-len, TGI's MAX_TOTAL_TOKENS, Ollama's "
             "num_ctx...) is longer than the model's, as vLLM derives it (the smallest context "
             "key, times the RoPE scaling factor).",
             why="vLLM refuses to start (blocker); with VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 or on "
             "another engine, positions past the trained context give NaNs or garbage (major).",
             fix="Serve at most the model's context, or give the model a RoPE scaling that "
             "reaches it.",
             invalid=(_pair({"maxPositionEmbeddings": 4096}, {"maxModelLen": 8192}),),
             valid=(_pair({"maxPositionEmbeddings": 4096}, {"maxModelLen": 4096}),)),
        Rule("SRV002", "tp-heads-indivisible", B,
             what="Tensor parallelism does not divide the attention heads.",
             why="vLLM splits heads evenly over the GPUs and refuses to start otherwise.",
             fix="Pick a tensor parallel size that divides the head count.",
             invalid=(_pair({"numHeads": 12}, {"tensorParallelSize": 8}),),
             valid=(_pair({"numHeads": 12}, {"tensorParallelSize": 4}),)),
        Rule("SRV003", "tp-kv-heads-indivisible", B,
             what="The KV heads can be neither split over the tensor parallel GPUs nor "
             "replicated to them (neither count divides the other).",
             why="vLLM's QKV layer refuses such a split at start-up.",
             fix="Pick a tensor parallel size that divides the KV heads or that they divide.",
             invalid=(_pair({"numHeads": 12, "numKvHeads": 3}, {"tensorParallelSize": 2}),),
             valid=(_pair({"numHeads": 12, "numKvHeads": 4}, {"tensorParallelSize": 2}),)),
        Rule("SRV004", "tgi-input-not-below-total", B,
             what="TGI's MAX_INPUT_TOKENS is not below MAX_TOTAL_TOKENS.",
             why="TGI's launcher refuses it: no room is left for a single generated token.",
             fix="Set MAX_INPUT_TOKENS below MAX_TOTAL_TOKENS.",
             invalid=(_pair({}, {"maxInputTokens": 4096, "maxTotalTokens": 4096}, engine="tgi"),),
             valid=(_pair({}, {"maxInputTokens": 4095, "maxTotalTokens": 4096}, engine="tgi"),)),
        Rule("SRV005", "checkpoint-layer-count", B,
             what="A checkpoint's block count differs from the config's, or from its own "
             "metadata (the blocks its tensors hold).",
             why="Loading leaves blocks missing or unexpected: torch raises, llama.cpp refuses.",
             fix="Convert the checkpoint from the model the config describes.",
             invalid=(_pair({"numLayers": 4}, {"numLayers": 2}, "checkpoint", None),),
             valid=(_pair({"numLayers": 4}, {"numLayers": 4}, "checkpoint", None),)),
        Rule("SRV006", "untied-head-missing", M,
             what="The config unties the output head but the checkpoint holds no lm_head weight.",
             why="The head is left randomly initialized: the model loads and outputs garbage.",
             fix="Tie the head in the config, or save the head's weight.",
             invalid=(_pair({"tieWordEmbeddings": False}, {"tieWordEmbeddings": True},
                            "checkpoint", None),),
             valid=(_pair({"tieWordEmbeddings": True}, {"tieWordEmbeddings": True},
                          "checkpoint", None),)),
        Rule("SRV007", "dtype-mismatch", m, severities=(m, W),
             what="The served or stored dtype differs from the config's.",
             why="Weights are cast at load (minor); bfloat16 weights served in float16 can "
             "overflow (warning, vLLM warns and casts).",
             fix=fix_cfg,
             invalid=(_pair({"dtype": "bfloat16"}, {"dtype": "float16"}),),
             valid=(_pair({"dtype": "bfloat16"}, {"dtype": "bfloat16"}),)),
        Rule("SRV008", "quantization-mismatch", B,
             what="The served quantization method differs from the checkpoint config's, or "
             "needs a quantized checkpoint the config does not describe.",
             why="vLLM refuses a --quantization that differs from the checkpoint's "
             "quantization_config (methods that quantize at load need none).",
             fix="Serve the checkpoint's own quantization, or quantize the checkpoint.",
             invalid=(_pair({}, {"quantization": "gptq"}),),
             valid=(_pair({"quantization": "gptq"}, {"quantization": "gptq"}),)),
        Rule("SRV009", "vocab-mismatch", B,
             what="The config's vocab_size differs from the checkpoint's embedding rows, or the "
             "tokenizer knows more tokens than the embedding has rows.",
             why="A size mismatch at load, or token ids past the table index out of range.",
             fix="Resize the embedding (and head) to the tokenizer, or fix vocab_size.",
             invalid=(_pair({"vocabSize": 32000}, {"vocabSize": 32064}, "checkpoint", None),),
             valid=(_pair({"vocabSize": 32000}, {"vocabSize": 32000}, "checkpoint", None),)),
        Rule("SRV010", "load-size-mismatch", B,
             what="Loading the checkpoint into the config's model raises `size mismatch for "
             "...`: predicted tensor by tensor, in torch's own words.",
             why="`load_state_dict` raises; the server does not start.",
             fix="Convert the checkpoint from the model the config describes.",
             invalid=(_weights(100, 120),),
             valid=(_weights(100, 100),)),
        Rule("SRV012", "checkpoint-tensors-mismatch", M,
             what="A tensor the config's (or code's) model has and the checkpoint lacks, or one "
             "the checkpoint holds and the model has no place for, by state-dict name (after "
             "the base-model prefix `from_pretrained` adds or strips); a head tied to the "
             "embedding is saved once and is not missing.",
             why="`from_pretrained` leaves a missing tensor randomly initialized and drops an "
             "unexpected one (both with a warning): the model loads and computes garbage; "
             "a strict `load_state_dict` raises.",
             fix="Save the checkpoint from the model the config describes, or fix the config.",
             invalid=(_headless(),),
             valid=(_weights(100, 100),)),
        Rule("SRV011", "gguf-tensors-mismatch", M,
             what="A GGUF's tensors, against the config's model in GGUF names (llama.cpp's "
             "converter map): shapes differ, tensors are missing or extra.",
             why="llama.cpp refuses a tensor whose shape differs from what its metadata implies; "
             "a GGUF converted from another model differs here.",
             fix="Convert the GGUF from the model the config describes.",
             invalid=(_weights(100, 120, _GGUF, modelType="llama", numLayers=1),),
             valid=(_weights(100, 100, _GGUF, modelType="llama", numLayers=1),)),
    )  # fmt: skip


SERVING_RULES = _records()
"""The SRV rules' records (doc and examples), for the registry (``driftcheck.rules``)."""
