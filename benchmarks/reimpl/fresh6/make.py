"""The sixth fresh held-out set of re-implementations (written blind in session 13): hand-written
cases in styles no earlier set uses, mostly of architectures no earlier set has. It was NOT run
through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the cases in ``SAME_OUTPUT`` it also copies the
HF model's weights into the case and compares the outputs on CPU. The table, the writer and
the checks are shared with fresh3 to fresh5 (``benchmarks/reimpl/set_checks.py``).

    python benchmarks/reimpl/fresh6/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh6 --mode both --show 200
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


_TOKENS = dict(pad_token_id=0, bos_token_id=1, eos_token_id=2)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
# a code plant: (fact, line in the file, replacement, config's value, code's value)
# a config plant: (fact, key, new value, code's value[, config's value as the manifest records
#                  it, when the key's value is not the fact's value itself])
CASES: dict[str, tuple] = {
    "ministral3_configparser": (
        "ministral3",
        "Ministral3Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=24,
            tie_word_embeddings=False,
            rope_parameters=_rope(
                1000000.0, llama_4_scaling_beta=0.1, original_max_position_embeddings=32
            ),
            **_TOKENS,
        ),
        "Ministral3ForCausalLM",
        [
            ("numKvHeads", "n_kv = 2", "n_kv = 4", 2, 4),
            ("slidingWindow", "window = 24", "window = 48", 24, 48),
            ("ropeTheta", "rope_theta = 1000000.0", "rope_theta = 10000.0", 1000000.0, 10000.0),
            ("intermediateSize", "ffn = 160", "ffn = 224", 160, 224),
        ],
        [("numLayers", "num_hidden_layers", 4, 3)],
    ),
    "vaultgemma_factory_classes": (
        "vaultgemma",
        "VaultGemmaConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=192,
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
        "VaultGemmaForCausalLM",
        [
            ("slidingWindow", '"window": 16,', '"window": 32,', 16, 32),
            ("headDim", '"head_dim": 16,', '"head_dim": 32,', 16, 32),
            ("numLayers", '"layers": 4,', '"layers": 6,', 4, 6),
            ("vocabSize", '"vocab": 640,', '"vocab": 768,', 640, 768),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "apertus_signature_defaults": (
        "apertus",
        "ApertusConfig",
        dict(
            vocab_size=576,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=3,
            num_attention_heads=8,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            rope_parameters=_rope(12000000.0),
            **_TOKENS,
        ),
        "ApertusForCausalLM",
        [
            ("intermediateSize", "d_ff=256,", "d_ff=320,", 256, 320),
            ("numKvHeads", "n_kv_heads=2,", "n_kv_heads=4,", 2, 4),
            ("ropeTheta", "rope_base=12000000.0,", "rope_base=500000.0,", 12000000.0, 500000.0),
        ],
        [("numLayers", "num_hidden_layers", 2, 3)],
    ),
    "flex_olmo_linked_blocks": (
        "flex_olmo",
        "FlexOlmoConfig",
        dict(
            vocab_size=704,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=4,
            num_experts=4,
            num_experts_per_tok=2,
            norm_topk_prob=False,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(500000.0),
            **_TOKENS,
        ),
        "FlexOlmoForCausalLM",
        [
            (
                "numExperts",
                "EXPERTS, TOP_K, EXPERT_FFN = 4, 2, 96",
                "EXPERTS, TOP_K, EXPERT_FFN = 6, 2, 96",
                4,
                6,
            ),
            (
                "numExpertsPerTok",
                "EXPERTS, TOP_K, EXPERT_FFN = 4, 2, 96",
                "EXPERTS, TOP_K, EXPERT_FFN = 4, 1, 96",
                2,
                1,
            ),
            (
                "numLayers",
                "VOCAB, WIDTH, DEPTH = 704, 64, 3",
                "VOCAB, WIDTH, DEPTH = 704, 64, 2",
                3,
                2,
            ),
        ],
        [("intermediateSize", "intermediate_size", 128, 96)],
    ),
    "granitemoeshared_typeddict": (
        "granitemoeshared",
        "GraniteMoeSharedConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=64,
            shared_intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            attention_multiplier=0.015625,
            residual_multiplier=0.22,
            logits_scaling=8.0,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **_TOKENS,
        ),
        "GraniteMoeSharedForCausalLM",
        [
            ("sharedExpertIntermediateSize", '"shared_ffn": 96,', '"shared_ffn": 128,', 96, 128),
            ("numExperts", '"experts": 4,', '"experts": 8,', 4, 8),
            ("numExpertsPerTok", '"top_k": 2,', '"top_k": 1,', 2, 1),
            (
                "tieWordEmbeddings",
                "        self.lm_head.weight = self.embed_tokens.weight\n",
                "",
                True,
                False,
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "eurobert_deepcopy_clones": (
        "eurobert",
        "EuroBertConfig",
        dict(
            vocab_size=600,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=3,
            num_attention_heads=6,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            rope_parameters=_rope(250000.0),
            mask_token_id=3,
            **_TOKENS,
        ),
        "EuroBertModel",
        [
            ("numKvHeads", "n_heads=6, n_kv=2,", "n_heads=6, n_kv=3,", 2, 3),
            ("intermediateSize", "dim=96, hidden=256,", "dim=96, hidden=384,", 256, 384),
            ("ropeTheta", "theta=250000.0,", "theta=10000.0,", 250000.0, 10000.0),
        ],
        [("vocabSize", "vocab_size", 640, 600)],
    ),
    "openai_gpt_generator": (
        "openai-gpt",
        "OpenAIGPTConfig",
        dict(
            vocab_size=478, n_positions=96, n_embd=64, n_layer=3, n_head=4, layer_norm_epsilon=1e-5
        ),
        "OpenAIGPTLMHeadModel",
        [
            ("maxPositionEmbeddings", "N_CTX = 96", "N_CTX = 128", 96, 128),
            ("numLayers", "N_LAYER = 3", "N_LAYER = 4", 3, 4),
            ("numHeads", "N_HEAD = 4", "N_HEAD = 8", 4, 8),
        ],
        [("vocabSize", "vocab_size", 512, 478)],
    ),
    "ctrl_missing_defaults": (
        "ctrl",
        "CTRLConfig",
        dict(
            vocab_size=1000,
            n_positions=128,
            n_embd=64,
            dff=192,
            n_layer=3,
            n_head=4,
            layer_norm_epsilon=1e-6,
        ),
        "CTRLLMHeadModel",
        [
            ("intermediateSize", "n_head=4, dff=192,", "n_head=4, dff=256,", 192, 256),
            ("numHeads", "n_layer=3, n_head=4,", "n_layer=3, n_head=8,", 4, 8),
            ("numLayers", "n_embd=64, n_layer=3,", "n_embd=64, n_layer=2,", 3, 2),
        ],
        [("vocabSize", "vocab_size", 1200, 1000)],
    ),
    "modernbert_cycle_pattern": (
        "modernbert",
        "ModernBertConfig",
        dict(
            vocab_size=800,
            hidden_size=96,
            intermediate_size=192,
            num_hidden_layers=4,
            num_attention_heads=6,
            local_attention=16,
            global_attn_every_n_layers=3,
            norm_eps=1e-5,
            max_position_embeddings=256,
            pad_token_id=0,
            eos_token_id=1,
            bos_token_id=2,
            cls_token_id=2,
            sep_token_id=1,
        ),
        "ModernBertModel",
        [
            ("intermediateSize", "FFN = 192", "FFN = 256", 192, 256),
            ("numLayers", "LAYERS = 4", "LAYERS = 5", 4, 5),
            ("slidingWindow", "LOCAL = 16", "LOCAL = 32", 8, 16),
        ],
        [("vocabSize", "vocab_size", 1024, 800)],
    ),
    "fnet_gin_bindings": (
        "fnet",
        "FNetConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=3,
            max_position_embeddings=128,
            type_vocab_size=4,
            layer_norm_eps=1e-12,
            pad_token_id=3,
        ),
        "FNetModel",
        [
            ("intermediateSize", "FNet.intermediate = 160", "FNet.intermediate = 128", 160, 128),
            ("typeVocabSize", "FNet.type_vocab = 4", "FNet.type_vocab = 2", 4, 2),
            (
                "maxPositionEmbeddings",
                "FNet.max_positions = 128",
                "FNet.max_positions = 512",
                128,
                512,
            ),
        ],
        [("numLayers", "num_hidden_layers", 4, 3)],
    ),
    "bigbird_markdown_table": (
        "big_bird",
        "BigBirdConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=256,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            attention_type="original_full",
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            sep_token_id=2,
        ),
        "BigBirdModel",
        [
            (
                "intermediateSize",
                "| intermediate size       | 256   |",
                "| intermediate size       | 192   |",
                256,
                192,
            ),
            (
                "numLayers",
                "| layers                  | 2     |",
                "| layers                  | 3     |",
                2,
                3,
            ),
            (
                "maxPositionEmbeddings",
                "| max positions           | 256   |",
                "| max positions           | 512   |",
                256,
                512,
            ),
        ],
        [("vocabSize", "vocab_size", 1000, 900)],
    ),
    "splinter_contextvar": (
        "splinter",
        "SplinterConfig",
        dict(
            vocab_size=830,
            hidden_size=80,
            num_hidden_layers=3,
            num_attention_heads=5,
            intermediate_size=224,
            max_position_embeddings=192,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
            question_token_id=4,
        ),
        "SplinterModel",
        [
            ("intermediateSize", '"ffn": 224,', '"ffn": 320,', 224, 320),
            ("numLayers", '"depth": 3,', '"depth": 2,', 3, 2),
            ("vocabSize", '"vocab": 830,', '"vocab": 1000,', 830, 1000),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 192)],
    ),
    "xlm_getopt_argv": (
        "xlm",
        "XLMConfig",
        dict(
            vocab_size=950,
            emb_dim=64,
            n_layers=3,
            n_heads=8,
            max_position_embeddings=160,
            layer_norm_eps=1e-12,
            n_langs=1,
        ),
        "XLMModel",
        [
            ("numLayers", '"--n_layers", "3",', '"--n_layers", "4",', 3, 4),
            ("vocabSize", '"--n_words", "950",', '"--n_words", "1000",', 950, 1000),
            ("hiddenSize", '"--emb_dim", "64",', '"--emb_dim", "96",', 64, 96),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 512, 160)],
    ),
    "mt5_descriptors": (
        "mt5",
        "MT5Config",
        dict(
            vocab_size=900,
            d_model=64,
            d_kv=16,
            d_ff=160,
            num_layers=2,
            num_decoder_layers=3,
            num_heads=6,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="gated-gelu",
            tie_word_embeddings=False,
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "MT5Model",
        [
            ("numHeads", "heads = Dim(6)", "heads = Dim(4)", 6, 4),
            ("numDecoderLayers", "dec_layers = Dim(3)", "dec_layers = Dim(2)", 3, 2),
            ("relativeAttentionNumBuckets", "buckets = Dim(32)", "buckets = Dim(16)", 32, 16),
            (
                "relativeAttentionMaxDistance",
                "max_distance = Dim(128)",
                "max_distance = Dim(20)",
                128,
                20,
            ),
        ],
        [("intermediateSize", "d_ff", 256, 160)],
    ),
    "blenderbot_small_metaclass": (
        "blenderbot-small",
        "BlenderbotSmallConfig",
        dict(
            vocab_size=880,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=128,
            scale_embedding=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
        ),
        "BlenderbotSmallModel",
        [
            ("encoderFfnDim", "    encoder_ffn=128,", "    encoder_ffn=192,", 128, 192),
            ("numDecoderLayers", "    decoder_layers=2,", "    decoder_layers=3,", 2, 3),
            ("maxPositionEmbeddings", "    positions=128,", "    positions=256,", 128, 256),
        ],
        [("numEncoderLayers", "encoder_layers", 3, 2)],
    ),
    "mvp_singledispatch": (
        "mvp",
        "MvpConfig",
        dict(
            vocab_size=720,
            d_model=64,
            encoder_layers=2,
            decoder_layers=3,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=100,
            use_prompt=False,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
            decoder_start_token_id=2,
        ),
        "MvpModel",
        [
            (
                "numDecoderLayers",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 100",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 2, 100",
                3,
                2,
            ),
            (
                "maxPositionEmbeddings",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 100",
                "ENCODER_LAYERS, DECODER_LAYERS, MAX_POSITIONS = 2, 3, 128",
                100,
                128,
            ),
            (
                "vocabSize",
                "VOCAB, D_MODEL, HEADS, FFN_DIM = 720, 64, 4, 128",
                "VOCAB, D_MODEL, HEADS, FFN_DIM = 800, 64, 4, 128",
                720,
                800,
            ),
        ],
        [("encoderFfnDim", "encoder_ffn_dim", 256, 128)],
    ),
    "vit_msn_object_hook": (
        "vit_msn",
        "ViTMSNConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=192,
            image_size=32,
            patch_size=8,
            layer_norm_eps=1e-12,
        ),
        "ViTMSNModel",
        [
            ("numLayers", '"depth": 3', '"depth": 4', 3, 4),
            ("intermediateSize", '"mlp": 192', '"mlp": 256', 192, 256),
            ("patchSize", '"patch": 8', '"patch": 4', 8, 4),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "data2vec_vision_initvar": (
        "data2vec-vision",
        "Data2VecVisionConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            image_size=32,
            patch_size=4,
            layer_scale_init_value=0.1,
            use_mean_pooling=True,
            use_absolute_position_embeddings=False,
            use_relative_position_bias=False,
            use_shared_relative_position_bias=False,
            use_mask_token=False,
            layer_norm_eps=1e-12,
        ),
        "Data2VecVisionModel",
        [
            ("patchSize", "patch: int = 4", "patch: int = 8", 4, 8),
            ("numLayers", "depth: int = 2", "depth: int = 3", 2, 3),
            ("intermediateSize", "mlp: int = 256", "mlp: int = 192", 256, 192),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "mobilenet_v1_keras_add": (
        "mobilenet_v1",
        "MobileNetV1Config",
        dict(
            num_channels=3,
            image_size=32,
            depth_multiplier=0.25,
            min_depth=8,
            tf_padding=False,
            layer_norm_eps=1e-3,
        ),
        "MobileNetV1Model",
        [
            ("depthMultiplier", "ALPHA = 0.25", "ALPHA = 0.5", 0.25, 0.5),
            ("minDepth", "MIN_DEPTH = 8", "MIN_DEPTH = 16", 8, 16),
            ("normEps", "BN_EPS = 1e-3", "BN_EPS = 1e-5", 0.001, 1e-05),
        ],
        [("depthMultiplier", "depth_multiplier", 0.5, 0.25)],
    ),
    "unispeech_pydantic": (
        "unispeech",
        "UniSpeechConfig",
        dict(
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
            layer_norm_eps=1e-5,
            do_stable_layer_norm=False,
            vocab_size=32,
        ),
        "UniSpeechModel",
        [
            ("numConvPosEmbeddings", "pos_kernel: int = 16", "pos_kernel: int = 32", 16, 32),
            ("numConvPosEmbeddingGroups", "pos_groups: int = 4", "pos_groups: int = 8", 4, 8),
            ("intermediateSize", "ffn: int = 128", "ffn: int = 192", 128, 192),
            ("numLayers", "layers: int = 2", "layers: int = 3", 2, 3),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "deit_field_metadata": (
        "deit",
        "DeiTConfig",
        dict(
            hidden_size=96,
            num_hidden_layers=3,
            num_attention_heads=6,
            intermediate_size=384,
            image_size=32,
            patch_size=8,
            layer_norm_eps=1e-12,
        ),
        "DeiTModel",
        [
            ("patchSize", "patch: int = field(default=8", "patch: int = field(default=4", 8, 4),
            ("numLayers", "depth: int = field(default=3", "depth: int = field(default=4", 3, 4),
            (
                "intermediateSize",
                "mlp_dim: int = field(default=384",
                "mlp_dim: int = field(default=256",
                384,
                256,
            ),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "albert_shared_list": (
        "albert",
        "AlbertConfig",
        dict(
            vocab_size=760,
            embedding_size=32,
            hidden_size=96,
            num_hidden_layers=4,
            num_attention_heads=6,
            intermediate_size=256,
            max_position_embeddings=160,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            hidden_act="gelu_new",
            pad_token_id=0,
            bos_token_id=2,
            eos_token_id=3,
        ),
        "AlbertModel",
        [
            ("embeddingSize", "EMBEDDING_SIZE = 32", "EMBEDDING_SIZE = 48", 32, 48),
            ("intermediateSize", "INTERMEDIATE = 256", "INTERMEDIATE = 384", 256, 384),
            ("numLayers", "NUM_LAYERS = 4", "NUM_LAYERS = 6", 4, 6),
        ],
        [("vocabSize", "vocab_size", 800, 760)],
    ),
    "flaubert_flag_options": (
        "flaubert",
        "FlaubertConfig",
        dict(
            vocab_size=880,
            emb_dim=96,
            n_layers=3,
            n_heads=6,
            max_position_embeddings=192,
            layer_norm_eps=1e-12,
            pre_norm=True,
            n_langs=1,
            gelu_activation=True,
        ),
        "FlaubertModel",
        [
            ("numLayers", "N_LAYERS = 3", "N_LAYERS = 4", 3, 4),
            ("vocabSize", "N_WORDS = 880", "N_WORDS = 1000", 880, 1000),
            ("maxPositionEmbeddings", "MAX_POS = 192", "MAX_POS = 256", 192, 256),
        ],
        [("hiddenSize", "emb_dim", 64, 96)],
    ),
    "gemma3_letter_schedule": (
        "gemma3_text",
        "Gemma3TextConfig",
        dict(
            vocab_size=1024,
            hidden_size=64,
            intermediate_size=256,
            num_hidden_layers=6,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            query_pre_attn_scalar=32,
            sliding_window=16,
            rms_norm_eps=1e-6,
            max_position_embeddings=256,
            tie_word_embeddings=True,
            rope_parameters={
                "full_attention": _rope(1000000.0),
                "sliding_attention": _rope(10000.0),
            },
            **_TOKENS,
        ),
        "Gemma3ForCausalLM",
        [
            ("slidingWindow", "WINDOW = 16", "WINDOW = 32", 16, 32),
            (
                "numKvHeads",
                "HEADS, KV_HEADS, HEAD_DIM = 4, 1, 32",
                "HEADS, KV_HEADS, HEAD_DIM = 4, 2, 32",
                1,
                2,
            ),
            (
                "ropeTheta",
                "LOCAL_BASE, GLOBAL_BASE = 10000.0, 1000000.0",
                "LOCAL_BASE, GLOBAL_BASE = 10000.0, 500000.0",
                1000000.0,
                500000.0,
            ),
            ("intermediateSize", "FFN = 256", "FFN = 192", 256, 192),
        ],
        [("vocabSize", "vocab_size", 2048, 1024)],
    ),
    "gpt_oss_flat_slab": (
        "gpt_oss",
        "GptOssConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_local_experts=4,
            num_experts_per_tok=2,
            sliding_window=16,
            rms_norm_eps=1e-5,
            max_position_embeddings=256,
            tie_word_embeddings=False,
            rope_parameters=_rope(150000.0),
            **_TOKENS,
        ),
        "GptOssForCausalLM",
        [
            ("numExperts", "EXPERTS, TOP_K, FF = 4, 2, 96", "EXPERTS, TOP_K, FF = 6, 2, 96", 4, 6),
            (
                "intermediateSize",
                "EXPERTS, TOP_K, FF = 4, 2, 96",
                "EXPERTS, TOP_K, FF = 4, 2, 128",
                96,
                128,
            ),
            (
                "numKvHeads",
                "HEADS, KV_HEADS, HEAD_DIM = 4, 2, 16",
                "HEADS, KV_HEADS, HEAD_DIM = 4, 4, 16",
                2,
                4,
            ),
            (
                "slidingWindow",
                "WINDOW, THETA, EPS = 16, 150000.0, 1e-5",
                "WINDOW, THETA, EPS = 32, 150000.0, 1e-5",
                16,
                32,
            ),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "ernie45_moe_policy": (
        "ernie4_5_moe",
        "Ernie4_5_MoeConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=48,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            moe_num_experts=4,
            moe_k=2,
            moe_num_shared_experts=2,
            moe_layer_start_index=1,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            use_bias=False,
            tie_word_embeddings=True,
            rope_parameters=_rope(500000.0),
            **_TOKENS,
        ),
        "Ernie4_5_MoeForCausalLM",
        [
            (
                "numExperts",
                "N_EXPERTS, TOP_K, N_SHARED = 4, 2, 2",
                "N_EXPERTS, TOP_K, N_SHARED = 6, 2, 2",
                4,
                6,
            ),
            (
                "numExpertsPerTok",
                "N_EXPERTS, TOP_K, N_SHARED = 4, 2, 2",
                "N_EXPERTS, TOP_K, N_SHARED = 4, 1, 2",
                2,
                1,
            ),
            (
                "moeIntermediateSize",
                "DENSE_FFN, EXPERT_FFN = 128, 48",
                "DENSE_FFN, EXPERT_FFN = 128, 64",
                48,
                64,
            ),
            (
                "intermediateSize",
                "DENSE_FFN, EXPERT_FFN = 128, 48",
                "DENSE_FFN, EXPERT_FFN = 192, 48",
                128,
                192,
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "videomae_userdict": (
        "videomae",
        "VideoMAEConfig",
        dict(
            image_size=32,
            patch_size=8,
            num_channels=3,
            num_frames=4,
            tubelet_size=2,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=256,
            layer_norm_eps=1e-12,
            qkv_bias=True,
            use_mean_pooling=True,
        ),
        "VideoMAEModel",
        [
            ("numLayers", "depth=3,", "depth=4,", 3, 4),
            ("intermediateSize", "mlp=256,", "mlp=192,", 256, 192),
            ("patchSize", "patch=8,", "patch=16,", 8, 16),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "ast_preset_union": (
        "audio-spectrogram-transformer",
        "ASTConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            patch_size=16,
            frequency_stride=10,
            time_stride=10,
            max_length=128,
            num_mel_bins=64,
            layer_norm_eps=1e-12,
        ),
        "ASTModel",
        [
            ("numLayers", '"depth": 2,', '"depth": 3,', 2, 3),
            ("intermediateSize", '"mlp": 192,', '"mlp": 256,', 192, 256),
            ("numMelBins", '"mel_bins": 64,', '"mel_bins": 128,', 64, 128),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "qwen3_attrdict": (
        "qwen3",
        "Qwen3Config",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=224,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=24,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "Qwen3ForCausalLM",
        [
            ("headDim", "head_dim=24,", "head_dim=32,", 24, 32),
            ("numKvHeads", "num_key_value_heads=2,", "num_key_value_heads=4,", 2, 4),
            ("ropeTheta", "rope_theta=1000000.0,", "rope_theta=10000.0,", 1000000.0, 10000.0),
            ("intermediateSize", "intermediate_size=224,", "intermediate_size=256,", 224, 256),
        ],
        [("tieWordEmbeddings", "tie_word_embeddings", True, False)],
    ),
    "mixtral_copy_base": (
        "mixtral",
        "MixtralConfig",
        dict(
            vocab_size=600,
            hidden_size=64,
            intermediate_size=112,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=None,
            tie_word_embeddings=False,
            rope_parameters=_rope(1000000.0),
            **_TOKENS,
        ),
        "MixtralForCausalLM",
        [
            ("numExperts", "args.num_experts = 4", "args.num_experts = 8", 4, 8),
            ("intermediateSize", "args.hidden_dim = 112", "args.hidden_dim = 128", 112, 128),
            ("numKvHeads", "args.n_kv_heads = 1", "args.n_kv_heads = 2", 1, 2),
            ("numExpertsPerTok", "        self.top_k = 2", "        self.top_k = 1", 2, 1),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

# how each case parameter maps to the HF model's tensors (first matching rule wins): the
# replacement names the HF tensor(s) (several joined by "+" are concatenated on dim 0)


def _chain(depth: int, rules: list[tuple]) -> list[tuple]:
    """Rules for a linked list of blocks (``chain.next.next.``): block ``i`` is ``i`` ``next.``
    hops from the head; each rule is (suffix pattern, HF suffix) under ``model.layers.i.``."""
    return [
        (r"^chain\." + r"next\." * i + r"(?!next\.)" + pat, f"model.layers.{i}." + repl, *how)
        for i in range(depth)
        for pat, repl, *how in rules
    ]


SAME_OUTPUT: dict[str, list[tuple]] = {
    "ministral3_configparser": [(r"^lm_head\.", "lm_head."), (r"^", "model.")],
    "vaultgemma_factory_classes": [(r"^", "")],
    "apertus_signature_defaults": [
        (r"^lm_head\.", "lm_head."),
        (_L + r"(up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (_L + r"act\.", _HL + "mlp.act_fn."),
        (r"^", "model."),
    ],
    "flex_olmo_linked_blocks": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^final_norm\.", "model.norm."),
        (r"^out\.", "lm_head."),
        *_chain(
            3,
            [
                (r"w([qkvo])\.", r"self_attn.\1_proj."),
                (r"([qk])_norm\.", r"self_attn.\1_norm."),
                (r"attn_out_norm\.", "post_attention_layernorm."),
                (r"moe_out_norm\.", "post_feedforward_layernorm."),
                (r"moe\.router\.", "mlp.gate."),
                (r"moe\.w_gate$", "mlp.experts.gate_up_proj", "half0"),
                (r"moe\.w_up$", "mlp.experts.gate_up_proj", "half1"),
                (r"moe\.w_down$", "mlp.experts.down_proj"),
            ],
        ),
    ],
    "granitemoeshared_typeddict": [
        (_L + r"moe\.router\.", _HL + "block_sparse_moe.router."),
        (_L + r"moe\.input_linear$", _HL + "block_sparse_moe.experts.gate_up_proj"),
        (_L + r"moe\.output_linear$", _HL + "block_sparse_moe.experts.down_proj"),
        (r"^", "model."),
    ],
    "eurobert_deepcopy_clones": [
        (r"^tok_embeddings\.", "embed_tokens."),
        (_L + r"attn_norm\.", r"layers.\1.input_layernorm."),
        (_L + r"ffn_norm\.", r"layers.\1.post_attention_layernorm."),
        (_L + r"w([qkvo])\.", r"layers.\1.self_attn.\2_proj."),
        (_L + r"w1\.", r"layers.\1.mlp.gate_proj."),
        (_L + r"w3\.", r"layers.\1.mlp.up_proj."),
        (_L + r"w2\.", r"layers.\1.mlp.down_proj."),
        (r"^norm\.", "norm."),
    ],
    "openai_gpt_generator": [
        (r"^h\.(\d+)\.attn\.qkv\.weight$", r"transformer.h.\1.attn.c_attn.weight", "T"),
        (r"^h\.(\d+)\.attn\.qkv\.bias$", r"transformer.h.\1.attn.c_attn.bias"),
        (r"^h\.(\d+)\.attn\.proj\.weight$", r"transformer.h.\1.attn.c_proj.weight", "T"),
        (r"^h\.(\d+)\.attn\.proj\.bias$", r"transformer.h.\1.attn.c_proj.bias"),
        (r"^h\.(\d+)\.fc\.weight$", r"transformer.h.\1.mlp.c_fc.weight", "T"),
        (r"^h\.(\d+)\.fc\.bias$", r"transformer.h.\1.mlp.c_fc.bias"),
        (r"^h\.(\d+)\.out\.weight$", r"transformer.h.\1.mlp.c_proj.weight", "T"),
        (r"^h\.(\d+)\.out\.bias$", r"transformer.h.\1.mlp.c_proj.bias"),
        (r"^", "transformer."),
    ],
    "ctrl_missing_defaults": [
        (r"^lm_bias$", "lm_head.bias"),
        (_L + r"attn\.", r"transformer.h.\1.multi_head_attention."),
        (r"^layers\.", "transformer.h."),
        (r"^", "transformer."),
    ],
    "modernbert_cycle_pattern": [
        (r"^tok_embeddings\.", "embeddings.tok_embeddings."),
        (r"^embed_norm\.", "embeddings.norm."),
        (_L + r"(Wqkv|Wo)\.", r"layers.\1.attn.\2."),
        (_L + r"Wi\.", r"layers.\1.mlp.Wi."),
        (_L + r"Wo_mlp\.", r"layers.\1.mlp.Wo."),
        (r"^", ""),
    ],
    "fnet_gin_bindings": [
        (r"^(word|position|token_type)\.", r"embeddings.\1_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^embed_proj\.", "embeddings.projection."),
        (_L + r"mix_norm\.", r"encoder.layer.\1.fourier.output.LayerNorm."),
        (_L + r"ff_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"ff_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"ff_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "bigbird_markdown_table": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^attn\.(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (r"^attn\.(\d+)\.dense\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^attn\.(\d+)\.norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (r"^ffn\.(\d+)\.up\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^ffn\.(\d+)\.down\.", r"encoder.layer.\1.output.dense."),
        (r"^ffn\.(\d+)\.norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler."),
    ],
    "splinter_contextvar": [
        (r"^tokens\.", "embeddings.word_embeddings."),
        (r"^positions\.", "embeddings.position_embeddings."),
        (r"^types\.", "embeddings.token_type_embeddings."),
        (r"^ln\.", "embeddings.LayerNorm."),
        (_L + r"q\.", r"encoder.layer.\1.attention.self.query."),
        (_L + r"k\.", r"encoder.layer.\1.attention.self.key."),
        (_L + r"v\.", r"encoder.layer.\1.attention.self.value."),
        (_L + r"o\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"ln_attn\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"fc_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"fc_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"ln_ffn\.", r"encoder.layer.\1.output.LayerNorm."),
    ],
    "xlm_getopt_argv": [
        (r"^ffns\.(\d+)\.0\.", r"ffns.\1.lin1."),
        (r"^ffns\.(\d+)\.2\.", r"ffns.\1.lin2."),
        (r"^", ""),
    ],
    "mt5_descriptors": [
        (r"^(encoder|decoder)\.blocks\.(\d+)\.self_norm\.", r"\1.block.\2.layer.0.layer_norm."),
        (
            r"^(encoder|decoder)\.blocks\.(\d+)\.self_attn\.rel\.",
            r"\1.block.\2.layer.0.SelfAttention.relative_attention_bias.",
        ),
        (r"^(encoder|decoder)\.blocks\.(\d+)\.self_attn\.", r"\1.block.\2.layer.0.SelfAttention."),
        (r"^decoder\.blocks\.(\d+)\.cross_norm\.", r"decoder.block.\1.layer.1.layer_norm."),
        (r"^decoder\.blocks\.(\d+)\.cross_attn\.", r"decoder.block.\1.layer.1.EncDecAttention."),
        (r"^encoder\.blocks\.(\d+)\.ff_norm\.", r"encoder.block.\1.layer.1.layer_norm."),
        (r"^encoder\.blocks\.(\d+)\.ff\.", r"encoder.block.\1.layer.1.DenseReluDense."),
        (r"^decoder\.blocks\.(\d+)\.ff_norm\.", r"decoder.block.\1.layer.2.layer_norm."),
        (r"^decoder\.blocks\.(\d+)\.ff\.", r"decoder.block.\1.layer.2.DenseReluDense."),
        (r"^(encoder|decoder)\.final_norm\.", r"\1.final_layer_norm."),
        (r"^shared\.", "shared."),
    ],
    "blenderbot_small_metaclass": [
        (r"^shared\.", "shared."),
        (r"^enc_positions\.", "encoder.embed_positions."),
        (r"^dec_positions\.", "decoder.embed_positions."),
        (r"^enc_norm\.", "encoder.layernorm_embedding."),
        (r"^dec_norm\.", "decoder.layernorm_embedding."),
        (r"^enc_layers\.", "encoder.layers."),
        (r"^dec_layers\.", "decoder.layers."),
    ],
    "mvp_singledispatch": [
        (r"^shared\.", "shared."),
        (r"^enc_pos\.", "encoder.embed_positions."),
        (r"^dec_pos\.", "decoder.embed_positions."),
        (r"^enc_ln\.", "encoder.layernorm_embedding."),
        (r"^dec_ln\.", "decoder.layernorm_embedding."),
        (r"^(encoder|decoder)\.(\d+)\.ffn\.0\.", r"\1.layers.\2.fc1."),
        (r"^(encoder|decoder)\.(\d+)\.ffn\.2\.", r"\1.layers.\2.fc2."),
        (r"^(encoder|decoder)\.(\d+)\.", r"\1.layers.\2."),
    ],
    "vit_msn_object_hook": [
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^blocks\.(\d+)\.([qkv])\.", r"layers.\1.attention.\2_proj."),
        (r"^blocks\.(\d+)\.proj\.", r"layers.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.norm1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.norm2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.(fc\d)\.", r"layers.\1.mlp.\2."),
        (r"^norm\.", "layernorm."),
    ],
    "data2vec_vision_initvar": [
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^patchify\.", "embeddings.patch_embeddings.projection."),
        (_L + r"(query|key|value)\.", r"encoder.layer.\1.attention.attention.\2."),
        (_L + r"attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"fc1\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"fc2\.", r"encoder.layer.\1.output.dense."),
        (_L, r"encoder.layer.\1."),
    ],
    "unispeech_pydantic": [
        (r"^features\.convs\.(\d+)\.", r"feature_extractor.conv_layers.\1.conv."),
        (r"^features\.first_norm\.", "feature_extractor.conv_layers.0.layer_norm."),
        (r"^feature_norm\.", "feature_projection.layer_norm."),
        (r"^feature_proj\.", "feature_projection.projection."),
        (r"^mask_embedding$", "masked_spec_embed"),
        (r"^pos_conv\.", "encoder.pos_conv_embed.conv."),
        (r"^encoder_norm\.", "encoder.layer_norm."),
        (_L + r"(q|k|v|out)_proj\.", r"encoder.layers.\1.attention.\2_proj."),
        (_L + r"attn_norm\.", r"encoder.layers.\1.layer_norm."),
        (_L + r"ff_in\.", r"encoder.layers.\1.feed_forward.intermediate_dense."),
        (_L + r"ff_out\.", r"encoder.layers.\1.feed_forward.output_dense."),
        (_L + r"ff_norm\.", r"encoder.layers.\1.final_layer_norm."),
    ],
    "deit_field_metadata": [
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^dist_token$", "embeddings.distillation_token"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^blocks\.(\d+)\.qkv\.0\.", r"layers.\1.attention.q_proj."),
        (r"^blocks\.(\d+)\.qkv\.1\.", r"layers.\1.attention.k_proj."),
        (r"^blocks\.(\d+)\.qkv\.2\.", r"layers.\1.attention.v_proj."),
        (r"^blocks\.(\d+)\.proj\.", r"layers.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.ln1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.ln2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.mlp\.0\.", r"layers.\1.mlp.fc1."),
        (r"^blocks\.(\d+)\.mlp\.2\.", r"layers.\1.mlp.fc2."),
        (r"^norm\.", "layernorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "albert_shared_list": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^project_in\.", "encoder.embedding_hidden_mapping_in."),
        (
            r"^layers\.0\.(query|key|value|dense)\.",
            r"encoder.albert_layer_groups.0.albert_layers.0.attention.\1.",
        ),
        (
            r"^layers\.0\.attn_norm\.",
            "encoder.albert_layer_groups.0.albert_layers.0.attention.LayerNorm.",
        ),
        (
            r"^layers\.0\.out_norm\.",
            "encoder.albert_layer_groups.0.albert_layers.0.full_layer_layer_norm.",
        ),
        (r"^layers\.0\.", "encoder.albert_layer_groups.0.albert_layers.0."),
        (r"^pooler\.", "pooler."),
    ],
    "gemma3_letter_schedule": [
        (_L + r"([qkvo]_proj|[qk]_norm)\.", _HL + r"self_attn.\2."),
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
    "ernie45_moe_policy": [
        (_L + r"mlp\.router$", _HL + "mlp.gate.weight"),
        (_L + r"mlp\.correction$", _HL + "mlp.gate.moe_statics.e_score_correction_bias"),
        (
            _L + r"mlp\.experts\.\d+\.gate_proj\.weight$",
            _HL + "mlp.experts.gate_up_proj",
            "expert:gate",
        ),
        (
            _L + r"mlp\.experts\.\d+\.up_proj\.weight$",
            _HL + "mlp.experts.gate_up_proj",
            "expert:up",
        ),
        (
            _L + r"mlp\.experts\.\d+\.down_proj\.weight$",
            _HL + "mlp.experts.down_proj",
            "expert:down",
        ),
        (_L + r"mlp\.shared\.", _HL + "mlp.shared_experts."),
        (r"^", "model."),
    ],
    "videomae_userdict": [
        (r"^tubelets\.", "embeddings.patch_embeddings.projection."),
        (
            r"^blocks\.(\d+)\.qkv\.weight$",
            "+".join(
                rf"encoder.layer.\1.attention.attention.{p}.weight"
                for p in ("query", "key", "value")
            ),
        ),
        (r"^blocks\.(\d+)\.q_bias$", r"encoder.layer.\1.attention.attention.query.bias"),
        (r"^blocks\.(\d+)\.v_bias$", r"encoder.layer.\1.attention.attention.value.bias"),
        (r"^blocks\.(\d+)\.proj\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^blocks\.(\d+)\.norm1\.", r"encoder.layer.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.norm2\.", r"encoder.layer.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.fc1\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^blocks\.(\d+)\.fc2\.", r"encoder.layer.\1.output.dense."),
    ],
    "ast_preset_union": [
        (r"^patches\.", "embeddings.patch_embeddings.projection."),
        (r"^cls$", "embeddings.cls_token"),
        (r"^dist$", "embeddings.distillation_token"),
        (r"^pos$", "embeddings.position_embeddings"),
        (r"^blocks\.(\d+)\.([qkvo])\.", r"layers.\1.attention.\2_proj."),
        (r"^blocks\.(\d+)\.ln_1\.", r"layers.\1.layernorm_before."),
        (r"^blocks\.(\d+)\.ln_2\.", r"layers.\1.layernorm_after."),
        (r"^blocks\.(\d+)\.fc_(\d)\.", r"layers.\1.mlp.fc\2."),
        (r"^norm\.", "layernorm."),
    ],
    "qwen3_attrdict": [(r"^lm_head\.", "lm_head."), (r"^", "model.")],
    "mixtral_copy_base": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^output\.", "lm_head."),
        (r"^norm\.", "model.norm."),
        (_L + r"attention_norm\.", _HL + "input_layernorm."),
        (_L + r"ffn_norm\.", _HL + "post_attention_layernorm."),
        (_L + r"w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"moe\.gate\.", _HL + "mlp.gate."),
        (_L + r"moe\.experts\.\d+\.w1$", _HL + "mlp.experts.gate_up_proj", "expert:gate"),
        (_L + r"moe\.experts\.\d+\.w3$", _HL + "mlp.experts.gate_up_proj", "expert:up"),
        (_L + r"moe\.experts\.\d+\.w2$", _HL + "mlp.experts.down_proj", "expert:down"),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "eurobert_deepcopy_clones": ("ids", ["last_hidden_state"]),
    "modernbert_cycle_pattern": ("ids", ["last_hidden_state"]),
    "fnet_gin_bindings": ("ids", ["last_hidden_state", "pooler_output"]),
    "bigbird_markdown_table": ("ids", ["last_hidden_state", "pooler_output"]),
    "splinter_contextvar": ("ids", ["last_hidden_state"]),
    "xlm_getopt_argv": ("ids", ["last_hidden_state"]),
    "mt5_descriptors": ("seq2seq", ["last_hidden_state"]),
    "blenderbot_small_metaclass": ("seq2seq", ["last_hidden_state"]),
    "mvp_singledispatch": ("seq2seq", ["last_hidden_state"]),
    "vit_msn_object_hook": ("pixels", ["last_hidden_state"]),
    "data2vec_vision_initvar": ("pixels", ["last_hidden_state"]),
    "unispeech_pydantic": ("wave", ["last_hidden_state"]),
    "deit_field_metadata": ("pixels", ["last_hidden_state", "pooler_output"]),
    "albert_shared_list": ("ids", ["last_hidden_state", "pooler_output"]),
    "videomae_userdict": ("video", ["last_hidden_state"]),
    "ast_preset_union": ("spectrogram", ["last_hidden_state", "pooler_output"]),
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


def check_keeping_plants(manifest: dict, only: set[str] | None = None) -> list[str]:
    """The output check can fail: every code plant of an output-checked case that keeps every
    parameter count (RoPE theta, window, top-k, a scale) changes the outputs by more than
    1e-4."""
    from benchmarks.reimpl.make import code_params

    bad = []
    for p in manifest["planted"]:
        if p["where"] != "code" or p["case"] not in SAME_OUTPUT:
            continue
        if only and p["case"] not in only:
            continue
        if code_params(HERE / p["code"]) != code_params(HERE / "cases" / f"{p['case']}.py"):
            continue
        diff = same_output(p["case"], seq=80, code=HERE / p["code"])
        print(f"  {p['name']:44} keeps the counts, max |output diff| {diff:.2e}")
        if not diff > 1e-4:
            bad.append(f"{p['name']} (plant does not change the outputs)")
    return bad


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", default="", help="comma-separated case names (the check only)")
    args = ap.parse_args()
    m = write()
    archs = {c["arch"] for c in m["cases"]}
    print(f"{len(m['cases'])} cases over {len(archs)} architectures, {len(m['planted'])} planted")
    if args.check:
        only = set(args.only.split(",")) if args.only else None
        part = m
        if only:
            part = {
                "cases": [c for c in m["cases"] if c["name"] in only],
                "planted": [p for p in m["planted"] if p["case"] in only],
            }
        bad = check(part)
        for name in SAME_OUTPUT:
            if only and name not in only:
                continue
            diff = same_output(name, seq=80)
            print(f"{name:22} same weights, max |output diff| {diff:.2e}")
            if diff > 1e-4:
                bad.append(f"{name} (output)")
        bad += check_keeping_plants(m, only)
        print("param counts and logits:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
