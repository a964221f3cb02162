"""vLLM's derived maximum model length, re-implemented from its ``_get_and_verify_max_len``.

From vLLM's ``vllm/config.py`` (2025 versions): the smallest of the context keys present in the
HF (text) config; ``model_max_length`` in the config wins when set (Command-R / Cohere); then,
when ``rope_scaling`` is set and the model is not gemma3, every rope type except ``su``,
``longrope`` and ``llama3`` multiplies by ``factor`` (default 1.0) -- ``yarn`` multiplies
``original_max_position_embeddings`` instead. ``dynamic`` is *not* exempt in vLLM (it is in
transformers' own dynamic NTK, which extends at run time), so it is multiplied too.
A ``max_model_len`` above the result makes vLLM refuse to start unless
``VLLM_ALLOW_LONG_MAX_MODEL_LEN=1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

POSSIBLE_KEYS = (
    "max_position_embeddings",
    "n_positions",
    "max_seq_len",
    "seq_length",
    "model_max_length",
    "max_target_positions",
    "max_sequence_length",
    "max_seq_length",
    "seq_len",
)
NOT_SCALED = ("su", "longrope", "llama3")
DEFAULT_MAX_LEN = 2048


@dataclass
class Derived:
    value: float
    key: str | None
    """The config key the length came from (with ``* rope_scaling.factor`` when scaled)."""
    rope_factor: float | None = None


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def text_config(cfg: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """vLLM reads the language model's config of a multimodal model (get_hf_text_config)."""
    sub = cfg.get("text_config")
    if isinstance(sub, dict):
        return "text_config.", sub
    return "", cfg


def derived_max_len(cfg: dict[str, Any], overrides: dict[str, Any] | None = None) -> Derived:
    """The longest ``max_model_len`` vLLM accepts for this HF config (plus hf_overrides)."""
    prefix, scope = text_config(cfg)
    scope = {**scope, **(overrides or {})}
    value: float = float("inf")
    key = None
    for k in POSSIBLE_KEYS:
        v = scope.get(k)
        if _num(v) and v < value:
            value, key = v, k
    if _num(scope.get("model_max_length")) and scope["model_max_length"]:
        value, key = scope["model_max_length"], "model_max_length"
    if value == float("inf"):
        value, key = DEFAULT_MAX_LEN, None
    key = prefix + key if key else None
    rope = scope.get("rope_scaling")
    if not isinstance(rope, dict):
        params = scope.get("rope_parameters")
        # transformers 5 writes rope_parameters; a "default" type carries no scaling
        rope = params if isinstance(params, dict) and "factor" in params else None
    model_type = str(cfg.get("model_type") or scope.get("model_type") or "")
    factor = None
    if rope and "gemma3" not in model_type:
        rope_type = rope.get("rope_type", rope.get("type"))
        if rope_type not in NOT_SCALED:
            factor = rope.get("factor", 1.0)
            factor = factor if _num(factor) else 1.0
            if rope_type == "yarn" and _num(rope.get("original_max_position_embeddings")):
                value = rope["original_max_position_embeddings"]
                key = "rope_scaling.original_max_position_embeddings"
            value = value * factor
            key = f"{key} * rope_scaling.factor" if key else "rope_scaling.factor"
    return Derived(value=value, key=key, rope_factor=factor)
