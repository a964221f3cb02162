"""The fourth fresh held-out set of re-implementations (written blind in session 11, while
other helpers tuned on ``fresh``, ``fresh2`` and ``fresh3``): hand-written cases in styles no
earlier set uses, mostly of architectures no earlier set has. It was NOT run through driftcheck
while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the cases in ``SAME_OUTPUT`` it also copies the
HF model's weights into the case and compares the outputs on CPU.

    python benchmarks/reimpl/fresh4/make.py [--check]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh4 --mode both --show 200
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402


def _rope(theta: float, **extra) -> dict:
    return {"rope_type": "default", "rope_theta": theta, **extra}


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value as the manifest records
#                  it, when the key's value is not the fact's value itself])
CASES: dict[str, tuple] = {
    "glm_dict_functional": (
        "glm",
        "GlmConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            attention_bias=True,
            tie_word_embeddings=False,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        ),
        "GlmForCausalLM",
        [
            ("numKvHeads", '    "kv_heads": 2,', '    "kv_heads": 4,', 2, 4),
            (
                "partialRotaryFactor",
                '    "rotary_fraction": 0.5,',
                '    "rotary_fraction": 1.0,',
                0.5,
                1.0,
            ),
            ("intermediateSize", '    "ffn": 160,', '    "ffn": 192,', 160, 192),
            ("normEps", '    "eps": 1e-5,', '    "eps": 1e-6,', 1e-05, 1e-06),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "glm4_sandwich_ns": (
        "glm4",
        "Glm4Config",
        dict(
            vocab_size=512,
            hidden_size=96,
            intermediate_size=224,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            attention_bias=True,
            tie_word_embeddings=False,
            pad_token_id=0,
            eos_token_id=1,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        ),
        "Glm4ForCausalLM",
        [
            ("numHeads", "    n_head=6,", "    n_head=4,", 6, 4),
            ("ropeTheta", "    rope_base=10000.0,", "    rope_base=500000.0,", 10000.0, 500000.0),
            ("vocabSize", "    vocab_size=512,", "    vocab_size=520,", 512, 520),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 224),
        ],
    ),
    "helium_einops": (
        "helium",
        "HeliumConfig",
        dict(
            vocab_size=768,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=24,
            max_position_embeddings=256,
            rms_norm_eps=1e-8,
            tie_word_embeddings=False,
            pad_token_id=3,
            eos_token_id=2,
            bos_token_id=1,
            rope_parameters=_rope(100000.0),
        ),
        "HeliumForCausalLM",
        [
            ("headDim", "HEAD_DIM = 24", "HEAD_DIM = 16", 24, 16),
            ("numLayers", "N_LAYERS = 2", "N_LAYERS = 3", 2, 3),
            ("ropeTheta", "THETA = 100000.0", "THETA = 10000.0", 100000.0, 10000.0),
            ("normEps", "EPS = 1e-8", "EPS = 1e-6", 1e-08, 1e-06),
        ],
        [
            ("vocabSize", "vocab_size", 800, 768),
        ],
    ),
    "smollm3_argparse": (
        "smollm3",
        "SmolLM3Config",
        dict(
            vocab_size=1024,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=1,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            no_rope_layer_interval=4,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
            rope_parameters=_rope(2000000.0),
        ),
        "SmolLM3ForCausalLM",
        [
            (
                "numKvHeads",
                '"--n-kv-heads", type=int, default=1)',
                '"--n-kv-heads", type=int, default=2)',
                1,
                2,
            ),
            (
                "ropeTheta",
                '"--rope-theta", type=float, default=2000000.0)',
                '"--rope-theta", type=float, default=10000.0)',
                2000000.0,
                10000.0,
            ),
            (
                "intermediateSize",
                '"--d-ffn", type=int, default=192)',
                '"--d-ffn", type=int, default=256)',
                192,
                256,
            ),
        ],
        [
            ("tieWordEmbeddings", "tie_word_embeddings", False, True),
            ("vocabSize", "vocab_size", 1152, 1024),
        ],
    ),
    "cohere2_moduledict": (
        "cohere2",
        "Cohere2Config",
        dict(
            vocab_size=1000,
            hidden_size=128,
            intermediate_size=320,
            num_hidden_layers=4,
            num_attention_heads=8,
            num_key_value_heads=2,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            logit_scale=0.25,
            sliding_window=32,
            layer_types=["sliding_attention"] * 3 + ["full_attention"],
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=5,
            eos_token_id=1,
            rope_parameters=_rope(50000.0),
        ),
        "Cohere2ForCausalLM",
        [
            ("slidingWindow", "WINDOW = 32", "WINDOW = 64", 32, 64),
            ("numKvHeads", "KV_HEADS = 2", "KV_HEADS = 4", 2, 4),
            ("intermediateSize", "FFN = 320", "FFN = 384", 320, 384),
        ],
        [
            ("ropeTheta", "rope_parameters", _rope(10000.0), 50000.0, 10000.0),
        ],
    ),
    "gptneo_registry": (
        "gpt_neo",
        "GPTNeoConfig",
        dict(
            vocab_size=768,
            max_position_embeddings=256,
            hidden_size=64,
            num_layers=2,
            num_heads=4,
            attention_types=[[["global", "local"], 1]],
            window_size=32,
            intermediate_size=256,
            layer_norm_epsilon=1e-5,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "GPTNeoForCausalLM",
        [
            ("slidingWindow", "    window_size=32,", "    window_size=16,", 32, 16),
            ("numHeads", "    num_heads=4,", "    num_heads=8,", 4, 8),
            (
                "maxPositionEmbeddings",
                "    max_position_embeddings=256,",
                "    max_position_embeddings=512,",
                256,
                512,
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 192, 256),
        ],
    ),
    "biogpt_frozen_dc": (
        "biogpt",
        "BioGptConfig",
        dict(
            vocab_size=1200,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            scale_embedding=True,
            hidden_act="gelu",
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "BioGptForCausalLM",
        [
            ("numLayers", "    layers: int = 2", "    layers: int = 3", 2, 3),
            ("maxPositionEmbeddings", "    max_len: int = 128", "    max_len: int = 160", 128, 160),
            ("normEps", "    eps: float = 1e-5", "    eps: float = 1e-6", 1e-05, 1e-06),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "opt_raw_params": (
        "opt",
        "OPTConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            word_embed_proj_dim=32,
            ffn_dim=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=128,
            do_layer_norm_before=True,
            activation_function="relu",
            tie_word_embeddings=True,
            pad_token_id=1,
            bos_token_id=2,
            eos_token_id=2,
        ),
        "OPTForCausalLM",
        [
            ("intermediateSize", "FFN = 192", "FFN = 256", 192, 256),
            ("numHeads", "HEADS = 4", "HEADS = 8", 4, 8),
            ("maxPositionEmbeddings", "MAX_POS = 128", "MAX_POS = 256", 128, 256),
        ],
        [
            ("numLayers", "num_hidden_layers", 4, 2),
        ],
    ),
    "opt_toml_postnorm": (
        "opt",
        "OPTConfig",
        dict(
            vocab_size=1100,
            hidden_size=80,
            word_embed_proj_dim=80,
            ffn_dim=240,
            num_hidden_layers=3,
            num_attention_heads=5,
            max_position_embeddings=200,
            do_layer_norm_before=False,
            activation_function="relu",
            tie_word_embeddings=True,
            pad_token_id=1,
            bos_token_id=2,
            eos_token_id=2,
        ),
        "OPTForCausalLM",
        [
            ("numLayers", "layers = 3", "layers = 2", 3, 2),
            ("vocabSize", "vocab_size = 1100", "vocab_size = 1024", 1100, 1024),
            ("numHeads", "attention_heads = 5", "attention_heads = 4", 5, 4),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 256, 200),
        ],
    ),
    "falcon_new_arch_groups": (
        "falcon",
        "FalconConfig",
        dict(
            vocab_size=1024,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_kv_heads=2,
            new_decoder_architecture=True,
            parallel_attn=True,
            bias=False,
            alibi=False,
            ffn_hidden_size=256,
            layer_norm_epsilon=1e-5,
            max_position_embeddings=256,
            tie_word_embeddings=True,
            bos_token_id=11,
            eos_token_id=11,
            rope_parameters=_rope(10000.0),
        ),
        "FalconForCausalLM",
        [
            ("numKvHeads", "n_head_kv = 2", "n_head_kv = 4", 2, 4),
            ("numLayers", "n_layer = 2", "n_layer = 3", 2, 3),
            ("intermediateSize", "ffn_hidden = 4 * hidden", "ffn_hidden = 3 * hidden", 256, 192),
            ("ropeTheta", "rope_theta = 10000.0", "rope_theta = 500000.0", 10000.0, 500000.0),
        ],
        [
            ("normEps", "layer_norm_epsilon", 1e-6, 1e-05),
        ],
    ),
    "falcon_mqa_kwargs_chain": (
        "falcon",
        "FalconConfig",
        dict(
            vocab_size=1000,
            hidden_size=96,
            num_hidden_layers=2,
            num_attention_heads=6,
            new_decoder_architecture=False,
            multi_query=True,
            parallel_attn=True,
            bias=False,
            alibi=False,
            ffn_hidden_size=384,
            layer_norm_epsilon=1e-5,
            max_position_embeddings=256,
            tie_word_embeddings=True,
            bos_token_id=11,
            eos_token_id=11,
            rope_parameters=_rope(10000.0),
        ),
        "FalconForCausalLM",
        [
            (
                "numHeads",
                '        kwargs.setdefault("heads", 6)',
                '        kwargs.setdefault("heads", 8)',
                6,
                8,
            ),
            (
                "numLayers",
                '        n_layers = kwargs.pop("n_layers", 2)',
                '        n_layers = kwargs.pop("n_layers", 4)',
                2,
                4,
            ),
            (
                "normEps",
                '        kwargs.setdefault("eps", 1e-5)',
                '        kwargs.setdefault("eps", 1e-6)',
                1e-05,
                1e-06,
            ),
        ],
        [
            ("vocabSize", "vocab_size", 1200, 1000),
        ],
    ),
    "qwen2_einsum_kernels": (
        "qwen2",
        "Qwen2Config",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            bos_token_id=None,
            eos_token_id=0,
            rope_parameters=_rope(1000000.0),
        ),
        "Qwen2ForCausalLM",
        [
            ("numKvHeads", "N_KV = 2", "N_KV = 1", 2, 1),
            ("ropeTheta", "BASE = 1000000.0", "BASE = 10000.0", 1000000.0, 10000.0),
            ("intermediateSize", "D_MLP = 176", "D_MLP = 192", 176, 192),
        ],
        [
            ("numLayers", "num_hidden_layers", 2, 3),
            ("tieWordEmbeddings", "tie_word_embeddings", True, False),
        ],
    ),
    "gemma_slots_preset": (
        "gemma",
        "GemmaConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "GemmaForCausalLM",
        [
            (
                "numKvHeads",
                "heads=4, kv_heads=1, head_size=32",
                "heads=4, kv_heads=2, head_size=32",
                1,
                2,
            ),
            (
                "headDim",
                "kv_heads=1, head_size=32, ffn=128",
                "kv_heads=1, head_size=16, ffn=128",
                32,
                16,
            ),
            (
                "numLayers",
                "cls(vocab=640, width=64, depth=2,",
                "cls(vocab=640, width=64, depth=3,",
                2,
                3,
            ),
        ],
        [
            ("ropeTheta", "rope_parameters", _rope(100000.0), 10000.0, 100000.0),
        ],
    ),
    "mamba_selective_scan": (
        "mamba",
        "MambaConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            state_size=8,
            num_hidden_layers=2,
            expand=2,
            conv_kernel=4,
            use_bias=False,
            use_conv_bias=True,
            layer_norm_epsilon=1e-5,
            time_step_rank="auto",
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "MambaForCausalLM",
        [
            ("numLayers", "n_layer = 2", "n_layer = 3", 2, 3),
            ("vocabSize", "vocab_size = 512", "vocab_size = 640", 512, 640),
            ("normEps", "norm_eps = 1e-5", "norm_eps = 1e-6", 1e-05, 1e-06),
        ],
        [
            ("tieWordEmbeddings", "tie_word_embeddings", False, True),
        ],
    ),
    "olmoe_dense_dispatch": (
        "olmoe",
        "OlmoeConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            num_experts=8,
            num_experts_per_tok=2,
            norm_topk_prob=False,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            pad_token_id=1,
            bos_token_id=None,
            eos_token_id=0,
            rope_parameters=_rope(10000.0),
        ),
        "OlmoeForCausalLM",
        [
            (
                "numExperts",
                "VALUES = (64, 2, 4, 8, 2, 96,",
                "VALUES = (64, 2, 4, 16, 2, 96,",
                8,
                16,
            ),
            (
                "numExpertsPerTok",
                "VALUES = (64, 2, 4, 8, 2, 96,",
                "VALUES = (64, 2, 4, 8, 1, 96,",
                2,
                1,
            ),
            (
                "moeIntermediateSize",
                "VALUES = (64, 2, 4, 8, 2, 96,",
                "VALUES = (64, 2, 4, 8, 2, 128,",
                96,
                128,
            ),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "arcee_spec_string": (
        "arcee",
        "ArceeConfig",
        dict(
            vocab_size=800,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            hidden_act="relu2",
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "ArceeForCausalLM",
        [
            (
                "numKvHeads",
                'SPEC = "d96-l2-h6-kv2-f256-v800"',
                'SPEC = "d96-l2-h6-kv3-f256-v800"',
                2,
                3,
            ),
            (
                "intermediateSize",
                'SPEC = "d96-l2-h6-kv2-f256-v800"',
                'SPEC = "d96-l2-h6-kv2-f384-v800"',
                256,
                384,
            ),
            (
                "numLayers",
                'SPEC = "d96-l2-h6-kv2-f256-v800"',
                'SPEC = "d96-l3-h6-kv2-f256-v800"',
                2,
                3,
            ),
            ("ropeTheta", "ROPE_THETA = 10000.0", "ROPE_THETA = 1000000.0", 10000.0, 1000000.0),
        ],
        [],
    ),
    "hunyuan_properties": (
        "hunyuan_v1_dense",
        "HunYuanDenseV1Config",
        dict(
            vocab_size=960,
            hidden_size=128,
            intermediate_size=320,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "HunYuanDenseV1ForCausalLM",
        [
            ("intermediateSize", "    mlp_ratio = 2.5", "    mlp_ratio = 3.0", 320, 384),
            ("numKvHeads", "    kv_heads = 2", "    kv_heads = 4", 2, 4),
            ("normEps", "    eps = 1e-5", "    eps = 1e-6", 1e-05, 1e-06),
        ],
        [
            ("ropeTheta", "rope_parameters", _rope(1000000.0), 10000.0, 1000000.0),
        ],
    ),
    "seed_oss_enum": (
        "seed_oss",
        "SeedOssConfig",
        dict(
            vocab_size=1000,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            attention_bias=True,
            attention_out_bias=False,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
            rope_parameters=_rope(10000000.0),
        ),
        "SeedOssForCausalLM",
        [
            ("headDim", "    HEAD = 32", "    HEAD = 24", 32, 24),
            ("numHeads", "    HEADS = 4", "    HEADS = 6", 4, 6),
            ("ropeTheta", "ROPE_BASE = 10000000.0", "ROPE_BASE = 10000.0", 10000000.0, 10000.0),
        ],
        [
            ("vocabSize", "vocab_size", 1024, 1000),
        ],
    ),
    "bloom_baddbmm_alibi": (
        "bloom",
        "BloomConfig",
        dict(
            vocab_size=1280,
            hidden_size=64,
            n_layer=2,
            n_head=8,
            layer_norm_epsilon=1e-5,
            tie_word_embeddings=True,
            bos_token_id=1,
            eos_token_id=2,
            pad_token_id=3,
        ),
        "BloomForCausalLM",
        [
            ("numHeads", "N_HEAD = 8", "N_HEAD = 4", 8, 4),
            ("numLayers", "N_LAYER = 2", "N_LAYER = 3", 2, 3),
            ("vocabSize", "VOCAB = 1280", "VOCAB = 1024", 1280, 1024),
        ],
        [
            ("normEps", "layer_norm_epsilon", 1e-6, 1e-05),
        ],
    ),
    "gptj_sincos_table": (
        "gptj",
        "GPTJConfig",
        dict(
            vocab_size=1000,
            n_positions=256,
            n_embd=64,
            n_layer=2,
            n_head=4,
            rotary_dim=8,
            n_inner=256,
            activation_function="gelu_new",
            layer_norm_epsilon=1e-5,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "GPTJForCausalLM",
        [
            ("rotaryDim", "n_head=4, rotary_dim=8,", "n_head=4, rotary_dim=16,", 8, 16),
            (
                "intermediateSize",
                "rotary_dim=8, n_inner=256",
                "rotary_dim=8, n_inner=192",
                256,
                192,
            ),
            ("numLayers", "n_embd=64, n_layer=2,", "n_embd=64, n_layer=3,", 2, 3),
        ],
        [
            ("numHeads", "n_head", 8, 4),
        ],
    ),
    "starcoder2_partials": (
        "starcoder2",
        "Starcoder2Config",
        dict(
            vocab_size=1536,
            hidden_size=96,
            intermediate_size=384,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            hidden_act="gelu_pytorch_tanh",
            max_position_embeddings=256,
            norm_epsilon=1e-5,
            sliding_window=48,
            use_bias=True,
            tie_word_embeddings=True,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters=_rope(100000.0),
        ),
        "Starcoder2ForCausalLM",
        [
            ("slidingWindow", "WINDOW = 48", "WINDOW = 64", 48, 64),
            (
                "numKvHeads",
                "WIDTH, DEPTH, HEADS, KV, FFN, VOCAB = 96, 2, 6, 2, 384, 1536",
                "WIDTH, DEPTH, HEADS, KV, FFN, VOCAB = 96, 2, 6, 3, 384, 1536",
                2,
                3,
            ),
            (
                "normEps",
                "Norm = partial(nn.LayerNorm, eps=1e-5)",
                "Norm = partial(nn.LayerNorm, eps=1e-6)",
                1e-05,
                1e-06,
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 384),
        ],
    ),
    "phi3_abc_factory": (
        "phi3",
        "Phi3Config",
        dict(
            vocab_size=1024,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=3,
            max_position_embeddings=256,
            original_max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        ),
        "Phi3ForCausalLM",
        [
            ("partialRotaryFactor", "    rotary_frac = 0.5", "    rotary_frac = 1.0", 0.5, 1.0),
            ("numKvHeads", "    kv_heads = 3", "    kv_heads = 6", 3, 6),
            ("intermediateSize", "    ffn = 256", "    ffn = 320", 256, 320),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "electra_factorized_seq": (
        "electra",
        "ElectraConfig",
        dict(
            vocab_size=1000,
            embedding_size=32,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            hidden_act="gelu",
            pad_token_id=0,
        ),
        "ElectraModel",
        [
            (
                "embeddingSize",
                "vocab=1000, embed=32, hidden=64,",
                "vocab=1000, embed=48, hidden=64,",
                32,
                48,
            ),
            ("numLayers", "layers=2, heads=4, ffn=128,", "layers=3, heads=4, ffn=128,", 2, 3),
            (
                "intermediateSize",
                "layers=2, heads=4, ffn=128,",
                "layers=2, heads=4, ffn=256,",
                128,
                256,
            ),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "pegasus_sinusoid_param": (
        "pegasus",
        "PegasusConfig",
        dict(
            vocab_size=1000,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=128,
            scale_embedding=True,
            activation_function="gelu",
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "PegasusModel",
        [
            (
                "numEncoderLayers",
                '    "encoder": {"layers": 2, "heads": 4, "ffn": 128},',
                '    "encoder": {"layers": 3, "heads": 4, "ffn": 128},',
                2,
                3,
            ),
            (
                "intermediateSize",
                '    "decoder": {"layers": 2, "heads": 4, "ffn": 128},',
                '    "decoder": {"layers": 2, "heads": 4, "ffn": 192},',
                128,
                192,
            ),
            (
                "maxPositionEmbeddings",
                '    "max_positions": 128,',
                '    "max_positions": 256,',
                128,
                256,
            ),
        ],
        [
            ("numDecoderLayers", "decoder_layers", 3, 2),
        ],
    ),
    "beit_relpos_table": (
        "beit",
        "BeitConfig",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            use_relative_position_bias=True,
            use_shared_relative_position_bias=False,
            use_absolute_position_embeddings=False,
            use_mean_pooling=True,
            use_mask_token=False,
            layer_scale_init_value=0.1,
            layer_norm_eps=1e-12,
            hidden_act="gelu",
        ),
        "BeitModel",
        [
            ("patchSize", "        patch_size=8,", "        patch_size=4,", 8, 4),
            ("numLayers", "        depth=2,", "        depth=3,", 2, 3),
            ("numHeads", "        num_heads=4,", "        num_heads=8,", 4, 8),
            ("normEps", "        eps=1e-12,", "        eps=1e-6,", 1e-12, 1e-06),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 128),
        ],
    ),
    "regnet_y_stages": (
        "regnet",
        "RegNetConfig",
        dict(
            num_channels=3,
            embedding_size=16,
            hidden_sizes=[16, 32, 64],
            depths=[1, 2, 2],
            groups_width=8,
            layer_type="y",
            hidden_act="relu",
            downsample_in_first_stage=True,
        ),
        "RegNetModel",
        [
            ("depths", "DEPTHS = [1, 2, 2]", "DEPTHS = [1, 2, 3]", 2, 3),
            ("hiddenSizes", "WIDTHS = [16, 32, 64]", "WIDTHS = [16, 32, 96]", 64, 96),
            ("embeddingSize", "STEM_WIDTH = 16", "STEM_WIDTH = 32", 16, 32),
        ],
        [
            ("depths", "depths", [1, 2, 4], 2),
        ],
    ),
    "wav2vec2_weightnorm_conv": (
        "wav2vec2",
        "Wav2Vec2Config",
        dict(
            vocab_size=32,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            conv_dim=(32, 32, 32),
            conv_stride=(5, 2, 2),
            conv_kernel=(10, 3, 3),
            conv_bias=False,
            feat_extract_norm="group",
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
            do_stable_layer_norm=False,
            layer_norm_eps=1e-5,
            hidden_act="gelu",
            feat_extract_activation="gelu",
        ),
        "Wav2Vec2Model",
        [
            ("numLayers", "LAYERS = 2", "LAYERS = 3", 2, 3),
            ("intermediateSize", "FFN = 128", "FFN = 256", 128, 256),
            ("numHeads", "HEADS = 4", "HEADS = 8", 4, 8),
        ],
        [
            ("normEps", "layer_norm_eps", 1e-6, 1e-05),
        ],
    ),
    "hubert_conv_spec_dc": (
        "hubert",
        "HubertConfig",
        dict(
            vocab_size=32,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=160,
            conv_dim=(32, 32),
            conv_stride=(5, 2),
            conv_kernel=(10, 4),
            conv_bias=True,
            feat_extract_norm="layer",
            feat_proj_layer_norm=True,
            num_conv_pos_embeddings=8,
            num_conv_pos_embedding_groups=2,
            do_stable_layer_norm=True,
            layer_norm_eps=1e-5,
            hidden_act="gelu",
            feat_extract_activation="gelu",
        ),
        "HubertModel",
        [
            ("numLayers", "    layers: int = 3", "    layers: int = 2", 3, 2),
            ("intermediateSize", "    ffn: int = 160", "    ffn: int = 128", 160, 128),
            ("numHeads", "    heads: int = 4", "    heads: int = 8", 4, 8),
        ],
        [
            ("normEps", "layer_norm_eps", 1e-6, 1e-05),
        ],
    ),
    "marian_builder_postnorm": (
        "marian",
        "MarianConfig",
        dict(
            vocab_size=1200,
            d_model=64,
            encoder_layers=2,
            decoder_layers=3,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=192,
            decoder_ffn_dim=192,
            max_position_embeddings=160,
            activation_function="swish",
            scale_embedding=True,
            share_encoder_decoder_embeddings=True,
            pad_token_id=1199,
            eos_token_id=0,
            decoder_start_token_id=1199,
        ),
        "MarianModel",
        [
            (
                "numDecoderLayers",
                ".enc_layers(2).dec_layers(3)",
                ".enc_layers(2).dec_layers(2)",
                3,
                2,
            ),
            ("numHeads", "(1200).width(64).heads(4)", "(1200).width(64).heads(8)", 4, 8),
            ("intermediateSize", ".heads(4).ffn(192)", ".heads(4).ffn(256)", 192, 256),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 256, 160),
            ("numEncoderLayers", "encoder_layers", 3, 2),
        ],
    ),
    "mpnet_mappingproxy": (
        "mpnet",
        "MPNetConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=130,
            relative_attention_num_buckets=32,
            layer_norm_eps=1e-5,
            hidden_act="gelu",
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "MPNetModel",
        [
            ("numLayers", '        "layers": 2,', '        "layers": 3,', 2, 3),
            ("intermediateSize", '        "ffn": 160,', '        "ffn": 128,', 160, 128),
            (
                "relativeAttentionNumBuckets",
                '        "buckets": 32,',
                '        "buckets": 64,',
                32,
                64,
            ),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

# case -> [(regex on the case's parameter name, HF name(s) joined by "+", [how])]
SAME_OUTPUT: dict[str, list[tuple]] = {
    "glm_dict_functional": [
        (r"^embed$", "model.embed_tokens.weight"),
        (_L + r"ln1$", _HL + "input_layernorm.weight"),
        (_L + r"ln2$", _HL + "post_attention_layernorm.weight"),
        (_L + r"w([qkvo])$", _HL + r"self_attn.\2_proj.weight"),
        (_L + r"b([qkv])$", _HL + r"self_attn.\2_proj.bias"),
        (_L + r"w_gate_up$", _HL + "mlp.gate_up_proj.weight"),
        (_L + r"w_down$", _HL + "mlp.down_proj.weight"),
        (r"^final_norm$", "model.norm.weight"),
        (r"^unembed$", "lm_head.weight"),
    ],
    "glm4_sandwich_ns": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.norm_in\.", _HL + "input_layernorm."),
        (r"^blocks\.(\d+)\.norm_attn_out\.", _HL + "post_self_attn_layernorm."),
        (r"^blocks\.(\d+)\.norm_mid\.", _HL + "post_attention_layernorm."),
        (r"^blocks\.(\d+)\.norm_mlp_out\.", _HL + "post_mlp_layernorm."),
        (r"^blocks\.(\d+)\.attn\.([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.gate_up\.", _HL + "mlp.gate_up_proj."),
        (r"^blocks\.(\d+)\.down\.", _HL + "mlp.down_proj."),
        (r"^norm\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
    ],
    "helium_einops": [
        (r"^tok_emb\.", "model.embed_tokens."),
        (_L + r"attn_norm\.", _HL + "input_layernorm."),
        (_L + r"ff_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"attn\.to_([qkv])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"attn\.to_out\.", _HL + "self_attn.o_proj."),
        (_L + r"ff\.w_(gate|up|down)\.", _HL + r"mlp.\2_proj."),
        (r"^out_norm\.", "model.norm."),
        (r"^to_logits\.", "lm_head."),
    ],
    "smollm3_argparse": [(r"^(embed_tokens|layers|norm)\.", r"model.\1.")],
    "cohere2_moduledict": [
        (r"^embed\.", "model.embed_tokens."),
        (_L + r"norm\.", _HL + "input_layernorm."),
        (_L + r"([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"(gate|up|down)\.", _HL + r"mlp.\2_proj."),
        (r"^norm\.", "model.norm."),
    ],
    "gptneo_registry": [
        (r"^h\.(\d+)\.attn\.", r"transformer.h.\1.attn.attention."),
        (r"^h\.(\d+)\.(c_fc|c_proj)\.", r"transformer.h.\1.mlp.\2."),
        (r"^(wte|wpe|h|ln_f)\.", r"transformer.\1."),
    ],
    "biogpt_frozen_dc": [(r"^", "biogpt.")],
    "opt_raw_params": [
        (r"^tokens$", "model.decoder.embed_tokens.weight"),
        (r"^proj_in$", "model.decoder.project_in.weight"),
        (r"^proj_out$", "model.decoder.project_out.weight"),
        (r"^positions$", "model.decoder.embed_positions.weight"),
        (r"^lnf_w$", "model.decoder.final_layer_norm.weight"),
        (r"^lnf_b$", "model.decoder.final_layer_norm.bias"),
        (r"^l(\d+)_ln1_w$", r"model.decoder.layers.\1.self_attn_layer_norm.weight"),
        (r"^l(\d+)_ln1_b$", r"model.decoder.layers.\1.self_attn_layer_norm.bias"),
        (r"^l(\d+)_ln2_w$", r"model.decoder.layers.\1.final_layer_norm.weight"),
        (r"^l(\d+)_ln2_b$", r"model.decoder.layers.\1.final_layer_norm.bias"),
        (r"^l(\d+)_([qkv])_w$", r"model.decoder.layers.\1.self_attn.\2_proj.weight"),
        (r"^l(\d+)_([qkv])_b$", r"model.decoder.layers.\1.self_attn.\2_proj.bias"),
        (r"^l(\d+)_o_w$", r"model.decoder.layers.\1.self_attn.out_proj.weight"),
        (r"^l(\d+)_o_b$", r"model.decoder.layers.\1.self_attn.out_proj.bias"),
        (r"^l(\d+)_(fc\d)_w$", r"model.decoder.layers.\1.\2.weight"),
        (r"^l(\d+)_(fc\d)_b$", r"model.decoder.layers.\1.\2.bias"),
    ],
    "opt_toml_postnorm": [
        (
            _L + r"self_attn\.in_proj_(weight|bias)$",
            r"model.decoder.layers.\1.self_attn.q_proj.\2+model.decoder.layers.\1.self_attn.k_proj.\2"
            r"+model.decoder.layers.\1.self_attn.v_proj.\2",
        ),
        (_L + r"self_attn\.out_proj\.", r"model.decoder.layers.\1.self_attn.out_proj."),
        (r"^(embed_tokens|embed_positions|layers)\.", r"model.decoder.\1."),
    ],
    "falcon_new_arch_groups": [
        (r"^h\.(\d+)\.(dense_h_to_4h|dense_4h_to_h)\.", r"transformer.h.\1.mlp.\2."),
        (r"^(word_embeddings|h|ln_f)\.", r"transformer.\1."),
    ],
    "falcon_mqa_kwargs_chain": [
        (r"^h\.(\d+)\.mlp_up\.", r"transformer.h.\1.mlp.dense_h_to_4h."),
        (r"^h\.(\d+)\.mlp_down\.", r"transformer.h.\1.mlp.dense_4h_to_h."),
        (r"^(word_embeddings|h|ln_f)\.", r"transformer.\1."),
    ],
    "qwen2_einsum_kernels": [
        (r"^W_E$", "model.embed_tokens.weight"),
        (r"^W_U$", "lm_head.weight", "T"),
        (r"^blocks\.(\d+)\.ln1\.", _HL + "input_layernorm."),
        (r"^blocks\.(\d+)\.ln2\.", _HL + "post_attention_layernorm."),
        *[
            (
                rf"^blocks\.(\d+)\.attn\.W_{x.upper()}$",
                _HL + f"self_attn.{x}_proj.weight",
                "Treshape",
            )
            for x in "qkvo"
        ],
        *[
            (rf"^blocks\.(\d+)\.attn\.b_{x.upper()}$", _HL + f"self_attn.{x}_proj.bias", "reshape")
            for x in "qkv"
        ],
        (r"^blocks\.(\d+)\.mlp\.W_gate$", _HL + "mlp.gate_proj.weight", "T"),
        (r"^blocks\.(\d+)\.mlp\.W_in$", _HL + "mlp.up_proj.weight", "T"),
        (r"^blocks\.(\d+)\.mlp\.W_out$", _HL + "mlp.down_proj.weight", "T"),
        (r"^ln_final\.", "model.norm."),
    ],
    "gemma_slots_preset": [
        (r"^embedder\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.pre_attn\.", _HL + "input_layernorm."),
        (r"^blocks\.(\d+)\.pre_ffw\.", _HL + "post_attention_layernorm."),
        (r"^blocks\.(\d+)\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate|up|down)\.", _HL + r"mlp.\2_proj."),
        (r"^final_norm\.", "model.norm."),
    ],
    "mamba_selective_scan": [
        (r"^embedding\.", "backbone.embeddings."),
        (r"^(layers|norm_f)\.", r"backbone.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "olmoe_dense_dispatch": [
        (r"^emb\.", "model.embed_tokens."),
        (_L + r"attn_norm\.", _HL + "input_layernorm."),
        (_L + r"moe_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"attn\.", _HL + "self_attn."),
        (_L + r"moe\.router\.", _HL + "mlp.gate."),
        (_L + r"moe\.w_gate$", _HL + "mlp.experts.gate_up_proj", "half0"),
        (_L + r"moe\.w_up$", _HL + "mlp.experts.gate_up_proj", "half1"),
        (_L + r"moe\.w_down$", _HL + "mlp.experts.down_proj"),
        (r"^norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
    ],
    "arcee_spec_string": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.ln_1\.", _HL + "input_layernorm."),
        (r"^blocks\.(\d+)\.ln_2\.", _HL + "post_attention_layernorm."),
        (r"^blocks\.(\d+)\.([qkv])\.", _HL + r"self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.proj\.", _HL + "self_attn.o_proj."),
        (r"^blocks\.(\d+)\.(up|down)\.", _HL + r"mlp.\2_proj."),
        (r"^ln_f\.", "model.norm."),
        (r"^out\.", "lm_head."),
    ],
    "hunyuan_properties": [(r"^", "model.")],
    "seed_oss_enum": [
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^(embed_tokens|layers|norm)\.", r"model.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "bloom_baddbmm_alibi": [
        (r"^h\.(\d+)\.(dense_h_to_4h|dense_4h_to_h)\.", r"transformer.h.\1.mlp.\2."),
        (r"^", "transformer."),
    ],
    "gptj_sincos_table": [
        (r"^h\.(\d+)\.(fc_in|fc_out)\.", r"transformer.h.\1.mlp.\2."),
        (r"^(wte|h|ln_f)\.", r"transformer.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "starcoder2_partials": [
        (_L + r"(c_fc|c_proj)\.", _HL + r"mlp.\2."),
        (r"^", "model."),
    ],
    "phi3_abc_factory": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.norm1\.", _HL + "input_layernorm."),
        (r"^blocks\.(\d+)\.norm2\.", _HL + "post_attention_layernorm."),
        (r"^blocks\.(\d+)\.attn\.", _HL + "self_attn."),
        (r"^blocks\.(\d+)\.mlp\.", _HL + "mlp."),
        (r"^norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
    ],
    "electra_factorized_seq": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^position\.", "embeddings.position_embeddings."),
        (r"^token_type\.", "embeddings.token_type_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^embed_proj\.", "embeddings_project."),
        (_L + r"attn\.body\.self_attention\.", r"encoder.layer.\1.attention.self."),
        (_L + r"attn\.body\.out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attn\.norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"ffn\.body\.net\.0\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"ffn\.body\.net\.2\.", r"encoder.layer.\1.output.dense."),
        (_L + r"ffn\.norm\.", r"encoder.layer.\1.output.LayerNorm."),
    ],
    "pegasus_sinusoid_param": [
        (r"^(encoder|decoder)\.embed_positions$", r"\1.embed_positions.weight"),
        (r"^", ""),
    ],
    "beit_relpos_table": [
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^blocks\.(\d+)\.norm1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.norm2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.attn\.([qkv])\.", r"layers.\1.attention.\2_proj."),
        (r"^blocks\.(\d+)\.attn\.proj\.", r"layers.\1.attention.o_proj."),
        (
            r"^blocks\.(\d+)\.attn\.rel_table$",
            r"layers.\1.relative_position_bias.relative_position_bias_table",
        ),
        (r"^blocks\.(\d+)\.(fc\d)\.", r"layers.\1.mlp.\2."),
        (r"^blocks\.(\d+)\.gamma_(\d)$", r"layers.\1.lambda_\2"),
        (r"^fc_norm\.", "pooler.layernorm."),
    ],
    "regnet_y_stages": [
        (r"^stem\.conv\.", "embedder.embedder.convolution."),
        (r"^stem\.bn\.", "embedder.embedder.normalization."),
        (
            r"^stages\.(\d+)\.(\d+)\.shortcut\.conv\.",
            r"encoder.stages.\1.layers.\2.shortcut.convolution.",
        ),
        (
            r"^stages\.(\d+)\.(\d+)\.shortcut\.bn\.",
            r"encoder.stages.\1.layers.\2.shortcut.normalization.",
        ),
        (
            r"^stages\.(\d+)\.(\d+)\.se\.reduce\.",
            r"encoder.stages.\1.layers.\2.layer.2.attention.0.",
        ),
        (
            r"^stages\.(\d+)\.(\d+)\.se\.expand\.",
            r"encoder.stages.\1.layers.\2.layer.2.attention.2.",
        ),
        *[
            (
                rf"^stages\.(\d+)\.(\d+)\.{a}\.conv\.",
                rf"encoder.stages.\1.layers.\2.layer.{i}.convolution.",
            )
            for a, i in (("a", 0), ("b", 1), ("c", 3))
        ],
        *[
            (
                rf"^stages\.(\d+)\.(\d+)\.{a}\.bn\.",
                rf"encoder.stages.\1.layers.\2.layer.{i}.normalization.",
            )
            for a, i in (("a", 0), ("b", 1), ("c", 3))
        ],
    ],
    "wav2vec2_weightnorm_conv": [
        (r"^feature_encoder\.convs\.(\d+)\.", r"feature_extractor.conv_layers.\1.conv."),
        (r"^feature_encoder\.group_norm\.", "feature_extractor.conv_layers.0.layer_norm."),
        (r"^proj_norm\.", "feature_projection.layer_norm."),
        (r"^proj\.", "feature_projection.projection."),
        (r"^mask_emb$", "masked_spec_embed"),
        (r"^pos_conv\.", "encoder.pos_conv_embed.conv."),
        (r"^enc_norm\.", "encoder.layer_norm."),
        (
            _L + r"attn\.in_proj_(weight|bias)$",
            r"encoder.layers.\1.attention.q_proj.\2+encoder.layers.\1.attention.k_proj.\2"
            r"+encoder.layers.\1.attention.v_proj.\2",
        ),
        (_L + r"attn\.out_proj\.", r"encoder.layers.\1.attention.out_proj."),
        (_L + r"norm1\.", r"encoder.layers.\1.layer_norm."),
        (_L + r"norm2\.", r"encoder.layers.\1.final_layer_norm."),
        (_L + r"ff_in\.", r"encoder.layers.\1.feed_forward.intermediate_dense."),
        (_L + r"ff_out\.", r"encoder.layers.\1.feed_forward.output_dense."),
    ],
    "hubert_conv_spec_dc": [
        (r"^conv_layers\.", "feature_extractor.conv_layers."),
        (r"^feature_norm\.", "feature_projection.layer_norm."),
        (r"^feature_proj\.", "feature_projection.projection."),
        (r"^masked_spec_embed$", "masked_spec_embed"),
        (r"^pos_conv\.", "encoder.pos_conv_embed.conv."),
        (_L + r"(intermediate_dense|output_dense)\.", r"encoder.layers.\1.feed_forward.\2."),
        (_L, r"encoder.layers.\1."),
        (r"^encoder_norm\.", "encoder.layer_norm."),
    ],
    "marian_builder_postnorm": [
        (r"^enc_pos$", "encoder.embed_positions.weight"),
        (r"^dec_pos$", "decoder.embed_positions.weight"),
        (r"^(encoder|decoder)\.(\d+)\.", r"\1.layers.\2."),
        (r"^shared\.", "shared."),
    ],
    "mpnet_mappingproxy": [
        (r"^tok\.", "embeddings.word_embeddings."),
        (r"^pos\.", "embeddings.position_embeddings."),
        (r"^emb_norm\.", "embeddings.LayerNorm."),
        (_L + r"([qkvo])\.", r"encoder.layer.\1.attention.attn.\2."),
        (_L + r"attn_norm\.", r"encoder.layer.\1.attention.LayerNorm."),
        (_L + r"fc_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"fc_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"out_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^rel_bias\.", "encoder.relative_attention_bias."),
        (r"^pool\.", "pooler.dense."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "electra_factorized_seq": ("ids+types+mask", ["last_hidden_state"]),
    "pegasus_sinusoid_param": ("seq2seq", ["last_hidden_state"]),
    "beit_relpos_table": ("pixels", ["last_hidden_state", "pooler_output"]),
    "regnet_y_stages": ("pixels", ["pooler_output"]),
    "wav2vec2_weightnorm_conv": ("wave", ["last_hidden_state"]),
    "hubert_conv_spec_dc": ("wave", ["last_hidden_state"]),
    "marian_builder_postnorm": ("seq2seq", ["last_hidden_state"]),
    "mpnet_mappingproxy": ("ids", ["last_hidden_state", "pooler_output"]),
}


def same_output(name: str, seq: int = 12, code: Path | None = None) -> float:
    """Max |output difference| between the case (or ``code``, a variant of it) and the HF model
    of its config, with the same weights (``set_checks.same_output``)."""
    return set_checks.same_output(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO, name, seq, code)


def build_config(name: str, overrides: dict | None = None):
    return set_checks.build_config(CASES, name, overrides)


def write() -> dict:
    return set_checks.write_set(HERE, CASES)


def check(manifest: dict) -> list[str]:
    """Clean cases must equal the HF count; planted code variants must build and differ."""
    return set_checks.check_counts(HERE, manifest)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    m = write()
    archs = {c["arch"] for c in m["cases"]}
    print(f"{len(m['cases'])} cases over {len(archs)} architectures, {len(m['planted'])} planted")
    if args.check:
        bad = check(m)
        for name in SAME_OUTPUT:
            diff = same_output(name, seq=80)
            print(f"{name:22} same weights, max |output diff| {diff:.2e}")
            if diff > 1e-4:
                bad.append(f"{name} (output)")
        print("param counts and logits:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
