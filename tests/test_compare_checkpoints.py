"""Checkpoints against the config they were saved from (issue #17): tiny HF models of 26
families are built from their configs with real transformers, saved with ``save_pretrained``
(safetensors) and compared with that same config: nothing at minor or above. A planted change
of one config size is found as tensor shapes, with both shapes and the tensor's name."""

from __future__ import annotations

import json

import pytest

from driftcheck.drift import compare_sources

SMALL = dict(
    hidden_size=32,
    intermediate_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    vocab_size=128,
    max_position_embeddings=64,
)
ENC_DEC = dict(
    d_model=32,
    encoder_layers=2,
    decoder_layers=2,
    encoder_attention_heads=4,
    decoder_attention_heads=4,
    encoder_ffn_dim=64,
    decoder_ffn_dim=64,
    vocab_size=128,
)
FAMILIES = {  # config class, model class, config kwargs
    "llama": ("LlamaConfig", "LlamaForCausalLM", dict(SMALL, num_key_value_heads=2)),
    "mistral": ("MistralConfig", "MistralForCausalLM", dict(SMALL, num_key_value_heads=2)),
    "qwen2": ("Qwen2Config", "Qwen2ForCausalLM", dict(SMALL, num_key_value_heads=2)),
    "qwen3": ("Qwen3Config", "Qwen3ForCausalLM", dict(SMALL, num_key_value_heads=2, head_dim=8)),
    "gemma": ("GemmaConfig", "GemmaForCausalLM", dict(SMALL, num_key_value_heads=1, head_dim=8)),
    "gemma2": ("Gemma2Config", "Gemma2ForCausalLM", dict(SMALL, num_key_value_heads=2, head_dim=8)),
    "phi": ("PhiConfig", "PhiForCausalLM", SMALL),
    "phi3": ("Phi3Config", "Phi3ForCausalLM", dict(SMALL, num_key_value_heads=2)),
    "mixtral": (
        "MixtralConfig",
        "MixtralForCausalLM",
        dict(SMALL, num_key_value_heads=2, num_local_experts=4, num_experts_per_tok=2),
    ),
    "gpt2": (
        "GPT2Config",
        "GPT2LMHeadModel",
        dict(n_embd=32, n_layer=2, n_head=4, vocab_size=128, n_positions=64),
    ),
    "gpt_neox": ("GPTNeoXConfig", "GPTNeoXForCausalLM", SMALL),
    "gptj": (
        "GPTJConfig",
        "GPTJForCausalLM",
        dict(n_embd=32, n_layer=2, n_head=4, vocab_size=128, n_positions=64, rotary_dim=4),
    ),
    "opt": (
        "OPTConfig",
        "OPTForCausalLM",
        dict(SMALL, ffn_dim=64, word_embed_proj_dim=32),
    ),
    "falcon": ("FalconConfig", "FalconForCausalLM", dict(hidden_size=32, num_hidden_layers=2,
                                                         num_attention_heads=4, vocab_size=128)),
    "olmo": ("OlmoConfig", "OlmoForCausalLM", SMALL),
    "stablelm": ("StableLmConfig", "StableLmForCausalLM", dict(SMALL, num_key_value_heads=2)),
    "starcoder2": ("Starcoder2Config", "Starcoder2ForCausalLM", dict(SMALL, num_key_value_heads=2)),
    "bert": ("BertConfig", "BertModel", SMALL),
    "roberta": ("RobertaConfig", "RobertaModel", SMALL),
    "distilbert": (
        "DistilBertConfig",
        "DistilBertModel",
        dict(dim=32, hidden_dim=64, n_layers=2, n_heads=4, vocab_size=128),
    ),
    "electra": ("ElectraConfig", "ElectraModel", dict(SMALL, embedding_size=16)),
    "t5": (
        "T5Config",
        "T5ForConditionalGeneration",
        dict(d_model=32, d_ff=64, num_layers=2, num_heads=4, d_kv=8, vocab_size=128),
    ),
    "bart": ("BartConfig", "BartForConditionalGeneration", dict(ENC_DEC, max_position_embeddings=64)),
    "whisper": (
        "WhisperConfig",
        "WhisperModel",
        dict(ENC_DEC, num_mel_bins=16, max_source_positions=32, max_target_positions=32,
             suppress_tokens=[], begin_suppress_tokens=[]),
    ),
    "vit": ("ViTConfig", "ViTModel", dict(SMALL, image_size=32, patch_size=8)),
    "clip_text": ("CLIPTextConfig", "CLIPTextModel", SMALL),
}  # fmt: skip


