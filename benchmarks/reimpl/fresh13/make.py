"""The thirteenth fresh held-out set of re-implementations (written blind in session 19):
hand-written cases of architectures no earlier set has (Emu3's text tower, LongT5, MusicGen's
multi-codebook decoder, DINOv3's ConvNeXt, BROS, Mllama's text decoder with cross-attention
layers, WavLM, MiniMax-M2, a Decision Transformer, ...), their sizes held in ways no earlier set
uses. It was NOT run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's. Configs are written by
transformers' config classes.

    python benchmarks/reimpl/fresh13/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh13 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh12.make import dec  # noqa: E402
from benchmarks.reimpl.set_checks import enc  # noqa: E402

_rope = set_checks.rope

_MATCH = "        VOCAB, WIDTH, DEPTH, HEADS, KV_HEADS, FFN = {}, {}, {}, {}, {}, {}"
_MATCH_V = (512, 64, 2, 4, 2, 160)
_BROS = "VOCAB, HIDDEN, LAYERS, HEADS, INTER, MAX_POS, TYPES = {}, {}, {}, {}, {}, {}, {}"
_BROS_V = (320, 64, 2, 4, 128, 64, 2)

_LAD = "DIM, N_HEADS, N_LAYERS, VOCAB = {}, {}, {}, {}"
_LAD_V = (64, 4, 2, 448)
_CARD = (
    'CARD = {{"vocab_size": {}, "hidden": {}, "n_layers": {}, "n_heads": {}, "n_kv": {}, '
    '"ffn": {}}}'
)
_CARD_V = (512, 64, 3, 4, 2, 224)
_GLOB = "S_VOCAB, S_WIDTH, S_LAYERS, S_HEADS, S_KV, S_FFN = {}, {}, {}, {}, {}, {}"
_GLOB_V = (640, 96, 2, 6, 2, 288)
_GEM = "GemmaConfig_(vocab={}, width={}, depth={}, heads={}, kv_heads={}, head_dim={}, ffn={})"
_GEM_V = (512, 64, 2, 4, 1, 32, 256)
_HDR = "HEADER = bytes([{}, {}, {}, {}, {}, {}, {}])"
_HDR_V = (32, 8, 64, 4, 160, 2, 3)
_PHI = "VOCAB, DIM, LAYERS, HEADS, KV = {}, {}, {}, {}, {}"
_PHI_V = (448, 64, 2, 4, 4)
_Q3 = "VOCAB, D, HEADS, KV, HEAD_DIM, FFN = {}, {}, {}, {}, {}, {}"
_Q3_V = (384, 64, 4, 2, 32, 192)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "emu3_match_preset": (
        "emu3_text_model",
        "Emu3TextConfig",
        dec(1000000.0, intermediate_size=160),
        "Emu3ForCausalLM",
        [
            sizes_line("numKvHeads", _MATCH, _MATCH_V, 4, 4),
            sizes_line("intermediateSize", _MATCH, _MATCH_V, 5, 192),
            sub("ropeTheta", "THETA = {}\n", 1000000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "emu3_frozenset_pairs": (
        "emu3_text_model",
        "Emu3TextConfig",
        dec(
            vocab_size=384,
            hidden_size=96,
            num_hidden_layers=3,
            num_attention_heads=6,
            num_key_value_heads=3,
            intermediate_size=256,
            rms_norm_eps=1e-6,
        ),
        "Emu3ForCausalLM",
        [
            sub("numLayers", '("layers", {}),', 3, 4),
            sub("vocabSize", '("vocab", {}),', 384, 448),
            sub("numKvHeads", '("kv_heads", {}),', 3, 6),
        ],
        [("intermediateSize", "intermediate_size", 320, 256)],
    ),
    "longt5_base36_tokens": (
        "longt5",
        "LongT5Config",
        dict(
            vocab_size=320,
            d_model=64,
            d_kv=16,
            d_ff=128,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
            local_radius=8,
            encoder_attention_type="local",
        ),
        "LongT5Model",
        [
            sub("numLayers", 'RUN_ID = "8w 1s g 4 3k {} 2 w 8"', 2, 3),
            sub("intermediateSize", 'RUN_ID = "8w 1s g 4 {} 2 2 w 8"', "3k", "5c", (128, 192)),
            sub(
                "relativeAttentionNumBuckets",
                'RUN_ID = "8w 1s g 4 3k 2 2 {} 8"',
                "w",
                "1s",
                (32, 64),
            ),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "musicgen_run_path": (
        "musicgen_decoder",
        "MusicgenDecoderConfig",
        enc(vocab_size=160, ffn_dim=192, num_codebooks=4, max_position_embeddings=128),
        "MusicgenForCausalLM",
        [
            sub("numCodebooks", 'RUN_DIR = "runs/musicgen/cb{}/', 4, 8),
            sub("vocabSize", "/v{}/d64/", 160, 256),
            sub("intermediateSize", "/ff{}/", 192, 256),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "dinov3_convnext_accumulate": (
        "dinov3_convnext",
        "DINOv3ConvNextConfig",
        dict(hidden_sizes=[24, 48], depths=[1, 2]),
        "DINOv3ConvNextModel",
        [
            sub("hiddenSizes", "WIDTH_STEPS = ({}, 24)", 24, 40, ([24, 48], [40, 64])),
            sub("depths", "STAGE_DEPTHS = (1, {})", 2, 3, ([1, 2], [1, 3])),
            sub("numChannels", "def __init__(self, in_chans={}):", 3, 1),
        ],
        [("hiddenSizes", "hidden_sizes", [24, 64], [24, 48], [24, 64])],
    ),
    "bros_partial_linear": (
        "bros",
        "BrosConfig",
        enc(vocab_size=320, intermediate_size=128, max_position_embeddings=64),
        "BrosModel",
        [
            sizes_line("vocabSize", _BROS, _BROS_V, 0, 384),
            sizes_line("numLayers", _BROS, _BROS_V, 2, 3),
            sizes_line("maxPositionEmbeddings", _BROS, _BROS_V, 5, 128),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "mllama_cross_walrus": (
        "mllama_text_model",
        "MllamaTextConfig",
        dec(
            500000.0,
            vocab_size=480,
            intermediate_size=128,
            num_hidden_layers=4,
            cross_attention_layers=[1, 3],
        ),
        "MllamaForCausalLM",
        [
            sub("crossAttentionLayers", "CROSS_AT = frozenset({})", "{1, 3}", "{1}", ([1, 3], [1])),
            sub("vocabSize", "vocab={}, width", 480, 512),
            sub("intermediateSize", "ffn={}, depth", 128, 192),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "wavlm_memoryview_cast": (
        "wavlm",
        "WavLMConfig",
        enc(
            intermediate_size=128,
            conv_dim=[32, 32],
            conv_stride=[5, 2],
            conv_kernel=[10, 3],
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
            num_buckets=32,
        ),
        "WavLMModel",
        [
            sub("numLayers", 'BLOB = bytes.fromhex("4000{}', "0200", "0300", (2, 3)),
            sub("intermediateSize", "02000400{}", "8000", "c000", (128, 192)),
            sub("numBuckets", "8000{}1000", "2000", "4000", (32, 64)),
        ],
        [("numConvPosEmbeddings", "num_conv_pos_embeddings", 32, 16)],
    ),
    "minimax_m2_replace": (
        "minimax_m2",
        "MiniMaxM2Config",
        dec(
            intermediate_size=32,
            head_dim=16,
            num_local_experts=4,
            num_experts_per_tok=2,
            rms_norm_eps=1e-6,
        ),
        "MiniMaxM2ForCausalLM",
        [
            sub("numExperts", "    n_experts={},\n", 4, 8),
            sub("numLayers", "    n_layers={},\n", 2, 3),
            sub("intermediateSize", "    expert_dim={},\n", 32, 48),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "decision_transformer_kernels": (
        "decision_transformer",
        "DecisionTransformerConfig",
        dict(state_dim=17, act_dim=6, hidden_size=64, n_layer=3, n_head=4, max_ep_len=256),
        "DecisionTransformerModel",
        [
            sub("numLayers", 'CURRICULUM = "{}"', "walk|run|jump", "walk|run", (3, 2)),
            sub("intermediateSize", "D_INNER = {} * D_MODEL", 4, 2, (256, 128)),
            sub("hiddenSize", "D_MODEL, N_HEAD = {}, 4", 64, 96),
        ],
        [("numLayers", "n_layer", 4, 3)],
    ),
    "pvt_v2_pairwise_widths": (
        "pvt_v2",
        "PvtV2Config",
        dict(
            image_size=32,
            num_encoder_blocks=2,
            depths=[1, 2],
            sr_ratios=[2, 1],
            hidden_sizes=[16, 32],
            patch_sizes=[7, 3],
            strides=[4, 2],
            num_attention_heads=[1, 2],
            mlp_ratios=[4, 4],
        ),
        "PvtV2Model",
        [
            sub("depths", "DEPTHS = (1, {})", 2, 3, ([1, 2], [1, 3])),
            sub("hiddenSizes", "WIDTHS = (3, 16, {})", 32, 48, ([16, 32], [16, 48])),
            sub("mlpRatios", "MLP_RATIOS = ({0}, {0})", 4, 8, ([4, 4], [8, 8])),
        ],
        [("srRatios", "sr_ratios", [4, 1], [2, 1], [4, 1])],
    ),
    "pix2struct_text_getattr": (
        "pix2struct_text_model",
        "Pix2StructTextConfig",
        dict(
            vocab_size=384,
            hidden_size=64,
            d_kv=16,
            d_ff=160,
            num_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
        ),
        "Pix2StructTextModel",
        [
            sub("vocabSize", "    vocab_size = {}\n", 384, 320),
            sub("intermediateSize", "    ff = {}\n", 160, 128),
            sub("numLayers", "    n_layers = {}\n", 2, 3),
        ],
        [("relativeAttentionNumBuckets", "relative_attention_num_buckets", 64, 32)],
    ),
    "visual_bert_nested_cfg": (
        "visual_bert",
        "VisualBertConfig",
        enc(
            vocab_size=448,
            intermediate_size=128,
            max_position_embeddings=64,
            visual_embedding_dim=48,
        ),
        "VisualBertModel",
        [
            sub("visualEmbeddingDim", '"visual": {{"feat_dim": {}}},', 48, 32),
            sub("numLayers", '"depth": {}, "heads"', 2, 3),
            sub("maxPositionEmbeddings", '"max_len": {}, "types"', 64, 128),
        ],
        [("vocabSize", "vocab_size", 512, 448)],
    ),
    "gpt2_torch_encoder_layer": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=384, n_embd=64, n_layer=2, n_head=4, n_positions=96),
        "GPT2LMHeadModel",
        [
            sub("numLayers", "GRID = torch.tensor([[384, 64, {}, 4, 96]", 2, 3),
            sub("vocabSize", "GRID = torch.tensor([[{}, 64, 2, 4, 96]", 384, 512),
            sub("numHeads", "GRID = torch.tensor([[384, 64, 2, {}, 96]", 4, 8),
        ],
        [("maxPositionEmbeddings", "n_positions", 128, 96)],
    ),
    "gpt2_size_stacked": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=448, n_embd=96, n_layer=3, n_head=4, n_positions=128),
        "GPT2LMHeadModel",
        [
            sub("numLayers", "SHAPE = torch.Size([{}, 96, 4])", 3, 4),
            sub("hiddenSize", "SHAPE = torch.Size([3, {}, 4])", 96, 128),
            sub("vocabSize", "N_VOCAB, N_CTX = {}, 128", 448, 512),
        ],
        [("maxPositionEmbeddings", "n_positions", 256, 128)],
    ),
    "bert_partition_lines": (
        "bert",
        "BertConfig",
        enc(vocab_size=320, intermediate_size=192, max_position_embeddings=96),
        "BertModel",
        [
            sub("numLayers", "layers={}\n", 2, 3),
            sub("intermediateSize", "ffn={}\n", 192, 256),
            sub("numHeads", "heads={}\n", 4, 8),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "llama_next_ladder": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=448, num_key_value_heads=4, intermediate_size=176),
        "LlamaForCausalLM",
        [
            sub("intermediateSize", "LADDER = [96, 128, {}, 224", 176, 160, (176, 224)),
            sizes_line("numLayers", _LAD, _LAD_V, 2, 3),
            sizes_line("vocabSize", _LAD, _LAD_V, 3, 512),
        ],
        [("numKvHeads", "num_key_value_heads", 2, 4)],
    ),
    "llama_prod_factors": (
        "llama",
        "LlamaConfig",
        dec(500000.0, num_hidden_layers=3, num_key_value_heads=1, intermediate_size=192),
        "LlamaForCausalLM",
        [
            sub("numKvHeads", "N_KV = math.prod((1, {}))", 1, 2),
            sub("intermediateSize", "FF = math.prod(({}, 64))", 3, 4, (192, 256)),
            sub("numLayers", "N_LAYERS = math.prod(({},))", 3, 2),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "mistral_property_heads": (
        "mistral",
        "MistralConfig",
        dec(
            vocab_size=384,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=256,
            sliding_window=32,
        ),
        "MistralForCausalLM",
        [
            sub("numKvHeads", "group: int = {}", 3, 2, (2, 3)),
            sub("intermediateSize", "mlp: int = {}", 256, 320),
            sub("numLayers", "layers: int = {}", 2, 3),
        ],
        [("vocabSize", "vocab_size", 448, 384)],
    ),
    "mistral_classmethod_card": (
        "mistral",
        "MistralConfig",
        dec(num_hidden_layers=3, intermediate_size=224),
        "MistralForCausalLM",
        [
            sizes_line("numLayers", _CARD, _CARD_V, 2, 2),
            sizes_line("numKvHeads", _CARD, _CARD_V, 4, 1),
            sizes_line("intermediateSize", _CARD, _CARD_V, 5, 256),
        ],
        [("vocabSize", "vocab_size", 448, 512)],
    ),
    "qwen2_reduce_mul": (
        "qwen2",
        "Qwen2Config",
        dec(vocab_size=320, intermediate_size=192, tie_word_embeddings=True, rms_norm_eps=1e-6),
        "Qwen2ForCausalLM",
        [
            sub("vocabSize", '"vocab": ({}, 64)', 5, 6, (320, 384)),
            sub("intermediateSize", '"ffn": ({}, 4, 16)', 3, 4, (192, 256)),
            sub("numLayers", '"layers": ({},)', 2, 3),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "qwen2_globals_prefix": (
        "qwen2",
        "Qwen2Config",
        dec(
            vocab_size=640,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=288,
            rms_norm_eps=1e-6,
        ),
        "Qwen2ForCausalLM",
        [
            sizes_line("numKvHeads", _GLOB, _GLOB_V, 4, 3),
            sizes_line("intermediateSize", _GLOB, _GLOB_V, 5, 384),
            sizes_line("numLayers", _GLOB, _GLOB_V, 2, 3),
        ],
        [("vocabSize", "vocab_size", 768, 640)],
    ),
    "gemma_staticmethod_tiny": (
        "gemma",
        "GemmaConfig",
        dec(num_key_value_heads=1, head_dim=32, intermediate_size=256, tie_word_embeddings=True),
        "GemmaForCausalLM",
        [
            sizes_line("numKvHeads", _GEM, _GEM_V, 4, 2),
            sizes_line("headDim", _GEM, _GEM_V, 5, 16),
            sizes_line("intermediateSize", _GEM, _GEM_V, 6, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "vit_unfold_patches": (
        "vit",
        "ViTConfig",
        enc(image_size=32, patch_size=8, intermediate_size=160),
        "ViTModel",
        [
            sizes_line("patchSize", _HDR, _HDR_V, 1, 4),
            sizes_line("intermediateSize", _HDR, _HDR_V, 4, 128),
            sizes_line("numLayers", _HDR, _HDR_V, 5, 3),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "vit_groupby_plan": (
        "vit",
        "ViTConfig",
        dict(
            image_size=48,
            patch_size=16,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=192,
            num_hidden_layers=3,
        ),
        "ViTForImageClassification",
        [
            sub("imageSize", "CFG = dict(image={}, patch", 48, 64),
            sub("numLayers", 'PLAN = "P{}NC"', "BBB", "BBBB", (3, 4)),
            sub("intermediateSize", "heads=6, mlp={}, depth", 192, 256),
        ],
        [("patchSize", "patch_size", 8, 16)],
    ),
    "phi3_max_candidates": (
        "phi3",
        "Phi3Config",
        dec(vocab_size=448, num_key_value_heads=4, intermediate_size=256),
        "Phi3ForCausalLM",
        [
            sub("intermediateSize", "BUDGET, TILE = {}, 64", 260, 200, (256, 192)),
            sizes_line("vocabSize", _PHI, _PHI_V, 0, 512),
            sizes_line("numKvHeads", _PHI, _PHI_V, 4, 2),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gpt_neox_partial_keywords": (
        "gpt_neox",
        "GPTNeoXConfig",
        enc(vocab_size=512, intermediate_size=256, tie_word_embeddings=False, **set_checks.TOKENS),
        "GPTNeoXForCausalLM",
        [
            sub("numLayers", "    layers={},", 2, 3),
            sub("intermediateSize", "    intermediate={},", 256, 192),
            sub("vocabSize", "    vocab={},", 512, 384),
        ],
        [("hiddenSize", "hidden_size", 96, 64)],
    ),
    "qwen3_plan_count": (
        "qwen3",
        "Qwen3Config",
        dec(
            vocab_size=384,
            num_hidden_layers=3,
            head_dim=32,
            intermediate_size=192,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
        ),
        "Qwen3ForCausalLM",
        [
            sub(
                "numLayers",
                'PLAN = ("embed", {}"norm", "head")',
                '"attn", "attn", "attn", ',
                '"attn", "attn", ',
                (3, 2),
            ),
            sizes_line("headDim", _Q3, _Q3_V, 4, 16),
            sizes_line("intermediateSize", _Q3, _Q3_V, 5, 256),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "t5_post_init_ff": (
        "t5",
        "T5Config",
        dict(
            vocab_size=256,
            d_model=64,
            d_kv=16,
            d_ff=256,
            num_layers=3,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
        ),
        "T5Model",
        [
            sub("intermediateSize", "d_ff: int = {}\n", 0, 192, (256, 192)),
            sub("numLayers", "enc_layers: int = {}\n", 3, 2),
            sub("numDecoderLayers", "dec_layers: int = {}\n", 2, 3),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "starcoder2_setdefault": (
        "starcoder2",
        "Starcoder2Config",
        dict(
            vocab_size=512,
            hidden_size=96,
            num_hidden_layers=2,
            num_attention_heads=6,
            num_key_value_heads=2,
            intermediate_size=384,
            sliding_window=64,
            use_bias=True,
            norm_epsilon=1e-5,
            tie_word_embeddings=True,
            rope_parameters=_rope(10000.0),
            **set_checks.TOKENS,
        ),
        "Starcoder2ForCausalLM",
        [
            sub("vocabSize", 'OPTS.setdefault("vocab", {})', 512, 448),
            sub("numKvHeads", 'OPTS.setdefault("kv_heads", {})', 2, 3),
            sub("intermediateSize", 'OPTS.setdefault("mlp", {})', 384, 256),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
}

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
_L = r"^layers\.(\d+)\."
_HL = r"model.layers.\1."

_GB = r"^blocks\.(\d+)\."
_GH = r"transformer.h.\1."
_BB = r"^layer\.(\d+)\."
_BH = r"encoder.layer.\1."

SAME_OUTPUT: dict[str, list[tuple]] = {
    # torch's nn.TransformerEncoderLayer (Linear [out, in]) over GPT-2's Conv1D [in, out] kernels
    "gpt2_torch_encoder_layer": [
        (r"^(wte|wpe|ln_f)\.", r"transformer.\1."),
        (_GB + r"self_attn\.in_proj_weight$", _GH + "attn.c_attn.weight", "T"),
        (_GB + r"self_attn\.in_proj_bias$", _GH + "attn.c_attn.bias"),
        (_GB + r"self_attn\.out_proj\.weight$", _GH + "attn.c_proj.weight", "T"),
        (_GB + r"self_attn\.out_proj\.bias$", _GH + "attn.c_proj.bias"),
        (_GB + r"linear1\.weight$", _GH + "mlp.c_fc.weight", "T"),
        (_GB + r"linear1\.bias$", _GH + "mlp.c_fc.bias"),
        (_GB + r"linear2\.weight$", _GH + "mlp.c_proj.weight", "T"),
        (_GB + r"linear2\.bias$", _GH + "mlp.c_proj.bias"),
        (_GB + r"norm1\.", _GH + "ln_1."),
        (_GB + r"norm2\.", _GH + "ln_2."),
    ],
    # q|k|v concatenated into torch's in_proj; post-norm layers
    "bert_partition_lines": [
        (r"^(word|position|token_type)_embeddings\.", r"embeddings.\1_embeddings."),
        (r"^LayerNorm\.", "embeddings.LayerNorm."),
        (r"^pooler\.", "pooler.dense."),
        (
            _BB + r"self_attn\.in_proj_(weight|bias)$",
            _BH
            + r"attention.self.query.\2+"
            + _BH
            + r"attention.self.key.\2+"
            + _BH
            + r"attention.self.value.\2",
        ),
        (_BB + r"self_attn\.out_proj\.", _BH + "attention.output.dense."),
        (_BB + r"norm1\.", _BH + "attention.output.LayerNorm."),
        (_BB + r"linear1\.", _BH + "intermediate.dense."),
        (_BB + r"linear2\.", _BH + "output.dense."),
        (_BB + r"norm2\.", _BH + "output.LayerNorm."),
    ],
    # the MLP's projections sit on the layer itself
    "emu3_match_preset": [
        (r"^lm_head\.", "lm_head."),
        (_L + r"(gate|up|down)_proj\.", _HL + r"mlp.\2_proj."),
        (r"^", "model."),
    ],
    # session 19 (labels corrected): RoPE and the 4096 window added to the code; a fused k|v
    "mistral_classmethod_card": [
        (r"^tokens\.", "model.embed_tokens."),
        (r"^final_norm\.", "model.norm."),
        (r"^head\.", "lm_head."),
        (_L + r"norm_a\.", _HL + "input_layernorm."),
        (_L + r"norm_f\.", _HL + "post_attention_layernorm."),
        (_L + r"wq\.", _HL + "self_attn.q_proj."),
        (_L + r"wkv\.weight$", _HL + "self_attn.k_proj.weight+" + _HL + "self_attn.v_proj.weight"),
        (_L + r"wo\.", _HL + "self_attn.o_proj."),
        (_L + r"ffn\.(gate|up|down)\.", _HL + r"mlp.\2_proj."),
    ],
    # session 19: the patch-embedding LayerNorms at transformers' 1e-6
    "pvt_v2_pairwise_widths": [
        (r"^embeds\.(\d+)\.", r"encoder.layers.\1.patch_embedding.proj."),
        (r"^embed_norms\.(\d+)\.", r"encoder.layers.\1.patch_embedding.layer_norm."),
        (r"^norms\.(\d+)\.", r"encoder.layers.\1.layer_norm."),
        (r"^stages\.(\d+)\.(\d+)\.norm(\d)\.", r"encoder.layers.\1.blocks.\2.layer_norm_\3."),
        (
            r"^stages\.(\d+)\.(\d+)\.attn\.sr\.",
            r"encoder.layers.\1.blocks.\2.attention.spatial_reduction.",
        ),
        (
            r"^stages\.(\d+)\.(\d+)\.attn\.sr_norm\.",
            r"encoder.layers.\1.blocks.\2.attention.layer_norm.",
        ),
        (r"^stages\.(\d+)\.(\d+)\.attn\.", r"encoder.layers.\1.blocks.\2.attention."),
        (r"^stages\.(\d+)\.(\d+)\.fc(\d)\.", r"encoder.layers.\1.blocks.\2.mlp.dense\3."),
        (r"^stages\.(\d+)\.(\d+)\.dw\.", r"encoder.layers.\1.blocks.\2.mlp.dwconv.dwconv."),
    ],
    # session 19: BROS's 8 corner coordinates (scaled by 100) and the query-dependent box score
    "bros_partial_linear": [
        (r"^(word|token_type)\.", r"embeddings.\1_embeddings."),
        (r"^pos\.", "embeddings.position_embeddings."),
        (r"^emb_ln\.", "embeddings.LayerNorm."),
        (r"^box_proj\.", "bbox_embeddings.bbox_projection."),
        (r"^pool\.", "pooler.dense."),
        (_L + r"(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
        (_L + r"attn_out\.", r"encoder.layer.\1.attention.output.dense."),
        (_L + r"attn_ln\.", r"encoder.layer.\1.attention.output.LayerNorm."),
        (_L + r"up\.", r"encoder.layer.\1.intermediate.dense."),
        (_L + r"down\.", r"encoder.layer.\1.output.dense."),
        (_L + r"out_ln\.", r"encoder.layer.\1.output.LayerNorm."),
    ],
    # session 19: the config's ReLU, and GPT-2's position row 0 added to every token; Conv1D
    # kernels are [in, out] like the case's
    "decision_transformer_kernels": [
        (r"^r_emb\.", "embed_return."),
        (r"^s_emb\.", "embed_state."),
        (r"^a_emb\.", "embed_action."),
        (r"^t_emb\.", "embed_timestep."),
        (r"^emb_norm\.", "embed_ln."),
        (r"^tok_table\.", "encoder.wte."),
        (r"^pos_table\.", "encoder.wpe."),
        (r"^final_norm\.", "encoder.ln_f."),
        (r"^to_(state|action|return)\.", r"predict_\1."),
        (_GB + r"qkv_w$", r"encoder.h.\1.attn.c_attn.weight"),
        (_GB + r"qkv_b$", r"encoder.h.\1.attn.c_attn.bias"),
        (_GB + r"proj_w$", r"encoder.h.\1.attn.c_proj.weight"),
        (_GB + r"proj_b$", r"encoder.h.\1.attn.c_proj.bias"),
        (_GB + r"fc_w$", r"encoder.h.\1.mlp.c_fc.weight"),
        (_GB + r"fc_b$", r"encoder.h.\1.mlp.c_fc.bias"),
        (_GB + r"out_w$", r"encoder.h.\1.mlp.c_proj.weight"),
        (_GB + r"out_b$", r"encoder.h.\1.mlp.c_proj.bias"),
        (_GB + r"ln(\d)\.", r"encoder.h.\1.ln_\2."),
    ],
}

# how each case is called and which HF outputs its returned values are (decoders: logits)
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "bert_partition_lines": ("ids", ["last_hidden_state", "pooler_output"]),
    "pvt_v2_pairwise_widths": ("pixels", ["last_hidden_state"]),
    "bros_partial_linear": ("ids+boxes", ["last_hidden_state", "pooler_output"]),
    "decision_transformer_kernels": ("trajectory", ["state_preds", "action_preds", "return_preds"]),
}

# same_output, build_config, write, check, check_keeping_plants, main: shared with every set
_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output, build_config, write = _MAKE.same_output, _MAKE.build_config, _MAKE.write
check, check_keeping_plants, main = _MAKE.check, _MAKE.check_keeping_plants, _MAKE.main

if __name__ == "__main__":
    raise SystemExit(main())
