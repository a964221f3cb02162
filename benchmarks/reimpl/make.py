"""Writes the re-implementation corpus: configs, clean cases, planted variants, manifest.

Each architecture has one small config built from its transformers config class (saved with
``save_pretrained``, so the JSON is what transformers writes; nothing is downloaded) and
several re-implementations in plain torch, rendered from the style modules with different
knobs (how values are held, names, fused or separate projections, hand-written norms and
rotary, ...). A planted variant changes one architecture value, in the code (the same file
rendered with that value changed) or in the config (one key changed); the manifest records
the fact, the config's value (left) and the code's value (right).

    python benchmarks/reimpl/make.py           # write everything (needs transformers)
    python benchmarks/reimpl/make.py --check   # + build every case and its HF model on the meta
                                               #   device and compare parameter counts

The counts are also checked by ``tests/test_reimpl_corpus.py``.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.reimpl.styles_dec import render_llama  # noqa: E402
from benchmarks.reimpl.styles_enc import render_encoder  # noqa: E402
from benchmarks.reimpl.styles_gpt import render_gpt2, render_neox  # noqa: E402
from benchmarks.reimpl.styles_seq import (  # noqa: E402
    render_bart,
    render_convnext,
    render_resnet,
    render_t5,
)

HERE = Path(__file__).resolve().parent

_DEC = dict(
    hidden=64,
    layers=2,
    heads=4,
    kv_heads=2,
    head_dim=16,
    vocab=1000,
    ffn=176,
    eps=1e-5,
    theta=10000.0,
    positions=256,
)

# arch -> (config class, config kwargs, HF class built for the count, code values, renderer,
#          {fact: code value key}, {fact: config key})
ARCHS: dict[str, dict] = {
    "llama": dict(
        cls="LlamaConfig",
        hf="LlamaForCausalLM",
        render=render_llama,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
        ),
        v=dict(_DEC),
        base=dict(norm="meta", rope="complex"),
    ),
    "mistral": dict(
        cls="MistralConfig",
        hf="MistralForCausalLM",
        render=render_llama,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=128,
            rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
        ),
        v=dict(_DEC, theta=1000000.0, window=128),
        base=dict(window=True),
    ),
    "qwen2": dict(
        cls="Qwen2Config",
        hf="Qwen2ForCausalLM",
        render=render_llama,
        kw=dict(
            vocab_size=1024,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
        ),
        v=dict(_DEC, vocab=1024, ffn=160, eps=1e-6, theta=1000000.0),
        base=dict(qkv_bias=True, tied=True),
    ),
    "gemma": dict(
        cls="GemmaConfig",
        hf="GemmaForCausalLM",
        render=render_llama,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
        ),
        v=dict(_DEC, kv_heads=1, head_dim=32, ffn=192, eps=1e-6),
        base=dict(norm="gemma", tied=True, act="gelu_tanh", scale_embed=True),
    ),
    "mixtral": dict(
        cls="MixtralConfig",
        hf="MixtralForCausalLM",
        render=render_llama,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            num_local_experts=4,
            num_experts_per_tok=2,
        ),
        v=dict(_DEC, ffn=96, theta=1000000.0, experts=4, top_k=2),
        base=dict(mlp="moe"),
    ),
    "phi3": dict(
        cls="Phi3Config",
        hf="Phi3ForCausalLM",
        render=render_llama,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            max_position_embeddings=256,
            original_max_position_embeddings=256,
            rms_norm_eps=1e-5,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
        ),
        v=dict(_DEC, kv_heads=4, ffn=128),
        base=dict(),
    ),
    "gpt2": dict(
        cls="GPT2Config",
        hf="GPT2LMHeadModel",
        render=render_gpt2,
        kw=dict(
            vocab_size=1000,
            n_embd=64,
            n_layer=2,
            n_head=4,
            n_positions=128,
            n_inner=256,
            layer_norm_epsilon=1e-5,
            bos_token_id=0,
            eos_token_id=0,
        ),
        v=dict(hidden=64, layers=2, heads=4, vocab=1000, positions=128, ffn=256, eps=1e-5),
        base=dict(),
    ),
    "gpt_neox": dict(
        cls="GPTNeoXConfig",
        hf="GPTNeoXForCausalLM",
        render=render_neox,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters={
                "rope_type": "default",
                "rope_theta": 10000.0,
                "partial_rotary_factor": 0.25,
            },
        ),
        v=dict(
            hidden=64,
            layers=2,
            heads=4,
            vocab=1000,
            positions=128,
            ffn=256,
            eps=1e-5,
            rot_dims=4,
            theta=10000.0,
        ),
        base=dict(kind="neox"),
    ),
    "phi": dict(
        cls="PhiConfig",
        hf="PhiForCausalLM",
        render=render_neox,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters={
                "rope_type": "default",
                "rope_theta": 10000.0,
                "partial_rotary_factor": 0.5,
            },
        ),
        v=dict(
            hidden=64,
            layers=2,
            heads=4,
            vocab=1000,
            positions=128,
            ffn=256,
            eps=1e-5,
            rot_dims=8,
            theta=10000.0,
        ),
        base=dict(kind="phi"),
    ),
    "bert": dict(
        cls="BertConfig",
        hf="BertModel",
        render=render_encoder,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        v=dict(
            hidden=64,
            layers=2,
            heads=4,
            ffn=256,
            eps=1e-12,
            vocab=1000,
            positions=128,
            types=2,
            pad=0,
        ),
        base=dict(kind="bert"),
    ),
    "roberta": dict(
        cls="RobertaConfig",
        hf="RobertaModel",
        render=render_encoder,
        kw=dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        v=dict(
            hidden=64,
            layers=2,
            heads=4,
            ffn=256,
            eps=1e-5,
            vocab=1000,
            positions=130,
            types=1,
            pad=1,
        ),
        base=dict(kind="bert"),
    ),
    "vit": dict(
        cls="ViTConfig",
        hf="ViTModel",
        render=render_encoder,
        kw=dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            image_size=32,
            patch_size=8,
            num_channels=3,
            layer_norm_eps=1e-12,
        ),
        v=dict(hidden=64, layers=2, heads=4, ffn=256, eps=1e-12, image=32, patch=8, channels=3),
        base=dict(kind="vit"),
    ),
    "clip_vision": dict(
        cls="CLIPVisionConfig",
        hf="CLIPVisionModel",
        render=render_encoder,
        kw=dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            image_size=32,
            patch_size=8,
            num_channels=3,
            layer_norm_eps=1e-5,
            projection_dim=32,
        ),
        v=dict(hidden=64, layers=2, heads=4, ffn=256, eps=1e-5, image=32, patch=8, channels=3),
        base=dict(kind="clip", act="quick_gelu"),
    ),
    "t5": dict(
        cls="T5Config",
        hf="T5ForConditionalGeneration",
        render=render_t5,
        kw=dict(
            vocab_size=1000,
            d_model=64,
            d_kv=16,
            d_ff=128,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
            layer_norm_epsilon=1e-6,
        ),
        v=dict(
            hidden=64, head_dim=16, ffn=128, layers=2, heads=4, vocab=1000, buckets=32, eps=1e-6
        ),
        base=dict(head="tied"),
    ),
    "bart": dict(
        cls="BartConfig",
        hf="BartModel",
        render=render_bart,
        kw=dict(
            vocab_size=1000,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=128,
        ),
        v=dict(hidden=64, enc_layers=2, dec_layers=2, heads=4, ffn=128, vocab=1000, positions=128),
        base=dict(kind="bart"),
    ),
    "whisper": dict(
        cls="WhisperConfig",
        hf="WhisperModel",
        render=render_bart,
        kw=dict(
            vocab_size=1000,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            num_mel_bins=16,
            max_source_positions=64,
            max_target_positions=64,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
            suppress_tokens=None,
            begin_suppress_tokens=None,
        ),
        v=dict(
            hidden=64,
            enc_layers=2,
            dec_layers=2,
            heads=4,
            ffn=128,
            vocab=1000,
            mels=16,
            src_positions=64,
            tgt_positions=64,
        ),
        base=dict(kind="whisper"),
    ),
    "resnet": dict(
        cls="ResNetConfig",
        hf="ResNetModel",
        render=render_resnet,
        kw=dict(
            num_channels=3,
            embedding_size=16,
            hidden_sizes=[16, 32],
            depths=[2, 2],
            layer_type="basic",
        ),
        v=dict(channels=3, stem=16, widths=[16, 32], depths=[2, 2]),
        base=dict(),
    ),
    "convnext": dict(
        cls="ConvNextConfig",
        hf="ConvNextModel",
        render=render_convnext,
        kw=dict(
            num_channels=3,
            hidden_sizes=[16, 32],
            depths=[2, 2],
            num_stages=2,
            patch_size=4,
            layer_scale_init_value=1e-6,
            layer_norm_eps=1e-6,
        ),
        v=dict(channels=3, widths=[16, 32], depths=[2, 2], patch=4, ls=1e-6, eps=1e-6),
        base=dict(),
    ),
}

# (case name, arch, style knobs, one-line docstring)
CASES: list[tuple[str, str, dict, str]] = [
    (
        "llama_meta",
        "llama",
        dict(
            cfg="dataclass",
            names="meta",
            attn="separate",
            mlp="separate",
            rope="complex",
            norm="meta",
        ),
        "Llama the way Meta's reference code writes it.",
    ),
    (
        "llama_fused",
        "llama",
        dict(cfg="constants", names="hf", attn="fused", mlp="fused", rope="half", norm="plain"),
        "Llama with fused QKV and a fused gate/up projection.",
    ),
    (
        "llama_nano",
        "llama",
        dict(cfg="kwargs", names="nano", attn="separate", mlp="fused", rope="half", norm="meta"),
        "A nanoGPT-style Llama.",
    ),
    (
        "llama_dict",
        "llama",
        dict(cfg="dict", names="hf", attn="fused", mlp="separate", rope="complex", norm="plain"),
        "Llama configured by a dict.",
    ),
    (
        "llama_lit",
        "llama",
        dict(
            cfg="constants",
            names="nano",
            attn="separate",
            mlp="separate",
            rope="half",
            norm="plain",
        ),
        "Llama with module-level constants.",
    ),
    (
        "mistral_meta",
        "mistral",
        dict(
            cfg="dataclass",
            names="meta",
            attn="separate",
            mlp="separate",
            rope="complex",
            norm="meta",
        ),
        "Mistral, Meta-style, with a sliding window.",
    ),
    (
        "mistral_fused",
        "mistral",
        dict(cfg="constants", names="hf", attn="fused", mlp="fused", rope="half", norm="plain"),
        "Mistral with fused projections.",
    ),
    (
        "mistral_kwargs",
        "mistral",
        dict(cfg="kwargs", names="nano", attn="separate", mlp="separate", rope="half", norm="meta"),
        "Mistral configured by keyword defaults.",
    ),
    (
        "qwen2_hf",
        "qwen2",
        dict(
            cfg="dataclass", names="hf", attn="separate", mlp="separate", rope="half", norm="meta"
        ),
        "Qwen2: QKV bias, tied embeddings.",
    ),
    (
        "qwen2_fused",
        "qwen2",
        dict(cfg="constants", names="nano", attn="fused", mlp="fused", rope="half", norm="plain"),
        "Qwen2 with fused projections.",
    ),
    (
        "qwen2_meta",
        "qwen2",
        dict(cfg="dict", names="meta", attn="separate", mlp="fused", rope="complex", norm="meta"),
        "Qwen2, Meta-style.",
    ),
    (
        "gemma_hf",
        "gemma",
        dict(cfg="dataclass", names="hf", attn="separate", mlp="separate", rope="half"),
        "Gemma: (1 + w) RMSNorm, GeGLU, scaled tied embedding.",
    ),
    (
        "gemma_fused",
        "gemma",
        dict(cfg="constants", names="meta", attn="fused", mlp="fused", rope="complex"),
        "Gemma with fused projections.",
    ),
    (
        "gemma_kwargs",
        "gemma",
        dict(cfg="kwargs", names="nano", attn="separate", mlp="fused", rope="half"),
        "Gemma configured by keyword defaults.",
    ),
    (
        "mixtral_meta",
        "mixtral",
        dict(cfg="dataclass", names="meta", attn="separate", rope="complex", norm="meta"),
        "Mixtral: a top-k routed MoE of SwiGLU experts.",
    ),
    (
        "mixtral_hf",
        "mixtral",
        dict(cfg="constants", names="hf", attn="fused", rope="half", norm="plain"),
        "Mixtral with fused attention projections.",
    ),
    (
        "mixtral_nano",
        "mixtral",
        dict(cfg="kwargs", names="nano", attn="separate", rope="half", norm="meta"),
        "Mixtral, nanoGPT-style names.",
    ),
    (
        "mixtral_dict",
        "mixtral",
        dict(cfg="dict", names="hf", attn="separate", rope="complex", norm="plain"),
        "Mixtral configured by a dict.",
    ),
    (
        "phi3_fused",
        "phi3",
        dict(cfg="dataclass", names="hf", attn="fused", mlp="fused", rope="half", norm="meta"),
        "Phi-3: fused qkv_proj and gate_up_proj.",
    ),
    (
        "phi3_split",
        "phi3",
        dict(
            cfg="constants",
            names="meta",
            attn="separate",
            mlp="separate",
            rope="complex",
            norm="plain",
        ),
        "Phi-3 with the projections split.",
    ),
    (
        "phi3_mixed",
        "phi3",
        dict(cfg="kwargs", names="nano", attn="fused", mlp="separate", rope="half", norm="meta"),
        "Phi-3, fused attention, separate MLP.",
    ),
    (
        "gpt2_nano",
        "gpt2",
        dict(cfg="dataclass", linear="linear", attn="fused", tied="assign"),
        "GPT-2 the nanoGPT way: Linear layers, fused c_attn, tied head.",
    ),
    (
        "gpt2_conv1d",
        "gpt2",
        dict(cfg="constants", linear="conv1d", attn="fused", tied="assign"),
        "GPT-2 with the original Conv1D layers.",
    ),
    (
        "gpt2_matmul",
        "gpt2",
        dict(cfg="kwargs", linear="linear", attn="separate", tied="matmul"),
        "GPT-2, separate q/k/v, logits from the embedding matrix.",
    ),
    (
        "gpt2_mha",
        "gpt2",
        dict(cfg="dict", linear="linear", attn="mha", tied="assign"),
        "GPT-2 on nn.MultiheadAttention.",
    ),
    (
        "gpt2_conv1d_matmul",
        "gpt2",
        dict(cfg="dataclass", linear="conv1d", attn="fused", tied="matmul"),
        "GPT-2, Conv1D, logits from wte.",
    ),
    (
        "neox_dataclass",
        "gpt_neox",
        dict(cfg="dataclass"),
        "GPT-NeoX: fused QKV, parallel residual, partial rotary.",
    ),
    ("neox_constants", "gpt_neox", dict(cfg="constants"), "GPT-NeoX with module-level constants."),
    ("neox_split", "gpt_neox", dict(cfg="kwargs", split_qkv=True), "GPT-NeoX with q/k/v split."),
    (
        "phi_dataclass",
        "phi",
        dict(cfg="dataclass"),
        "Phi-2: parallel attention and MLP, partial rotary.",
    ),
    ("phi_constants", "phi", dict(cfg="constants"), "Phi-2 with module-level constants."),
    ("phi_dict", "phi", dict(cfg="dict"), "Phi-2 configured by a dict."),
    ("bert_separate", "bert", dict(cfg="dataclass", attn="separate"), "BERT with separate q/k/v."),
    (
        "bert_fused",
        "bert",
        dict(cfg="constants", attn="fused"),
        "BERT with a fused QKV projection.",
    ),
    ("bert_mha", "bert", dict(cfg="kwargs", attn="mha"), "BERT on nn.MultiheadAttention."),
    ("bert_dict", "bert", dict(cfg="dict", attn="separate"), "BERT configured by a dict."),
    ("bert_mha_dict", "bert", dict(cfg="dict", attn="mha"), "BERT, MultiheadAttention, dict."),
    (
        "roberta_separate",
        "roberta",
        dict(cfg="dataclass", attn="separate"),
        "RoBERTa with separate q/k/v.",
    ),
    (
        "roberta_mha",
        "roberta",
        dict(cfg="constants", attn="mha"),
        "RoBERTa on nn.MultiheadAttention.",
    ),
    ("roberta_fused", "roberta", dict(cfg="kwargs", attn="fused"), "RoBERTa with a fused QKV."),
    (
        "vit_timm",
        "vit",
        dict(cfg="kwargs", attn="fused", kernel="int", pos="3d"),
        "ViT the timm way: fused qkv, kernel 16, [1, N+1, D] positions.",
    ),
    (
        "vit_mha",
        "vit",
        dict(cfg="constants", attn="mha", kernel="int", pos="2d"),
        "ViT on nn.MultiheadAttention with a [N+1, D] position table.",
    ),
    (
        "vit_separate",
        "vit",
        dict(cfg="dataclass", attn="separate", kernel="tuple", pos="3d"),
        "ViT with separate q/k/v and a tuple kernel.",
    ),
    (
        "vit_dict",
        "vit",
        dict(cfg="dict", attn="fused", kernel="tuple", pos="2d"),
        "ViT configured by a dict.",
    ),
    (
        "clip_separate",
        "clip_vision",
        dict(cfg="dataclass", attn="separate", kernel="int"),
        "CLIP's vision tower with separate q/k/v.",
    ),
    (
        "clip_mha",
        "clip_vision",
        dict(cfg="constants", attn="mha", kernel="tuple"),
        "CLIP's vision tower on nn.MultiheadAttention.",
    ),
    (
        "clip_fused",
        "clip_vision",
        dict(cfg="kwargs", attn="fused", kernel="int"),
        "CLIP's vision tower with a fused qkv.",
    ),
    ("t5_dataclass", "t5", dict(cfg="dataclass"), "T5 with a tied LM head."),
    ("t5_constants", "t5", dict(cfg="constants"), "T5 with module-level constants."),
    ("t5_kwargs", "t5", dict(cfg="kwargs"), "T5 configured by keyword defaults."),
    ("bart_dataclass", "bart", dict(cfg="dataclass"), "BART (bare encoder-decoder)."),
    ("bart_constants", "bart", dict(cfg="constants"), "BART with module-level constants."),
    ("bart_dict", "bart", dict(cfg="dict"), "BART configured by a dict."),
    ("whisper_dataclass", "whisper", dict(cfg="dataclass"), "Whisper (bare encoder-decoder)."),
    ("whisper_constants", "whisper", dict(cfg="constants"), "Whisper with module-level constants."),
    ("whisper_kwargs", "whisper", dict(cfg="kwargs"), "Whisper configured by keyword defaults."),
    ("resnet_dataclass", "resnet", dict(cfg="dataclass"), "ResNet with basic blocks."),
    ("resnet_constants", "resnet", dict(cfg="constants"), "ResNet with module-level constants."),
    ("resnet_kwargs", "resnet", dict(cfg="kwargs"), "ResNet configured by keyword defaults."),
    ("convnext_dataclass", "convnext", dict(cfg="dataclass"), "ConvNeXt."),
    (
        "convnext_constants",
        "convnext",
        dict(cfg="constants"),
        "ConvNeXt with module-level constants.",
    ),
    ("convnext_dict", "convnext", dict(cfg="dict"), "ConvNeXt configured by a dict."),
]

# planted changes per architecture family: (tag, fact, code value key, how to change it,
# config key for a config-side plant or None for a code-side plant)
_LM = [
    ("heads", "numHeads", "heads", "x2", None),
    ("kv", "numKvHeads", "kv_heads", "/2", None),
    ("layers", "numLayers", "layers", "+1", None),
    ("ffn", "intermediateSize", "ffn", "x2", None),
    ("vocab", "vocabSize", "vocab", "+24", None),
    ("eps", "normEps", "eps", "x10", None),
    ("theta", "ropeTheta", "theta", "x10", None),
    ("cfg_kv", "numKvHeads", "kv_heads", "x2", "num_key_value_heads"),
    ("cfg_layers", "numLayers", "layers", "+1", "num_hidden_layers"),
]
_GPT = [
    ("heads", "numHeads", "heads", "x2", None),
    ("layers", "numLayers", "layers", "+1", None),
    ("ffn", "intermediateSize", "ffn", "x2", None),
    ("vocab", "vocabSize", "vocab", "+24", None),
    ("eps", "normEps", "eps", "x10", None),
    ("positions", "maxPositionEmbeddings", "positions", "x2", None),
]
_ENC = [
    ("heads", "numHeads", "heads", "x2", None),
    ("layers", "numLayers", "layers", "+1", None),
    ("ffn", "intermediateSize", "ffn", "x2", None),
    ("eps", "normEps", "eps", "x10", None),
    ("cfg_hidden", "hiddenSize", "hidden", "x2", "hidden_size"),
]
PLANTS: dict[str, list] = {
    "llama": _LM,
    "mistral": _LM + [("window", "slidingWindow", "window", "x2", None)],
    "qwen2": _LM + [("untie", "tieWordEmbeddings", "tied", "not", None)],
    "gemma": [p for p in _LM if p[0] != "kv"] + [("hd", "headDim", "head_dim", "/2", None)],
    "mixtral": _LM[:1]
    + [
        ("experts", "numExperts", "experts", "x2", None),
        ("topk", "numExpertsPerTok", "top_k", "+1", None),
    ]
    + _LM[1:4],
    "phi3": _LM,
    "gpt2": _GPT + [("untie", "tieWordEmbeddings", "tied", "untie", None)],
    "gpt_neox": _GPT + [("theta", "ropeTheta", "theta", "x10", None)],
    "phi": _GPT + [("theta", "ropeTheta", "theta", "x10", None)],
    "bert": _ENC + [("vocab", "vocabSize", "vocab", "+24", None)],
    "roberta": _ENC + [("vocab", "vocabSize", "vocab", "+24", None)],
    "vit": _ENC + [("patch", "patchSize", "patch", "x2", None)],
    "clip_vision": _ENC,
    "t5": [
        ("heads", "numHeads", "heads", "x2", None),
        ("layers", "numLayers", "layers", "+1", None),
        ("ffn", "intermediateSize", "ffn", "x2", None),
        ("vocab", "vocabSize", "vocab", "+24", None),
        ("eps", "normEps", "eps", "x10", None),
        ("hd", "headDim", "head_dim", "x2", None),
    ],
    "bart": [
        ("heads", "numHeads", "heads", "x2", None),
        ("enc", "numEncoderLayers", "enc_layers", "+1", None),
        ("ffn", "intermediateSize", "ffn", "x2", None),
        ("vocab", "vocabSize", "vocab", "+24", None),
        ("cfg_dec", "numDecoderLayers", "dec_layers", "+1", "decoder_layers"),
    ],
    "whisper": [
        ("heads", "numHeads", "heads", "x2", None),
        ("dec", "numDecoderLayers", "dec_layers", "+1", None),
        ("ffn", "intermediateSize", "ffn", "x2", None),
        ("vocab", "vocabSize", "vocab", "+24", None),
        ("mels", "numMelBins", "mels", "x2", None),
    ],
    "resnet": [
        ("depth", "depths", "depths", "last+1", None),
        ("width", "hiddenSizes", "widths", "last+16", None),
        ("stem", "embeddingSize", "stem", "x2", None),
    ],
    "convnext": [
        ("depth", "depths", "depths", "last+1", None),
        ("width", "hiddenSizes", "widths", "last+16", None),
        ("patch", "patchSize", "patch", "x2", None),
    ],
}


def changed(value, how: str):
    if how == "x2":
        return value * 2
    if how == "x10":
        return value * 10
    if how == "/2":
        return max(1, value // 2)
    if how == "+1":
        return value + 1
    if how == "+24":
        return value + 24
    if how == "last+1":
        return value[:-1] + [value[-1] + 1]
    if how == "last+16":
        return value[:-1] + [value[-1] + 16]
    raise ValueError(how)


def style_of(arch: str, knobs: dict, doc: str) -> dict:
    s = dict(ARCHS[arch]["base"])
    s.update(knobs)
    s.setdefault("mlp", "separate")
    s.setdefault("norm", "meta")
    s["doc"] = doc
    return s


def build_config(arch: str, overrides: dict | None = None):
    import transformers

    spec = ARCHS[arch]
    kw = copy.deepcopy(spec["kw"])
    kw.update(overrides or {})
    cfg = getattr(transformers, spec["cls"])(**kw)
    cfg.architectures = [spec["hf"]]
    return cfg


def plants_for(cases: list[tuple[str, str, dict, str]]) -> list[dict]:
    """Every planted change of every architecture, spread over that architecture's cases."""
    out = []
    by_arch: dict[str, list] = {}
    for c in cases:
        by_arch.setdefault(c[1], []).append(c)
    for arch, group in by_arch.items():
        for i, (tag, fact, key, how, cfg_key) in enumerate(PLANTS[arch]):
            name, _, knobs, doc = group[i % len(group)]
            s = style_of(arch, knobs, doc)
            v = ARCHS[arch]["v"]
            if how in ("not", "untie"):
                if how == "not" and not s.get("tied"):
                    continue
                out.append(
                    dict(
                        case=name,
                        tag=tag,
                        fact=fact,
                        where="code",
                        left=True,
                        right=False,
                        style={"tied": False if how == "not" else "own"},
                    )
                )
                continue
            if key not in v:
                continue
            new = changed(v[key], how)
            if cfg_key is None:
                left, right = v[key], new
                if isinstance(new, list):  # a stage list: the finding holds the changed entry
                    j = next(i for i, (a, b) in enumerate(zip(v[key], new)) if a != b)
                    left, right = v[key][j], new[j]
                out.append(
                    dict(
                        case=name,
                        tag=tag,
                        fact=fact,
                        where="code",
                        left=left,
                        right=right,
                        values={key: new},
                    )
                )
            else:
                out.append(
                    dict(
                        case=name,
                        tag=tag,
                        fact=fact,
                        where="config",
                        left=new,
                        right=v[key],
                        config={cfg_key: new},
                    )
                )
    return out


