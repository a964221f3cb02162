"""The seventeenth fresh held-out set of re-implementations (written blind in session 21): code
styles no earlier set used (a nanoGPT rewrite with fused projections, scan-style stacked [L, ...]
weights, a functional ParameterDict model, a Flax-kernel einsum port, setattr/getattr layer
loops, a hubconf factory, a block registry, [in, out] TF-layout weights on a __slots__ class, a
hyper-parameter string, a lit-gpt ``Config.from_name`` table, ...) over ten architectures no
earlier set has and ten older ones. It was NOT run through driftcheck while it was written; run
it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's.

    python benchmarks/reimpl/fresh17/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh17 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh12.make import dec  # noqa: E402


def small(**kw) -> dict:
    """A small decoder of head size 16: vocab 256, FFN 128 (``dec``'s other sizes); ``kw`` on top."""
    return dec(**{"vocab_size": 256, "intermediate_size": 128, "head_dim": 16, **kw})


def mla(**kw) -> dict:
    """``small`` with a small multi-head latent attention and four routed experts (top 2)."""
    return small(
        q_lora_rank=32,
        kv_lora_rank=32,
        qk_rope_head_dim=8,
        qk_nope_head_dim=16,
        v_head_dim=16,
        n_routed_experts=4,
        moe_intermediate_size=32,
        num_experts_per_tok=2,
        n_group=1,
        topk_group=1,
        **kw,
    )


def stacked(*parts: str, layers: int = 2) -> str:
    """The HF names of one tensor of every layer, concatenated (a scan-style [L, ...] weight)."""
    return "+".join(f"model.layers.{i}.{p}" for i in range(layers) for p in parts)


_SCAN = "L, D, H, KV, HD, FF, V = {}, {}, {}, {}, {}, {}, {}"
_SCAN_V = (2, 96, 6, 2, 16, 224, 320)
_Q2 = "HP = dict(vocab={}, d={}, layers={}, heads={}, kv={}, ffn={}, theta=1000000.0, eps=1e-6)"
_Q2_V = (256, 64, 2, 4, 2, 144)
_Q3 = "EMBED, HEADS, KV_HEADS, HEAD_DIM, MLP_DIM, VOCAB, NUM_LAYERS = {}, {}, {}, {}, {}, {}, {}"
_Q3_V = (64, 4, 2, 16, 128, 256, 2)
_GR = "TINY = dict(vocab={}, dim={}, depth={}, heads={}, kv_heads={}, ffn={})"
_GR_V = (256, 64, 2, 4, 2, 128)
_G2 = "HPARAMS = HParams(n_vocab={}, n_ctx={}, n_embd={}, n_head={}, n_layer={})"
_G2_V = (448, 96, 64, 4, 2)
_MX = 'SPEC = "L{}-D{}-H{}-KV{}-E{}-K{}-F{}-V{}"'
_MX_V = (2, 64, 4, 2, 4, 2, 96, 256)

_SV = "vocab: {}\nhidden: 64\nlayers: {}\nheads: 4\nkv_heads: {}\n"
_MLA = "Q_RANK, KV_RANK, NOPE, ROPE, V_DIM = {}, {}, {}, {}, {}"
_MLA_V = (32, 32, 16, 8, 16)
_MLA2 = "FFN, EXPERT_FFN, EXPERTS, TOP_K, DENSE_LAYERS = {}, {}, {}, {}, {}"
_MLA2_V = (128, 32, 4, 2, 1)
_MM = "VOCAB, HIDDEN, HEADS, KV_HEADS, HEAD_DIM = {}, {}, {}, {}, {}"
_MM_V = (256, 64, 4, 2, 16)
_DO = "VALUES = ({}, {}, {}, {}, {}, {}, {})"
_DO_V = (256, 64, 2, 4, 2, 16, 128)
_M3 = '"moe": {{"experts": {}, "top_k": 2, "expert_ffn": {}, "shared_ffn": {}}},'
_M3_V = (4, 128, 32)
_BE = "VOCAB, MAX_POS, TYPES, WIDTH, HEADS, FFN, LAYERS = {}, {}, {}, {}, {}, {}, {}"
_BE_V = (320, 64, 2, 64, 4, 256, 2)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "llama_nanogpt_fused_qkv": (
        "llama",
        "LlamaConfig",
        dec(500000.0, vocab_size=384, intermediate_size=176, max_position_embeddings=256),
        "LlamaForCausalLM",
        [
            sub("numLayers", "    n_layer: int = {}\n", 2, 3),
            sub("numKvHeads", "    n_kv_head: int = {}\n", 2, 1),
            sub("intermediateSize", "    ffn_hidden: int = {}\n", 176, 256),
            sub("vocabSize", "    vocab_size: int = {}\n", 384, 512),
            sub("ropeTheta", "    rope_base: float = {}\n", 500000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mistral_scan_stacked_window": (
        "mistral",
        "MistralConfig",
        dec(
            1000000.0,
            vocab_size=320,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=224,
            sliding_window=16,
        ),
        "MistralForCausalLM",
        [
            sizes_line("numLayers", _SCAN, _SCAN_V, 0, 3),
            sizes_line("numKvHeads", _SCAN, _SCAN_V, 3, 3),
            sizes_line("intermediateSize", _SCAN, _SCAN_V, 5, 256),
            sizes_line("vocabSize", _SCAN, _SCAN_V, 6, 384),
            sub("slidingWindow", "WINDOW = {}\n", 16, 32),
        ],
        [("numHeads", "num_attention_heads", 8, 6)],
    ),
    "qwen2_functional_param_dict": (
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
            sizes_line("numLayers", _Q2, _Q2_V, 2, 3),
            sizes_line("numKvHeads", _Q2, _Q2_V, 4, 4),
            sizes_line("intermediateSize", _Q2, _Q2_V, 5, 192),
            sizes_line("vocabSize", _Q2, _Q2_V, 0, 320),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "qwen3_flax_kernels_einsum": (
        "qwen3",
        "Qwen3Config",
        small(rope_parameters=set_checks.rope(1000000.0), rms_norm_eps=1e-6),
        "Qwen3ForCausalLM",
        [
            sizes_line("numLayers", _Q3, _Q3_V, 6, 3),
            sizes_line("numKvHeads", _Q3, _Q3_V, 2, 1),
            sizes_line("intermediateSize", _Q3, _Q3_V, 4, 192),
            sizes_line("vocabSize", _Q3, _Q3_V, 5, 320),
            sub(
                "ropeTheta",
                "ROPE_MAX_WAVELENGTH = {}\n",
                "1_000_000.0",
                "10_000.0",
                (1000000.0, 10000.0),
            ),
        ],
        [("headDim", "head_dim", 32, 16)],
    ),
    "olmo2_setattr_layer_loop": (
        "olmo2",
        "Olmo2Config",
        dec(vocab_size=320, intermediate_size=128, num_key_value_heads=4, rms_norm_eps=1e-6),
        "Olmo2Model",
        [
            sub("numLayers", '    "n_layers": {},\n', 2, 3),
            sub("numKvHeads", '    "n_kv_heads": {},\n', 4, 2),
            sub("intermediateSize", '    "mlp_hidden": {},\n', 128, 192),
            sub("vocabSize", '    "vocab": {},\n', 320, 384),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "granite_hubconf_factory": (
        "granite",
        "GraniteConfig",
        small(
            embedding_multiplier=12.0,
            attention_multiplier=0.0625,
            residual_multiplier=0.25,
            logits_scaling=8.0,
        ),
        "GraniteForCausalLM",
        [
            sizes_line("numLayers", _GR, _GR_V, 2, 3),
            sizes_line("numKvHeads", _GR, _GR_V, 4, 4),
            sizes_line("intermediateSize", _GR, _GR_V, 5, 192),
            sizes_line("vocabSize", _GR, _GR_V, 0, 320),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "gemma_block_registry": (
        "gemma",
        "GemmaConfig",
        small(num_key_value_heads=1, rms_norm_eps=1e-6, hidden_activation="gelu_pytorch_tanh"),
        "GemmaModel",
        [
            sub("numLayers", '    "depth": {},\n', 2, 3),
            sub("numKvHeads", '    "kv": {},\n', 1, 2),
            sub("intermediateSize", '    "ffn": {},\n', 128, 192),
            sub("vocabSize", '    "vocab": {},\n', 256, 320),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gpt2_slots_hparams": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=448, n_positions=96, n_embd=64, n_head=4, n_layer=2, **set_checks.TOKENS),
        "GPT2Model",
        [
            sizes_line("vocabSize", _G2, _G2_V, 0, 512),
            sizes_line("maxPositionEmbeddings", _G2, _G2_V, 1, 128),
            sizes_line("numLayers", _G2, _G2_V, 4, 3),
            sub("intermediateSize", "dense(e, {} * e)", 4, 3, (256, 192)),
        ],
        [("vocabSize", "vocab_size", 384, 448)],
    ),
    "mixtral_expert_list_router": (
        "mixtral",
        "MixtralConfig",
        dec(vocab_size=256, intermediate_size=96, num_local_experts=4, num_experts_per_tok=2),
        "MixtralModel",
        [
            sizes_line("numLayers", _MX, _MX_V, 0, 3),
            sizes_line("numExperts", _MX, _MX_V, 4, 8),
            sizes_line("numKvHeads", _MX, _MX_V, 3, 4),
            sizes_line("intermediateSize", _MX, _MX_V, 6, 128),
            sizes_line("vocabSize", _MX, _MX_V, 7, 320),
        ],
        [("numExpertsPerTok", "num_experts_per_tok", 1, 2)],
    ),
    "ultrabert_lit_from_name": (
        "ultrabert",
        "UltrabertConfig",
        small(
            layer_types=["sliding_attention", "full_attention"],
            sliding_window=255,
            rope_parameters={
                "sliding_attention": set_checks.rope(10000.0),
                "full_attention": set_checks.rope(160000.0),
            },
        ),
        "UltrabertModel",
        [
            sub("vocabSize", "        vocab_size={},\n", 256, 320),
            sub("numLayers", "        n_layer={},\n", 2, 3),
            sub("numKvHeads", "        n_query_groups={},\n", 2, 4),
            sub("intermediateSize", "        intermediate_size={},\n", 128, 192),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "sarvam_moe_key_value_text": (
        "sarvam_moe",
        "SarvamMoEConfig",
        small(
            moe_intermediate_size=32,
            num_experts=4,
            num_experts_per_tok=2,
            rope_parameters=set_checks.rope(8000000.0),
        ),
        "Glm4MoeModel",
        [
            sub("vocabSize", "vocab: {}\n", 256, 320),
            sub("numLayers", "layers: {}\n", 2, 3),
            sub("numKvHeads", "kv_heads: {}\n", 2, 4),
            sub("numExperts", "experts: {}\n", 4, 8),
            sub("intermediateSize", "dense_ffn: {}\n", 128, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "sarvam_mla_jax_param_tree": (
        "sarvam_mla",
        "SarvamMLAConfig",
        mla(),
        "DeepseekV3Model",
        [
            sub("vocabSize", "D, H, VOCAB, DEPTH = 64, 4, {}, 2", 256, 320),
            sub("numLayers", "D, H, VOCAB, DEPTH = 64, 4, 256, {}", 2, 3),
            sizes_line("kvLoraRank", _MLA, _MLA_V, 1, 64),
            sizes_line("numExperts", _MLA2, _MLA2_V, 2, 8),
            sizes_line("intermediateSize", _MLA2, _MLA2_V, 0, 192),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "axk1_paper_config_post_init": (
        "axk1",
        "AXK1Config",
        # rms_norm_eps 1e-6: the code writes eps=1e-6 on every norm (session 22 label fix)
        mla(rms_norm_eps=1e-6),
        "AXK1Model",
        [
            sub("vocabSize", "    vocab: int = {}\n", 256, 320),
            sub("numLayers", "    n_layers: int = {}\n", 2, 3),
            sub("qLoraRank", "    q_rank: int = {}\n", 32, 48),
            sub("numExperts", "    n_experts: int = {}\n", 4, 8),
            sub("intermediateSize", "    d_ff: int = {}\n", 128, 192),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "glm4_moe_lite_fluent_builder": (
        "glm4_moe_lite",
        "Glm4MoeLiteConfig",
        mla(head_dim=8),
        "Glm4MoeLiteModel",
        [
            sub("vocabSize", "    .vocab({})\n", 256, 320),
            sub("numLayers", "    .depth({})\n", 2, 3),
            sub("kvLoraRank", "    .kv_lora({})\n", 32, 64),
            sub("numExperts", "    .experts({})\n", 4, 8),
            sub("moeIntermediateSize", "    .expert_ffn({})\n", 32, 48),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "minimax_getattr_dispatch": (
        "minimax",
        "MiniMaxConfig",
        dec(
            1000000.0,
            vocab_size=256,
            head_dim=16,
            intermediate_size=128,
            num_local_experts=4,
            num_experts_per_tok=2,
            layer_types=["full_attention", "linear_attention"],
        ),
        "MiniMaxModel",
        [
            sizes_line("vocabSize", _MM, _MM_V, 0, 320),
            sizes_line("numKvHeads", _MM, _MM_V, 3, 4),
            sub("intermediateSize", "EXPERT_FFN, N_EXPERTS, TOP_K = {}, 4, 2", 128, 192),
            sub("numExperts", "EXPERT_FFN, N_EXPERTS, TOP_K = 128, {}, 2", 4, 8),
            sub("numLayers", 'LAYER_KINDS = ("full", "linear"{})', "", ', "full"', (2, 3)),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "jetmoe_typeddict_unpack": (
        "jetmoe",
        "JetMoeConfig",
        dict(
            vocab_size=256,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            kv_channels=16,
            intermediate_size=128,
            num_local_experts=4,
            num_experts_per_tok=2,
            **set_checks.TOKENS,
        ),
        "JetMoeModel",
        [
            sub("vocabSize", '    "vocab_size": {},\n', 256, 320),
            sub("numLayers", '    "n_layers": {},\n', 2, 3),
            sub("intermediateSize", '    "ffn": {},\n', 128, 192),
            sub("numExperts", '    "n_experts": {},\n', 4, 8),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "dory_zip_keys_values": (
        "dory",
        "DoryConfig",
        small(
            layer_types=["full_attention", "full_attention"],
            rope_parameters={"full_attention": set_checks.rope(10000000.0)},
        ),
        "DoryModel",
        [
            sizes_line("vocabSize", _DO, _DO_V, 0, 320),
            sizes_line("numLayers", _DO, _DO_V, 2, 3),
            sizes_line("numKvHeads", _DO, _DO_V, 4, 4),
            sizes_line("intermediateSize", _DO, _DO_V, 6, 192),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "minimax_m3_vl_text_json_namespace": (
        "minimax_m3_vl_text",
        "MiniMaxM3VLTextConfig",
        small(
            rope_parameters=set_checks.rope(5000000.0),
            num_local_experts=4,
            num_experts_per_tok=2,
            shared_intermediate_size=32,
            dense_intermediate_size=128,
            rotary_dim=8,
            index_n_heads=1,
            index_head_dim=16,
        ),
        "MiniMaxM3VLTextModel",
        [
            sub("vocabSize", '{{"text": {{"vocab": {}, "hidden"', 256, 320),
            sub("numLayers", '"hidden": 64, "layers": {},', 2, 3),
            sizes_line("numExperts", _M3, _M3_V, 0, 8),
            sizes_line("intermediateSize", _M3, _M3_V, 1, 192),
            sub("numKvHeads", '"heads": 4, "kv_heads": {}, "head_dim"', 2, 4),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "gemma4_unified_text_frozen_slots": (
        "gemma4_unified_text",
        "Gemma4UnifiedTextConfig",
        small(
            global_head_dim=16,
            layer_types=["sliding_attention", "sliding_attention"],
            rope_parameters={
                "sliding_attention": set_checks.rope(10000.0),
                "full_attention": set_checks.rope(1000000.0),
            },
            rms_norm_eps=1e-6,
        ),
        "Gemma4UnifiedTextModel",
        [
            sub("vocabSize", "    vocab: int = {}\n", 256, 320),
            sub("numLayers", "    depth: int = {}\n", 2, 3),
            sub("numKvHeads", "    kv_heads: int = {}\n", 2, 4),
            sub("intermediateSize", "    ffn: int = {}\n", 128, 192),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "bert_register_parameter_table": (
        "bert",
        "BertConfig",
        set_checks.enc(vocab_size=320, intermediate_size=256, max_position_embeddings=64),
        "BertModel",
        [
            sizes_line("vocabSize", _BE, _BE_V, 0, 384),
            sizes_line("maxPositionEmbeddings", _BE, _BE_V, 1, 128),
            sizes_line("typeVocabSize", _BE, _BE_V, 2, 3),
            sizes_line("intermediateSize", _BE, _BE_V, 5, 128),
            sizes_line("numLayers", _BE, _BE_V, 6, 3),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gpt_neox_head_major_qkv": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=384,
            hidden_size=64,
            num_attention_heads=4,
            num_hidden_layers=2,
            intermediate_size=256,
            rope_parameters=set_checks.rope(10000.0, partial_rotary_factor=0.25),
            **set_checks.TOKENS,
        ),
        "GPTNeoXModel",
        [
            sub("vocabSize", '"--vocab={}"', 384, 512),
            sub("numLayers", '"--layers={}"', 2, 3),
            sub("intermediateSize", '"--ffn={}"', 256, 128),
            sub("numHeads", '"--heads={}"', 4, 8),
            sub("partialRotaryFactor", '"--rotary-pct={}"', 0.25, 0.5),
        ],
        [("vocabSize", "vocab_size", 320, 384)],
    ),
    "phi3_fused_rows_unbind": (
        "phi3",
        "Phi3Config",
        dec(vocab_size=448, intermediate_size=160),
        "Phi3ForCausalLM",
        [
            sub("vocabSize", "    vocab = {}\n", 448, 512),
            sub("numLayers", "    depth = {}\n", 2, 3),
            sub("numKvHeads", "    kv_heads = {}\n", 2, 4),
            sub("intermediateSize", "    ffn = {}\n", 160, 192),
            sub("ropeTheta", "    theta = {}\n", 10000.0, 500000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "starcoder2_match_size_name": (
        "starcoder2",
        "Starcoder2Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            norm_epsilon=1e-5,
            use_bias=True,
            tie_word_embeddings=True,
            **set_checks.TOKENS,
        ),
        "Starcoder2Model",
        [
            sub("vocabSize", "return dict(vocab={}, dim=64", 512, 640),
            sub("numLayers", "dim=64, layers={}, heads=4", 2, 3),
            sub("numKvHeads", "heads=4, kv={}, ffn=256", 2, 4),
            sub("intermediateSize", "kv=2, ffn={}, theta=10000.0", 256, 128),
        ],
        [("vocabSize", "vocab_size", 384, 512)],
    ),
    "vit_unfold_patches": (
        "vit",
        "ViTConfig",
        set_checks.enc(intermediate_size=128, image_size=32, patch_size=8),
        "ViTModel",
        [
            sub("patchSize", 'VARIANT = "T/{}@32"', 8, 4),
            sub("imageSize", 'VARIANT = "T/8@{}"', 32, 64),
            sub("numLayers", 'DEPTHS = {{"T": {},', 2, 3),
            sub("intermediateSize", "MLP_RATIO = {}\n", 2, 4, (128, 256)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "llama_class_decorator_param_list": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=320, intermediate_size=192),
        "LlamaModel",
        [
            sub("vocabSize", "@sizes(vocab={}, dim=64", 320, 384),
            sub("numLayers", "dim=64, n_layers={}, n_heads", 2, 3),
            sub("numKvHeads", "n_heads=4, n_kv={}, hidden", 2, 1),
            sub("intermediateSize", "n_kv=2, hidden={}, base", 192, 256),
            sub("ropeTheta", "hidden=192, base={}, eps", 10000.0, 500000.0),
        ],
        [("vocabSize", "vocab_size", 256, 320)],
    ),
    "qwen3_getitem_attrgetter": (
        "qwen3",
        "Qwen3Config",
        small(head_dim=32, rope_parameters=set_checks.rope(1000000.0), rms_norm_eps=1e-6),
        "Qwen3Model",
        [
            sub("vocabSize", "CFG = Cfg(vocab={}, width", 256, 320),
            sub("numLayers", "width=64, layers={}, heads", 2, 3),
            sub("numKvHeads", "heads=4, kv={}, head=32", 2, 4),
            sub("headDim", "kv=2, head={}, ffn", 32, 16),
            sub("intermediateSize", "head=32, ffn={}, theta", 128, 192),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
}

# case parameter (regex) -> the HF tensors it is cut from
_ATTN = r"self_attn.\2_proj.weight"
SAME_OUTPUT: dict[str, list[tuple]] = {
    "ultrabert_lit_from_name": [(r"^", "")],
    "qwen3_getitem_attrgetter": [(r"^", "")],
    "llama_class_decorator_param_list": [
        (r"^tok\.", "embed_tokens."),
        (r"^final$", "norm.weight"),
        *[
            (rf"^blocks\.(\d+)\.{i}$", rf"layers.\1.{hf}.weight")
            for i, hf in enumerate(
                [
                    "input_layernorm",
                    "self_attn.q_proj",
                    "self_attn.k_proj",
                    "self_attn.v_proj",
                    "self_attn.o_proj",
                    "post_attention_layernorm",
                    "mlp.gate_proj",
                    "mlp.up_proj",
                    "mlp.down_proj",
                ]
            )
        ],
    ],
    "starcoder2_match_size_name": [(r"^", "")],
    "vit_unfold_patches": [
        (r"^patch_embed\.weight$", "embeddings.patch_embeddings.projection.weight", "reshape"),
        (r"^patch_embed\.bias$", "embeddings.patch_embeddings.projection.bias"),
        (r"^cls$", "embeddings.cls_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        (r"^blocks\.(\d+)\.norm1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.norm2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.(q|k|v)[a-z]*\.", r"layers.\1.attention.\2_proj."),
        (r"^blocks\.(\d+)\.proj\.", r"layers.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.(fc1|fc2)\.", r"layers.\1.mlp.\2."),
        (r"^norm\.", "layernorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "gpt_neox_head_major_qkv": [
        (r"^layers\.(\d+)\.qkv$", r"layers.\1.attention.query_key_value.weight", "reshape"),
        (r"^layers\.(\d+)\.qkv_bias$", r"layers.\1.attention.query_key_value.bias", "reshape"),
        (r"^layers\.(\d+)\.dense\.", r"layers.\1.attention.dense."),
        (r"^layers\.(\d+)\.(dense_h_to_4h|dense_4h_to_h)\.", r"layers.\1.mlp.\2."),
        (r"^", ""),
    ],
    "phi3_fused_rows_unbind": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^ln_f$", "model.norm.weight"),
        (r"^out$", "lm_head.weight"),
        (r"^blocks\.(\d+)\.ln_attn$", r"model.layers.\1.input_layernorm.weight"),
        (r"^blocks\.(\d+)\.ln_mlp$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^blocks\.(\d+)\.w_qkv$", r"model.layers.\1.self_attn.qkv_proj.weight"),
        (r"^blocks\.(\d+)\.w_out$", r"model.layers.\1.self_attn.o_proj.weight"),
        (r"^blocks\.(\d+)\.w_gate_up$", r"model.layers.\1.mlp.gate_up_proj.weight"),
        (r"^blocks\.(\d+)\.w_down$", r"model.layers.\1.mlp.down_proj.weight"),
    ],
    "bert_register_parameter_table": [(r"__", ".")],
    "llama_nanogpt_fused_qkv": [
        (r"^transformer\.wte\.", "model.embed_tokens."),
        (r"^transformer\.ln_f\.", "model.norm."),
        (r"^transformer\.h\.(\d+)\.ln_1\.", r"model.layers.\1.input_layernorm."),
        (r"^transformer\.h\.(\d+)\.ln_2\.", r"model.layers.\1.post_attention_layernorm."),
        (
            r"^transformer\.h\.(\d+)\.attn\.c_attn\.weight$",
            r"model.layers.\1.self_attn.q_proj.weight+model.layers.\1.self_attn.k_proj.weight"
            r"+model.layers.\1.self_attn.v_proj.weight",
        ),
        (r"^transformer\.h\.(\d+)\.attn\.c_proj\.", r"model.layers.\1.self_attn.o_proj."),
        (
            r"^transformer\.h\.(\d+)\.mlp\.c_fc\.weight$",
            r"model.layers.\1.mlp.gate_proj.weight+model.layers.\1.mlp.up_proj.weight",
        ),
        (r"^transformer\.h\.(\d+)\.mlp\.c_proj\.", r"model.layers.\1.mlp.down_proj."),
        (r"^lm_head\.", "lm_head."),
    ],
    "mistral_scan_stacked_window": [
        (r"^embed$", "model.embed_tokens.weight"),
        (r"^unembed$", "lm_head.weight"),
        (r"^final_norm$", "model.norm.weight"),
        (r"^attn_norm$", stacked("input_layernorm.weight"), "reshape"),
        (r"^mlp_norm$", stacked("post_attention_layernorm.weight"), "reshape"),
        *[
            (f"^{p}$", stacked(hf), "reshape")
            for p, hf in {
                "wq": "self_attn.q_proj.weight",
                "wk": "self_attn.k_proj.weight",
                "wv": "self_attn.v_proj.weight",
                "wo": "self_attn.o_proj.weight",
                "w_gate": "mlp.gate_proj.weight",
                "w_up": "mlp.up_proj.weight",
                "w_down": "mlp.down_proj.weight",
            }.items()
        ],
    ],
    "qwen2_functional_param_dict": [
        (r"^params\.tok_emb$", "model.embed_tokens.weight"),
        (r"^params\.norm_f$", "model.norm.weight"),
        (r"^params\.l(\d+)_ln1$", r"model.layers.\1.input_layernorm.weight"),
        (r"^params\.l(\d+)_ln2$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^params\.l(\d+)_w([qkvo])$", r"model.layers.\1.self_attn.\2_proj.weight"),
        (r"^params\.l(\d+)_b([qkv])$", r"model.layers.\1.self_attn.\2_proj.bias"),
        (r"^params\.l(\d+)_w1$", r"model.layers.\1.mlp.gate_proj.weight"),
        (r"^params\.l(\d+)_w3$", r"model.layers.\1.mlp.up_proj.weight"),
        (r"^params\.l(\d+)_w2$", r"model.layers.\1.mlp.down_proj.weight"),
    ],
    "qwen3_flax_kernels_einsum": [
        (r"^Embed_0\.", "model.embed_tokens."),
        (r"^final_norm\.scale$", "model.norm.weight"),
        (r"^logits_kernel$", "lm_head.weight", "T"),
        (r"^layer_(\d+)\.pre_attention_norm\.scale$", r"model.layers.\1.input_layernorm.weight"),
        (r"^layer_(\d+)\.pre_ffw_norm\.scale$", r"model.layers.\1.post_attention_layernorm.weight"),
        (r"^layer_(\d+)\.attn\.([qk])_norm\.scale$", r"model.layers.\1.self_attn.\2_norm.weight"),
        (
            r"^layer_(\d+)\.attn\.([qkvo])_kernel$",
            r"model.layers.\1.self_attn.\2_proj.weight",
            "Treshape",
        ),
        (r"^layer_(\d+)\.mlp\.gating_kernel$", r"model.layers.\1.mlp.gate_proj.weight", "T"),
        (r"^layer_(\d+)\.mlp\.linear_kernel$", r"model.layers.\1.mlp.up_proj.weight", "T"),
        (r"^layer_(\d+)\.mlp\.out_kernel$", r"model.layers.\1.mlp.down_proj.weight", "T"),
    ],
    "olmo2_setattr_layer_loop": [
        (r"^layer(\d+)\.([qkvo]_proj|[qk]_norm)\.", r"layers.\1.self_attn.\2."),
        (r"^layer(\d+)\.((gate|up|down)_proj)\.", r"layers.\1.mlp.\2."),
        (r"^layer(\d+)\.(post_\w+)\.", r"layers.\1.\2."),
        (r"^", ""),
    ],
    "granite_hubconf_factory": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
        (r"^blocks\.(\d+)\.n1\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.n2\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "gemma_block_registry": [(r"^", "")],
    "gpt2_slots_hparams": [
        (r"^(wte|wpe)$", r"\1.weight"),
        (r"^h\.(\d+)\.c_(attn|proj)_w$", r"h.\1.attn.c_\2.weight"),
        (r"^h\.(\d+)\.c_(attn|proj)_b$", r"h.\1.attn.c_\2.bias"),
        (r"^h\.(\d+)\.c_fc_w$", r"h.\1.mlp.c_fc.weight"),
        (r"^h\.(\d+)\.c_fc_b$", r"h.\1.mlp.c_fc.bias"),
        (r"^h\.(\d+)\.mlp_proj_w$", r"h.\1.mlp.c_proj.weight"),
        (r"^h\.(\d+)\.mlp_proj_b$", r"h.\1.mlp.c_proj.bias"),
        (r"^", ""),
    ],
    "mixtral_expert_list_router": [
        (r"^tok_embeddings\.", "embed_tokens."),
        (r"^layers\.(\d+)\.attention_norm\.", r"layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.ffn_norm\.", r"layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.attention\.w([qkvo])\.", r"layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.block_sparse_moe\.gate\.", r"layers.\1.mlp.gate."),
        (
            r"^layers\.(\d+)\.block_sparse_moe\.experts\.\d+\.w1\.weight$",
            r"layers.\1.mlp.experts.gate_up_proj",
            "expert:gate",
        ),
        (
            r"^layers\.(\d+)\.block_sparse_moe\.experts\.\d+\.w3\.weight$",
            r"layers.\1.mlp.experts.gate_up_proj",
            "expert:up",
        ),
        (
            r"^layers\.(\d+)\.block_sparse_moe\.experts\.\d+\.w2\.weight$",
            r"layers.\1.mlp.experts.down_proj",
            "expert:down",
        ),
        (r"^", ""),
    ],
}
_HIDDEN = ("ids", ["last_hidden_state"])
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "bert_register_parameter_table": ("ids+types", ["last_hidden_state"]),
    "vit_unfold_patches": ("pixels", ["last_hidden_state"]),
} | {
    name: _HIDDEN
    for name in (
        "olmo2_setattr_layer_loop",
        "gemma_block_registry",
        "gpt2_slots_hparams",
        "mixtral_expert_list_router",
        "ultrabert_lit_from_name",
        "gpt_neox_head_major_qkv",
        "starcoder2_match_size_name",
        "qwen3_getitem_attrgetter",
        "llama_class_decorator_param_list",
    )
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