def save(family: str, root) -> tuple[str, str]:
    """A tiny model of ``family`` saved as ``save_pretrained`` saves it: (weights, config)."""
    import torch
    import transformers

    cfg_cls, model_cls, kw = FAMILIES[family]
    tokens = dict(bos_token_id=1, eos_token_id=2, pad_token_id=0)
    if family in ("whisper", "bart", "t5"):
        tokens["decoder_start_token_id"] = 1
    cfg = getattr(transformers, cfg_cls)(**{**tokens, **kw})
    cfg.architectures = [model_cls]
    torch.manual_seed(0)
    model = getattr(transformers, model_cls)(cfg)
    out = root / family
    model.save_pretrained(out, safe_serialization=True)
    return str(out / "model.safetensors"), str(out / "config.json")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    from transformers.utils import logging

    logging.set_verbosity_error()
    root = tmp_path_factory.mktemp("checkpoints")
    return {f: save(f, root) for f in FAMILIES}


def test_at_least_twenty_families():
    assert len(FAMILIES) >= 20


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_checkpoint_clean_against_its_config(saved, family):
    weights, config = saved[family]
    found = [f for f in compare_sources(weights, config) if f.severity.rank >= 1]
    assert found == [], [f.message for f in found]
    # the other way round too (compare CONFIG CHECKPOINT)
    found = [f for f in compare_sources(config, weights) if f.severity.rank >= 1]
    assert found == [], [f.message for f in found]


@pytest.mark.parametrize(
    "family,key,value",
    [
        ("llama", "intermediate_size", 96),  # names line up: torch's size mismatch
        ("qwen2", "num_key_value_heads", 1),
        ("gpt2", "vocab_size", 120),
        ("bert", "intermediate_size", 48),
        ("vit", "intermediate_size", 96),  # transformers 5 renames ViT's modules: by shape
    ],
)
def test_planted_shape_change_names_tensor_and_both_shapes(saved, tmp_path, family, key, value):
    from safetensors import safe_open

    weights, config = saved[family]
    data = json.loads(open(config).read())
    data[key] = value
    planted = tmp_path / "config.json"
    planted.write_text(json.dumps(data))
    with safe_open(weights, "pt") as fh:
        shapes = {k: list(fh.get_slice(k).get_shape()) for k in fh.keys()}  # noqa: SIM118
    found = [f for f in compare_sources(weights, str(planted)) if f.severity.rank >= 2]
    assert found
    for f in found:
        ckpt = next(loc for loc in f.locations if loc.file == weights)
        cfg = next(loc for loc in f.locations if loc.file == str(planted))
        vals = {loc.side: f.values[loc.side] for loc in (ckpt, cfg)}
        if ckpt.key in shapes:  # the checkpoint's tensor, with its real shape
            assert vals[ckpt.side] == shapes[ckpt.key] or vals[ckpt.side] == shapes[ckpt.key][0]
            assert cfg.key is not None
            assert vals[cfg.side] != vals[ckpt.side]
    assert any(loc.key in shapes for f in found for loc in f.locations)


def test_gguf_clean_against_its_config_and_planted_shape_found(tmp_path):
    """A GGUF written from a tiny Llama in llama.cpp's names (gguf's own TensorNameMap) is
    compared tensor by tensor in those names: clean against its config, and a planted FFN
    width names a GGUF tensor and both shapes (SRV011)."""
    from transformers import LlamaConfig, LlamaForCausalLM

    from tests.test_serving_checkpoints import _write_gguf

    kw = dict(vocab_size=96, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
              num_attention_heads=8, num_key_value_heads=4, tie_word_embeddings=False)  # fmt: skip
    cfg = LlamaConfig(**kw)
    cfg.architectures = ["LlamaForCausalLM"]
    _write_gguf(tmp_path / "m.gguf", LlamaForCausalLM(cfg))
    cfg.save_pretrained(tmp_path)
    gguf, config = str(tmp_path / "m.gguf"), str(tmp_path / "config.json")
    assert [f.message for f in compare_sources(gguf, config) if f.severity.rank >= 1] == []
    data = json.loads((tmp_path / "config.json").read_text())
    (tmp_path / "p.json").write_text(json.dumps({**data, "intermediate_size": 64}))
    found = [f for f in compare_sources(gguf, str(tmp_path / "p.json")) if f.severity.rank >= 1]
    assert [f.check_id for f in found] == ["SRV011"]
    assert "blk.0.ffn_gate.weight [48, 32] vs [64, 32]" in found[0].message
