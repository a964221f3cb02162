"""The eighth fresh held-out set of re-implementations (written blind in session 15): hand-written
cases in styles no earlier set uses, most of architectures no earlier set has. It was NOT run
through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the cases in ``SAME_OUTPUT`` it also copies the
HF model's weights into the case and compares the outputs on CPU. The table is this set's; the
writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``).

    python benchmarks/reimpl/fresh8/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh8 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402

_rope, _TOKENS = set_checks.rope, set_checks.TOKENS

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value as the manifest records
#                  it, when the key's value is not the fact's value itself])
CASES: dict[str, tuple] = {
    "cwm_namedtuple": (
        "cwm",
        "CwmConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            sliding_window=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "CwmForCausalLM",
        [
            ("numKvHeads", "n_kv_heads: int = 2", "n_kv_heads: int = 4", 2, 4),
            ("intermediateSize", "ffn_dim: int = 160", "ffn_dim: int = 192", 160, 192),
            ("slidingWindow", "window: int = 32", "window: int = 64", 32, 64),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "cwm_environ_defaults": (
        "cwm",
        "CwmConfig",
        dict(
            vocab_size=640,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=4,
            num_attention_heads=6,
            num_key_value_heads=2,
            head_dim=16,
            sliding_window=48,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "CwmForCausalLM",
        [
            ("numHeads", '"CWM_HEADS", "6"', '"CWM_HEADS", "8"', 6, 8),
            ("intermediateSize", '"CWM_FFN", "256"', '"CWM_FFN", "320"', 256, 320),
            (
                "ropeTheta",
                '"CWM_ROPE_BASE", "1000000.0"',
                '"CWM_ROPE_BASE", "10000.0"',
                1000000.0,
                10000.0,
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 3, 2)],
    ),
    "hyperclovax_frozen_post_init": (
        "hyperclovax",
        "HyperCLOVAXConfig",
        dict(
            vocab_size=768,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "HyperCLOVAXForCausalLM",
        [
            ("numKvHeads", "n_kv_group: int = 2", "n_kv_group: int = 4", 2, 4),
            ("numLayers", "n_layer: int = 3", "n_layer: int = 2", 3, 2),
            ("intermediateSize", "d_ff: int = 192", "d_ff: int = 256", 192, 256),
        ],
        [("vocabSize", "vocab_size", 1024, 768)],
    ),
    "jais2_argparse_defaults": (
        "jais2",
        "Jais2Config",
        dict(
            vocab_size=800,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            head_dim=16,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "Jais2ForCausalLM",
        [
            (
                "intermediateSize",
                '"--ffn-hidden-size", type=int, default=256)',
                '"--ffn-hidden-size", type=int, default=320)',
                256,
                320,
            ),
            (
                "numLayers",
                '"--num-layers", type=int, default=2)',
                '"--num-layers", type=int, default=3)',
                2,
                3,
            ),
            (
                "vocabSize",
                '"--vocab-size", type=int, default=800)',
                '"--vocab-size", type=int, default=1000)',
                800,
                1000,
            ),
        ],
        [("normEps", "layer_norm_eps", 1e-6, 1e-5)],
    ),
    "nanochat_make_layer": (
        "nanochat",
        "NanoChatConfig",
        dict(
            vocab_size=1024,
            hidden_size=96,
            intermediate_size=384,
            num_hidden_layers=3,
            num_attention_heads=6,
            num_key_value_heads=6,
            max_position_embeddings=256,
            final_logit_softcapping=15.0,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "NanoChatForCausalLM",
        [
            ("numKvHeads", '"n_kv_head": 6,', '"n_kv_head": 3,', 6, 3),
            ("intermediateSize", '"mlp_hidden": 384,', '"mlp_hidden": 256,', 384, 256),
            ("numLayers", '"n_layer": 3,', '"n_layer": 4,', 3, 4),
        ],
        [("vocabSize", "vocab_size", 1280, 1024)],
    ),
    "mellum_moduledict_index": (
        "mellum",
        "MellumConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=48,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=dict(full_attention=_rope(500000.0), sliding_attention=_rope(10000.0)),
            **_TOKENS,
        ),
        "MellumForCausalLM",
        [
            ("numExperts", "    n_experts=4,", "    n_experts=8,", 4, 8),
            ("moeIntermediateSize", "    expert_hidden=48,", "    expert_hidden=64,", 48, 64),
            ("numKvHeads", "    kv_heads=2,", "    kv_heads=4,", 2, 4),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "granite_swa_tied_property": (
        "granite_swa",
        "GraniteSWAConfig",
        dict(
            vocab_size=576,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=1,
            sliding_window=24,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            embedding_multiplier=12.0,
            residual_multiplier=0.22,
            attention_multiplier=0.0625,
            logits_scaling=8.0,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "GraniteSWAForCausalLM",
        [
            ("intermediateSize", "    mlp = 176", "    mlp = 256", 176, 256),
            ("numKvHeads", "    kv_heads = 1", "    kv_heads = 2", 1, 2),
            ("slidingWindow", "    window = 24", "    window = 48", 24, 48),
        ],
        [("vocabSize", "vocab_size", 640, 576)],
    ),
    "minicpm3_preset_overrides": (
        "minicpm3",
        "MiniCPM3Config",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            q_lora_rank=48,
            kv_lora_rank=32,
            qk_nope_head_dim=16,
            qk_rope_head_dim=8,
            v_head_dim=16,
            head_dim=8,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            scale_emb=1,
            scale_depth=1.0,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "MiniCPM3ForCausalLM",
        [
            ("kvLoraRank", "        kv_rank=32,", "        kv_rank=64,", 32, 64),
            ("qLoraRank", "        q_rank=48,", "        q_rank=96,", 48, 96),
            ("intermediateSize", "        ffn=160,", "        ffn=192,", 160, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gte_reshape_helpers": (
        "gte",
        "GteConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            type_vocab_size=1,
            max_position_embeddings=256,
            layer_norm_eps=1e-12,
            rope_parameters=_rope(160000.0),
        ),
        "GteModel",
        [
            (
                "intermediateSize",
                "VOCAB, WIDTH, DEPTH, HEADS, FFN, TYPES = 1000, 64, 2, 4, 192, 1",
                "VOCAB, WIDTH, DEPTH, HEADS, FFN, TYPES = 1000, 64, 2, 4, 256, 1",
                192,
                256,
            ),
            (
                "numLayers",
                "VOCAB, WIDTH, DEPTH, HEADS, FFN, TYPES = 1000, 64, 2, 4, 192, 1",
                "VOCAB, WIDTH, DEPTH, HEADS, FFN, TYPES = 1000, 64, 3, 4, 192, 1",
                2,
                3,
            ),
        ],
        [("vocabSize", "vocab_size", 1200, 1000)],
    ),
    "nomic_bert_jit_helpers": (
        "nomic_bert",
        "NomicBertConfig",
        dict(
            vocab_size=1024,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            head_dim=16,
            type_vocab_size=2,
            max_position_embeddings=256,
            layer_norm_eps=1e-12,
            rope_parameters=_rope(1000.0),
        ),
        "NomicBertModel",
        [
            ("intermediateSize", '"n_inner": 256,', '"n_inner": 384,', 256, 384),
            ("numLayers", '"n_layer": 2,', '"n_layer": 3,', 2, 3),
            ("typeVocabSize", '"type_vocab_size": 2,', '"type_vocab_size": 1,', 2, 1),
        ],
        [("numHeads", "num_attention_heads", 4, 6)],
    ),
    "ibert_flax_setup": (
        "ibert",
        "IBertConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            type_vocab_size=1,
            max_position_embeddings=130,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            quant_mode=False,
        ),
        "IBertModel",
        [
            (
                "intermediateSize",
                "    intermediate: int = 256",
                "    intermediate: int = 192",
                256,
                192,
            ),
            ("numLayers", "    layers: int = 2", "    layers: int = 3", 2, 3),
            (
                "maxPositionEmbeddings",
                "    max_positions: int = 130",
                "    max_positions: int = 258",
                130,
                258,
            ),
        ],
        [("vocabSize", "vocab_size", 800, 700)],
    ),
    "vivit_add_module": (
        "vivit",
        "VivitConfig",
        dict(
            image_size=32,
            num_frames=4,
            tubelet_size=[2, 8, 8],
            num_channels=3,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=160,
            layer_norm_eps=1e-6,
        ),
        "VivitModel",
        [
            (
                "intermediateSize",
                "DIM, DEPTH, HEADS, MLP = 64, 2, 4, 160",
                "DIM, DEPTH, HEADS, MLP = 64, 2, 4, 256",
                160,
                256,
            ),
            (
                "numLayers",
                "DIM, DEPTH, HEADS, MLP = 64, 2, 4, 160",
                "DIM, DEPTH, HEADS, MLP = 64, 3, 4, 160",
                2,
                3,
            ),
            (
                "patchSize",
                "FRAMES, IMAGE, TUBELET, PATCH = 4, 32, 2, 8",
                "FRAMES, IMAGE, TUBELET, PATCH = 4, 32, 2, 4",
                8,
                4,
            ),
        ],
        [("numFrames", "num_frames", 8, 4)],
    ),
    "timesformer_attention_mixins": (
        "timesformer",
        "TimesformerConfig",
        dict(
            image_size=32,
            patch_size=8,
            num_channels=3,
            num_frames=4,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            layer_norm_eps=1e-6,
            qkv_bias=True,
        ),
        "TimesformerModel",
        [
            ("numFrames", "NUM_FRAMES = 4", "NUM_FRAMES = 8", 4, 8),
            (
                "intermediateSize",
                "D_MODEL, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 192",
                "D_MODEL, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 256",
                192,
                256,
            ),
            (
                "numLayers",
                "D_MODEL, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 192",
                "D_MODEL, N_LAYERS, N_HEADS, D_FF = 64, 3, 4, 192",
                2,
                3,
            ),
        ],
        [("imageSize", "image_size", 48, 32)],
    ),
    "gpt_neox_japanese_mappingproxy": (
        "gpt_neox_japanese",
        "GPTNeoXJapaneseConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_multiple_size=4,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0, partial_rotary_factor=1.0),
            **_TOKENS,
        ),
        "GPTNeoXJapaneseForCausalLM",
        [
            ("intermediateSize", '"ffn_mult": 4,', '"ffn_mult": 2,', 256, 128),
            ("numLayers", '"n_layers": 3,', '"n_layers": 2,', 3, 2),
            ("vocabSize", '"vocab": 900,', '"vocab": 1000,', 900, 1000),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "youtu_abc_hooks": (
        "youtu",
        "YoutuConfig",
        dict(
            vocab_size=768,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            q_lora_rank=64,
            kv_lora_rank=32,
            qk_nope_head_dim=16,
            qk_rope_head_dim=8,
            v_head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "YoutuForCausalLM",
        [
            ("kvLoraRank", "    kv_lora_rank = 32", "    kv_lora_rank = 48", 32, 48),
            ("vHeadDim", "    v_head_dim = 16", "    v_head_dim = 32", 16, 32),
            ("intermediateSize", "    ffn = 192", "    ffn = 256", 192, 256),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "xmod_partial_factories": (
        "xmod",
        "XmodConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-12,
            adapter_reduction_factor=2,
            languages=["en_XX", "de_DE"],
            default_language="en_XX",
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "XmodModel",
        [
            (
                "languages",
                'LANGS = ("en_XX", "de_DE")',
                'LANGS = ("en_XX", "de_DE", "fr_XX")',
                2,
                3,
            ),
            ("adapterReductionFactor", "ADAPTER_REDUCTION = 2", "ADAPTER_REDUCTION = 4", 2, 4),
            (
                "intermediateSize",
                "D, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 256",
                "D, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 192",
                256,
                192,
            ),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "llama_partial_linear": (
        "llama",
        "LlamaConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(500000.0),
            **_TOKENS,
        ),
        "LlamaForCausalLM",
        [
            ("numKvHeads", "        n_kv_heads=2,", "        n_kv_heads=4,", 2, 4),
            ("intermediateSize", "        hidden_dim=176,", "        hidden_dim=256,", 176, 256),
            (
                "ropeTheta",
                "        rope_theta=500000.0,",
                "        rope_theta=10000.0,",
                500000.0,
                10000.0,
            ),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen3_classmethod_preset": (
        "qwen3",
        "Qwen3Config",
        dict(
            vocab_size=1024,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "Qwen3ForCausalLM",
        [
            (
                "headDim",
                '"debug": (1024, 64, 2, 4, 2, 32, 160, 1e-6, 1000000.0),',
                '"debug": (1024, 64, 2, 4, 2, 16, 160, 1e-6, 1000000.0),',
                32,
                16,
            ),
            (
                "numKvHeads",
                '"debug": (1024, 64, 2, 4, 2, 32, 160, 1e-6, 1000000.0),',
                '"debug": (1024, 64, 2, 4, 4, 32, 160, 1e-6, 1000000.0),',
                2,
                4,
            ),
            (
                "ropeTheta",
                '"debug": (1024, 64, 2, 4, 2, 32, 160, 1e-6, 1000000.0),',
                '"debug": (1024, 64, 2, 4, 2, 32, 160, 1e-6, 10000.0),',
                1000000.0,
                10000.0,
            ),
        ],
        [("intermediateSize", "intermediate_size", 192, 160)],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_partial_linear": [(r"^lm_head\.", "lm_head."), (r"^", "model.")],
    "qwen3_classmethod_preset": [
        (_L + r"([qkvo]_proj|[qk]_norm)\.", _HL + r"self_attn.\2."),
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {}

# same_output, build_config, write, check, check_keeping_plants, main: shared with every set
_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output, build_config, write = _MAKE.same_output, _MAKE.build_config, _MAKE.write
check, check_keeping_plants, main = _MAKE.check, _MAKE.check_keeping_plants, _MAKE.main

if __name__ == "__main__":
    raise SystemExit(main())
