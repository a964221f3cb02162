"""The eighteenth fresh held-out set of re-implementations (written blind in session 22): code
styles no earlier set used (a ChainMap of overrides over defaults with blocks under numeric
ModuleDict keys, ...). It was NOT run through driftcheck while it was written; run it once
(``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's, ``small`` fresh17's.

    python benchmarks/reimpl/fresh18/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh18 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh12.make import dec  # noqa: E402
from benchmarks.reimpl.fresh17.make import mla, small  # noqa: E402

_ML4 = "D_MODEL, N_HEADS, VOCAB = {}, {}, {}"
_ML4_V = (64, 4, 256)
_ML4B = "KV_LORA, QK_NOPE, QK_ROPE, V_HEAD = {}, {}, {}, {}"
_ML4B_V = (32, 16, 8, 16)
_ML4C = "DENSE_FFN, N_EXPERTS, TOP_K, EXPERT_FFN = {}, {}, {}, {}"
_ML4C_V = (128, 4, 2, 32)

_LF = "DIM, VOCAB, FFN = {}, {}, {}"
_LF_V = (64, 256, 128)
_LF2 = "HEADS, KV_HEADS, HEAD_DIM, WINDOW = {}, {}, {}, {}"
_LF2_V = (4, 2, 16, 16)

_T5G = dict(
    vocab_size=256,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    intermediate_size=128,
)
_T5S = (
    '    "shared": {{"vocab": {}, "width": {}, "heads": {}, "kv_heads": {}, "head_dim": {}, '
    '"ffn": {}}},'
)
_T5S_V = (256, 64, 4, 2, 16, 128)

_MI = "VOCAB, WIDTH, DEPTH = {}, {}, {}"
_MI_V = (320, 64, 2)
_MI2 = "HEADS, KV_HEADS, MLP = {}, {}, {}"
_MI2_V = (4, 2, 160)
_Q3M = (
    'SIZES = "vocab={} width={} layers={} heads={} kv_heads={} head_dim={} experts={} top_k={} '
    'expert_ffn={}"'
)
_Q3M_V = (256, 64, 2, 4, 2, 32, 4, 2, 48)
_G2 = "N_VOCAB, N_CTX, N_EMBD, N_HEAD, N_LAYER = {}, {}, {}, {}, {}"
_G2_V = (384, 128, 64, 4, 2)

_OL = (
    'R = type("R", (), {{"vocab": {}, "d": {}, "depth": {}, "heads": {}, "kv": {}, "ffn": {}, '
    '"eps": 1e-6}})'
)
_OL_V = (320, 64, 2, 4, 4, 128)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "llama_chainmap_numeric_keys": (
        "llama",
        "LlamaConfig",
        dec(500000.0, vocab_size=384, intermediate_size=176),
        "LlamaForCausalLM",
        [
            sub("numLayers", '    "n_layers": {},\n', 2, 3),
            sub("numKvHeads", '    "n_kv": {},\n', 2, 1),
            sub("intermediateSize", '    "ffn": {},\n', 176, 256),
            sub("vocabSize", '    "vocab": {},\n', 384, 512),
            sub("ropeTheta", '    "base": {},\n', 500000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "hrm_text_two_level_paper_config": (
        "hrm_text",
        "HrmTextConfig",
        dict(
            vocab_size=256,
            hidden_size=64,
            num_attention_heads=4,
            head_dim=16,
            intermediate_size=128,
            num_layers_per_stack=2,
            num_hidden_layers=4,
        ),
        "HrmTextModel",
        [
            sub("vocabSize", "    vocab_size: int = {}\n", 256, 320),
            sub("numHeads", "    num_heads: int = {}\n", 4, 8),
            sub("headDim", "    head_dim: int = {}\n", 16, 32),
            sub("intermediateSize", "    expansion_hidden: int = {}\n", 128, 192),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "lara_mini_kind_table_stacked_experts": (
        "lara_mini",
        "LaraMiniConfig",
        small(
            num_key_value_heads=2,
            linear_key_head_dim=16,
            linear_value_head_dim=16,
            linear_num_key_heads=2,
            linear_num_value_heads=4,
            moe_intermediate_size=32,
            shared_expert_intermediate_size=32,
            num_experts=4,
            num_experts_per_tok=2,
            layer_types=["linear_attention", "sliding_attention"],
            sliding_window=16,
            rms_norm_eps=1e-6,
            # the code's logits are ``final_norm(x) @ embed.weight.T``: a tied head (session 22
            # correction, drift22b: ``dec``'s untied default described a head the code lacks)
            tie_word_embeddings=True,
        ),
        "LaraMiniModel",
        [
            sub("vocabSize", "VOCAB = {}\n", 256, 320),
            sub("numExperts", 'MOE = {{"experts": {}, ', 4, 8),
            sub("moeIntermediateSize", '"expert_ffn": {}, ', 32, 48),
            sub("numKvHeads", '"kv_heads": {}, ', 2, 4),
            sub("numLayers", 'LAYER_PLAN = ["linear", "window"{}]\n', "", ', "window"', (2, 3)),
        ],
        [("numExperts", "num_experts", 8, 4)],
    ),
    "cosmos3_edge_text_make_dataclass": (
        "cosmos3_edge_text",
        "Cosmos3EdgeTextConfig",
        small(
            rope_parameters=set_checks.rope(10000.0, mrope_section=[4, 2, 2]),
            hidden_act="relu2",
            rms_norm_eps=1e-5,
        ),
        "Cosmos3EdgeTextModel",
        [
            sub("numLayers", '    ("n_layer", int, {}),\n', 2, 3),
            sub("numKvHeads", '    ("n_kv_head", int, {}),\n', 2, 1),
            sub("intermediateSize", '    ("d_ff", int, {}),\n', 128, 192),
            sub("vocabSize", '    ("vocab", int, {}),\n', 256, 384),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "mistral_large4_text_latent_indexer": (
        "mistral_large4_text",
        "MistralLarge4TextConfig",
        small(
            num_key_value_heads=4,
            kv_lora_rank=32,
            qk_rope_head_dim=8,
            qk_nope_head_dim=16,
            v_head_dim=16,
            moe_intermediate_size=32,
            n_routed_experts=4,
            num_experts_per_tok=2,
            mlp_layer_types=["dense", "sparse"],
            index_head_dim=16,
            index_n_heads=4,
        ),
        "MistralLarge4TextModel",
        [
            sizes_line("vocabSize", _ML4, _ML4_V, 2, 320),
            sizes_line("kvLoraRank", _ML4B, _ML4B_V, 0, 48),
            sizes_line("numExperts", _ML4C, _ML4C_V, 1, 8),
            sizes_line("moeIntermediateSize", _ML4C, _ML4C_V, 3, 48),
            sizes_line("intermediateSize", _ML4C, _ML4C_V, 0, 192),
            sub("numLayers", 'LAYER_KIND = ("dense", "moe"{})\n', "", ', "moe"', (2, 3)),
        ],
        [("numExperts", "n_routed_experts", 8, 4)],
    ),
    "muse_spark_text_projected_experts": (
        "muse_spark_text",
        "MuseSparkTextConfig",
        small(
            moe_intermediate_size=32,
            moe_hidden_size=48,
            num_local_experts=4,
            num_experts_per_tok=2,
            # the code attends causally over every token on both layers (no window): both
            # layers full attention (session 22 correction, drift22b: layer 0 was
            # ``sliding_attention`` with a window of 16 the code never applies)
            layer_types=["full_attention", "full_attention"],
            mlp_layer_types=["sparse", "sparse"],
            layer_rope_theta=[500000.0, 0],
            sliding_window=None,
        ),
        "MuseSparkTextModel",
        [
            sub("vocabSize", '"--vocab {} ', 256, 384),
            sub("numLayers", "--layers {} ", 2, 3),
            sub("numKvHeads", "--kv-heads {} ", 2, 1),
            sub("numExperts", '"--experts {} ', 4, 8),
            sub("moeIntermediateSize", "--expert-ffn {}", 32, 64),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "kimi_linear_parameterdict_layers": (
        "kimi_linear",
        "KimiLinearConfig",
        small(
            num_key_value_heads=4,
            kv_lora_rank=32,
            qk_rope_head_dim=8,
            qk_nope_head_dim=16,
            v_head_dim=16,
            moe_intermediate_size=32,
            num_experts=4,
            num_experts_per_token=2,
            mlp_layer_types=["dense", "sparse"],
            layer_types=["linear_attention", "full_attention"],
            linear_head_dim=16,
            linear_num_heads=4,
        ),
        "KimiLinearModel",
        [
            sub("vocabSize", '    "vocab": {},\n', 256, 384),
            sub("intermediateSize", '    "ffn": {},\n', 128, 192),
            sub("numExperts", '    "experts": {},\n', 4, 8),
            sub("kvLoraRank", '    "kv_rank": {},\n', 32, 48),
            sub("moeIntermediateSize", '    "expert_ffn": {},\n', 32, 64),
        ],
        [("numExperts", "num_experts", 8, 4)],
    ),
    "lfm3_pattern_string_sequential": (
        "lfm3",
        "Lfm3Config",
        small(
            layer_types=["conv", "sliding_attention"],
            rope_parameters={
                "sliding_attention": set_checks.rope(10000.0),
                "full_attention": set_checks.rope(1000000.0),
            },
            sliding_window=16,
            norm_eps=1e-5,
            tie_word_embeddings=True,
        ),
        "Lfm3Model",
        [
            sub("numLayers", 'PATTERN = "{}"\n', "CS", "CSS", (2, 3)),
            sizes_line("vocabSize", _LF, _LF_V, 1, 320),
            sizes_line("intermediateSize", _LF, _LF_V, 2, 192),
            sizes_line("numKvHeads", _LF2, _LF2_V, 1, 4),
            sizes_line("headDim", _LF2, _LF2_V, 2, 32),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "t5gemma_nested_dict_subclassed_decoder": (
        "t5gemma",
        "T5GemmaConfig",
        dict(encoder=_T5G, decoder=_T5G, vocab_size=256),
        "T5GemmaModel",
        [
            sizes_line("vocabSize", _T5S, _T5S_V, 0, 320),
            sizes_line("numKvHeads", _T5S, _T5S_V, 3, 4),
            sizes_line("intermediateSize", _T5S, _T5S_V, 5, 192),
            sub("numEncoderLayers", '    "encoder": {{"depth": {}}},\n', 2, 3),
            sub("numDecoderLayers", '    "decoder": {{"depth": {}}},\n', 2, 1),
        ],
        [],
    ),
    "mixtral_dense_einsum_all_experts": (
        "mixtral",
        "MixtralConfig",
        dec(
            1000000.0,
            vocab_size=320,
            intermediate_size=96,
            num_local_experts=4,
            num_experts_per_tok=2,
        ),
        "MixtralForCausalLM",
        [
            sub("vocabSize", "        vocab={},\n", 320, 384),
            sub("numLayers", "        n_layers={},\n", 2, 3),
            sub("numExperts", "        n_experts={},\n", 4, 8),
            sub("numExpertsPerTok", "        top_k={},\n", 2, 1),
            sub("intermediateSize", "        expert_hidden={},\n", 96, 128),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "qwen2_register_parameter_empty_init": (
        "qwen2",
        "Qwen2Config",
        small(
            rope_parameters=set_checks.rope(1000000.0),
            intermediate_size=144,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
        ),
        "Qwen2ForCausalLM",
        [
            sub("vocabSize", "    vocab = {}\n", 256, 320),
            sub("numLayers", "    blocks = {}\n", 2, 3),
            sub("numKvHeads", "    kv_heads = {}\n", 2, 1),
            sub("intermediateSize", "    mlp = {}\n", 144, 192),
            sub("ropeTheta", "    rope_base = {}\n", 1000000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "axk2_gated_norm_closure_factories": (
        "axk2",
        "AXK2Config",
        mla(
            num_key_value_heads=4,
            mlp_layer_types=["dense", "sparse"],
            index_head_dim=16,
            index_n_heads=4,
            gated_norm_rank=16,
            rms_norm_eps=1e-6,
        ),
        "AXK2Model",
        [
            sub("vocabSize", "    vocab_size={},\n", 256, 320),
            sub("qLoraRank", "    q_rank={},\n", 32, 48),
            sub("kvLoraRank", "    kv_rank={},\n", 32, 64),
            sub("numExperts", "    n_experts={},\n", 4, 8),
            sub("intermediateSize", "    dense_ffn={},\n", 128, 192),
            sub("moeIntermediateSize", "    expert_ffn={},\n", 32, 48),
        ],
        [("numExperts", "n_routed_experts", 8, 4)],
    ),
    "qwen3_5_text_cached_property_dims": (
        "qwen3_5_text",
        "Qwen3_5TextConfig",
        small(
            linear_key_head_dim=16,
            linear_value_head_dim=16,
            linear_num_key_heads=2,
            linear_num_value_heads=4,
            layer_types=["linear_attention", "full_attention"],
            rms_norm_eps=1e-6,
        ),
        "Qwen3_5TextModel",
        [
            sub("vocabSize", "    vocab = {}\n", 256, 320),
            sub("intermediateSize", "    ffn = {}\n", 128, 192),
            sub("numKvHeads", "    n_kv_heads = {}\n", 2, 1),
            sub("headDim", "    head_dim = {}\n", 16, 32),
            sub("numLayers", '    kinds = ("delta", "attn"{})\n', "", ', "attn"', (2, 3)),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "mistral_reduce_composed_blocks": (
        "mistral",
        "MistralConfig",
        dec(1000000.0, vocab_size=320, intermediate_size=160, sliding_window=16),
        "MistralForCausalLM",
        [
            sizes_line("vocabSize", _MI, _MI_V, 0, 384),
            sizes_line("numLayers", _MI, _MI_V, 2, 3),
            sizes_line("numKvHeads", _MI2, _MI2_V, 1, 4),
            sizes_line("intermediateSize", _MI2, _MI2_V, 2, 224),
            sub("slidingWindow", "WINDOW = {}\n", 16, 32),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen3_moe_expert_moduledict_string_keys": (
        "qwen3_moe",
        "Qwen3MoeConfig",
        small(
            head_dim=32,
            num_experts=4,
            num_experts_per_tok=2,
            moe_intermediate_size=48,
            norm_topk_prob=True,
            rms_norm_eps=1e-6,
        ),
        "Qwen3MoeForCausalLM",
        [
            sizes_line("vocabSize", _Q3M, _Q3M_V, 0, 384),
            sizes_line("numLayers", _Q3M, _Q3M_V, 2, 3),
            sizes_line("numKvHeads", _Q3M, _Q3M_V, 4, 4),
            sizes_line("headDim", _Q3M, _Q3M_V, 5, 16),
            sizes_line("numExperts", _Q3M, _Q3M_V, 6, 8),
            sizes_line("moeIntermediateSize", _Q3M, _Q3M_V, 8, 64),
        ],
        [("numExperts", "num_experts", 8, 4)],
    ),
    "gpt2_split_qkv_conv1d_transposed": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=384, n_positions=128, n_embd=64, n_head=4, n_layer=2),
        "GPT2Model",
        [
            sizes_line("vocabSize", _G2, _G2_V, 0, 448),
            sizes_line("maxPositionEmbeddings", _G2, _G2_V, 1, 256),
            sizes_line("hiddenSize", _G2, _G2_V, 2, 96),
            sizes_line("numLayers", _G2, _G2_V, 4, 3),
        ],
        [("numHeads", "n_head", 8, 4)],
    ),
    "olmo2_lambda_table_post_norms": (
        "olmo2",
        "Olmo2Config",
        dec(vocab_size=320, intermediate_size=128, num_key_value_heads=4, rms_norm_eps=1e-6),
        "Olmo2Model",
        [
            sizes_line("vocabSize", _OL, _OL_V, 0, 384),
            sizes_line("numLayers", _OL, _OL_V, 2, 3),
            sizes_line("numKvHeads", _OL, _OL_V, 4, 2),
            sizes_line("intermediateSize", _OL, _OL_V, 5, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_chainmap_numeric_keys": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^out\.", "lm_head."),
        (r"^blocks\.(\d+)\.attn_norm\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.mlp_norm\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.w([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.w1\.", r"model.layers.\1.mlp.gate_proj."),
        (r"^blocks\.(\d+)\.w3\.", r"model.layers.\1.mlp.up_proj."),
        (r"^blocks\.(\d+)\.w2\.", r"model.layers.\1.mlp.down_proj."),
    ],
    "mixtral_dense_einsum_all_experts": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^ln_f$", "model.norm.weight"),
        (r"^lm_head\.", "lm_head."),
        (r"^blocks\.(\d+)\.ln_attn$", r"model.layers.\1.input_layernorm.weight"),
        (r"^blocks\.(\d+)\.ln_moe$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^blocks\.(\d+)\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.router\.", r"model.layers.\1.mlp.gate."),
        (r"^blocks\.(\d+)\.w_in$", r"model.layers.\1.mlp.experts.gate_up_proj"),
        (r"^blocks\.(\d+)\.w_out$", r"model.layers.\1.mlp.experts.down_proj"),
    ],
    "qwen2_register_parameter_empty_init": [
        (r"^tok$", "model.embed_tokens.weight"),
        (r"^final_norm$", "model.norm.weight"),
        (r"^b(\d+)_ln1$", r"model.layers.\1.input_layernorm.weight"),
        (r"^b(\d+)_ln2$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^b(\d+)_([qkvo])_w$", r"model.layers.\1.self_attn.\2_proj.weight"),
        (r"^b(\d+)_([qkv])_b$", r"model.layers.\1.self_attn.\2_proj.bias"),
        (r"^b(\d+)_(gate|up|down)$", r"model.layers.\1.mlp.\2_proj.weight"),
    ],
    "mistral_reduce_composed_blocks": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^final_norm$", "model.norm.weight"),
        (r"^head\.", "lm_head."),
        (r"^blocks\.(\d+)\.norms\.attn$", r"model.layers.\1.input_layernorm.weight"),
        (r"^blocks\.(\d+)\.norms\.mlp$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^blocks\.(\d+)\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
