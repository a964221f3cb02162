"""The fifth fresh held-out set of re-implementations (written blind in session 12): hand-written
cases in styles no earlier set uses, mostly of architectures no earlier set has. It was NOT run
through driftcheck while it was written; run it once (``README.md``).

Each case in ``cases/`` is one file in its own style; its config is written by transformers'
config class (``save_pretrained``, nothing downloaded). Planted variants change one value: in
the code (one line replaced, recorded here with both values) or in the config (one kwarg).
``--check`` builds every clean case (and every planted code variant) and the HF model of its
config on the meta device and compares parameter counts (the torch proof that a clean pair is
one model, and that a code plant builds); for the cases in ``SAME_OUTPUT`` it also copies the
HF model's weights into the case and compares the outputs on CPU.

    python benchmarks/reimpl/fresh5/make.py [--check]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh5 --mode both --show 200
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
    "exaone4_mixins": (
        "exaone4",
        "Exaone4Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=16,
            sliding_window_pattern=4,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(1000000.0),
        ),
        "Exaone4ForCausalLM",
        [
            ("numKvHeads", "N_KV = 2", "N_KV = 4", 2, 4),
            ("slidingWindow", "WINDOW = 16", "WINDOW = 32", 16, 32),
            ("intermediateSize", "FFN = 160", "FFN = 192", 160, 192),
            ("ropeTheta", "THETA = 1000000.0", "THETA = 10000.0", 1000000.0, 10000.0),
        ],
        [
            ("numLayers", "num_hidden_layers", 8, 4),
        ],
    ),
    "ernie45_json_tree": (
        "ernie4_5",
        "Ernie4_5Config",
        dict(
            vocab_size=600,
            hidden_size=96,
            intermediate_size=256,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            use_bias=True,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(500000.0),
        ),
        "Ernie4_5ForCausalLM",
        [
            ("numHeads", '"heads": 6, "kv_heads": 2', '"heads": 4, "kv_heads": 2', 6, 4),
            ("numLayers", '"repeat": 2,', '"repeat": 3,', 2, 3),
            ("ropeTheta", '"rope_theta": 500000.0,', '"rope_theta": 10000.0,', 500000.0, 10000.0),
        ],
        [
            ("tieWordEmbeddings", "tie_word_embeddings", False, True),
        ],
    ),
    "ministral_environ": (
        "ministral",
        "MinistralConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=16,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=24,
            layer_types=["sliding_attention"] * 3 + ["full_attention"],
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(1000000.0),
        ),
        "MinistralForCausalLM",
        [
            (
                "numKvHeads",
                'N_KV_HEAD = int(os.environ.get("MINI_KV_HEADS", "1"))',
                'N_KV_HEAD = int(os.environ.get("MINI_KV_HEADS", "2"))',
                1,
                2,
            ),
            (
                "slidingWindow",
                'WINDOW = int(os.environ.get("MINI_WINDOW", "24"))',
                'WINDOW = int(os.environ.get("MINI_WINDOW", "48"))',
                24,
                48,
            ),
            (
                "normEps",
                'NORM_EPS = float(os.environ.get("MINI_NORM_EPS", "1e-5"))',
                'NORM_EPS = float(os.environ.get("MINI_NORM_EPS", "1e-6"))',
                1e-05,
                1e-06,
            ),
            (
                "vocabSize",
                'VOCAB = int(os.environ.get("MINI_VOCAB", "640"))',
                'VOCAB = int(os.environ.get("MINI_VOCAB", "768"))',
                640,
                768,
            ),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "qwen3moe_slots_cfg": (
        "qwen3_moe",
        "Qwen3MoeConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            moe_intermediate_size=48,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            num_experts=8,
            num_experts_per_tok=2,
            norm_topk_prob=True,
            decoder_sparse_step=1,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(1000000.0),
        ),
        "Qwen3MoeForCausalLM",
        [
            ("numExperts", "        self.n_experts = 8", "        self.n_experts = 6", 8, 6),
            ("numExpertsPerTok", "        self.top_k = 2", "        self.top_k = 4", 2, 4),
            (
                "moeIntermediateSize",
                "        self.expert_ffn = 48",
                "        self.expert_ffn = 64",
                48,
                64,
            ),
            ("normEps", "        self.eps = 1e-6", "        self.eps = 1e-5", 1e-06, 1e-05),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
        ],
    ),
    "bitnet_node_graph": (
        "bitnet",
        "BitNetConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=176,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            hidden_act="relu2",
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(500000.0),
        ),
        "BitNetForCausalLM",
        [
            (
                "intermediateSize",
                "VOCAB, D, FF, LAYERS = 512, 64, 176, 2",
                "VOCAB, D, FF, LAYERS = 512, 64, 192, 2",
                176,
                192,
            ),
            ("numKvHeads", "HEADS, KV_HEADS = 4, 2", "HEADS, KV_HEADS = 4, 4", 2, 4),
            ("ropeTheta", "THETA = 500000.0", "THETA = 10000.0", 500000.0, 10000.0),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "qwen3_tie_by_hand": (
        "qwen3",
        "Qwen3Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(1000000.0),
        ),
        "Qwen3ForCausalLM",
        [
            ("headDim", "head_dim = 32", "head_dim = 16", 32, 16),
            ("tieWordEmbeddings", "tie_embeddings = True", "tie_embeddings = False", True, False),
            ("numLayers", "num_layers = 3", "num_layers = 2", 3, 2),
        ],
        [
            ("ropeTheta", "rope_parameters", _rope(10000.0), 1000000.0, 10000.0),
        ],
    ),
    "mixtral_configurator": (
        "mixtral",
        "MixtralConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=112,
            num_hidden_layers=2,
            num_attention_heads=8,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            sliding_window=None,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(1000000.0),
        ),
        "MixtralForCausalLM",
        [
            ("numHeads", "    n_head=8,", "    n_head=4,", 8, 4),
            ("numExperts", "    n_expert=4,", "    n_expert=8,", 4, 8),
            ("intermediateSize", "    n_ffn=112,", "    n_ffn=128,", 112, 128),
            ("numLayers", "    n_layer=2,", "    n_layer=3,", 2, 3),
        ],
        [
            ("numExpertsPerTok", "num_experts_per_tok", 1, 2),
        ],
    ),
    "dbrx_csv_table": (
        "dbrx",
        "DbrxConfig",
        dict(
            vocab_size=640,
            d_model=64,
            n_layers=2,
            n_heads=4,
            max_seq_len=256,
            attn_config=dict(kv_n_heads=2, clip_qkv=8.0, rope_theta=500000.0),
            ffn_config=dict(ffn_hidden_size=96, moe_num_experts=4, moe_top_k=2),
            rope_parameters=_rope(500000.0),
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
        ),
        "DbrxForCausalLM",
        [
            ("numKvHeads", "kv_n_heads,2", "kv_n_heads,4", 2, 4),
            ("numExperts", "moe_num_experts,4", "moe_num_experts,8", 4, 8),
            ("numExpertsPerTok", "moe_top_k,2", "moe_top_k,1", 2, 1),
            ("ropeTheta", "rope_theta,500000.0", "rope_theta,10000.0", 500000.0, 10000.0),
        ],
        [
            ("vocabSize", "vocab_size", 768, 640),
        ],
    ),
    "granitemoe_cached_props": (
        "granitemoe",
        "GraniteMoeConfig",
        dict(
            vocab_size=768,
            hidden_size=96,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            residual_multiplier=0.22,
            attention_multiplier=0.015625,
            logits_scaling=6.0,
            tie_word_embeddings=True,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "GraniteMoeForCausalLM",
        [
            ("numExperts", "    experts = 4", "    experts = 6", 4, 6),
            ("intermediateSize", "    expert_hidden = 64", "    expert_hidden = 96", 64, 96),
            ("numHeads", "    heads = 6", "    heads = 4", 6, 4),
            ("numExpertsPerTok", "    active = 2", "    active = 1", 2, 1),
        ],
        [
            ("numLayers", "num_hidden_layers", 4, 2),
        ],
    ),
    "olmo3_layer_dicts": (
        "olmo3",
        "Olmo3Config",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            sliding_window=16,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_theta=500000.0,
        ),
        "Olmo3ForCausalLM",
        [
            ("numKvHeads", "N_KV_HEADS = 2", "N_KV_HEADS = 1", 2, 1),
            ("intermediateSize", "D_FF = 160", "D_FF = 128", 160, 128),
            ("normEps", "EPS = 1e-6", "EPS = 1e-5", 1e-06, 1e-05),
            ("ropeTheta", "ROPE_THETA = 500000.0", "ROPE_THETA = 10000.0", 500000.0, 10000.0),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "deepseekv2_replace_preset": (
        "deepseek_v2",
        "DeepseekV2Config",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=160,
            moe_intermediate_size=32,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=4,
            kv_lora_rank=32,
            q_lora_rank=None,
            qk_nope_head_dim=16,
            qk_rope_head_dim=8,
            v_head_dim=16,
            n_routed_experts=8,
            n_shared_experts=1,
            num_experts_per_tok=2,
            first_k_dense_replace=1,
            n_group=1,
            topk_group=1,
            topk_method="greedy",
            routed_scaling_factor=1.0,
            max_position_embeddings=256,
            rms_norm_eps=1e-6,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "DeepseekV2ForCausalLM",
        [
            ("kvLoraRank", "    kv_lora_rank=32,", "    kv_lora_rank=48,", 32, 48),
            ("qkRopeHeadDim", "    qk_rope_dim=8,", "    qk_rope_dim=16,", 8, 16),
            ("numExperts", "    n_routed=8,", "    n_routed=6,", 8, 6),
            ("numExpertsPerTok", "    n_active=2,", "    n_active=3,", 2, 3),
        ],
        [
            ("moeIntermediateSize", "moe_intermediate_size", 48, 32),
            ("vocabSize", "vocab_size", 512, 640),
        ],
    ),
    "diffllama_attrs": (
        "diffllama",
        "DiffLlamaConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            intermediate_size=192,
            num_hidden_layers=3,
            num_attention_heads=4,
            num_key_value_heads=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(10000.0),
        ),
        "DiffLlamaForCausalLM",
        [
            (
                "numLayers",
                "    depth: int = attrs.field(default=3)",
                "    depth: int = attrs.field(default=2)",
                3,
                2,
            ),
            (
                "intermediateSize",
                "    ffn: int = attrs.field(default=192)",
                "    ffn: int = attrs.field(default=128)",
                192,
                128,
            ),
            (
                "ropeTheta",
                "    theta: float = attrs.field(default=10000.0)",
                "    theta: float = attrs.field(default=500000.0)",
                10000.0,
                500000.0,
            ),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "phimoe_literal_eval": (
        "phimoe",
        "PhimoeConfig",
        dict(
            vocab_size=640,
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_local_experts=4,
            num_experts_per_tok=2,
            max_position_embeddings=256,
            rms_norm_eps=1e-5,
            attention_bias=True,
            sliding_window=None,
            tie_word_embeddings=False,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            rope_parameters=_rope(1000000.0),
        ),
        "PhimoeForCausalLM",
        [
            ("numExperts", "'experts': 4, 'top_k': 2", "'experts': 8, 'top_k': 2", 4, 8),
            ("intermediateSize", "'ffn': 96,", "'ffn': 128,", 96, 128),
            ("numKvHeads", "'kv': 2,", "'kv': 4,", 2, 4),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "camembert_xml_config": (
        "camembert",
        "CamembertConfig",
        dict(
            vocab_size=700,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "CamembertModel",
        [
            ("numLayers", '<encoder layers="2"', '<encoder layers="3"', 2, 3),
            ("intermediateSize", 'ffn="192"', 'ffn="256"', 192, 256),
            ("maxPositionEmbeddings", 'positions="130"', 'positions="514"', 130, 514),
            ("typeVocabSize", 'types="1"', 'types="2"', 1, 2),
        ],
        [
            ("vocabSize", "vocab_size", 800, 700),
        ],
    ),
    "ernie_shlex_cli": (
        "ernie",
        "ErnieConfig",
        dict(
            vocab_size=720,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=256,
            type_vocab_size=2,
            task_type_vocab_size=3,
            use_task_id=True,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "ErnieModel",
        [
            ("numHeads", "--heads=4", "--heads=8", 4, 8),
            ("numLayers", "--layers=3", "--layers=4", 3, 4),
            ("taskTypeVocabSize", "--task_types=3", "--task_types=16", 3, 16),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 160),
        ],
    ),
    "layoutlm_chainmap": (
        "layoutlm",
        "LayoutLMConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=128,
            max_2d_position_embeddings=1024,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "LayoutLMModel",
        [
            ("max2dPositionEmbeddings", '    "boxes": 1024,', '    "boxes": 512,', 1024, 512),
            ("numLayers", '"layers": 2,', '"layers": 3,', 2, 3),
            ("intermediateSize", '"ffn": 192,', '"ffn": 256,', 192, 256),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "rembert_fraction_sizes": (
        "rembert",
        "RemBertConfig",
        dict(
            vocab_size=900,
            hidden_size=64,
            input_embedding_size=32,
            output_embedding_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=128,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "RemBertModel",
        [
            (
                "embeddingSize",
                "INPUT_EMB = int(HIDDEN * Fraction(1, 2))",
                "INPUT_EMB = int(HIDDEN * Fraction(3, 4))",
                32,
                48,
            ),
            (
                "intermediateSize",
                "FFN = int(HIDDEN * Fraction(5, 2))",
                "FFN = int(HIDDEN * Fraction(4, 1))",
                160,
                256,
            ),
            ("numLayers", "LAYERS = 2", "LAYERS = 3", 2, 3),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "esm_buffer_tables": (
        "esm",
        "EsmConfig",
        dict(
            vocab_size=33,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=160,
            max_position_embeddings=256,
            position_embedding_type="rotary",
            layer_norm_eps=1e-5,
            emb_layer_norm_before=False,
            token_dropout=False,
            pad_token_id=1,
            mask_token_id=32,
        ),
        "EsmModel",
        [
            ("numLayers", "LAYERS = 3", "LAYERS = 4", 3, 4),
            ("intermediateSize", "FFN = 160", "FFN = 256", 160, 256),
            ("numHeads", "HEADS = 4", "HEADS = 8", 4, 8),
        ],
        [
            ("vocabSize", "vocab_size", 40, 33),
        ],
    ),
    "roformer_make_dataclass": (
        "roformer",
        "RoFormerConfig",
        dict(
            vocab_size=1000,
            embedding_size=48,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=256,
            type_vocab_size=2,
            layer_norm_eps=1e-12,
            rotary_value=False,
            pad_token_id=0,
        ),
        "RoFormerModel",
        [
            (
                "embeddingSize",
                '    ("embedding_size", int, 48),',
                '    ("embedding_size", int, 64),',
                48,
                64,
            ),
            (
                "maxPositionEmbeddings",
                '    ("max_positions", int, 256),',
                '    ("max_positions", int, 512),',
                256,
                512,
            ),
            ("numHeads", '    ("num_heads", int, 4),', '    ("num_heads", int, 8),', 4, 8),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
    ),
    "squeezebert_template": (
        "squeezebert",
        "SqueezeBertConfig",
        dict(
            vocab_size=600,
            embedding_size=64,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=128,
            type_vocab_size=2,
            q_groups=4,
            k_groups=4,
            v_groups=4,
            post_attention_groups=1,
            intermediate_groups=4,
            output_groups=4,
            layer_norm_eps=1e-12,
            pad_token_id=0,
        ),
        "SqueezeBertModel",
        [
            ("intermediateSize", "ffn=192,", "ffn=256,", 192, 256),
            ("maxPositionEmbeddings", "positions=128,", "positions=512,", 128, 512),
            ("numLayers", "layers=2,", "layers=3,", 2, 3),
        ],
        [
            ("vocabSize", "vocab_size", 512, 600),
        ],
    ),
    "m2m100_final_consts": (
        "m2m_100",
        "M2M100Config",
        dict(
            vocab_size=640,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=160,
            max_position_embeddings=128,
            scale_embedding=True,
            activation_function="relu",
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
            decoder_start_token_id=2,
        ),
        "M2M100Model",
        [
            ("numDecoderLayers", "DEC_LAYERS: Final[int] = 2", "DEC_LAYERS: Final[int] = 3", 2, 3),
            ("decoderFfnDim", "DEC_FFN: Final[int] = 160", "DEC_FFN: Final[int] = 128", 160, 128),
            ("encoderFfnDim", "ENC_FFN: Final[int] = 128", "ENC_FFN: Final[int] = 192", 128, 192),
        ],
        [
            ("numEncoderLayers", "encoder_layers", 3, 2),
            ("vocabSize", "vocab_size", 512, 640),
        ],
    ),
    "plbart_add_module": (
        "plbart",
        "PLBartConfig",
        dict(
            vocab_size=720,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=192,
            decoder_ffn_dim=192,
            max_position_embeddings=128,
            scale_embedding=True,
            activation_function="gelu",
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "PLBartModel",
        [
            ("numEncoderLayers", '    "encoder_layers": 2,', '    "encoder_layers": 3,', 2, 3),
            (
                "maxPositionEmbeddings",
                '    "max_positions": 128,',
                '    "max_positions": 256,',
                128,
                256,
            ),
            ("intermediateSize", '    "ffn_dim": 192,', '    "ffn_dim": 256,', 192, 256),
        ],
        [
            ("numHeads", "encoder_attention_heads", 8, 4),
        ],
    ),
    "dinov2_registers_reduce": (
        "dinov2_with_registers",
        "Dinov2WithRegistersConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            mlp_ratio=2,
            image_size=32,
            patch_size=8,
            num_channels=3,
            num_register_tokens=4,
            layerscale_value=1.0,
            layer_norm_eps=1e-6,
            use_swiglu_ffn=False,
        ),
        "Dinov2WithRegistersModel",
        [
            ("numRegisterTokens", "REGISTERS = 4", "REGISTERS = 8", 4, 8),
            ("mlpRatio", "MLP_RATIO = 2", "MLP_RATIO = 4", 2, 4),
            (
                "patchSize",
                "IMAGE, PATCH, CHANNELS = 32, 8, 3",
                "IMAGE, PATCH, CHANNELS = 32, 4, 3",
                8,
                4,
            ),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "ijepa_parametrize_scale": (
        "ijepa",
        "IJepaConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=160,
            image_size=32,
            patch_size=8,
            num_channels=3,
            layer_norm_eps=1e-12,
            qkv_bias=True,
        ),
        "IJepaModel",
        [
            ("numHeads", "HEADS = 4", "HEADS = 2", 4, 2),
            ("intermediateSize", "MLP = 160", "MLP = 256", 160, 256),
            ("imageSize", "IMG = 32", "IMG = 64", 32, 64),
        ],
        [
            ("numLayers", "num_hidden_layers", 2, 3),
        ],
    ),
    "yolos_det_tokens": (
        "yolos",
        "YolosConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            image_size=[32, 32],
            patch_size=8,
            num_channels=3,
            num_detection_tokens=5,
            use_mid_position_embeddings=True,
            layer_norm_eps=1e-12,
        ),
        "YolosModel",
        [
            ("numDetectionTokens", "    det_tokens = 5", "    det_tokens = 10", 5, 10),
            ("numLayers", "    depth = 2", "    depth = 3", 2, 3),
            ("intermediateSize", "    mlp = 128", "    mlp = 192", 128, 192),
        ],
        [
            ("patchSize", "patch_size", 16, 8),
        ],
    ),
    "data2vec_audio_post_init": (
        "data2vec-audio",
        "Data2VecAudioConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            conv_dim=(32, 32, 32),
            conv_stride=(5, 2, 2),
            conv_kernel=(10, 3, 3),
            conv_bias=False,
            num_conv_pos_embeddings=5,
            num_conv_pos_embedding_groups=4,
            conv_pos_kernel_size=5,
            layer_norm_eps=1e-5,
            mask_time_prob=0.05,
        ),
        "Data2VecAudioModel",
        [
            ("numLayers", "    layers: int = 2", "    layers: int = 3", 2, 3),
            ("numConvPosEmbeddings", "    pos_convs: int = 5", "    pos_convs: int = 3", 5, 3),
            (
                "numConvPosEmbeddingGroups",
                "    pos_groups: int = 4",
                "    pos_groups: int = 16",
                4,
                16,
            ),
            ("intermediateSize", "    ffn: int = 128", "    ffn: int = 256", 128, 256),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "umt5_starmap_blocks": (
        "umt5",
        "UMT5Config",
        dict(
            vocab_size=640,
            d_model=64,
            d_kv=16,
            d_ff=160,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="gated-gelu",
            tie_word_embeddings=False,
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "UMT5Model",
        [
            ("relativeAttentionNumBuckets", "BUCKETS = 32", "BUCKETS = 64", 32, 64),
            ("relativeAttentionMaxDistance", "MAX_DISTANCE = 128", "MAX_DISTANCE = 32", 128, 32),
            ("intermediateSize", "D_FF = 160", "D_FF = 192", 160, 192),
            ("numDecoderLayers", "DEC_LAYERS = 2", "DEC_LAYERS = 3", 2, 3),
        ],
        [
            ("headDim", "d_kv", 32, 16),
        ],
    ),
    "bert_generation_match": (
        "bert-generation",
        "BertGenerationConfig",
        dict(
            vocab_size=800,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=128,
            layer_norm_eps=1e-12,
            pad_token_id=0,
            bos_token_id=2,
            eos_token_id=1,
        ),
        "BertGenerationEncoder",
        [
            ("numLayers", "LAYERS = 2", "LAYERS = 3", 2, 3),
            ("intermediateSize", "FFN = 192", "FFN = 128", 192, 128),
            (
                "maxPositionEmbeddings",
                "VOCAB, HIDDEN, MAX_POS, EPS = 800, 64, 128, 1e-12",
                "VOCAB, HIDDEN, MAX_POS, EPS = 800, 64, 512, 1e-12",
                128,
                512,
            ),
        ],
        [
            ("vocabSize", "vocab_size", 1000, 800),
        ],
    ),
    "data2vec_text_fairseq_keys": (
        "data2vec-text",
        "Data2VecTextConfig",
        dict(
            vocab_size=760,
            hidden_size=64,
            num_hidden_layers=3,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=130,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
            bos_token_id=0,
            eos_token_id=2,
        ),
        "Data2VecTextModel",
        [
            ("numLayers", '    "encoder_layers": 3,', '    "encoder_layers": 2,', 3, 2),
            (
                "intermediateSize",
                '    "encoder_ffn_embed_dim": 128,',
                '    "encoder_ffn_embed_dim": 256,',
                128,
                256,
            ),
            ("vocabSize", '    "vocab_size": 760,', '    "vocab_size": 800,', 760, 800),
        ],
        [
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "debertav2_from_dict": (
        "deberta-v2",
        "DebertaV2Config",
        dict(
            vocab_size=900,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
            max_position_embeddings=128,
            type_vocab_size=0,
            relative_attention=True,
            position_biased_input=False,
            pos_att_type=["p2c", "c2p"],
            position_buckets=32,
            max_relative_positions=128,
            norm_rel_ebd="layer_norm",
            share_att_key=True,
            layer_norm_eps=1e-7,
            pad_token_id=0,
        ),
        "DebertaV2Model",
        [
            ("positionBuckets", '"buckets": 32,', '"buckets": 64,', 32, 64),
            ("intermediateSize", '"ffn": 192,', '"ffn": 256,', 192, 256),
            ("numLayers", '"layers": 2,', '"layers": 3,', 2, 3),
        ],
        [
            ("vocabSize", "vocab_size", 1000, 900),
        ],
    ),
}

_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

SAME_OUTPUT: dict[str, list[tuple]] = {
    "exaone4_mixins": [(r"^lm_head\.", "lm_head."), (r"^", "model.")],
    "ernie45_json_tree": [
        (r"^model\.lm_head\.", "lm_head."),
        (r"^model\.layers\.(\d+)\.attn\.", r"model.layers.\1.self_attn."),
        (r"^", ""),
    ],
    "ministral_environ": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (_L + r"attn_norm$", _HL + "input_layernorm.weight"),
        (_L + r"ffn_norm$", _HL + "post_attention_layernorm.weight"),
        (_L + r"w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (_L + r"w1\.", _HL + "mlp.gate_proj."),
        (_L + r"w3\.", _HL + "mlp.up_proj."),
        (_L + r"w2\.", _HL + "mlp.down_proj."),
        (r"^norm$", "model.norm.weight"),
        (r"^output\.", "lm_head."),
    ],
    "qwen3moe_slots_cfg": [
        (
            _L + r"mlp\.experts\.(\d+)\.gate_proj\.weight",
            _HL + "mlp.experts.gate_up_proj",
            "expert:gate",
        ),
        (
            _L + r"mlp\.experts\.(\d+)\.up_proj\.weight",
            _HL + "mlp.experts.gate_up_proj",
            "expert:up",
        ),
        (
            _L + r"mlp\.experts\.(\d+)\.down_proj\.weight",
            _HL + "mlp.experts.down_proj",
            "expert:down",
        ),
        (r"^(embed_tokens|layers|norm)\.", r"model.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "bitnet_node_graph": [
        (r"^(embed_tokens|layers|norm)\.", r"model.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "qwen3_tie_by_hand": [(r"^", "model.")],
    "mixtral_configurator": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^blocks\.(\d+)\.ln1$", _HL + "input_layernorm.weight"),
        (r"^blocks\.(\d+)\.ln2$", _HL + "post_attention_layernorm.weight"),
        (r"^blocks\.(\d+)\.w([qkvo])\.", _HL + r"self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.moe\.gate\.", _HL + "mlp.gate."),
        (
            r"^blocks\.(\d+)\.moe\.experts\.(\d+)\.w1\.weight",
            _HL + "mlp.experts.gate_up_proj",
            "expert:gate",
        ),
        (
            r"^blocks\.(\d+)\.moe\.experts\.(\d+)\.w3\.weight",
            _HL + "mlp.experts.gate_up_proj",
            "expert:up",
        ),
        (
            r"^blocks\.(\d+)\.moe\.experts\.(\d+)\.w2\.weight",
            _HL + "mlp.experts.down_proj",
            "expert:down",
        ),
        (r"^ln_f$", "model.norm.weight"),
        (r"^lm_head\.", "lm_head."),
    ],
    "dbrx_csv_table": [
        (r"^wte\.", "transformer.wte."),
        (r"^blocks\.(\d+)\.attn_norm\.", r"transformer.blocks.\1.norm_attn_norm.norm_1."),
        (r"^blocks\.(\d+)\.ffn_norm\.", r"transformer.blocks.\1.norm_attn_norm.norm_2."),
        (r"^blocks\.(\d+)\.(Wqkv|out_proj)\.", r"transformer.blocks.\1.norm_attn_norm.attn.\2."),
        (r"^blocks\.(\d+)\.router\.", r"transformer.blocks.\1.ffn.router.layer."),
        (r"^blocks\.(\d+)\.(w1|v1|w2)$", r"transformer.blocks.\1.ffn.experts.mlp.\2"),
        (r"^norm_f\.", "transformer.norm_f."),
        (r"^lm_head\.", "lm_head."),
    ],
    "granitemoe_cached_props": [
        (_L + r"moe\.router\.", _HL + "block_sparse_moe.router."),
        (_L + r"moe\.input_linear$", _HL + "block_sparse_moe.experts.gate_up_proj"),
        (_L + r"moe\.output_linear$", _HL + "block_sparse_moe.experts.down_proj"),
        (r"^", "model."),
    ],
    "olmo3_layer_dicts": [
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^(embed_tokens|layers|norm)\.", r"model.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "diffllama_attrs": [
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^(embed_tokens|layers|norm)\.", r"model.\1."),
        (r"^lm_head\.", "lm_head."),
    ],
    "camembert_xml_config": [
        (_L + r"(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (_L + r"attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"fc_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"fc_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"out_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        (r"^embeddings\.", "embeddings."),
    ],
    "ernie_shlex_cli": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^position\.", "embeddings.position_embeddings."),
        (r"^token_type\.", "embeddings.token_type_embeddings."),
        (r"^task_type\.", "embeddings.task_type_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (_L + r"attention\.", r"encoder.layer.\1.attention.self."),
        (_L + r"attention_dense\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attention_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"intermediate\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"output\.", r"encoder.layer.\1.output.dense."),
        (_L + r"output_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "layoutlm_chainmap": [
        (r"^blocks\.(\d+)\.qkv\.", r"encoder.layer.\1.attention.self."),
        (r"^blocks\.(\d+)\.attn_dense\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^blocks\.(\d+)\.ln1\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (r"^blocks\.(\d+)\.ff1\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^blocks\.(\d+)\.ff2\.", r"encoder.layer.\1.output.dense."),
        (r"^blocks\.(\d+)\.ln2\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        (r"^embeddings\.", "embeddings."),
    ],
    "rembert_fraction_sizes": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embedding_norm\.", "embeddings.LayerNorm."),
        (r"^embedding_hidden_mapping_in\.", "encoder.embedding_hidden_mapping_in."),
        (r"^attention\.(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (r"^attention\.(\d+)\.", r"encoder.layer.\1.attention.output."),
        (r"^ffn\.(\d+)\.intermediate\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^ffn\.(\d+)\.output\.", r"encoder.layer.\1.output.dense."),
        (r"^ffn\.(\d+)\.LayerNorm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "esm_buffer_tables": [
        (r"^embed_tokens\.", "embeddings.word_embeddings."),
        (r"^blocks\.(\d+)\.attn_ln\.", r"encoder.layer.\1.attention.LayerNorm."),
        (r"^blocks\.(\d+)\.q\.", r"encoder.layer.\1.attention.self.query."),
        (r"^blocks\.(\d+)\.k\.", r"encoder.layer.\1.attention.self.key."),
        (r"^blocks\.(\d+)\.v\.", r"encoder.layer.\1.attention.self.value."),
        (r"^blocks\.(\d+)\.out\.", r"encoder.layer.\1.attention.output.dense."),
        (r"^blocks\.(\d+)\.ffn_ln\.", r"encoder.layer.\1.LayerNorm."),
        (r"^blocks\.(\d+)\.fc1\.", r"encoder.layer.\1.intermediate.dense."),
        (r"^blocks\.(\d+)\.fc2\.", r"encoder.layer.\1.output.dense."),
        (r"^final_ln\.", "encoder.emb_layer_norm_after."),
        (r"^pool\.", "pooler.dense."),
        (r"^contact_regression\.", "contact_head.regression."),
    ],
    "roformer_make_dataclass": [
        (r"^word\.", "embeddings.word_embeddings."),
        (r"^token_type\.", "embeddings.token_type_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^embed_proj\.", "embeddings_project."),
        (r"^positions\.", "encoder.embed_positions."),
        (_L + r"(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (_L + r"attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"ffn_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"ffn_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"ffn_norm\.", r"encoder.layer.\1.output.LayerNorm."),
    ],
    "squeezebert_template": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (_L + r"(query|key|value)\.", r"encoder.layers.\1.attention.\2."),
        (_L, r"encoder.layers.\1."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "m2m100_final_consts": [
        (r"^shared\.", "shared."),
        (r"^encoder_layers\.", "encoder.layers."),
        (r"^decoder_layers\.", "decoder.layers."),
        (r"^encoder_norm\.", "encoder.layer_norm."),
        (r"^decoder_norm\.", "decoder.layer_norm."),
    ],
    "plbart_add_module": [
        (r"^shared\.", "shared."),
        (r"^(encoder|decoder)_positions\.", r"\1.embed_positions."),
        (r"^(encoder|decoder)_layernorm_embedding\.", r"\1.layernorm_embedding."),
        (r"^(encoder|decoder)_layer_(\d+)\.", r"\1.layers.\2."),
    ],
    "dinov2_registers_reduce": [
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (r"^(cls_token|mask_token|register_tokens)$", r"embeddings.\1"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^blocks\.(\d+)\.qkv\.0\.", r"encoder.layer.\1.attention.q_proj."),
        (r"^blocks\.(\d+)\.qkv\.1\.", r"encoder.layer.\1.attention.k_proj."),
        (r"^blocks\.(\d+)\.qkv\.2\.", r"encoder.layer.\1.attention.v_proj."),
        (r"^blocks\.(\d+)\.proj\.", r"encoder.layer.\1.attention.o_proj."),
        (r"^blocks\.(\d+)\.ls(\d)\.lambda1$", r"encoder.layer.\1.layer_scale\2.lambda1"),
        (r"^blocks\.(\d+)\.(fc\d)\.", r"encoder.layer.\1.mlp.\2."),
        (r"^blocks\.(\d+)\.(norm\d)\.", r"encoder.layer.\1.\2."),
        (r"^norm\.", "layernorm."),
    ],
    "ijepa_parametrize_scale": [
        (r"^patchify\.", "embeddings.patch_embeddings.projection."),
        (r"^pos$", "embeddings.position_embeddings"),
        (
            _L + r"attn\.([qkvo])\.parametrizations\.(weight|bias)\.original$",
            r"layers.\1.attention.\2_proj.\3",
        ),
        (_L + r"attn\.([qkvo])\.", r"layers.\1.attention.\2_proj."),
        (_L + r"ln1\.", r"layers.\1.layernorm_before."),
        (_L + r"ln2\.", r"layers.\1.layernorm_after."),
        (_L + r"mlp\.0\.", r"layers.\1.mlp.fc1."),
        (_L + r"mlp\.2\.", r"layers.\1.mlp.fc2."),
        (r"^ln_f\.", "layernorm."),
    ],
    "yolos_det_tokens": [
        (r"^patch_embed\.", "embeddings.patch_embeddings.projection."),
        (r"^cls_token$", "embeddings.cls_token"),
        (r"^det_tokens$", "embeddings.detection_tokens"),
        (r"^pos_embed$", "embeddings.position_embeddings"),
        (r"^mid_pos_embed$", "encoder.interpolation.mid_position_embeddings"),
        (_L + r"norm_before\.", r"encoder.layer.\1.layernorm_before."),
        (_L + r"norm_after\.", r"encoder.layer.\1.layernorm_after."),
        (_L + r"attn\.(query|key|value)\.", r"encoder.layer.\1.attention.attention.\2."),
        (_L + r"attn\.out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"mlp\.0\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"mlp\.2\.", r"encoder.layer.\1.output.dense."),
        (r"^norm\.", "layernorm."),
        (r"^pooler\.", "pooler.dense."),
    ],
    "data2vec_audio_post_init": [
        (r"^features\.(\d+)\.", r"feature_extractor.conv_layers.\1."),
        (r"^feature_norm\.", "feature_projection.layer_norm."),
        (r"^feature_proj\.", "feature_projection.projection."),
        (r"^mask_embedding$", "masked_spec_embed"),
        (r"^pos_convs\.(\d+)\.conv\.", r"encoder.pos_conv_embed.layers.\1.conv."),
        (r"^encoder_norm\.", "encoder.layer_norm."),
        (_L + r"(q|k|v|out)_proj\.", r"encoder.layers.\1.attention.\2_proj."),
        (_L + r"attn_norm\.", r"encoder.layers.\1.layer_norm."),
        (_L + r"ff_in\.", r"encoder.layers.\1.feed_forward.intermediate_dense."),
        (_L + r"ff_out\.", r"encoder.layers.\1.feed_forward.output_dense."),
        (_L + r"ff_norm\.", r"encoder.layers.\1.final_layer_norm."),
    ],
    "umt5_starmap_blocks": [
        (r"^shared\.", "shared."),
        (r"^(encoder|decoder)\.(\d+)\.self_norm\.", r"\1.block.\2.layer.0.layer_norm."),
        (
            r"^(encoder|decoder)\.(\d+)\.self_attn\.rel_bias\.",
            r"\1.block.\2.layer.0.SelfAttention.relative_attention_bias.",
        ),
        (r"^(encoder|decoder)\.(\d+)\.self_attn\.", r"\1.block.\2.layer.0.SelfAttention."),
        (r"^decoder\.(\d+)\.cross_norm\.", r"decoder.block.\1.layer.1.layer_norm."),
        (r"^decoder\.(\d+)\.cross_attn\.", r"decoder.block.\1.layer.1.EncDecAttention."),
        (r"^encoder\.(\d+)\.ff_norm\.", r"encoder.block.\1.layer.1.layer_norm."),
        (r"^encoder\.(\d+)\.(wi_0|wi_1|wo)\.", r"encoder.block.\1.layer.1.DenseReluDense.\2."),
        (r"^decoder\.(\d+)\.ff_norm\.", r"decoder.block.\1.layer.2.layer_norm."),
        (r"^decoder\.(\d+)\.(wi_0|wi_1|wo)\.", r"decoder.block.\1.layer.2.DenseReluDense.\2."),
        (r"^(encoder|decoder)_norm\.", r"\1.final_layer_norm."),
    ],
    "bert_generation_match": [
        (r"^(word|position)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        # the stack alternates attention (even) and feed-forward (odd) entries, two per layer
        *[
            rule
            for i in range(2)
            for rule in (
                (
                    rf"^stack\.{2 * i}\.(query|key|value)\.",
                    rf"encoder.layer.{i}.attention.self.\1.",
                ),
                (rf"^stack\.{2 * i}\.dense\.", f"encoder.layer.{i}.attention.output.dense."),
                (rf"^stack\.{2 * i}\.norm\.", f"encoder.layer.{i}.attention.output.LayerNorm."),
                (rf"^stack\.{2 * i + 1}\.up\.", f"encoder.layer.{i}.intermediate.dense."),
                (rf"^stack\.{2 * i + 1}\.down\.", f"encoder.layer.{i}.output.dense."),
                (rf"^stack\.{2 * i + 1}\.norm\.", f"encoder.layer.{i}.output.LayerNorm."),
            )
        ],
    ],
    "data2vec_text_fairseq_keys": [
        (r"^embed_tokens\.", "embeddings.word_embeddings."),
        (r"^embed_positions\.", "embeddings.position_embeddings."),
        (r"^embed_types\.", "embeddings.token_type_embeddings."),
        (r"^layernorm_embedding\.", "embeddings.LayerNorm."),
        (_L + r"in_proj\.", r"encoder.layer.\1.attention.self."),
        (_L + r"out_proj\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"self_attn_layer_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"fc1\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"fc2\.", r"encoder.layer.\1.output.dense."),
        (_L + r"final_layer_norm\.", r"encoder.layer.\1.output.LayerNorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "debertav2_from_dict": [
        (r"^word_embeddings\.", "embeddings.word_embeddings."),
        (r"^embed_norm\.", "embeddings.LayerNorm."),
        (r"^rel_embeddings\.", "encoder.rel_embeddings."),
        (r"^rel_norm\.", "encoder.LayerNorm."),
        (_L + r"attn\.", r"encoder.layer.\1.attention.self."),
        (_L + r"attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"ffn_in\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"ffn_out\.", r"encoder.layer.\1.output.dense."),
        (_L + r"ffn_norm\.", r"encoder.layer.\1.output.LayerNorm."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "debertav2_from_dict": ("ids", ["last_hidden_state"]),
    "bert_generation_match": ("ids", ["last_hidden_state"]),
    "data2vec_text_fairseq_keys": ("ids", ["last_hidden_state", "pooler_output"]),
    "umt5_starmap_blocks": ("seq2seq", ["last_hidden_state"]),
    "data2vec_audio_post_init": ("wave", ["last_hidden_state"]),
    "dinov2_registers_reduce": ("pixels", ["last_hidden_state", "pooler_output"]),
    "ijepa_parametrize_scale": ("pixels", ["last_hidden_state"]),
    "yolos_det_tokens": ("pixels", ["last_hidden_state", "pooler_output"]),
    "m2m100_final_consts": ("seq2seq", ["last_hidden_state"]),
    "plbart_add_module": ("seq2seq", ["last_hidden_state"]),
    "esm_buffer_tables": ("ids", ["last_hidden_state", "pooler_output"]),
    "roformer_make_dataclass": ("ids", ["last_hidden_state"]),
    "squeezebert_template": ("ids", ["last_hidden_state", "pooler_output"]),
    "camembert_xml_config": ("ids", ["last_hidden_state", "pooler_output"]),
    "ernie_shlex_cli": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "layoutlm_chainmap": ("ids", ["last_hidden_state", "pooler_output"]),
    "rembert_fraction_sizes": ("ids", ["last_hidden_state", "pooler_output"]),
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


def check_keeping_plants(manifest: dict) -> list[str]:
    """The output check can fail: every code plant of an output-checked case that keeps every
    parameter count (RoPE theta, eps, window, top-k, heads at a fixed width) changes the outputs
    by more than 1e-4."""
    from benchmarks.reimpl.make import code_params

    bad = []
    for p in manifest["planted"]:
        if p["where"] != "code" or p["case"] not in SAME_OUTPUT:
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
        bad += check_keeping_plants(m)
        print("param counts and logits:", "all equal" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
