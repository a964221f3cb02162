"""The policy: a tiny Llama built from a config over the action-language tokenizer (nothing
downloaded), or any local Hugging Face causal LM (bf16 on a GPU), optionally with LoRA."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch


@dataclass
class TinySpec:
    hidden_size: int = 128
    intermediate_size: int = 384
    num_hidden_layers: int = 3
    num_attention_heads: int = 4
    max_position_embeddings: int = 2048


def tiny_model(tokenizer, spec: TinySpec | None = None, seed: int = 0):
    """A small LlamaForCausalLM initialised from ``seed`` (float32, CPU friendly)."""
    from transformers import LlamaConfig, LlamaForCausalLM

    spec = spec or TinySpec()
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=spec.hidden_size,
        intermediate_size=spec.intermediate_size,
        num_hidden_layers=spec.num_hidden_layers,
        num_attention_heads=spec.num_attention_heads,
        num_key_value_heads=spec.num_attention_heads,
        max_position_embeddings=spec.max_position_embeddings,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        tie_word_embeddings=True,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config)
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.bos_token_id = tokenizer.bos_token_id
    return model


def load_local(path: str) -> tuple[Any, Any]:
    """(model, tokenizer) from a local checkpoint folder; never reaches a hub."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    dtype = torch.bfloat16 if torch.cuda.is_available() else torch.float32
    tok = AutoTokenizer.from_pretrained(path, local_files_only=True, padding_side="left")
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    model = AutoModelForCausalLM.from_pretrained(path, local_files_only=True, dtype=dtype)
    if torch.cuda.is_available():
        model = model.to("cuda")
    model.generation_config.pad_token_id = tok.pad_token_id
    return model, tok


def lora_config(r: int = 16, alpha: int = 32, dropout: float = 0.05):
    from peft import LoraConfig

    return LoraConfig(
        r=r,
        lora_alpha=alpha,
        lora_dropout=dropout,
        target_modules="all-linear",
        task_type="CAUSAL_LM",
    )


def n_params(model) -> int:
    return sum(p.numel() for p in model.parameters())
