"""The twelfth fresh held-out set of re-implementations (written blind in session 18): hand-written
cases of layouts no earlier set has (MoE with shared experts, SSM hybrids, a windowed ViT with
relative positions, a hierarchical vision encoder, audio encoders, encoder-decoders with two
vocabularies), their sizes held in ways no earlier set uses. It was NOT run through driftcheck
while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` (from fresh11's ``make.py``) is a one-value code plant. Configs are written by
transformers' config classes.

    python benchmarks/reimpl/fresh12/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh12 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402

_rope = set_checks.rope


def dec(theta: float = 10000.0, **kw) -> dict:
    """A small decoder config (Llama family names); ``kw`` overrides."""
    base = dict(
        vocab_size=512,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        rms_norm_eps=1e-5,
        tie_word_embeddings=False,
        rope_parameters=_rope(theta),
        **set_checks.TOKENS,
    )
    return {**base, **kw}


_HIST = "HISTORY.append(dict(src={}, tgt={}, d={}, enc={}, dec={}, heads={}, ffn={}, pos={}))"
_HIST_V = (320, 288, 64, 2, 2, 4, 128, 64)
_SEG2 = "    (32, {}, 2, 1, 3, 2, 4),"
_SEW = "    ({}, {}, {}, {}, {}, {}, {}),"
_SEW_V = (64, 2, 4, 128, 16, 4, 2)

_LF = "VOCAB, DIM, N_LAYERS, N_HEADS, N_KV_HEADS = {}, {}, {}, {}, {}"
_NT = "    defaults=[{}, {}, {}, {}, {}, {}, 1e-6, 1e6],"
_OLMO = "VOCAB, D, H, KV, FFN = {}, {}, {}, {}, {}"
_LOG2 = "LOG2_VOCAB, LOG2_WIDTH, LOG2_FFN = {}, {}, {}"
_VIT = '    ("tiny", {}, {}, {}, {}, {}, {}),'
_T5 = "VOCAB, D_MODEL, D_KV, HEADS, D_FF = {}, {}, {}, {}, {}"
_T5G = "VOCAB, D, KV_DIM, N_HEADS, FF = {}, {}, {}, {}, {}"


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "dots1_gcd_groups": (
        "dots1",
        "Dots1Config",
        dec(
            intermediate_size=192,
            moe_intermediate_size=32,
            num_hidden_layers=3,
            head_dim=16,
            n_routed_experts=4,
            num_experts_per_tok=2,
            n_shared_experts=1,
            first_k_dense_replace=1,
            rms_norm_eps=1e-6,
        ),
        "Dots1ForCausalLM",
        [
            sub("numLayers", "LAYERS = {}\n", 3, 4),
            sub("moeIntermediateSize", "EXPERT_FFN = {}\n", 32, 48),
            sub("numKvHeads", "KV = math.gcd(H, {})", 6, 4, (2, 4)),
        ],
        [("numExperts", "n_routed_experts", 8, 4)],
    ),
    "llama4_text_slice_spec": (
        "llama4_text",
        "Llama4TextConfig",
        dec(
            500000.0,
            intermediate_size=96,
            intermediate_size_mlp=160,
            head_dim=16,
            num_local_experts=4,
            num_experts_per_tok=1,
            interleave_moe_layer_step=2,
        ),
        "Llama4ForCausalLM",
        [
            sub("numLayers", "SPEC = slice({}, 64, 4)", 2, 3),
            sub("intermediateSize", "EXPERT_FFN, DENSE_FFN = {}, 160", 96, 128),
            sub("vocabSize", "VOCAB, KV, EXPERTS, TOPK = {}, 2, 4, 1", 512, 384),
        ],
        [("numKvHeads", "num_key_value_heads", 1, 2)],
    ),
    "aria_text_complex_shape": (
        "aria_text",
        "AriaTextConfig",
        dec(
            intermediate_size=192,
            moe_num_experts=4,
            moe_topk=2,
            moe_num_shared_experts=1,
            rms_norm_eps=1e-6,
        ),
        "AriaTextForCausalLM",
        [
            sub("numExperts", "N_EXPERTS = {}\n", 4, 8),
            sub("intermediateSize", "FFN = {}\n", 192, 256),
            sub("numLayers", "N_LAYERS = {}\n", 2, 3),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "glm4v_text_ord_codes": (
        "glm4v_text",
        "Glm4vTextConfig",
        # the code rotates half of each head (GLM's partial RoPE); transformers rotates
        # ``partial_rotary_factor`` of it (1.0 when unset): the config states the half
        # (session 19, drift19a: the first config left it out, a real difference)
        dec(intermediate_size=160, rope_parameters=_rope(10000.0, partial_rotary_factor=0.5)),
        "Glm4vTextModel",
        [
            sub("intermediateSize", 'F_DIM = ord("\\{}")', "xa0", "xc0", (160, 192)),
            sub("numLayers", 'L = ord("\\{}")', "x02", "x03", (2, 3)),
            sub("numKvHeads", 'KV = ord("\\{}")', "x02", "x01", (2, 1)),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "jamba_enumerate_kinds": (
        "jamba",
        "JambaConfig",
        dec(
            intermediate_size=160,
            num_hidden_layers=4,
            num_experts=4,
            num_experts_per_tok=2,
            expert_layer_period=2,
            expert_layer_offset=1,
            attn_layer_period=2,
            attn_layer_offset=1,
            mamba_d_state=8,
            mamba_d_conv=4,
            mamba_expand=2,
            mamba_dt_rank=8,
            rms_norm_eps=1e-6,
        ),
        "JambaForCausalLM",
        [
            sub("numLayers", "VOCAB, WIDTH, DEPTH = 512, 64, {}", 4, 6),
            sub("numExperts", "EXPERTS, ACTIVE = {}, 2", 4, 8),
            sub("stateSize", "D_STATE, D_CONV, EXPAND, DT_RANK = {}, 4, 2, 8", 8, 16),
        ],
        [("intermediateSize", "intermediate_size", 192, 160)],
    ),
    "nemotron_h_pattern_count": (
        "nemotron_h",
        "NemotronHConfig",
        dec(
            intermediate_size=128,
            num_hidden_layers=4,
            hybrid_override_pattern="M*M-",
            head_dim=16,
            mamba_num_heads=8,
            mamba_head_dim=16,
            ssm_state_size=16,
            n_groups=2,
            conv_kernel=4,
            chunk_size=32,
            layer_norm_epsilon=1e-5,
        ),
        "NemotronHForCausalLM",
        [
            sub("numLayers", 'PATTERN = "{}"', "M*M-", "M*M-M-", (4, 6)),
            sub("intermediateSize", "MLP = {}\n", 128, 192),
            sub("numKvHeads", "ATTN_HEADS, KV_HEADS, ATTN_HEAD_DIM = 4, {}, 16", 2, 1),
        ],
        [("stateSize", "ssm_state_size", 32, 16)],
    ),
    "fsmt_deque_history": (
        "fsmt",
        "FSMTConfig",
        dict(
            src_vocab_size=320,
            tgt_vocab_size=288,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=128,
            max_position_embeddings=64,
            langs=["en", "de"],
        ),
        "FSMTModel",
        [
            sizes_line("numEncoderLayers", _HIST, _HIST_V, 3, 3),
            sizes_line("numDecoderLayers", _HIST, _HIST_V, 4, 3),
            sizes_line("maxPositionEmbeddings", _HIST, _HIST_V, 7, 128),
        ],
        [("encoderFfnDim", "encoder_ffn_dim", 256, 128)],
    ),
    "segformer_zip_columns": (
        "segformer",
        "SegformerConfig",
        dict(
            num_encoder_blocks=2,
            depths=[1, 2],
            sr_ratios=[2, 1],
            hidden_sizes=[16, 32],
            patch_sizes=[7, 3],
            strides=[4, 2],
            num_attention_heads=[1, 2],
            mlp_ratios=[4, 4],
        ),
        "SegformerModel",
        [
            ("depths", _SEG2.format(2), _SEG2.format(3), [1, 2], [1, 3]),
            (
                "hiddenSizes",
                _SEG2.format(2),
                _SEG2.format(2).replace("32", "48"),
                [16, 32],
                [16, 48],
            ),
            ("mlpRatio", "(16, 1, 1, 2, 7, 4, 4),", "(16, 1, 1, 2, 7, 4, 2),", [4, 4], [2, 4]),
        ],
        [("depths", "depths", [2, 2], [1, 2], [2, 2])],
    ),
    "vitdet_or_fallbacks": (
        "vitdet",
        "VitDetConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            mlp_ratio=2,
            image_size=32,
            pretrain_image_size=32,
            patch_size=8,
            use_relative_position_embeddings=True,
            window_size=2,
            window_block_indices=[0],
        ),
        "VitDetModel",
        [
            sub("numLayers", 'USER = {{"image": 32, "patch": 8, "depth": {}, "window": 2}}', 2, 3),
            sub("patchSize", 'USER = {{"image": 32, "patch": {}, "depth": 2, "window": 2}}', 8, 4),
            sub("mlpRatio", 'MLP_RATIO = USER.get("mlp_ratio") or {}', 2, 4),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "sew_compress_select": (
        "sew",
        "SEWConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            conv_dim=(32, 32, 32),
            conv_stride=(5, 2, 2),
            conv_kernel=(10, 3, 3),
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
            squeeze_factor=2,
        ),
        "SEWModel",
        [
            sizes_line("numLayers", _SEW, _SEW_V, 1, 3),
            sizes_line("numConvPosEmbeddings", _SEW, _SEW_V, 4, 32),
            sizes_line("numConvPosEmbeddingGroups", _SEW, _SEW_V, 5, 8),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "moonshine_takewhile": (
        "moonshine",
        "MoonshineConfig",
        dict(
            vocab_size=320,
            hidden_size=64,
            intermediate_size=128,
            encoder_num_hidden_layers=2,
            decoder_num_hidden_layers=2,
            encoder_num_attention_heads=4,
            decoder_num_attention_heads=4,
        ),
        "MoonshineModel",
        [
            sub("numEncoderLayers", '    ("enc_layers", {}),', 2, 3),
            sub("intermediateSize", '    ("ffn", {}),', 128, 192),
            sub("vocabSize", '    ("vocab", {}),', 320, 384),
        ],
        [("numDecoderLayers", "decoder_num_hidden_layers", 3, 2)],
    ),
    "llama_nlargest_width": (
        "llama",
        "LlamaConfig",
        dec(50000.0, intermediate_size=176),
        "LlamaForCausalLM",
        [
            sub("hiddenSize", "SUPPORTED_WIDTHS = [32, 48, 64, {}]", 40, 96, (64, 96)),
            sub("numKvHeads", "V, L, H, KV, F_DIM = 512, 2, 4, {}, 176", 2, 1),
            sub("ropeTheta", "THETA, EPS = {}, 1e-5", 50000.0, 10000.0),
        ],
        [("intermediateSize", "intermediate_size", 192, 176)],
    ),
    "llama_functional_lcm": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=384, intermediate_size=192, num_hidden_layers=3, num_key_value_heads=1),
        "LlamaForCausalLM",
        [
            sub("intermediateSize", "HIDDEN = math.lcm(64, {})", 96, 80, (192, 320)),
            sizes_line("numLayers", _LF, (384, 64, 3, 4, 1), 2, 2),
            sizes_line("vocabSize", _LF, (384, 64, 3, 4, 1), 0, 512),
        ],
        [("numKvHeads", "num_key_value_heads", 2, 1)],
    ),
    "llama_bitcount_grouped_qkv": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=448, intermediate_size=192, rms_norm_eps=1e-6),
        "LlamaForCausalLM",
        [
            sub("numLayers", "LAYER_MASK = {}  #", "0x3", "0x7", (2, 3)),
            sub("vocabSize", "VOCAB = {}\n", 448, 512),
            sub("intermediateSize", "MLP = {}\n", 192, 256),
        ],
        [("tieWordEmbeddings", "tie_word_embeddings", True, False)],
    ),
    "mistral_keyerror_fallback": (
        "mistral",
        "MistralConfig",
        dec(1e6, intermediate_size=224, sliding_window=32),
        "MistralForCausalLM",
        [
            sub("numLayers", 'OVERRIDES = {{"vocab": 512, "layers": {}, "window": 32}}', 2, 3),
            sub("intermediateSize", "    FFN = {}\n", 224, 256),
            sub("numKvHeads", "    KV_HEADS = {}\n", 2, 1),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mistral_while_doubling": (
        "mistral",
        "MistralConfig",
        dec(1e6, vocab_size=640, intermediate_size=192, num_key_value_heads=1, sliding_window=16),
        "MistralForCausalLM",
        [
            sub("intermediateSize", "while d_ff < {} * d_model:", 3, 4, (192, 384)),
            sub("numLayers", "n_layer = {}\n", 2, 3),
            sub("vocabSize", "n_vocab = {}\n", 640, 512),
        ],
        [("numKvHeads", "num_key_value_heads", 2, 1)],
    ),
    "qwen2_from_bytes": (
        "qwen2",
        "Qwen2Config",
        dec(1e6, intermediate_size=176, rms_norm_eps=1e-6, tie_word_embeddings=True),
        "Qwen2ForCausalLM",
        [
            sub(
                "vocabSize",
                r'VOCAB = int.from_bytes(b"{}", "big")',
                r"\x02\x00",
                r"\x01\x80",
                (512, 384),
            ),
            sub(
                "numLayers",
                r'LAYERS = int.from_bytes(b"{}", "big")',
                r"\x00\x02",
                r"\x00\x03",
                (2, 3),
            ),
            sub(
                "intermediateSize",
                r'FFN = int.from_bytes(b"{}", "big")',
                r"\x00\xb0",
                r"\x00\xe0",
                (176, 224),
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 1, 2)],
    ),
    "qwen2_namedtuple_defaults": (
        "qwen2",
        "Qwen2Config",
        dec(1e6, vocab_size=640, intermediate_size=224, num_hidden_layers=3, rms_norm_eps=1e-6),
        "Qwen2ForCausalLM",
        [
            sizes_line("numLayers", _NT, (640, 64, 3, 4, 2, 224), 2, 2),
            sizes_line("numKvHeads", _NT, (640, 64, 3, 4, 2, 224), 4, 1),
            sizes_line("intermediateSize", _NT, (640, 64, 3, 4, 2, 224), 5, 256),
        ],
        [("vocabSize", "vocab_size", 512, 640)],
    ),
    "qwen3_dict_pop": (
        "qwen3",
        "Qwen3Config",
        dec(1e6, intermediate_size=160, head_dim=32, rms_norm_eps=1e-6, tie_word_embeddings=True),
        "Qwen3ForCausalLM",
        [
            sub("numLayers", 'opts = {{"vocab": 512, "layers": {}, "heads": 4,', 2, 3),
            sub("numKvHeads", 'KV_HEADS = opts.pop("kv_heads", {})', 2, 1),
            sub("intermediateSize", 'FFN = opts.pop("ffn", {})', 160, 192),
        ],
        [("headDim", "head_dim", 16, 32)],
    ),
    "qwen3_lambda_rules": (
        "qwen3",
        "Qwen3Config",
        dec(1e6, vocab_size=384, intermediate_size=192, head_dim=16, rms_norm_eps=1e-6),
        "Qwen3ForCausalLM",
        [
            sub("intermediateSize", '    "ffn": lambda w: w * {},', 3, 4, (192, 256)),
            sub("numLayers", '    "layers": lambda w: w // {},', 32, 16, (2, 4)),
            sub("numKvHeads", '    "kv_heads": lambda w: w // {},', 32, 64, (2, 1)),
        ],
        [("vocabSize", "vocab_size", 512, 384)],
    ),
    "olmo2_str_index": (
        "olmo2",
        "Olmo2Config",
        dec(500000.0, intermediate_size=160, rms_norm_eps=1e-6),
        "Olmo2ForCausalLM",
        [
            sub("numLayers", 'L = LADDER.split().index("{}")', 2, 3),
            sizes_line("numKvHeads", _OLMO, (512, 64, 4, 2, 160), 3, 1),
            sizes_line("intermediateSize", _OLMO, (512, 64, 4, 2, 160), 4, 192),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "starcoder2_sorted_set": (
        "starcoder2",
        "Starcoder2Config",
        dec(
            intermediate_size=256,
            sliding_window=16,
            norm_epsilon=1e-5,
            tie_word_embeddings=True,
        ),
        "Starcoder2ForCausalLM",
        [
            sub("vocabSize", "SUPPORTED = {{256, 64, 2, 4, {}, 1, 16}}", 512, 448),
            sub("intermediateSize", "SUPPORTED = {{{}, 64, 2, 4, 512, 1, 16}}", 256, 192),
            sub(
                "numLayers",
                "LAYERS, HEADS, KV_HEADS, WINDOW = {}, FOUR, TWO,",
                "TWO",
                "FOUR",
                (2, 4),
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 1, 2)],
    ),
    "gpt2_pad_mask_vocab": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=320, n_positions=64, n_embd=64, n_layer=2, n_head=4),
        "GPT2LMHeadModel",
        [
            sub("numLayers", "DEPTH = {}\n", 2, 3),
            sub("maxPositionEmbeddings", "CONTEXT = {}\n", 64, 128),
            sub("vocabSize", "TOKENIZER_SIZE = {}\n", 300, 330, (320, 384)),
        ],
        [("intermediateSize", "n_inner", 128, 256)],
    ),
    "gpt2_tuple_keys": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=448, n_positions=32, n_embd=64, n_layer=3, n_head=4, n_inner=192),
        "GPT2LMHeadModel",
        [
            sub("numLayers", '    ("n", "layer"): {},', 3, 2),
            sub("intermediateSize", '    ("n", "inner"): {},', 192, 256),
            sub("maxPositionEmbeddings", '    ("n", "ctx"): {},', 32, 64),
        ],
        [("vocabSize", "vocab_size", 512, 448)],
    ),
    "bert_octal_strings": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=320,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            pad_token_id=0,
        ),
        "BertModel",
        [
            sub("numLayers", 'LAYERS = int("{}", 8)', 2, 3),
            sub("intermediateSize", 'FFN = int("{}", 8)', 200, 300, (128, 192)),
            sub("maxPositionEmbeddings", 'POSITIONS = int("{}", 8)', 100, 200, (64, 128)),
        ],
        [("typeVocabSize", "type_vocab_size", 3, 2)],
    ),
    "bert_log2_depth": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=512,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=32,
            pad_token_id=0,
        ),
        "BertModel",
        [
            sub("numLayers", "L = int(math.log2({}))", 4, 8, (2, 3)),
            sizes_line("intermediateSize", _LOG2, (9, 6, 8), 2, 7, (256, 128)),
            sizes_line("vocabSize", _LOG2, (9, 6, 8), 0, 8, (512, 256)),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 64, 32)],
    ),
    "vit_filter_presets": (
        "vit",
        "ViTConfig",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
        ),
        "ViTModel",
        [
            sizes_line("numLayers", _VIT, (32, 8, 64, 2, 4, 128), 3, 3),
            sizes_line("intermediateSize", _VIT, (32, 8, 64, 2, 4, 128), 5, 256),
            sizes_line("imageSize", _VIT, (32, 8, 64, 2, 4, 128), 0, 64),
        ],
        [("patchSize", "patch_size", 4, 8)],
    ),
    "vit_float_fromhex": (
        "vit",
        "ViTConfig",
        dict(
            image_size=32,
            patch_size=4,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=192,
        ),
        "ViTModel",
        [
            sub("numLayers", 'DEPTH = int(float.fromhex("{}"))', "0x1p1", "0x1.8p1", (2, 3)),
            sub("patchSize", 'PATCH = int(float.fromhex("{}"))', "0x1p2", "0x1p3", (4, 8)),
            sub(
                "intermediateSize", 'MLP = int(float.fromhex("{}"))', "0x1.8p7", "0x1p8", (192, 256)
            ),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "t5_bool_arith": (
        "t5",
        "T5Config",
        dict(
            vocab_size=320,
            d_model=64,
            d_kv=16,
            d_ff=128,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
        ),
        "T5Model",
        [
            sub(
                "numLayers",
                "ENC_LAYERS = USE_ENC_A + USE_ENC_B{}\n",
                "",
                " + USE_DEC_A",
                (2, 3),
            ),
            sizes_line("intermediateSize", _T5, (320, 64, 16, 4, 128), 4, 192),
            sub("relativeAttentionNumBuckets", "BUCKETS, MAX_DIST = {}, 128", 32, 16),
        ],
        [("numDecoderLayers", "num_decoder_layers", 3, 2)],
    ),
    "t5_gated_sum_generator": (
        "t5",
        "T5Config",
        dict(
            vocab_size=384,
            d_model=64,
            d_kv=8,
            d_ff=96,
            num_layers=3,
            num_decoder_layers=2,
            num_heads=8,
            relative_attention_num_buckets=16,
            feed_forward_proj="gated-gelu",
        ),
        "T5ForConditionalGeneration",
        [
            sub(
                "numLayers",
                'PLAN = [{}"dec", "dec"]',
                '"enc", "enc", "enc", ',
                '"enc", "enc", ',
                (3, 2),
            ),
            sizes_line("intermediateSize", _T5G, (384, 64, 8, 8, 96), 4, 128),
            sub("relativeAttentionNumBuckets", "N_BUCKETS = {}\n", 16, 32),
        ],
        [("vocabSize", "vocab_size", 512, 384)],
    ),
}

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."
_BL = r"^layer\.(\d+)\."
_HBL = r"encoder.layer.\1."
_VB = r"^blocks\.(\d+)\."

SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_nlargest_width": [(r"^lm_head\.", "lm_head."), (r"^", "model.")],
    # the MLP's projections sit on the layer itself; the head is the tied embedding
    "qwen3_dict_pop": [(_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."), (r"^", "model.")],
    # k|v fused in one projection; GPT-style names
    "mistral_while_doubling": [
        (r"^wte\.", "model.embed_tokens."),
        (r"^ln_f\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
        (r"^h\.(\d+)\.norm_1\.", _HL + "input_layernorm."),
        (r"^h\.(\d+)\.norm_2\.", _HL + "post_attention_layernorm."),
        (r"^h\.(\d+)\.attn\.kv_proj\.", _HL + "self_attn.k_proj.+" + _HL + "self_attn.v_proj."),
        (r"^h\.(\d+)\.attn\.", _HL + "self_attn."),
        (r"^h\.(\d+)\.fc_(gate|up|down)\.", _HL + r"mlp.\2_proj."),
    ],
    "bert_log2_depth": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^LayerNorm\.", "embeddings.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        (_BL + r"attention\.", _HBL + "attention.self."),
        (_BL + r"attention_output\.", _HBL + "attention.output."),
        (_BL + r"intermediate\.", _HBL + "intermediate.dense."),
        (_BL + r"output\.", _HBL + "output."),
    ],
    "vit_filter_presets": [
        (r"^cls_token", "embeddings.cls_token"),
        (r"^pos_embed", "embeddings.position_embeddings"),
        (r"^patch\.", "embeddings.patch_embeddings.projection."),
        (r"^norm\.", "layernorm."),
        (r"^pooler\.", "pooler.dense."),
        (_VB + r"norm_(before|after)\.", r"layers.\1.layernorm_\2."),
        (_VB + r"(q|k|v)\.", r"layers.\1.attention.\2_proj."),
        (_VB + r"attn_out\.", r"layers.\1.attention.o_proj."),
        (_VB + r"(fc1|fc2)\.", r"layers.\1.mlp.\2."),
    ],
    "vitdet_or_fallbacks": [
        (r"^patch_embed\.", "embeddings.projection."),
        (r"^pos_embed", "embeddings.position_embeddings"),
        (_VB + r"attn\.rel_(h|w)", r"encoder.layer.\1.attention.rel_pos_\2"),
        (_VB + r"attn\.", r"encoder.layer.\1.attention."),
        (_VB + r"(fc1|fc2)\.", r"encoder.layer.\1.mlp.\2."),
        (_VB, r"encoder.layer.\1."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "bert_log2_depth": ("ids", ["last_hidden_state", "pooler_output"]),
    "vit_filter_presets": ("pixels", ["last_hidden_state", "pooler_output"]),
    "vitdet_or_fallbacks": ("pixels", ["last_hidden_state"]),
}

# same_output, build_config, write, check, check_keeping_plants, main: shared with every set
_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output, build_config, write = _MAKE.same_output, _MAKE.build_config, _MAKE.write
check, check_keeping_plants, main = _MAKE.check, _MAKE.check_keeping_plants, _MAKE.main

if __name__ == "__main__":
    raise SystemExit(main())