def render(name: str, arch: str, knobs: dict, doc: str, plant: dict | None = None) -> str:
    s = style_of(arch, knobs, doc)
    v = dict(ARCHS[arch]["v"])
    if plant and plant["where"] == "code":
        v.update(plant.get("values", {}))
        s.update(plant.get("style", {}))
    return ARCHS[arch]["render"](v, s)


def write() -> dict:
    (HERE / "configs").mkdir(exist_ok=True)
    (HERE / "cases").mkdir(exist_ok=True)
    (HERE / "planted").mkdir(exist_ok=True)
    for arch in ARCHS:
        cfg = build_config(arch)
        cfg.save_pretrained(HERE / "configs" / arch)
    manifest = {"cases": [], "planted": []}
    for name, arch, knobs, doc in CASES:
        (HERE / "cases" / f"{name}.py").write_text(render(name, arch, knobs, doc))
        manifest["cases"].append(
            {
                "name": name,
                "arch": arch,
                "hf_class": ARCHS[arch]["hf"],
                "code": f"cases/{name}.py",
                "config": f"configs/{arch}/config.json",
            }
        )
    index = {c[0]: c for c in CASES}
    for p in plants_for(CASES):
        name, arch, knobs, doc = index[p["case"]]
        pid = f"{name}__{p['tag']}"
        entry = {
            "name": pid,
            "case": name,
            "arch": arch,
            "fact": p["fact"],
            "where": p["where"],
            "left": p["left"],
            "right": p["right"],
        }
        if p["where"] == "code":
            (HERE / "planted" / f"{pid}.py").write_text(render(name, arch, knobs, doc, p))
            entry.update(
                code=f"planted/{pid}.py",
                config=f"configs/{arch}/config.json",
                change={k: v for k, v in p.items() if k in ("values", "style")},
            )
        else:
            cfg = build_config(arch, p["config"])
            cfg.save_pretrained(HERE / "planted" / pid)
            entry.update(
                code=f"cases/{name}.py",
                config=f"planted/{pid}/config.json",
                change={"config": p["config"]},
            )
        manifest["planted"].append(entry)
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def load_module(path: Path):
    """Import a case file as a module of its own (torch needed)."""
    import importlib.util

    name = f"reimpl_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(name, None)
    return mod


