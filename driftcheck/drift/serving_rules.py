"""Cross rules between a config (or code) graph and a serving graph: SRV001..SRV011.

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
            "SRV002", "tp-not-dividing-heads", Severity.blocker,
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
         quantization, vocab, load_mismatch, gguf_tensors)  # fmt: skip


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
