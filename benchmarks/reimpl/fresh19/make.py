"""The nineteenth fresh held-out set of re-implementations (written blind in session 23): code
styles no earlier set used (sizes as an IntEnum with setattr-attached layers, an INI section
read by configparser, ...). It was NOT run through driftcheck while it was written; run it once
(``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's, ``small`` fresh17's.

    python benchmarks/reimpl/fresh19/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh19 --mode both --show 200
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

_SC2 = '    "tiny": [{}, {}, {}, {}, {}, {}, {}, {}],'
_SC2_V = (256, 64, 2, 4, 2, 128, 16, 10000.0)

_VIT = "IMG, PATCH, DIM, HEADS, MLP_DIM, DEPTH = {}, {}, {}, {}, {}, {}"
_VIT_V = (32, 8, 64, 4, 128, 2)

_Q3 = "VOCAB, D, LAYERS, HEADS, KV, HEAD_DIM, FFN = {}, {}, {}, {}, {}, {}, {}"
_Q3_V = (256, 64, 2, 4, 2, 32, 128)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "llama_intenum_setattr_layers": (
        "llama",
        "LlamaConfig",
        dec(500000.0, vocab_size=384, intermediate_size=176),
        "LlamaForCausalLM",
        [
            sub("numLayers", "    LAYERS = {}\n", 2, 3),
            sub("numKvHeads", "    KV_HEADS = {}\n", 2, 1),
            sub("intermediateSize", "    FFN = {}\n", 176, 256),
            sub("vocabSize", "    VOCAB = {}\n", 384, 448),
            sub("ropeTheta", "ROPE_BASE = {}\n", 500000.0, 10000.0),
            sub("normEps", "EPS = {}\n", 1e-5, 1e-6),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "qwen2_configparser_ini": (
        "qwen2",
        "Qwen2Config",
        dec(1000000.0, vocab_size=320, intermediate_size=144, rms_norm_eps=1e-6),
        "Qwen2ForCausalLM",
        [
            sub("vocabSize", "vocab = {}\n", 320, 384),
            sub("numLayers", "layers = {}\n", 2, 3),
            sub("numKvHeads", "kv_heads = {}\n", 2, 4),
            sub("intermediateSize", "intermediate = {}\n", 144, 192),
            sub("ropeTheta", "rope_theta = {}\n", 1000000.0, 10000.0),
        ],
        [("tieWordEmbeddings", "tie_word_embeddings", True, False)],
    ),
    "mistral_argparse_defaults_window": (
        "mistral",
        "MistralConfig",
        dec(1000000.0, vocab_size=320, intermediate_size=160, sliding_window=16),
        "MistralForCausalLM",
        [
            sub("vocabSize", '"--vocab", type=int, default={})', 320, 384),
            sub("numLayers", '"--n-layers", type=int, default={})', 2, 3),
            sub("numKvHeads", '"--n-kv-heads", type=int, default={})', 2, 1),
            sub("intermediateSize", '"--hidden-dim", type=int, default={})', 160, 224),
            sub("slidingWindow", '"--window", type=int, default={})', 16, 32),
            sub("ropeTheta", '"--rope-theta", type=float, default={})', 1000000.0, 10000.0),
        ],
        [("slidingWindow", "sliding_window", 32, 16)],
    ),
    "mixtral_argsort_dispatch_expert_list": (
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
            sub("vocabSize", '{{"vocab": {}, ', 320, 384),
            sub("numLayers", '"layers": {}, ', 2, 3),
            sub("intermediateSize", '"ffn": {}, ', 96, 128),
            sub("numExperts", '"experts": {}, ', 4, 8),
            sub("numExpertsPerTok", '"top_k": {}, ', 2, 1),
        ],
        [("numExpertsPerTok", "num_experts_per_tok", 1, 2)],
    ),
    "qwen2_moe_parameterlist_shared_gate": (
        "qwen2_moe",
        "Qwen2MoeConfig",
        small(
            num_experts=4,
            num_experts_per_tok=2,
            moe_intermediate_size=32,
            shared_expert_intermediate_size=64,
        ),
        "Qwen2MoeForCausalLM",
        [
            sub("vocabSize", "    vocab={},\n", 256, 320),
            sub("numExperts", "    n_expert={},\n", 4, 8),
            sub("numExpertsPerTok", "    k={},\n", 2, 1),
            sub("moeIntermediateSize", "    expert_ffn={},\n", 32, 48),
            sub("sharedExpertIntermediateSize", "    shared_ffn={},\n", 64, 96),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "olmoe_nested_dataclasses": (
        "olmoe",
        "OlmoeConfig",
        small(num_experts=4, num_experts_per_tok=2),
        "OlmoeForCausalLM",
        [
            sub("numKvHeads", "    n_kv_heads: int = {}\n", 2, 4),
            sub("numExperts", "    num_experts: int = {}\n", 4, 8),
            sub("numExpertsPerTok", "    top_k: int = {}\n", 2, 1),
            sub("intermediateSize", "    expert_hidden: int = {}\n", 128, 96),
            sub("ropeTheta", "    rope_theta: float = {}\n", 10000.0, 500000.0),
        ],
        [("numExperts", "num_experts", 8, 4)],
    ),
    "gemma_environ_defaults": (
        "gemma",
        "GemmaConfig",
        small(),
        "GemmaForCausalLM",
        [
            sub("vocabSize", '"GEMMA_VOCAB", "{}"', 256, 320),
            sub("numLayers", '"GEMMA_DEPTH", "{}"', 2, 3),
            sub("numKvHeads", '"GEMMA_KV_HEADS", "{}"', 2, 1),
            sub("headDim", '"GEMMA_HEAD_DIM", "{}"', 16, 32),
            sub("intermediateSize", '"GEMMA_MLP", "{}"', 128, 192),
        ],
        [("ropeTheta", "rope_parameters", set_checks.rope(1000000.0), 10000.0, 1000000.0)],
    ),
    "phi3_split_sizes_property": (
        "phi3",
        "Phi3Config",
        small(),
        "Phi3ForCausalLM",
        [
            sub("vocabSize", "    vocab = {}\n", 256, 320),
            sub("numLayers", "    n_layer = {}\n", 2, 3),
            sub("numKvHeads", "    n_kv_head = {}\n", 2, 4),
            sub("intermediateSize", "    d_ff = {}\n", 128, 192),
            sub("ropeTheta", "    rope_base = {}\n", 10000.0, 250000.0),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "nemotron_decorator_registry": (
        "nemotron",
        "NemotronConfig",
        small(),
        "NemotronForCausalLM",
        [
            sub("vocabSize", '    "vocab_size": {},\n', 256, 320),
            sub("numLayers", '    "layers": {},\n', 2, 3),
            sub("numKvHeads", '    "kv_heads": {},\n', 2, 1),
            sub("intermediateSize", '    "ffn": {},\n', 128, 192),
            sub("partialRotaryFactor", '    "rotary_pct": {},\n', 0.5, 0.25),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "starcoder2_namedtuple_make": (
        "starcoder2",
        "Starcoder2Config",
        small(sliding_window=16, norm_epsilon=1e-5),
        "Starcoder2ForCausalLM",
        [
            sizes_line("vocabSize", _SC2, _SC2_V, 0, 320),
            sizes_line("numLayers", _SC2, _SC2_V, 2, 3),
            sizes_line("numKvHeads", _SC2, _SC2_V, 4, 1),
            sizes_line("intermediateSize", _SC2, _SC2_V, 5, 192),
            sizes_line("slidingWindow", _SC2, _SC2_V, 6, 32),
        ],
        [("slidingWindow", "sliding_window", 32, 16)],
    ),
    "mistral4_complex_rope_hubconf": (
        "mistral4",
        "Mistral4Config",
        mla(
            num_key_value_heads=4,
            first_k_dense_replace=1,
            n_shared_experts=1,
            # Mistral 4's rotary width is head_dim (its default RoPE ignores
            # partial_rotary_factor): head_dim = qk_rope_head_dim
            head_dim=8,
            rope_parameters=set_checks.rope(
                10000.0, llama_4_scaling_beta=0.1, original_max_position_embeddings=32
            ),
        ),
        "Mistral4ForCausalLM",
        [
            sub("vocabSize", "        vocab_size={},\n", 256, 320),
            sub("kvLoraRank", "        kv_lora_rank={},\n", 32, 48),
            sub("numExperts", "        n_routed_experts={},\n", 4, 8),
            sub("numExpertsPerTok", "        n_activated_experts={},\n", 2, 1),
            sub("moeIntermediateSize", "        moe_inter_dim={},\n", 32, 48),
            sub("firstKDenseReplace", "        n_dense_layers={},\n", 1, 0),
        ],
        [("qLoraRank", "q_lora_rank", 48, 32)],
    ),
    "vit_torch_transformer_encoder_layer": (
        "vit",
        "ViTConfig",
        set_checks.enc(image_size=32, patch_size=8, intermediate_size=128),
        "ViTModel",
        [
            sizes_line("patchSize", _VIT, _VIT_V, 1, 16),
            sizes_line("hiddenSize", _VIT, _VIT_V, 2, 96),
            sizes_line("intermediateSize", _VIT, _VIT_V, 4, 256),
            sizes_line("numLayers", _VIT, _VIT_V, 5, 3),
            sizes_line("numHeads", _VIT, _VIT_V, 3, 8),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "granite_multiplier_hubconf_dict": (
        "granite",
        "GraniteConfig",
        dec(
            vocab_size=320,
            intermediate_size=160,
            embedding_multiplier=12.0,
            residual_multiplier=0.22,
            attention_multiplier=0.0625,
            logits_scaling=8.0,
        ),
        "GraniteForCausalLM",
        [
            sub("vocabSize", '        "vocab": {},\n', 320, 384),
            sub("numLayers", '        "depth": {},\n', 2, 3),
            sub("numKvHeads", '        "kv_heads": {},\n', 2, 4),
            sub("intermediateSize", '        "ffn": {},\n', 160, 224),
            sub("numHeads", '        "heads": {},\n', 4, 8),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen3_functional_params_dict": (
        "qwen3",
        "Qwen3Config",
        small(head_dim=32, rope_parameters=set_checks.rope(1000000.0), rms_norm_eps=1e-6),
        "Qwen3ForCausalLM",
        [
            sizes_line("vocabSize", _Q3, _Q3_V, 0, 320),
            sizes_line("numLayers", _Q3, _Q3_V, 2, 3),
            sizes_line("numKvHeads", _Q3, _Q3_V, 4, 4),
            sizes_line("headDim", _Q3, _Q3_V, 5, 16),
            sizes_line("intermediateSize", _Q3, _Q3_V, 6, 192),
            sub("ropeTheta", "THETA, EPS = {}, 1e-06\n", 1000000.0, 10000.0),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
}

_LLAMA_LIKE = [
    (r"^(tok|embed)\.", "model.embed_tokens."),
    (r"^(lm_)?head\.", "lm_head."),
]
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_intenum_setattr_layers": [
        *_LLAMA_LIKE,
        (r"^norm$", "model.norm.weight"),
        (r"^layer_(\d+)\.attn_norm$", r"model.layers.\1.input_layernorm.weight"),
        (r"^layer_(\d+)\.ffn_norm$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^layer_(\d+)\.w([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^layer_(\d+)\.w_(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "qwen2_configparser_ini": [
        *_LLAMA_LIKE,
        (r"^norm\.", "model.norm."),
        (r"^blocks\.(\d+)\.ln1\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.ln2\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.attn\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "mistral_argparse_defaults_window": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^output\.", "lm_head."),
        (r"^norm$", "model.norm.weight"),
        (r"^layers\.(\d+)\.attention_norm$", r"model.layers.\1.input_layernorm.weight"),
        (r"^layers\.(\d+)\.ffn_norm$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^layers\.(\d+)\.wq\.", r"model.layers.\1.self_attn.q_proj."),
        (r"^layers\.(\d+)\.wkv\.0\.", r"model.layers.\1.self_attn.k_proj."),
        (r"^layers\.(\d+)\.wkv\.1\.", r"model.layers.\1.self_attn.v_proj."),
        (r"^layers\.(\d+)\.wo\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^layers\.(\d+)\.w1\.", r"model.layers.\1.mlp.gate_proj."),
        (r"^layers\.(\d+)\.w3\.", r"model.layers.\1.mlp.up_proj."),
        (r"^layers\.(\d+)\.w2\.", r"model.layers.\1.mlp.down_proj."),
    ],
    "mixtral_argsort_dispatch_expert_list": [
        (r"^emb\.", "model.embed_tokens."),
        (r"^out\.", "lm_head."),
        (r"^nf$", "model.norm.weight"),
        (r"^layers\.(\d+)\.n1$", r"model.layers.\1.input_layernorm.weight"),
        (r"^layers\.(\d+)\.n2$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^layers\.(\d+)\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.moe\.router\.", r"model.layers.\1.mlp.gate."),
        (
            r"^layers\.(\d+)\.moe\.experts\.\d+\.w1\.weight$",
            r"model.layers.\1.mlp.experts.gate_up_proj",
            "expert:gate",
        ),
        (
            r"^layers\.(\d+)\.moe\.experts\.\d+\.w3\.weight$",
            r"model.layers.\1.mlp.experts.gate_up_proj",
            "expert:up",
        ),
        (
            r"^layers\.(\d+)\.moe\.experts\.\d+\.w2\.weight$",
            r"model.layers.\1.mlp.experts.down_proj",
            "expert:down",
        ),
    ],
    "qwen2_moe_parameterlist_shared_gate": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^lm_head\.", "lm_head."),
        (r"^ln_f$", "model.norm.weight"),
        (r"^h\.(\d+)\.ln_1$", r"model.layers.\1.input_layernorm.weight"),
        (r"^h\.(\d+)\.ln_2$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^h\.(\d+)\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^h\.(\d+)\.moe\.router$", r"model.layers.\1.mlp.gate.weight"),
        (
            r"^h\.(\d+)\.moe\.w_gate\.(\d+)$",
            r"model.layers.\1.mlp.experts.gate_up_proj",
            "plist:gate",
        ),
        (r"^h\.(\d+)\.moe\.w_up\.(\d+)$", r"model.layers.\1.mlp.experts.gate_up_proj", "plist:up"),
        (r"^h\.(\d+)\.moe\.w_down\.(\d+)$", r"model.layers.\1.mlp.experts.down_proj", "plist:down"),
        (
            r"^h\.(\d+)\.moe\.shared_(gate|up|down)$",
            r"model.layers.\1.mlp.shared_expert.\2_proj.weight",
        ),
        (r"^h\.(\d+)\.moe\.shared_scale$", r"model.layers.\1.mlp.shared_expert_gate.weight"),
    ],
    "olmoe_nested_dataclasses": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^ff_out\.", "lm_head."),
        (r"^ln_f\.", "model.norm."),
        (r"^blocks\.(\d+)\.attn_norm\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.ff_norm\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.att_proj_([qkv])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.attn_out\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^blocks\.(\d+)\.([qk])_norm\.", r"model.layers.\1.self_attn.\2_norm."),
        (r"^blocks\.(\d+)\.router\.", r"model.layers.\1.mlp.gate."),
        (r"^blocks\.(\d+)\.w_gate_up$", r"model.layers.\1.mlp.experts.gate_up_proj"),
        (r"^blocks\.(\d+)\.w_down$", r"model.layers.\1.mlp.experts.down_proj"),
    ],
    "gemma_environ_defaults": [
        (r"^embedder\.", "model.embed_tokens."),
        (r"^unembed\.", "lm_head."),
        (r"^final_norm\.", "model.norm."),
        (r"^layers\.(\d+)\.pre_attn\.", r"model.layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.pre_mlp\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.qkv\.([qkv])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.out\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^layers\.(\d+)\.(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "phi3_split_sizes_property": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^lm_head\.", "lm_head."),
        (r"^norm_f$", "model.norm.weight"),
        (r"^layers\.(\d+)\.input_norm$", r"model.layers.\1.input_layernorm.weight"),
        (r"^layers\.(\d+)\.post_norm$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^layers\.(\d+)\.qkv\.", r"model.layers.\1.self_attn.qkv_proj."),
        (r"^layers\.(\d+)\.proj\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^layers\.(\d+)\.gate_up\.", r"model.layers.\1.mlp.gate_up_proj."),
        (r"^layers\.(\d+)\.down\.", r"model.layers.\1.mlp.down_proj."),
    ],
    "nemotron_decorator_registry": [
        (r"^embedding\.", "model.embed_tokens."),
        (r"^output_layer\.", "lm_head."),
        (r"^final_ln\.", "model.norm."),
        (r"^decoder\.(\d+)\.ln_attn\.", r"model.layers.\1.input_layernorm."),
        (r"^decoder\.(\d+)\.ln_mlp\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^decoder\.(\d+)\.attn\.query\.", r"model.layers.\1.self_attn.q_proj."),
        (r"^decoder\.(\d+)\.attn\.key\.", r"model.layers.\1.self_attn.k_proj."),
        (r"^decoder\.(\d+)\.attn\.value\.", r"model.layers.\1.self_attn.v_proj."),
        (r"^decoder\.(\d+)\.attn\.dense\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^decoder\.(\d+)\.mlp\.fc_in\.", r"model.layers.\1.mlp.up_proj."),
        (r"^decoder\.(\d+)\.mlp\.fc_out\.", r"model.layers.\1.mlp.down_proj."),
    ],
    "starcoder2_namedtuple_make": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^lm_head\.", "lm_head."),
        (r"^ln_f\.", "model.norm."),
        (r"^blocks\.(\d+)\.ln_1\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.ln_2\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.attn\.c_([qkv])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.attn\.c_proj\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^blocks\.(\d+)\.fc\.", r"model.layers.\1.mlp.c_fc."),
        (r"^blocks\.(\d+)\.proj\.", r"model.layers.\1.mlp.c_proj."),
    ],
    "mistral4_complex_rope_hubconf": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^head\.", "lm_head."),
        (r"^norm\.", "model.norm."),
        (r"^layers\.(\d+)\.attn_norm\.", r"model.layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.ffn_norm\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.attn\.wq_a\.", r"model.layers.\1.self_attn.q_a_proj."),
        (r"^layers\.(\d+)\.attn\.q_norm\.", r"model.layers.\1.self_attn.q_a_layernorm."),
        (r"^layers\.(\d+)\.attn\.wq_b\.", r"model.layers.\1.self_attn.q_b_proj."),
        (r"^layers\.(\d+)\.attn\.wkv_a\.", r"model.layers.\1.self_attn.kv_a_proj_with_mqa."),
        (r"^layers\.(\d+)\.attn\.kv_norm\.", r"model.layers.\1.self_attn.kv_a_layernorm."),
        (r"^layers\.(\d+)\.attn\.wkv_b\.", r"model.layers.\1.self_attn.kv_b_proj."),
        (r"^layers\.(\d+)\.attn\.wo\.", r"model.layers.\1.self_attn.o_proj."),
        (r"^layers\.(\d+)\.ffn\.w1\.", r"model.layers.\1.mlp.gate_proj."),
        (r"^layers\.(\d+)\.ffn\.w3\.", r"model.layers.\1.mlp.up_proj."),
        (r"^layers\.(\d+)\.ffn\.w2\.", r"model.layers.\1.mlp.down_proj."),
        (r"^layers\.(\d+)\.ffn\.gate\.", r"model.layers.\1.mlp.gate."),
        (
            r"^layers\.(\d+)\.ffn\.experts\.\d+\.w1\.weight$",
            r"model.layers.\1.mlp.experts.gate_up_proj",
            "expert:gate",
        ),
        (
            r"^layers\.(\d+)\.ffn\.experts\.\d+\.w3\.weight$",
            r"model.layers.\1.mlp.experts.gate_up_proj",
            "expert:up",
        ),
        (
            r"^layers\.(\d+)\.ffn\.experts\.\d+\.w2\.weight$",
            r"model.layers.\1.mlp.experts.down_proj",
            "expert:down",
        ),
        (r"^layers\.(\d+)\.ffn\.shared\.w1\.", r"model.layers.\1.mlp.shared_experts.gate_proj."),
        (r"^layers\.(\d+)\.ffn\.shared\.w3\.", r"model.layers.\1.mlp.shared_experts.up_proj."),
        (r"^layers\.(\d+)\.ffn\.shared\.w2\.", r"model.layers.\1.mlp.shared_experts.down_proj."),
    ],
    "vit_torch_transformer_encoder_layer": [
        (r"^to_patches\.", "embeddings.patch_embeddings.projection."),
        (r"^cls$", "embeddings.cls_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        (r"^norm\.", "layernorm."),
        (r"^pool\.", "pooler.dense."),
        (
            r"^encoder\.layers\.(\d+)\.self_attn\.in_proj_(weight|bias)$",
            r"layers.\1.attention.q_proj.\2+layers.\1.attention.k_proj.\2"
            r"+layers.\1.attention.v_proj.\2",
        ),
        (r"^encoder\.layers\.(\d+)\.self_attn\.out_proj\.", r"layers.\1.attention.o_proj."),
        (r"^encoder\.layers\.(\d+)\.linear1\.", r"layers.\1.mlp.fc1."),
        (r"^encoder\.layers\.(\d+)\.linear2\.", r"layers.\1.mlp.fc2."),
        (r"^encoder\.layers\.(\d+)\.norm1\.", r"layers.\1.layernorm_before."),
        (r"^encoder\.layers\.(\d+)\.norm2\.", r"layers.\1.layernorm_after."),
    ],
    "granite_multiplier_hubconf_dict": [
        *_LLAMA_LIKE,
        (r"^ln_f$", "model.norm.weight"),
        (r"^blocks\.(\d+)\.ln_attn$", r"model.layers.\1.input_layernorm.weight"),
        (r"^blocks\.(\d+)\.ln_mlp$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^blocks\.(\d+)\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "qwen3_functional_params_dict": [
        (r"^params\.embed$", "model.embed_tokens.weight"),
        (r"^params\.unembed$", "lm_head.weight"),
        (r"^params\.final_norm$", "model.norm.weight"),
        (r"^params\.l(\d+)_in_norm$", r"model.layers.\1.input_layernorm.weight"),
        (r"^params\.l(\d+)_post_norm$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^params\.l(\d+)_w([qkvo])$", r"model.layers.\1.self_attn.\2_proj.weight"),
        (r"^params\.l(\d+)_([qk])_norm$", r"model.layers.\1.self_attn.\2_norm.weight"),
        (r"^params\.l(\d+)_w_(gate|up|down)$", r"model.layers.\1.mlp.\2_proj.weight"),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "vit_torch_transformer_encoder_layer": ("pixels", ["last_hidden_state", "pooler_output"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
