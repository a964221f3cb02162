"""The seventh fresh held-out set of re-implementations (written blind in session 14): hand-written
cases in styles no earlier set uses, many of architectures no earlier set has. It was NOT run
through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the cases in ``SAME_OUTPUT`` it also copies the
HF model's weights into the case and compares the outputs on CPU. The table, the writer, the
checks and the command line are shared with fresh3 to fresh6
(``benchmarks/reimpl/set_checks.py``).

    python benchmarks/reimpl/fresh7/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh7 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402


def _rope(theta: float, **extra) -> dict:
    return {"rope_type": "default", "rope_theta": theta, **extra}


_TOKENS = dict(pad_token_id=0, bos_token_id=1, eos_token_id=2)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value as the manifest records
#                  it, when the key's value is not the fact's value itself])
CASES: dict[str, tuple] = {
    "llama_multiple_of": (
        "llama",
        "LlamaConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=192,
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
            ("intermediateSize", "multiple_of: int = 32", "multiple_of: int = 128", 192, 256),
            ("numKvHeads", "n_kv_heads: int | None = 2", "n_kv_heads: int | None = 4", 2, 4),
            (
                "ropeTheta",
                "rope_theta: float = 500000.0",
                "rope_theta: float = 10000.0",
                500000.0,
                10000.0,
            ),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mistral_fluent_builder": (
        "mistral",
        "MistralConfig",
        dict(
            vocab_size=768,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=3,
            num_attention_heads=8,
            num_key_value_heads=2,
            sliding_window=20,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "MistralForCausalLM",
        [
            ("slidingWindow", ".with_window(20)", ".with_window(40)", 20, 40),
            ("numKvHeads", ".with_heads(8, 2)", ".with_heads(8, 4)", 2, 4),
            ("numLayers", ".with_layers(3)", ".with_layers(2)", 3, 2),
        ],
        [("vocabSize", "vocab_size", 1024, 768)],
    ),
    "qwen2_lightning": (
        "qwen2",
        "Qwen2Config",
        dict(
            vocab_size=896,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "Qwen2ForCausalLM",
        [
            ("numHeads", "n_head=6,", "n_head=4,", 6, 4),
            ("intermediateSize", "d_ff=256,", "d_ff=320,", 256, 320),
            ("ropeTheta", "rope_base=1000000.0,", "rope_base=10000.0,", 1000000.0, 10000.0),
        ],
        [("numKvHeads", "num_key_value_heads", 3, 2)],
    ),
    "phi3_alias_map": (
        "phi3",
        "Phi3Config",
        dict(
            vocab_size=704,
            hidden_size=96,
            intermediate_size=192,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=3,
            max_position_embeddings=256,
            original_max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "Phi3ForCausalLM",
        [
            ("numKvHeads", "n_kv=3", "n_kv=6", 3, 6),
            ("intermediateSize", "n_inner=192", "n_inner=256", 192, 256),
            ("numLayers", "n_layer=2", "n_layer=3", 2, 3),
        ],
        [("normEps", "rms_norm_eps", 1e-6, 1e-5)],
    ),
    "olmo2_protocol": (
        "olmo2",
        "Olmo2Config",
        dict(
            vocab_size=1000,
            hidden_size=64,
            intermediate_size=200,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=4,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(500000.0),
            **_TOKENS,
        ),
        "Olmo2ForCausalLM",
        [
            ("intermediateSize", "    mlp = 200", "    mlp = 256", 200, 256),
            ("numLayers", "    depth = 2", "    depth = 3", 2, 3),
            ("vocabSize", "    vocab = 1000", "    vocab = 1024", 1000, 1024),
        ],
        [("numKvHeads", "num_key_value_heads", 2, 4)],
    ),
    "starcoder2_optparse": (
        "starcoder2",
        "Starcoder2Config",
        dict(
            vocab_size=1152,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            sliding_window=32,
            max_position_embeddings=256,
            norm_epsilon=1e-5,
            use_bias=True,
            tie_word_embeddings=True,
            rope_parameters=_rope(100000.0),
            **_TOKENS,
        ),
        "Starcoder2ForCausalLM",
        [
            ("numKvHeads", 'type="int", default=1)', 'type="int", default=2)', 1, 2),
            ("slidingWindow", 'type="int", default=32)', 'type="int", default=64)', 32, 64),
            ("intermediateSize", 'type="int", default=256)', 'type="int", default=384)', 256, 384),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gemma2_named_presets": (
        "gemma2",
        "Gemma2Config",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            query_pre_attn_scalar=16,
            sliding_window=16,
            attn_logit_softcapping=50.0,
            final_logit_softcapping=30.0,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "Gemma2ForCausalLM",
        [
            ("slidingWindow", "sliding_window_size=16,", "sliding_window_size=32,", 16, 32),
            ("numKvHeads", "n_query_groups=2,", "n_query_groups=1,", 2, 1),
            ("numLayers", "n_layer=4,", "n_layer=6,", 4, 6),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "roberta_prelayernorm_mmcv_registry": (
        "roberta-prelayernorm",
        "RobertaPreLayerNormConfig",
        dict(
            vocab_size=720,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "RobertaPreLayerNormModel",
        [
            ("intermediateSize", "ffn_dim=160", "ffn_dim=224", 160, 224),
            ("numLayers", "num_layers=3,", "num_layers=2,", 3, 2),
            ("maxPositionEmbeddings", "max_positions=130", "max_positions=258", 130, 258),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "xlm_roberta_xl_nested_dataclasses": (
        "xlm-roberta-xl",
        "XLMRobertaXLConfig",
        dict(
            vocab_size=832,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=514,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "XLMRobertaXLModel",
        [
            ("vocabSize", "vocab: int = 832", "vocab: int = 896", 832, 896),
            ("intermediateSize", "ffn: int = 256", "ffn: int = 320", 256, 320),
            ("numHeads", "heads: int = 4", "heads: int = 8", 4, 8),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "trocr_struct_header": (
        "trocr",
        "TrOCRConfig",
        dict(
            vocab_size=608,
            d_model=64,
            decoder_layers=2,
            decoder_attention_heads=4,
            decoder_ffn_dim=192,
            max_position_embeddings=96,
            scale_embedding=False,
            tie_word_embeddings=True,
            **_TOKENS,
        ),
        "TrOCRForCausalLM",
        [
            ("numLayers", "608, 64, 2, 4, 192, 96)", "608, 64, 3, 4, 192, 96)", 2, 3),
            ("intermediateSize", "608, 64, 2, 4, 192, 96)", "608, 64, 2, 4, 256, 96)", 192, 256),
            (
                "maxPositionEmbeddings",
                "608, 64, 2, 4, 192, 96)",
                "608, 64, 2, 4, 192, 128)",
                96,
                128,
            ),
        ],
        [("vocabSize", "vocab_size", 640, 608)],
    ),
    "bert_named_parts": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=1536,
            hidden_size=96,
            num_hidden_layers=2,
            num_attention_heads=6,
            intermediate_size=288,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "BertModel",
        [
            ("numHeads", "HEADS = 6", "HEADS = 3", 6, 3),
            ("intermediateSize", "INTERMEDIATE = 288", "INTERMEDIATE = 384", 288, 384),
            ("typeVocabSize", "TYPES = 2", "TYPES = 1", 2, 1),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 128)],
    ),
    "blenderbot_split_stacks": (
        "blenderbot",
        "BlenderbotConfig",
        dict(
            vocab_size=1280,
            d_model=64,
            encoder_layers=2,
            decoder_layers=3,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=256,
            decoder_ffn_dim=192,
            max_position_embeddings=128,
            scale_embedding=False,
            **_TOKENS,
        ),
        "BlenderbotModel",
        [
            (
                "numEncoderLayers",
                "Encoder(self.shared, layers=2,",
                "Encoder(self.shared, layers=3,",
                2,
                3,
            ),
            ("decoderFfnDim", "heads=4, ffn=192)\n", "heads=4, ffn=256)\n", 192, 256),
            ("maxPositionEmbeddings", "MAX_POSITIONS = 128", "MAX_POSITIONS = 256", 128, 256),
        ],
        [("numDecoderLayers", "decoder_layers", 2, 3)],
    ),
    "poolformer_timm_entrypoint": (
        "poolformer",
        "PoolFormerConfig",
        dict(
            num_channels=3,
            hidden_sizes=[16, 32, 48, 64],
            depths=[1, 1, 2, 1],
            mlp_ratio=2.0,
            pool_size=3,
            patch_size=7,
            stride=4,
            layer_scale_init_value=0.5,
            image_size=64,
        ),
        "PoolFormerModel",
        [
            ("depths", "layers=(1, 1, 2, 1)", "layers=(1, 1, 3, 1)", [1, 1, 2, 1], [1, 1, 3, 1]),
            (
                "hiddenSizes",
                "embed_dims=(16, 32, 48, 64)",
                "embed_dims=(16, 32, 64, 64)",
                [16, 32, 48, 64],
                [16, 32, 64, 64],
            ),
            ("mlpRatio", "mlp_ratios=2.0", "mlp_ratios=4.0", 2.0, 4.0),
            ("poolSize", "pool_size=3))", "pool_size=5))", 3, 5),
        ],
        [],
    ),
    "falcon_mamba_global_args": (
        "falcon_mamba",
        "FalconMambaConfig",
        dict(
            vocab_size=544,
            hidden_size=64,
            state_size=8,
            num_hidden_layers=2,
            expand=2,
            conv_kernel=4,
            layer_norm_epsilon=1e-5,
            mixer_rms_eps=1e-6,
            tie_word_embeddings=True,
            **_TOKENS,
        ),
        "FalconMambaForCausalLM",
        [
            ("stateSize", "d_state=8,", "d_state=16,", 8, 16),
            ("numLayers", "num_layers=2,", "num_layers=3,", 2, 3),
            ("expand", "expand=2,", "expand=3,", 2, 3),
        ],
        [("convKernel", "conv_kernel", 3, 4)],
    ),
    "mamba2_dotted_paths": (
        "mamba2",
        "Mamba2Config",
        dict(
            vocab_size=560,
            hidden_size=64,
            state_size=16,
            num_hidden_layers=2,
            expand=2,
            conv_kernel=4,
            num_heads=8,
            head_dim=16,
            n_groups=1,
            layer_norm_epsilon=1e-5,
            tie_word_embeddings=False,
            **_TOKENS,
        ),
        "Mamba2ForCausalLM",
        [
            ("stateSize", '"d_state": 16,', '"d_state": 32,', 16, 32),
            ("headDim", '"headdim": 16,', '"headdim": 32,', 16, 32),
            ("numLayers", '"n_layer": 2,', '"n_layer": 3,', 2, 3),
        ],
        [("vocabSize", "vocab_size", 640, 560)],
    ),
    "deepseek_v3_world_size": (
        "deepseek_v3",
        "DeepseekV3Config",
        dict(
            vocab_size=688,
            hidden_size=64,
            intermediate_size=160,
            moe_intermediate_size=32,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=4,
            n_routed_experts=8,
            n_shared_experts=1,
            num_experts_per_tok=2,
            n_group=2,
            topk_group=1,
            first_k_dense_replace=1,
            routed_scaling_factor=2.5,
            q_lora_rank=48,
            kv_lora_rank=32,
            qk_rope_head_dim=8,
            qk_nope_head_dim=16,
            v_head_dim=16,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "DeepseekV3ForCausalLM",
        [
            ("kvLoraRank", "kv_lora_rank: int = 32", "kv_lora_rank: int = 64", 32, 64),
            ("numExperts", "n_routed_experts: int = 8", "n_routed_experts: int = 16", 8, 16),
            ("firstKDenseReplace", "n_dense_layers: int = 1", "n_dense_layers: int = 2", 1, 2),
            (
                "numExpertsPerTok",
                "n_activated_experts: int = 2",
                "n_activated_experts: int = 4",
                2,
                4,
            ),
        ],
        [("qkRopeHeadDim", "qk_rope_head_dim", 16, 8)],
    ),
    "hunyuan_moe_preset_lambdas": (
        "hunyuan_v1_moe",
        "HunYuanMoEV1Config",
        dict(
            vocab_size=624,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_experts=4,
            moe_topk=2,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "HunYuanMoEV1ForCausalLM",
        [
            ("intermediateSize", "ffn=96,", "ffn=128,", 96, 128),
            ("numExperts", "experts=4,", "experts=8,", 4, 8),
            ("numExpertsPerTok", "topk=2\n", "topk=1\n", 2, 1),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "glm4_moe_docstring_sizes": (
        "glm4_moe",
        "Glm4MoeConfig",
        dict(
            vocab_size=816,
            hidden_size=64,
            intermediate_size=160,
            moe_intermediate_size=32,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            n_routed_experts=4,
            n_shared_experts=1,
            num_experts_per_tok=2,
            first_k_dense_replace=1,
            n_group=1,
            topk_group=1,
            use_qk_norm=True,
            partial_rotary_factor=0.5,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "Glm4MoeForCausalLM",
        [
            ("moeIntermediateSize", "        moe_ffn: 32", "        moe_ffn: 48", 32, 48),
            ("numExperts", "        routed_experts: 4", "        routed_experts: 8", 4, 8),
            ("numKvHeads", "        kv_heads: 2", "        kv_heads: 4", 2, 4),
        ],
        [("firstKDenseReplace", "first_k_dense_replace", 2, 1)],
    ),
    "lfm2_attention_index_set": (
        "lfm2",
        "Lfm2Config",
        dict(
            vocab_size=752,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            layer_types=["conv", "full_attention", "conv", "full_attention"],
            conv_L_cache=3,
            block_multiple_of=32,
            block_ffn_dim_multiplier=1.0,
            block_auto_adjust_ff_dim=True,
            norm_eps=1e-5,
            tie_word_embeddings=True,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "Lfm2ForCausalLM",
        [
            (
                "fullAttnIdxs",
                "FULL_ATTN_IDXS = {1, 3}",
                "FULL_ATTN_IDXS = {1, 2, 3}",
                [1, 3],
                [1, 2, 3],
            ),
            ("intermediateSize", "BASE_FF = 256", "BASE_FF = 384", 256, 384),
            ("convLCache", "CONV_L_CACHE = 3", "CONV_L_CACHE = 4", 3, 4),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "rwkv_subclass_lookup": (
        "rwkv",
        "RwkvConfig",
        dict(
            vocab_size=576,
            context_length=64,
            hidden_size=64,
            num_hidden_layers=2,
            attention_hidden_size=64,
            intermediate_size=192,
            layer_norm_epsilon=1e-5,
            tie_word_embeddings=False,
            bos_token_id=0,
            eos_token_id=0,
        ),
        "RwkvForCausalLM",
        [
            ("intermediateSize", "DIM_FFN = 192", "DIM_FFN = 256", 192, 256),
            ("numLayers", "N_LAYER = 2", "N_LAYER = 3", 2, 3),
            ("attentionHiddenSize", "DIM_ATT = 64", "DIM_ATT = 96", 64, 96),
        ],
        [("vocabSize", "vocab_size", 640, 576)],
    ),
    "speech_to_text_component_triples": (
        "speech_to_text",
        "Speech2TextConfig",
        dict(
            vocab_size=576,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_source_positions=200,
            max_target_positions=64,
            num_conv_layers=2,
            conv_channels=96,
            conv_kernel_sizes=[5, 5],
            input_feat_per_channel=40,
            input_channels=1,
            scale_embedding=True,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "Speech2TextModel",
        [
            (
                "convChannels",
                '("frontend", "conv_channels", 96)',
                '("frontend", "conv_channels", 128)',
                96,
                128,
            ),
            ("encoderFfnDim", '("encoder", "ffn", 128)', '("encoder", "ffn", 256)', 128, 256),
            ("numDecoderLayers", '("decoder", "layers", 2)', '("decoder", "layers", 3)', 2, 3),
        ],
        [("inputFeatPerChannel", "input_feat_per_channel", 80, 40)],
    ),
    "modernbert_decoder_intenum": (
        "modernbert-decoder",
        "ModernBertDecoderConfig",
        dict(
            vocab_size=592,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=3,
            num_attention_heads=4,
            max_position_embeddings=128,
            local_attention=16,
            global_attn_every_n_layers=3,
            norm_eps=1e-5,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            cls_token_id=1,
            sep_token_id=2,
        ),
        "ModernBertDecoderForCausalLM",
        [
            ("intermediateSize", "INTERMEDIATE = 96", "INTERMEDIATE = 128", 96, 128),
            ("numLayers", "    LAYERS = 3", "    LAYERS = 4", 3, 4),
            ("localAttention", "LOCAL_WINDOW = 16", "LOCAL_WINDOW = 32", 16, 32),
        ],
        [("vocabSize", "vocab_size", 640, 592)],
    ),
    "switch_transformers_astuple": (
        "switch_transformers",
        "SwitchTransformersConfig",
        dict(
            vocab_size=576,
            d_model=64,
            d_kv=16,
            d_ff=128,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            num_experts=4,
            encoder_sparse_step=2,
            decoder_sparse_step=2,
            expert_capacity=8,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
            layer_norm_epsilon=1e-6,
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "SwitchTransformersModel",
        [
            ("numExperts", "experts: int = 4", "experts: int = 8", 4, 8),
            ("dFf", "d_ff: int = 128", "d_ff: int = 192", 128, 192),
            ("relativeAttentionNumBuckets", "buckets: int = 32", "buckets: int = 64", 32, 64),
        ],
        [("numLayers", "num_layers", 3, 2)],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

# how each case parameter maps to the HF model's tensors (first matching rule wins): the
# replacement names the HF tensor(s) (several joined by "+" are concatenated on dim 0)
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_multiple_of": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^output\.", "lm_head."),
        (r"^norm\.", "model.norm."),
        (_L + r"attention\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"feed_forward\.w1\.", _HL + "mlp.gate_proj."),
        (_L + r"feed_forward\.w3\.", _HL + "mlp.up_proj."),
        (_L + r"feed_forward\.w2\.", _HL + "mlp.down_proj."),
        (_L + r"attention_norm\.", _HL + "input_layernorm."),
        (_L + r"ffn_norm\.", _HL + "post_attention_layernorm."),
    ],
    "mistral_fluent_builder": [
        (r"^lm_head\.", "lm_head."),
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
    "qwen2_lightning": [
        (r"^net\.wte\.", "model.embed_tokens."),
        (r"^net\.head\.", "lm_head."),
        (r"^net\.ln_f\.", "model.norm."),
        (r"^net\.blocks\.(\d+)\.([qkvo])_proj\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^net\.blocks\.(\d+)\.(gate|up|down)_proj\.", r"model.layers.\1.mlp.\2_proj."),
        (r"^net\.blocks\.(\d+)\.ln_attn\.", r"model.layers.\1.input_layernorm."),
        (r"^net\.blocks\.(\d+)\.ln_mlp\.", r"model.layers.\1.post_attention_layernorm."),
    ],
    "phi3_alias_map": [
        (r"^lm_head\.", "lm_head."),
        (_L + r"(qkv|o)_proj\.", _HL + r"self_attn.\2_proj."),
        (_L + r"(gate_up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
    "olmo2_protocol": [
        (r"^lm_head\.", "lm_head."),
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
    "starcoder2_optparse": [
        (_L + r"c_(fc|proj)\.", _HL + r"mlp.c_\2."),
        (r"^", "model."),
    ],
    "gemma2_named_presets": [
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
    "roberta_prelayernorm_mmcv_registry": [
        (r"^backbone\.embeddings\.", "embeddings."),
        (r"^backbone\.layers\.(\d+)\.attn_ln\.", r"encoder.layer.\1.attention.LayerNorm."),
        (r"^backbone\.layers\.(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (r"^backbone\.layers\.(\d+)\.attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^backbone\.layers\.(\d+)\.ffn_ln\.", r"encoder.layer.\1.intermediate.LayerNorm."),
        (r"^backbone\.layers\.(\d+)\.fc_in\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^backbone\.layers\.(\d+)\.fc_out\.", r"encoder.layer.\1.output.dense."),
        (r"^backbone\.final_ln\.", "LayerNorm."),
        (r"^backbone\.pooler\.", "pooler.dense."),
    ],
    "xlm_roberta_xl_nested_dataclasses": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (_L + r"self_attn_layer_norm\.", r"encoder.layer.\1.attention.self_attn_layer_norm."),
        (_L + r"q\.", r"encoder.layer.\1.attention.self.query."),
        (_L + r"k\.", r"encoder.layer.\1.attention.self.key."),
        (_L + r"v\.", r"encoder.layer.\1.attention.self.value."),
        (_L + r"o\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"ffn_layer_norm\.", r"encoder.layer.\1.LayerNorm."),
        (_L + r"up\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"down\.", r"encoder.layer.\1.output.dense."),
        (r"^final_layer_norm\.", "encoder.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "trocr_struct_header": [(r"^", "model.decoder.")],
    "bert_named_parts": [
        (r"^parts\.(word|position|token_type)\.", r"embeddings.\1_embeddings."),
        (r"^parts\.embed_norm\.", "embeddings.LayerNorm."),
        (r"^parts\.layer_(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (r"^parts\.layer_(\d+)\.attn_dense\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^parts\.layer_(\d+)\.attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (r"^parts\.layer_(\d+)\.ffn_in\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^parts\.layer_(\d+)\.ffn_out\.", r"encoder.layer.\1.output.dense."),
        (r"^parts\.layer_(\d+)\.ffn_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^parts\.pooler\.", "pooler.dense."),
    ],
    "blenderbot_split_stacks": [(r"^", "")],
    "poolformer_timm_entrypoint": [
        (r"^stems\.(\d+)\.", r"encoder.patch_embeddings.\1.projection."),
        (r"^stages\.(\d+)\.(\d+)\.norm1\.", r"encoder.block.\1.\2.before_norm."),
        (r"^stages\.(\d+)\.(\d+)\.norm2\.", r"encoder.block.\1.\2.after_norm."),
        (r"^stages\.(\d+)\.(\d+)\.fc(\d)\.", r"encoder.block.\1.\2.output.conv\3."),
        (r"^stages\.(\d+)\.(\d+)\.(layer_scale_\d)$", r"encoder.block.\1.\2.\3"),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "roberta_prelayernorm_mmcv_registry": ("ids", ["last_hidden_state", "pooler_output"]),
    "xlm_roberta_xl_nested_dataclasses": ("ids", ["last_hidden_state", "pooler_output"]),
    "bert_named_parts": ("ids", ["last_hidden_state", "pooler_output"]),
    "blenderbot_split_stacks": ("seq2seq", ["last_hidden_state"]),
    "poolformer_timm_entrypoint": ("pixels", ["last_hidden_state"]),
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
    return set_checks.main(HERE, CASES, SAME_OUTPUT, same_output)


if __name__ == "__main__":
    raise SystemExit(main())
