"""vLLM and TGI settings -> facts, whatever they came from (YAML, CLI, environment).

Each function receives normalized keys (``max_model_len``) mapped to (value, field as written),
so a finding can point at ``--max-model-len`` in a script or ``MAX_TOTAL_TOKENS`` in a .env.
"""

from __future__ import annotations

import json
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.serving.common import (
    FactSheet,
    as_float,
    as_int,
    norm_dtype,
    norm_quant,
    scalar_str,
)

Settings = dict[str, tuple[Any, str]]
"""normalized key -> (value, field as written in the manifest)"""

# HF config keys an override may set -> canonical facts
HF_KEYS = {
    "max_position_embeddings": "maxPositionEmbeddings",
    "num_hidden_layers": "numLayers",
    "hidden_size": "hiddenSize",
    "num_attention_heads": "numHeads",
    "num_key_value_heads": "numKvHeads",
    "head_dim": "headDim",
    "intermediate_size": "intermediateSize",
    "vocab_size": "vocabSize",
    "rope_theta": "ropeTheta",
    "rope_scaling": "ropeScaling",
    "sliding_window": "slidingWindow",
    "tie_word_embeddings": "tieWordEmbeddings",
}


def _json_value(value: Any, where: str, what: str) -> Any:
    if isinstance(value, (dict, list)) or value is None:
        return value
    text = scalar_str(value) or ""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise DriftcheckError(f"{what} is not valid JSON: {e.msg}", where) from None
    except RecursionError:
        raise DriftcheckError(f"{what} nested too deeply", where) from None


def vllm_facts(sheet: FactSheet, s: Settings, where: str) -> None:
    """Facts from ``vllm serve`` options (CLI spelling or YAML config keys)."""

    def val(key: str) -> tuple[Any, str] | tuple[None, None]:
        return s.get(key, (None, None))

    v, f = val("max_model_len")
    sheet.put("maxModelLen", as_int(v, where, f or "max_model_len"), f)
    v, f = val("dtype")
    sheet.put("dtype", norm_dtype(scalar_str(v)), f)
    v, f = val("quantization")
    sheet.put("quantization", norm_quant(scalar_str(v)), f)
    v, f = val("tensor_parallel_size")
    sheet.put("tensorParallelSize", as_int(v, where, f or "tensor_parallel_size"), f)
    v, f = val("pipeline_parallel_size")
    sheet.put("pipelineParallelSize", as_int(v, where, f or "pipeline_parallel_size"), f)
    v, f = val("rope_scaling")
    if v is not None:
        rope = _json_value(v, where, f or "rope_scaling")
        if not isinstance(rope, dict):
            raise DriftcheckError(f"{f} must be a JSON object", where)
        sheet.put("ropeScaling", rope, f)
    v, f = val("rope_theta")
    sheet.put("ropeTheta", as_float(v, where, f or "rope_theta"), f)
    v, f = val("hf_overrides")
    if v is not None:
        overrides = _json_value(v, where, f or "hf_overrides")
        if not isinstance(overrides, dict):
            raise DriftcheckError(f"{f} must be a JSON object of config keys", where)
        for key, fact in HF_KEYS.items():
            if key in overrides:
                sheet.put(fact, overrides[key], f"{f}.{key}")
    v, f = s.get("model", s.get("model_id", (None, None)))
    if isinstance(v, str):
        sheet.notes.append(f"model: {v[:200]}")
    v, f = val("max_num_seqs")
    if v is not None:
        sheet.notes.append(f"max_num_seqs: {scalar_str(v)}")


# TGI: launcher option (snake case) <- environment variable
TGI_ENV = {
    "MAX_INPUT_TOKENS": "max_input_tokens",
    "MAX_INPUT_LENGTH": "max_input_tokens",  # the name before TGI 2.1
    "MAX_TOTAL_TOKENS": "max_total_tokens",
    "QUANTIZE": "quantize",
    "DTYPE": "dtype",
    "NUM_SHARD": "num_shard",
    "ROPE_SCALING": "rope_scaling",
    "ROPE_FACTOR": "rope_factor",
    "MODEL_ID": "model_id",
    "MAX_BATCH_PREFILL_TOKENS": "max_batch_prefill_tokens",
    "SHARDED": "sharded",
}


def tgi_settings(env: dict[str, str], options: dict[str, Any], spelled: dict[str, str]) -> Settings:
    """Environment first, then launcher options (the launcher's clap gives CLI precedence)."""
    out: Settings = {}
    for var, key in TGI_ENV.items():
        if var in env:
            out[key] = (env[var], var)
    for key, value in options.items():
        key = "max_input_tokens" if key == "max_input_length" else key
        out[key] = (value, spelled.get(key, "--" + key.replace("_", "-")))
    return out


def tgi_facts(sheet: FactSheet, s: Settings, where: str) -> None:
    def val(key: str) -> tuple[Any, str] | tuple[None, None]:
        return s.get(key, (None, None))

    v, f = val("max_input_tokens")
    sheet.put("maxInputTokens", as_int(v, where, f or "MAX_INPUT_TOKENS"), f)
    v, f = val("max_total_tokens")
    total = as_int(v, where, f or "MAX_TOTAL_TOKENS")
    sheet.put("maxTotalTokens", total, f)
    # the context the server admits: the same quantity vLLM calls max_model_len
    sheet.put("maxModelLen", total, f)
    v, f = val("quantize")
    sheet.put("quantization", norm_quant(scalar_str(v)), f)
    v, f = val("dtype")
    sheet.put("dtype", norm_dtype(scalar_str(v)), f)
    v, f = val("num_shard")
    sheet.put("tensorParallelSize", as_int(v, where, f or "NUM_SHARD"), f)
    v, f = val("rope_scaling")
    if v is not None:
        rope: dict[str, Any] = {"type": scalar_str(v)}
        fv, ff = val("rope_factor")
        if fv is not None:
            rope["factor"] = as_float(fv, where, ff or "ROPE_FACTOR")
        sheet.put("ropeScaling", rope, f)
    v, f = val("model_id")
    if isinstance(v, str):
        sheet.notes.append(f"model: {v[:200]}")
