"""The third fresh held-out set of re-implementations (written in session 10, while other
helpers tuned on ``fresh2/``): hand-written cases in styles that no earlier set uses, mostly of
architectures no earlier set has (Qwen3, Gemma 3, OLMo, OLMo 2, StableLM, Persimmon, MPT,
Qwen2-MoE, GPT-BigCode, Cohere, Granite, CodeGen, XGLM, Nemotron, mBART, Megatron-BERT,
XLM-RoBERTa, DINOv2, SigLIP vision and text, ConvNeXt V2, ViT-MAE). It was NOT run through
driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the decoders in ``SAME_OUTPUT`` it also copies
the HF model's weights into the case and compares the logits on CPU.

    python benchmarks/reimpl/fresh3/make.py [--check]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh3 --mode both --show 200
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
    "qwen3_yaml": (
        "qwen3",
        "Qwen3Config",
        dict(
            vocab_size=896,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            max_position_embeddings=512,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters=_rope(1000000.0),
        ),
        "Qwen3ForCausalLM",
        [
            ("numKvHeads", "    n_kv_heads: 2", "    n_kv_heads: 4", 2, 4),
            ("headDim", "    head_dim: 32", "    head_dim: 16", 32, 16),
            ("ropeTheta", "  rope_theta: 1000000.0", "  rope_theta: 10000.0", 1000000.0, 10000.0),
        ],
        [
            ("tieWordEmbeddings", "tie_word_embeddings", False, True),
        ],
    ),
    "gemma3_layer_idx": (
        "gemma3_text",
        "Gemma3TextConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            query_pre_attn_scalar=32,
            sliding_window=48,
            layer_types=["sliding_attention", "sliding_attention", "full_attention"],
            max_position_embeddings=512,
            rms_norm_eps=1e-6,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
        ),
        "Gemma3ForCausalLM",
        [
            ("slidingWindow", "SLIDING_WINDOW = 48", "SLIDING_WINDOW = 64", 48, 64),
            ("numKvHeads", "N_KV_HEADS = 1", "N_KV_HEADS = 2", 1, 2),
            ("numLayers", "N_LAYERS = 3", "N_LAYERS = 4", 3, 4),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "olmo_hydra": (
        "olmo",
        "OlmoConfig",
        dict(
            vocab_size=1000,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=6,
            max_position_embeddings=512,
            tie_word_embeddings=False,
            pad_token_id=1,
            bos_token_id=None,
            eos_token_id=0,
            rope_parameters=_rope(10000.0),
        ),
        "OlmoForCausalLM",
        [
            ("numHeads", '            "n_heads": 6,', '            "n_heads": 8,', 6, 8),
            (
                "intermediateSize",
                '            "hidden_size": 256,',
                '            "hidden_size": 320,',
                256,
                320,
            ),
            (
                "tieWordEmbeddings",
                '        "weight_tying": False,',
                '        "weight_tying": True,',
                False,
                True,
            ),
        ],
        [
            ("vocabSize", "vocab_size", 1024, 1000),
        ],
    ),
    "olmo2_configdict": (
        "olmo2",
        "Olmo2Config",
        dict(
            vocab_size=768,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=8,
            max_position_embeddings=512,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            pad_token_id=1,
            bos_token_id=None,
            eos_token_id=0,
            rope_parameters=_rope(500000.0),
        ),
        "Olmo2ForCausalLM",
        [
            ("normEps", "    c.eps = 1e-6", "    c.eps = 1e-5", 1e-06, 1e-05),
            (
                "ropeTheta",
                "    c.attn = dict(n_heads=8, rope_theta=500000.0)",
                "    c.attn = dict(n_heads=8, rope_theta=10000.0)",
                500000.0,
                10000.0,
            ),
            ("numLayers", "    c.n_layers = 2", "    c.n_layers = 3", 2, 3),
        ],
        [
            ("numHeads", "num_attention_heads", 4, 8),
        ],
    ),
    "stablelm_vars_args": (
        "stablelm",
        "StableLmConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            use_qkv_bias=True,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.25),
        ),
        "StableLmForCausalLM",
        [
            ("partialRotaryFactor", "    rotary_pct=0.25,", "    rotary_pct=0.5,", 0.25, 0.5),
            ("intermediateSize", "    ffn_dim=176,", "    ffn_dim=192,", 176, 192),
            ("numKvHeads", "    n_kv_heads=4,", "    n_kv_heads=2,", 4, 2),
        ],
        [
            ("normEps", "layer_norm_eps", 1e-06, 1e-05),
        ],
    ),
    "persimmon_fused_qk_ln": (
        "persimmon",
        "PersimmonConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            qk_layernorm=True,
            tie_word_embeddings=False,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(25000.0, partial_rotary_factor=0.5),
        ),
        "PersimmonForCausalLM",
        [
            ("numHeads", "    heads = 4", "    heads = 8", 4, 8),
            ("normEps", "    ln_eps = 1e-5", "    ln_eps = 1e-6", 1e-05, 1e-06),
            ("ropeTheta", "    rope_base = 25000.0", "    rope_base = 10000.0", 25000.0, 10000.0),
        ],
        [
            ("intermediateSize", "intermediate_size", 192, 256),
        ],
    ),
    "mpt_alibi_wqkv": (
        "mpt",
        "MptConfig",
        dict(
            vocab_size=900,
            d_model=64,
            n_heads=4,
            n_layers=2,
            expansion_ratio=4,
            max_seq_len=256,
            no_bias=True,
            layer_norm_epsilon=1e-5,
        ),
        "MptForCausalLM",
        [
            ("numLayers", "    n_layers=2,", "    n_layers=3,", 2, 3),
            ("vocabSize", "    vocab_size=900,", "    vocab_size=1000,", 900, 1000),
            ("numHeads", "    n_heads=4,", "    n_heads=8,", 4, 8),
        ],
        [
            ("normEps", "layer_norm_epsilon", 1e-06, 1e-05),
        ],
    ),
    "qwen2moe_shared": (
        "qwen2_moe",
        "Qwen2MoeConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=160,
            moe_intermediate_size=48,
            shared_expert_intermediate_size=96,
            num_experts=6,
            num_experts_per_tok=2,
            decoder_sparse_step=1,
            mlp_only_layers=[],
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
        ),
        "Qwen2MoeForCausalLM",
        [
            (
                "numExperts",
                "EXPERTS, TOP_K, EXPERT_FF, SHARED_FF = 6, 2, 48, 96",
                "EXPERTS, TOP_K, EXPERT_FF, SHARED_FF = 8, 2, 48, 96",
                6,
                8,
            ),
            (
                "numExpertsPerTok",
                "EXPERTS, TOP_K, EXPERT_FF, SHARED_FF = 6, 2, 48, 96",
                "EXPERTS, TOP_K, EXPERT_FF, SHARED_FF = 6, 4, 48, 96",
                2,
                4,
            ),
            (
                "moeIntermediateSize",
                "EXPERTS, TOP_K, EXPERT_FF, SHARED_FF = 6, 2, 48, 96",
                "EXPERTS, TOP_K, EXPERT_FF, SHARED_FF = 6, 2, 64, 96",
                48,
                64,
            ),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("sharedExpertIntermediateSize", "shared_expert_intermediate_size", 128, 96),
        ],
    ),
    "bigcode_mqa": (
        "gpt_bigcode",
        "GPTBigCodeConfig",
        dict(
            vocab_size=800,
            n_positions=256,
            n_embd=64,
            n_layer=2,
            n_head=4,
            n_inner=224,
            multi_query=True,
            layer_norm_epsilon=1e-5,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "GPTBigCodeForCausalLM",
        [
            ("intermediateSize", "    n_inner: int = 224", "    n_inner: int = 256", 224, 256),
            ("maxPositionEmbeddings", "    n_ctx: int = 256", "    n_ctx: int = 512", 256, 512),
            ("numHeads", "    n_head: int = 4", "    n_head: int = 8", 4, 8),
        ],
        [
            ("numKvHeads", "multi_query", False, 1, 4),
        ],
    ),
    "cohere_parallel": (
        "cohere",
        "CohereConfig",
        dict(
            vocab_size=960,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            logit_scale=0.0625,
            use_qk_norm=False,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=5,
            eos_token_id=255,
            rope_parameters=_rope(10000.0),
        ),
        "CohereForCausalLM",
        [
            ("numKvHeads", "        kv_heads=2,", "        kv_heads=4,", 2, 4),
            ("normEps", "        eps=1e-5,", "        eps=1e-6,", 1e-05, 1e-06),
            (
                "ropeTheta",
                "        rope_theta=10000.0,",
                "        rope_theta=8000000.0,",
                10000.0,
                8000000.0,
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "granite_post_init": (
        "granite",
        "GraniteConfig",
        dict(
            vocab_size=720,
            hidden_size=96,
            intermediate_size=224,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=512,
            rms_norm_eps=1e-5,
            embedding_multiplier=12.0,
            logits_scaling=4.0,
            residual_multiplier=0.22,
            attention_multiplier=0.0625,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
        ),
        "GraniteForCausalLM",
        [
            ("numKvHeads", "    n_kv_heads: int = 2", "    n_kv_heads: int = 3", 2, 3),
            ("numLayers", "    n_layers: int = 2", "    n_layers: int = 3", 2, 3),
            (
                "tieWordEmbeddings",
                "    tie_embeddings: bool = True",
                "    tie_embeddings: bool = False",
                True,
                False,
            ),
        ],
        [
            ("ropeTheta", "rope_parameters", _rope(100000.0), 10000.0, 100000.0),
        ],
    ),
    "llama_polar_tied": (
        "llama",
        "LlamaConfig",
        dict(
            vocab_size=512,
            hidden_size=128,
            intermediate_size=320,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=4,
            max_position_embeddings=512,
            rms_norm_eps=1e-5,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
        ),
        "LlamaForCausalLM",
        [
            ("numKvHeads", "        n_kv_heads=4,", "        n_kv_heads=2,", 4, 2),
            ("intermediateSize", "        hidden_dim=320,", "        hidden_dim=384,", 320, 384),
            (
                "tieWordEmbeddings",
                "        self.head.weight = self.embed.weight\n",
                "",
                True,
                False,
            ),
        ],
        [
            ("normEps", "rms_norm_eps", 1e-06, 1e-05),
        ],
    ),
    "mistral_sdpa_causal": (
        "mistral",
        "MistralConfig",
        dict(
            vocab_size=640,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            head_dim=16,
            sliding_window=64,
            max_position_embeddings=512,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
        ),
        "MistralForCausalLM",
        [
            ("slidingWindow", '    "sliding_window": 64,', '    "sliding_window": 128,', 64, 128),
            ("headDim", '    "head_dim": 16,', '    "head_dim": 24,', 16, 24),
            ("numLayers", '    "n_layers": 2,', '    "n_layers": 3,', 2, 3),
        ],
        [
            ("vocabSize", "vocab_size", 1000, 640),
        ],
    ),
    "phi_flax_init": (
        "phi",
        "PhiConfig",
        dict(
            vocab_size=880,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            tie_word_embeddings=False,
            qk_layernorm=False,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        ),
        "PhiForCausalLM",
        [
            ("partialRotaryFactor", "    rotary_frac=0.5,", "    rotary_frac=0.25,", 0.5, 0.25),
            ("intermediateSize", "    d_ff=256,", "    d_ff=192,", 256, 192),
            ("numHeads", "    n_head=4,", "    n_head=8,", 4, 8),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "codegen_mp_qkv": (
        "codegen",
        "CodeGenConfig",
        dict(
            vocab_size=600,
            n_positions=256,
            n_ctx=256,
            n_embd=64,
            n_layer=2,
            n_head=4,
            rotary_dim=8,
            n_inner=None,
            layer_norm_epsilon=1e-5,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "CodeGenForCausalLM",
        [
            ("rotaryDim", '    "CG_ROTARY_DIM": "8",', '    "CG_ROTARY_DIM": "16",', 8, 16),
            ("numLayers", '    "CG_N_LAYER": "2",', '    "CG_N_LAYER": "3",', 2, 3),
            ("vocabSize", '    "CG_VOCAB": "600",', '    "CG_VOCAB": "640",', 600, 640),
        ],
        [
            ("numHeads", "n_head", 8, 4),
        ],
    ),
    "xglm_sinusoidal": (
        "xglm",
        "XGLMConfig",
        dict(
            vocab_size=700,
            max_position_embeddings=256,
            d_model=64,
            ffn_dim=192,
            num_layers=2,
            attention_heads=4,
            scale_embedding=True,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "XGLMForCausalLM",
        [
            ("numHeads", "LAYER_HEADS = [4, 4]", "LAYER_HEADS = [8, 8]", 4, 8),
            ("intermediateSize", "LAYER_FFN = [192, 192]", "LAYER_FFN = [256, 256]", 192, 256),
            (
                "maxPositionEmbeddings",
                "VOCAB, D_MODEL, MAX_POS, PAD = 700, 64, 256, 1",
                "VOCAB, D_MODEL, MAX_POS, PAD = 700, 64, 512, 1",
                256,
                512,
            ),
        ],
        [
            ("numLayers", "num_layers", 3, 2),
        ],
    ),
    "nemotron_relu2": (
        "nemotron",
        "NemotronConfig",
        dict(
            vocab_size=768,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            norm_eps=1e-5,
            tie_word_embeddings=False,
            bos_token_id=2,
            eos_token_id=3,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.5),
        ),
        "NemotronForCausalLM",
        [
            (
                "numKvHeads",
                "TINY = dataclasses.replace(NemoArgs(), vocab=768, hidden=64, layers=2, heads=4, kv_heads=2, ffn=256)",
                "TINY = dataclasses.replace(NemoArgs(), vocab=768, hidden=64, layers=2, heads=4, kv_heads=1, ffn=256)",
                2,
                1,
            ),
            (
                "intermediateSize",
                "TINY = dataclasses.replace(NemoArgs(), vocab=768, hidden=64, layers=2, heads=4, kv_heads=2, ffn=256)",
                "TINY = dataclasses.replace(NemoArgs(), vocab=768, hidden=64, layers=2, heads=4, kv_heads=2, ffn=320)",
                256,
                320,
            ),
            (
                "partialRotaryFactor",
                "    rotary_pct: float = 0.5",
                "    rotary_pct: float = 0.25",
                0.5,
                0.25,
            ),
        ],
        [
            ("normEps", "norm_eps", 1e-06, 1e-05),
        ],
    ),
    "mbart_stack_flag": (
        "mbart",
        "MBartConfig",
        dict(
            vocab_size=720,
            d_model=64,
            encoder_layers=2,
            decoder_layers=3,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=160,
            decoder_ffn_dim=160,
            max_position_embeddings=128,
            scale_embedding=True,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "MBartModel",
        [
            (
                "numDecoderLayers",
                '    "decoder": dict(layers=3, heads=4, ffn=160, cross_attention=True),',
                '    "decoder": dict(layers=2, heads=4, ffn=160, cross_attention=True),',
                3,
                2,
            ),
            (
                "numEncoderLayers",
                '    "encoder": dict(layers=2, heads=4, ffn=160, cross_attention=False),',
                '    "encoder": dict(layers=3, heads=4, ffn=160, cross_attention=False),',
                2,
                3,
            ),
            (
                "intermediateSize",
                '    "encoder": dict(layers=2, heads=4, ffn=160, cross_attention=False),',
                '    "encoder": dict(layers=2, heads=4, ffn=192, cross_attention=False),',
                160,
                192,
            ),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 256, 128),
            ("numHeads", "encoder_attention_heads", 8, 4),
        ],
    ),
    "distilbert_getattr": (
        "distilbert",
        "DistilBertConfig",
        dict(
            vocab_size=900,
            max_position_embeddings=128,
            n_layers=3,
            n_heads=4,
            dim=64,
            hidden_dim=160,
            pad_token_id=0,
        ),
        "DistilBertModel",
        [
            ("numLayers", '    ("n_layers", 3),', '    ("n_layers", 4),', 3, 4),
            ("intermediateSize", '    ("hidden_dim", 160),', '    ("hidden_dim", 192),', 160, 192),
            ("numHeads", '    ("n_heads", 4),', '    ("n_heads", 8),', 4, 8),
        ],
        [
            ("vocabSize", "vocab_size", 1000, 900),
        ],
    ),
    "megatron_bert_prenorm": (
        "megatron-bert",
        "MegatronBertConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "MegatronBertModel",
        [
            (
                "intermediateSize",
                '    "ffn_hidden_size": 192,',
                '    "ffn_hidden_size": 256,',
                192,
                256,
            ),
            (
                "maxPositionEmbeddings",
                '    "max_position_embeddings": 128,',
                '    "max_position_embeddings": 256,',
                128,
                256,
            ),
            (
                "normEps",
                '    "layernorm_epsilon": 1e-12,',
                '    "layernorm_epsilon": 1e-5,',
                1e-12,
                1e-05,
            ),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "xlm_roberta_dotlist": (
        "xlm-roberta",
        "XLMRobertaConfig",
        dict(
            vocab_size=1000,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=8,
            intermediate_size=256,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "XLMRobertaModel",
        [
            ("numHeads", '    "model.encoder.heads=8",', '    "model.encoder.heads=4",', 8, 4),
            ("numLayers", '    "model.encoder.layers=2",', '    "model.encoder.layers=3",', 2, 3),
            (
                "vocabSize",
                '    "model.vocab_size=1000",',
                '    "model.vocab_size=1200",',
                1000,
                1200,
            ),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 258, 130),
        ],
    ),
    "dinov2_layerscale": (
        "dinov2",
        "Dinov2Config",
        dict(
            image_size=56,
            patch_size=14,
            num_channels=3,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            mlp_ratio=3,
            layer_norm_eps=1e-6,
            layerscale_value=1.0,
            use_swiglu_ffn=False,
        ),
        "Dinov2Model",
        [
            (
                "patchSize",
                "TINY = dict(img_size=56, patch_size=14, embed_dim=64, depth=2, num_heads=4, mlp_ratio=3)",
                "TINY = dict(img_size=56, patch_size=8, embed_dim=64, depth=2, num_heads=4, mlp_ratio=3)",
                14,
                8,
            ),
            (
                "numLayers",
                "TINY = dict(img_size=56, patch_size=14, embed_dim=64, depth=2, num_heads=4, mlp_ratio=3)",
                "TINY = dict(img_size=56, patch_size=14, embed_dim=64, depth=3, num_heads=4, mlp_ratio=3)",
                2,
                3,
            ),
            (
                "numHeads",
                "TINY = dict(img_size=56, patch_size=14, embed_dim=64, depth=2, num_heads=4, mlp_ratio=3)",
                "TINY = dict(img_size=56, patch_size=14, embed_dim=64, depth=2, num_heads=8, mlp_ratio=3)",
                4,
                8,
            ),
        ],
        [
            ("normEps", "layer_norm_eps", 1e-05, 1e-06),
        ],
    ),
    "siglip_vision_map": (
        "siglip_vision_model",
        "SiglipVisionConfig",
        dict(
            image_size=64,
            patch_size=16,
            num_channels=3,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            layer_norm_eps=1e-6,
        ),
        "SiglipVisionModel",
        [
            (
                "numLayers",
                "TINY = dict(image=64, patch=16, width=64, depth=2, heads=4, mlp=160)",
                "TINY = dict(image=64, patch=16, width=64, depth=3, heads=4, mlp=160)",
                2,
                3,
            ),
            (
                "intermediateSize",
                "TINY = dict(image=64, patch=16, width=64, depth=2, heads=4, mlp=160)",
                "TINY = dict(image=64, patch=16, width=64, depth=2, heads=4, mlp=192)",
                160,
                192,
            ),
            (
                "patchSize",
                "TINY = dict(image=64, patch=16, width=64, depth=2, heads=4, mlp=160)",
                "TINY = dict(image=64, patch=8, width=64, depth=2, heads=4, mlp=160)",
                16,
                8,
            ),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "siglip_text_head": (
        "siglip_text_model",
        "SiglipTextConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=32,
            layer_norm_eps=1e-6,
            projection_size=48,
            pad_token_id=1,
            bos_token_id=2,
            eos_token_id=3,
        ),
        "SiglipTextModel",
        [
            (
                "maxPositionEmbeddings",
                "VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 2, 4, 192, 32, 48, 1e-6",
                "VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 2, 4, 192, 64, 48, 1e-6",
                32,
                64,
            ),
            (
                "numLayers",
                "VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 2, 4, 192, 32, 48, 1e-6",
                "VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 3, 4, 192, 32, 48, 1e-6",
                2,
                3,
            ),
            (
                "normEps",
                "VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 2, 4, 192, 32, 48, 1e-6",
                "VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 2, 4, 192, 32, 48, 1e-5",
                1e-06,
                1e-05,
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "convnextv2_grn": (
        "convnextv2",
        "ConvNextV2Config",
        dict(
            num_channels=3,
            patch_size=4,
            num_stages=3,
            hidden_sizes=[16, 32, 48],
            depths=[1, 2, 1],
            layer_norm_eps=1e-6,
        ),
        "ConvNextV2Model",
        [
            (
                "depths",
                "STAGES = [(16, 1), (32, 2), (48, 1)]",
                "STAGES = [(16, 1), (32, 3), (48, 1)]",
                2,
                3,
            ),
            (
                "hiddenSizes",
                "STAGES = [(16, 1), (32, 2), (48, 1)]",
                "STAGES = [(16, 1), (32, 2), (64, 1)]",
                48,
                64,
            ),
            ("normEps", "LN_EPS = 1e-6", "LN_EPS = 1e-5", 1e-06, 1e-05),
        ],
        [
            ("depths", "depths", [1, 2, 2], 1),
        ],
    ),
    "vit_mae_sincos": (
        "vit_mae",
        "ViTMAEConfig",
        dict(
            image_size=32,
            patch_size=8,
            num_channels=3,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            layer_norm_eps=1e-12,
            qkv_bias=True,
            mask_ratio=0.75,
        ),
        "ViTMAEModel",
        [
            ("patchSize", "PATCH: Final = 8", "PATCH: Final = 16", 8, 16),
            ("intermediateSize", "MLP_DIM: Final = 128", "MLP_DIM: Final = 192", 128, 192),
            ("numHeads", "HEADS: Final = 4", "HEADS: Final = 8", 4, 8),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "whisper_setattr_layers": (
        "whisper",
        "WhisperConfig",
        dict(
            vocab_size=800,
            num_mel_bins=40,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=160,
            decoder_ffn_dim=160,
            max_source_positions=100,
            max_target_positions=64,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
            suppress_tokens=None,
            begin_suppress_tokens=None,
        ),
        "WhisperModel",
        [
            ("numMelBins", "    n_mels=40,", "    n_mels=80,", 40, 80),
            ("numDecoderLayers", "    n_text_layer=2,", "    n_text_layer=3,", 2, 3),
            ("maxPositionEmbeddings", "    n_text_ctx=64,", "    n_text_ctx=128,", 64, 128),
        ],
        [
            ("numEncoderLayers", "encoder_layers", 3, 2),
            ("numHeads", "decoder_attention_heads", 8, 4),
        ],
    ),
    "t5_zip_rel_bias": (
        "t5",
        "T5Config",
        dict(
            vocab_size=720,
            d_model=64,
            d_kv=16,
            d_ff=160,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=16,
            relative_attention_max_distance=64,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="relu",
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "T5ForConditionalGeneration",
        [
            ("headDim", "D_KV = 16", "D_KV = 8", 16, 8),
            ("relativeAttentionNumBuckets", "BUCKETS = 16", "BUCKETS = 32", 16, 32),
            ("numDecoderLayers", "DEC_LAYERS = 2", "DEC_LAYERS = 3", 2, 3),
        ],
        [
            ("normEps", "layer_norm_epsilon", 1e-05, 1e-06),
            ("intermediateSize", "d_ff", 256, 160),
        ],
    ),
    "neox_init_subclass": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=256,
            layer_norm_eps=1e-5,
            use_parallel_residual=True,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
            rope_parameters=_rope(10000.0, partial_rotary_factor=0.25),
        ),
        "GPTNeoXForCausalLM",
        [
            ("numHeads", "    heads=4,", "    heads=8,", 4, 8),
            ("partialRotaryFactor", "    rotary_pct=0.25,", "    rotary_pct=0.5,", 0.25, 0.5),
            ("intermediateSize", "    ffn=256,", "    ffn=320,", 256, 320),
        ],
        [
            ("parallelResidual", "use_parallel_residual", False, True),
            ("vocabSize", "vocab_size", 700, 640),
        ],
    ),
    "mixtral_expert_list": (
        "mixtral",
        "MixtralConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=2,
            max_position_embeddings=512,
            rms_norm_eps=1e-5,
            num_local_experts=4,
            num_experts_per_tok=2,
            sliding_window=None,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
        ),
        "MixtralForCausalLM",
        [
            ("numExperts", '        "n_experts": 4,', '        "n_experts": 8,', 4, 8),
            ("numExpertsPerTok", '        "top_k": 2,', '        "top_k": 1,', 2, 1),
            ("numKvHeads", '        "kv_heads": 2,', '        "kv_heads": 4,', 2, 4),
        ],
        [
            ("intermediateSize", "intermediate_size", 96, 128),
        ],
    ),
}


# Same weights, same output: for these decoders every case parameter is one HF parameter (or a
# concatenation of several along dim 0, written "a+b"), renamed by the regex rules below and,
# for Meta's interleaved rotary layout, un-permuted ("unpermute:<heads key>"). ``same_output``
# copies a randomly initialised HF model's weights into the case and compares the logits.
_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."
SAME_OUTPUT: dict[str, list[tuple]] = {
    "qwen3_yaml": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.attn_norm\.", _HL + "input_layernorm."),
        (r"^blocks\.(\d+)\.mlp_norm\.", _HL + "post_attention_layernorm."),
        (r"^blocks\.(\d+)\.attn\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.attn\.([qk])_norm\.", _HL + r"self_attn.\2_norm."),
        (r"^blocks\.(\d+)\.mlp\.w1\.", _HL + "mlp.gate_proj."),
        (r"^blocks\.(\d+)\.mlp\.w3\.", _HL + "mlp.up_proj."),
        (r"^blocks\.(\d+)\.mlp\.w2\.", _HL + "mlp.down_proj."),
        (r"^norm\.", "model.norm."),
    ],
    "gemma3_layer_idx": [
        (r"^embed\.", "model.embed_tokens."),
        (_L + r"([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"([qk])_norm\.", _HL + r"self_attn.\2_norm."),
        (_L + r"(gate|up|down)\.", _HL + r"mlp.\2_proj."),
        (_L + r"pre_attn\.", _HL + "input_layernorm."),
        (_L + r"post_attn\.", _HL + "post_attention_layernorm."),
        (_L + r"pre_ffw\.", _HL + "pre_feedforward_layernorm."),
        (_L + r"post_ffw\.", _HL + "post_feedforward_layernorm."),
        (r"^final_norm\.", "model.norm."),
    ],
    "olmo_hydra": [
        (r"^wte\.", "model.embed_tokens."),
        (
            r"^blocks\.(\d+)\.attn\.att_proj\.",
            _HL + r"self_attn.q_proj.+" + _HL + r"self_attn.k_proj.+" + _HL + "self_attn.v_proj.",
        ),
        (r"^blocks\.(\d+)\.attn\.attn_out\.", _HL + "self_attn.o_proj."),
        (r"^blocks\.(\d+)\.ff\.ff_proj\.", _HL + "mlp.up_proj.+" + _HL + "mlp.gate_proj."),
        (r"^blocks\.(\d+)\.ff\.ff_out\.", _HL + "mlp.down_proj."),
        (r"^ff_out\.", "lm_head."),
    ],
    "olmo2_configdict": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.attn\.", _HL + "self_attn."),
        (r"^blocks\.(\d+)\.attn_out_norm\.", _HL + "post_attention_layernorm."),
        (r"^blocks\.(\d+)\.ff\.", _HL + "mlp."),
        (r"^blocks\.(\d+)\.ff_out_norm\.", _HL + "post_feedforward_layernorm."),
        (r"^norm\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
    ],
    "stablelm_vars_args": [
        (r"^embed\.", "model.embed_tokens."),
        (_L + r"ln1\.", _HL + "input_layernorm."),
        (_L + r"ln2\.", _HL + "post_attention_layernorm."),
        (_L + r"attn\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"w_(gate|up|down)\.", _HL + r"mlp.\2_proj."),
        (r"^norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
    ],
    "persimmon_fused_qk_ln": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^decoders\.(\d+)\.ln_attn\.", _HL + "input_layernorm."),
        (r"^decoders\.(\d+)\.ln_mlp\.", _HL + "post_attention_layernorm."),
        (r"^decoders\.(\d+)\.attn\.([qk])_ln\.", _HL + r"self_attn.\2_layernorm."),
        (r"^decoders\.(\d+)\.attn\.", _HL + "self_attn."),
        (r"^decoders\.(\d+)\.fc_in\.", _HL + "mlp.dense_h_to_4h."),
        (r"^decoders\.(\d+)\.fc_out\.", _HL + "mlp.dense_4h_to_h."),
        (r"^ln_f\.", "model.final_layernorm."),
        (r"^unembed\.", "lm_head."),
    ],
    "granite_post_init": [
        (r"^embed\.", "model.embed_tokens."),
        (_L + r"input_norm\.", _HL + "input_layernorm."),
        (_L + r"post_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"attn\.", _HL + "self_attn."),
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^norm\.", "model.norm."),
    ],
    "cohere_parallel": [
        (r"^embed_tokens\.", "model.embed_tokens."),
        (_L + r"norm\.", _HL + "input_layernorm."),
        (_L + r"([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"(gate|up|down)\.", _HL + r"mlp.\2_proj."),
        (r"^norm\.", "model.norm."),
    ],
    "llama_polar_tied": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^layers\.(\d+)\.attention\.wq\.", _HL + "self_attn.q_proj.", "unpermute:n_heads"),
        (r"^layers\.(\d+)\.attention\.wk\.", _HL + "self_attn.k_proj.", "unpermute:n_kv_heads"),
        (r"^layers\.(\d+)\.attention\.wv\.", _HL + "self_attn.v_proj."),
        (r"^layers\.(\d+)\.attention\.wo\.", _HL + "self_attn.o_proj."),
        (r"^layers\.(\d+)\.feed_forward\.w1\.", _HL + "mlp.gate_proj."),
        (r"^layers\.(\d+)\.feed_forward\.w3\.", _HL + "mlp.up_proj."),
        (r"^layers\.(\d+)\.feed_forward\.w2\.", _HL + "mlp.down_proj."),
        (_L + r"attention_norm\.", _HL + "input_layernorm."),
        (_L + r"ffn_norm\.", _HL + "post_attention_layernorm."),
        (r"^norm\.", "model.norm."),
    ],
    "mistral_sdpa_causal": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (_L + r"attention\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"attention_norm\.", _HL + "input_layernorm."),
        (_L + r"ffn_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"w1\.", _HL + "mlp.gate_proj."),
        (_L + r"w3\.", _HL + "mlp.up_proj."),
        (_L + r"w2\.", _HL + "mlp.down_proj."),
        (r"^norm\.", "model.norm."),
        (r"^output\.", "lm_head."),
    ],
    "nemotron_relu2": [
        (r"^embed_tokens\.", "model.embed_tokens."),
        (_L + r"(up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (_L, _HL),
        (r"^norm\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
    ],
    "distilbert_getattr": [
        (r"^layer\.(\d+)\.(q|k|v|out)_lin\.", r"transformer.layer.\1.attention.\2_lin."),
        (r"^layer\.(\d+)\.(lin1|lin2)\.", r"transformer.layer.\1.ffn.\2."),
        (r"^layer\.(\d+)\.", r"transformer.layer.\1."),
        (r"^embeddings\.", "embeddings."),
    ],
    "xlm_roberta_dotlist": [
        (r"^tok\.", "embeddings.word_embeddings."),
        (r"^pos\.", "embeddings.position_embeddings."),
        (r"^typ\.", "embeddings.token_type_embeddings."),
        (r"^emb_norm\.", "embeddings.LayerNorm."),
        (
            _L + r"qkv\.",
            r"encoder.layer.\1.attention.self.query.+encoder.layer.\1.attention.self.key."
            r"+encoder.layer.\1.attention.self.value.",
        ),
        (_L + r"attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"ffn_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"ffn_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"ffn_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "megatron_bert_prenorm": [
        (r"^(word|position)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^tokentype_embeddings\.", "embeddings.token_type_embeddings."),
        (_L + r"input_layernorm\.", r"encoder.layer.\1.attention.ln."),
        (_L + r"attention\.query_key_value\.0\.", r"encoder.layer.\1.attention.self.query."),
        (_L + r"attention\.query_key_value\.1\.", r"encoder.layer.\1.attention.self.key."),
        (_L + r"attention\.query_key_value\.2\.", r"encoder.layer.\1.attention.self.value."),
        (_L + r"attention\.dense\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"post_attention_layernorm\.", r"encoder.layer.\1.ln."),
        (_L + r"dense_h_to_4h\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"dense_4h_to_h\.", r"encoder.layer.\1.output.dense."),
        (r"^final_layernorm\.", "encoder.ln."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "dinov2_layerscale": [
        (r"^(cls_token|mask_token)$", r"embeddings.\1"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (
            r"^blocks\.(\d+)\.attn\.qkv\.",
            r"encoder.layer.\1.attention.q_proj.+encoder.layer.\1.attention.k_proj."
            r"+encoder.layer.\1.attention.v_proj.",
        ),
        (r"^blocks\.(\d+)\.attn\.proj\.", r"encoder.layer.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.ls(\d)\.gamma$", r"encoder.layer.\1.layer_scale\2.lambda1"),
        (r"^blocks\.(\d+)\.mlp\.0\.", r"encoder.layer.\1.mlp.fc1."),
        (r"^blocks\.(\d+)\.mlp\.2\.", r"encoder.layer.\1.mlp.fc2."),
        (r"^blocks\.(\d+)\.", r"encoder.layer.\1."),
        (r"^norm\.", "layernorm."),
    ],
    "siglip_vision_map": [
        (r"^patch_embed\.", "embeddings.patch_embedding.", "reshape"),
        (r"^position_embedding\.", "embeddings.position_embedding."),
        (_L + r"norm(\d)\.", r"encoder.layers.\1.layer_norm\2."),
        (_L + r"([qkv])\.", r"encoder.layers.\1.self_attn.\2_proj."),
        (_L + r"o\.", r"encoder.layers.\1.self_attn.out_proj."),
        (_L + r"mlp\.", r"encoder.layers.\1.mlp."),
        (r"^(post_layernorm|head)\.", r"\1."),
    ],
    "siglip_text_head": [
        (r"^(token|position)_embedding\.", r"embeddings.\1_embedding."),
        (
            r"^encoder\.layers\.(\d+)\.self_attn\.in_proj_(weight|bias)$",
            r"encoder.layers.\1.self_attn.q_proj.\2+encoder.layers.\1.self_attn.k_proj.\2"
            r"+encoder.layers.\1.self_attn.v_proj.\2",
        ),
        (
            r"^encoder\.layers\.(\d+)\.self_attn\.out_proj\.",
            r"encoder.layers.\1.self_attn.out_proj.",
        ),
        (r"^encoder\.layers\.(\d+)\.linear(\d)\.", r"encoder.layers.\1.mlp.fc\2."),
        (r"^encoder\.layers\.(\d+)\.norm(\d)\.", r"encoder.layers.\1.layer_norm\2."),
        (r"^encoder\.norm\.", "final_layer_norm."),
        (r"^head\.", "head."),
    ],
    "convnextv2_grn": [
        (r"^stem\.conv\.", "embeddings.patch_embeddings."),
        (r"^stem\.norm\.", "embeddings.layernorm."),
        (r"^stages\.stage(\d+)\.down_norm\.", r"encoder.stages.\1.downsampling_layer.0."),
        (r"^stages\.stage(\d+)\.down_conv\.", r"encoder.stages.\1.downsampling_layer.1."),
        (
            r"^stages\.stage(\d+)\.block(\d+)\.grn\.gamma$",
            r"encoder.stages.\1.layers.\2.grn.weight",
        ),
        (r"^stages\.stage(\d+)\.block(\d+)\.grn\.beta$", r"encoder.stages.\1.layers.\2.grn.bias"),
        (r"^stages\.stage(\d+)\.block(\d+)\.norm\.", r"encoder.stages.\1.layers.\2.layernorm."),
        (r"^stages\.stage(\d+)\.block(\d+)\.", r"encoder.stages.\1.layers.\2."),
        (r"^head_norm\.", "layernorm."),
    ],
    "codegen_mp_qkv": [
        (r"^h\.(\d+)\.fc_(in|out)\.", r"transformer.h.\1.mlp.fc_\2."),
        (r"^(wte|h|ln_f)\.", r"transformer.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "neox_init_subclass": [
        (r"^embed_in\.", "gpt_neox.embed_in."),
        (_L + r"ln1\.", r"gpt_neox.layers.\1.input_layernorm."),
        (_L + r"ln2\.", r"gpt_neox.layers.\1.post_attention_layernorm."),
        (_L + r"(query_key_value|dense)\.", r"gpt_neox.layers.\1.attention.\2."),
        (_L + r"fc_in\.", r"gpt_neox.layers.\1.mlp.dense_h_to_4h."),
        (_L + r"fc_out\.", r"gpt_neox.layers.\1.mlp.dense_4h_to_h."),
        (r"^final_layer_norm\.", "gpt_neox.final_layer_norm."),
        (r"^embed_out\.", "lm_head."),
    ],
    "bigcode_mqa": [
        (r"^h\.(\d+)\.(ln_1|ln_2|attn)\.", r"transformer.h.\1.\2."),
        (r"^h\.(\d+)\.(c_fc|c_proj)\.", r"transformer.h.\1.mlp.\2."),
        (r"^(wte|wpe|ln_f)\.", r"transformer.\1."),
    ],
    "mpt_alibi_wqkv": [
        (r"^blocks\.(\d+)\.(up_proj|down_proj)\.", r"transformer.blocks.\1.ffn.\2."),
        (r"^(wte|blocks|norm_f)\.", r"transformer.\1."),
    ],
    "xglm_sinusoidal": [
        (_L + r"(q|k|v|out)_proj\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^(embed_tokens|layers|layer_norm)\.", r"model.\1."),
    ],
    "phi_flax_init": [
        (r"^params\.wte\.embedding$", "model.embed_tokens.weight"),
        (r"^params\.blocks\.(\d+)\.ln\.scale$", r"model.layers.\1.input_layernorm.weight"),
        (r"^params\.blocks\.(\d+)\.ln\.bias$", r"model.layers.\1.input_layernorm.bias"),
        (
            r"^params\.blocks\.(\d+)\.([qkv])\.kernel$",
            r"model.layers.\1.self_attn.\2_proj.weight",
            "T",
        ),
        (r"^params\.blocks\.(\d+)\.([qkv])\.bias$", r"model.layers.\1.self_attn.\2_proj.bias"),
        (r"^params\.blocks\.(\d+)\.out\.kernel$", r"model.layers.\1.self_attn.dense.weight", "T"),
        (r"^params\.blocks\.(\d+)\.out\.bias$", r"model.layers.\1.self_attn.dense.bias"),
        (r"^params\.blocks\.(\d+)\.(fc\d)\.kernel$", r"model.layers.\1.mlp.\2.weight", "T"),
        (r"^params\.blocks\.(\d+)\.(fc\d)\.bias$", r"model.layers.\1.mlp.\2.bias"),
        (r"^params\.ln_f\.scale$", "model.final_layernorm.weight"),
        (r"^params\.ln_f\.bias$", "model.final_layernorm.bias"),
        (r"^params\.lm_head\.kernel$", "lm_head.weight", "T"),
        (r"^params\.lm_head\.bias$", "lm_head.bias"),
    ],
    "mbart_stack_flag": [(r"^", "")],  # the names are MBartModel's own
    "t5_zip_rel_bias": [
        (r"^(encoder|decoder)\.blocks\.(\d+)\.self_norm\.", r"\1.block.\2.layer.0.layer_norm."),
        (
            r"^(encoder|decoder)\.blocks\.(\d+)\.self_attn\.rel\.",
            r"\1.block.\2.layer.0.SelfAttention.relative_attention_bias.",
        ),
        (r"^(encoder|decoder)\.blocks\.(\d+)\.self_attn\.", r"\1.block.\2.layer.0.SelfAttention."),
        (r"^decoder\.blocks\.(\d+)\.cross_norm\.", r"decoder.block.\1.layer.1.layer_norm."),
        (r"^decoder\.blocks\.(\d+)\.cross_attn\.", r"decoder.block.\1.layer.1.EncDecAttention."),
        (r"^encoder\.blocks\.(\d+)\.ff_norm\.", r"encoder.block.\1.layer.1.layer_norm."),
        (r"^decoder\.blocks\.(\d+)\.ff_norm\.", r"decoder.block.\1.layer.2.layer_norm."),
        (r"^encoder\.blocks\.(\d+)\.(wi|wo)\.", r"encoder.block.\1.layer.1.DenseReluDense.\2."),
        (r"^decoder\.blocks\.(\d+)\.(wi|wo)\.", r"decoder.block.\1.layer.2.DenseReluDense.\2."),
        (r"^(encoder|decoder)\.final_norm\.", r"\1.final_layer_norm."),
        (r"^shared\.", "shared."),
    ],
    "qwen2moe_shared": [
        (r"^emb\.", "model.embed_tokens."),
        (_L + r"n1\.", _HL + "input_layernorm."),
        (_L + r"n2\.", _HL + "post_attention_layernorm."),
        (_L + r"attn\.([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"moe\.router\.", _HL + "mlp.gate."),
        (_L + r"moe\.w_gate_up$", _HL + "mlp.experts.gate_up_proj"),
        (_L + r"moe\.w_down$", _HL + "mlp.experts.down_proj"),
        (_L + r"moe\.shared_(gate|up|down)_proj\.", _HL + r"mlp.shared_expert.\2_proj."),
        (_L + r"moe\.shared_gate\.", _HL + "mlp.shared_expert_gate."),
        (r"^norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
    ],
    "mixtral_expert_list": [
        (r"^tok\.", "model.embed_tokens."),
        (_L + r"attention_norm\.", _HL + "input_layernorm."),
        (_L + r"ffn_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"attention\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"moe\.gate\.", _HL + "mlp.gate."),
        (_L + r"moe\.experts\.\d+\.w1\.weight$", _HL + "mlp.experts.gate_up_proj", "expert:gate"),
        (_L + r"moe\.experts\.\d+\.w3\.weight$", _HL + "mlp.experts.gate_up_proj", "expert:up"),
        (_L + r"moe\.experts\.\d+\.w2\.weight$", _HL + "mlp.experts.down_proj", "expert:down"),
        (r"^norm\.", "model.norm."),
        (r"^output\.", "lm_head."),
    ],
    "whisper_setattr_layers": [
        *[
            (
                rf"^(encoder|decoder)\.layer(\d+)\.{a}\.{x}\.",
                rf"\1.layers.\2.{b}.{y}.",
            )
            for a, b in (("attn", "self_attn"), ("cross_attn", "encoder_attn"))
            for x, y in (
                ("query", "q_proj"),
                ("key", "k_proj"),
                ("value", "v_proj"),
                ("out", "out_proj"),
            )
        ],
        (r"^(encoder|decoder)\.layer(\d+)\.attn_ln\.", r"\1.layers.\2.self_attn_layer_norm."),
        (r"^decoder\.layer(\d+)\.cross_attn_ln\.", r"decoder.layers.\1.encoder_attn_layer_norm."),
        (r"^(encoder|decoder)\.layer(\d+)\.mlp_in\.", r"\1.layers.\2.fc1."),
        (r"^(encoder|decoder)\.layer(\d+)\.mlp_out\.", r"\1.layers.\2.fc2."),
        (r"^(encoder|decoder)\.layer(\d+)\.mlp_ln\.", r"\1.layers.\2.final_layer_norm."),
        (r"^(encoder|decoder)\.positional_embedding$", r"\1.embed_positions.weight"),
        (r"^encoder\.conv", "encoder.conv"),
        (r"^encoder\.ln_post\.", "encoder.layer_norm."),
        (r"^decoder\.token_embedding\.", "decoder.embed_tokens."),
        (r"^decoder\.ln\.", "decoder.layer_norm."),
    ],
    "vit_mae_sincos": [
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (
            r"^blocks\.(\d+)\.attn\.in_proj_(weight|bias)$",
            r"layers.\1.attention.q_proj.\2+layers.\1.attention.k_proj.\2"
            r"+layers.\1.attention.v_proj.\2",
        ),
        (r"^blocks\.(\d+)\.attn\.out_proj\.", r"layers.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.norm1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.norm2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.(fc\d)\.", r"layers.\1.mlp.\2."),
        (r"^norm\.", "layernorm."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "distilbert_getattr": ("ids+mask", ["last_hidden_state"]),
    "xlm_roberta_dotlist": ("ids", ["last_hidden_state", "pooler_output"]),
    "megatron_bert_prenorm": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "dinov2_layerscale": ("pixels", ["last_hidden_state"]),
    "siglip_vision_map": ("pixels", ["last_hidden_state", "pooler_output"]),
    "siglip_text_head": ("ids", ["last_hidden_state", "pooler_output"]),
    "convnextv2_grn": ("pixels", ["pooler_output"]),
    "mbart_stack_flag": ("seq2seq", ["last_hidden_state"]),
    "t5_zip_rel_bias": ("seq2seq", ["logits"]),
    # WhisperModel returns the decoder's states; the case, logits from the token table
    "whisper_setattr_layers": ("audio", ["tied_logits"]),
    # random masking: the same seed before each call gives both the same noise
    "vit_mae_sincos": ("pixels+seed", ["last_hidden_state"]),
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