def top_class(mod):
    """The model: the file's last ``nn.Module`` class (every case defines its model last)."""
    import torch

    mods = [
        o
        for o in vars(mod).values()
        if isinstance(o, type) and issubclass(o, torch.nn.Module) and o.__module__ == mod.__name__
    ]
    return mods[-1]  # module dicts keep definition order


def code_params(path: Path) -> int:
    """Build the file's top model on the meta device; its parameter count (shared counted once)."""
    import torch

    with torch.device("meta"):
        m = top_class(load_module(path))()
    return sum(p.numel() for p in m.parameters())


def hf_params(config_path: Path) -> int:
    import torch
    import transformers

    cfg = transformers.AutoConfig.from_pretrained(config_path.parent)
    cls = getattr(transformers, cfg.architectures[0])
    with torch.device("meta"):
        m = cls(cfg)
    return sum(p.numel() for p in m.parameters())


def check(manifest: dict) -> list[str]:
    bad = []
    hf: dict[str, int] = {}
    for c in manifest["cases"]:
        want = hf.setdefault(c["config"], hf_params(HERE / c["config"]))
        got = code_params(HERE / c["code"])
        print(f"{c['name']:24} hf {want:8d} code {got:8d} {'ok' if got == want else 'DIFF'}")
        if got != want:
            bad.append(c["name"])
    return bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    m = write()
    archs = {c["arch"] for c in m["cases"]}
    print(f"{len(m['cases'])} cases over {len(archs)} architectures, {len(m['planted'])} planted")
    if args.check:
        bad = check(m)
        print("param counts:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
