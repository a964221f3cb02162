"""The fourteenth fresh held-out set of re-implementations (written blind in session 19):
hand-written cases of architectures no earlier set has (Qwen2.5-VL's text tower, Doge,
Idefics3's and SmolVLM's vision towers, MLCD, BLIP's and FLAVA's text encoders, ViLT,
UniSpeech-SAT, CPM-Ant, BigBird-Pegasus) and of older ones, each in a code style no earlier set
uses (scan-style ``torch.func`` stacked layers, a JAX-style parameter tree, a flat
``ParameterList``, a context-manager settings stack, ``match`` mapping capture, ...). It was
NOT run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's. Configs are written by
transformers' config classes.

    python benchmarks/reimpl/fresh14/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh14 --mode both --show 200
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

_QVL = "VOCAB, *MIDDLE, KV_HEADS = ({}, {}, {}, {}, {}, {})"
_QVL_V = (384, 64, 2, 4, 160, 2)
_Q3 = (
    '    "Base", (), {{"vocab": {}, "width": {}, "heads": {}, "kv_heads": {}, "head_dim": {}, '
    '"ffn": {}}}'
)
_Q3_V = (384, 64, 4, 2, 32, 192)
_DOGE = "_STACK = [dict(vocab={}, hidden={}, layers={}, heads={}, kv_heads={}, inter={})]"
_DOGE_V = (320, 64, 2, 4, 2, 128)
_VILT = 'RECORD = "{:>5}{:>5}{:>5}{:>5}{:>5}{:>5}{:>5}{:>5}"'
_VILT_V = (32, 8, 64, 4, 128, 2, 40, 256)
_FLAVA = "VOCAB, MAX_LEN, TYPES = {}, {}, {}"
_SLM = "VOCAB, WIDTH, N_HEADS, N_KV, FFN = {}, {}, {}, {}, {}"
_SLM_V = (512, 64, 4, 2, 176)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "llama_jax_param_tree": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=448, intermediate_size=160),
        "LlamaForCausalLM",
        [
            sub("numLayers", "def init_shapes(vocab=448, d=64, depth={},", 2, 3),
            sub("intermediateSize", "n_kv=2, mlp={}):", 160, 192),
            sub("ropeTheta", "HEADS, KV_HEADS, THETA, EPS = 4, 2, {}, 1e-5", 10000.0, 500000.0),
        ],
        [
            ("vocabSize", "vocab_size", 512, 448),
            ("numKvHeads", "num_key_value_heads", 4, 2),
        ],
    ),
    "qwen2_5_vl_text_func_scan": (
        "qwen2_5_vl_text",
        "Qwen2_5_VLTextConfig",
        dec(1000000.0, vocab_size=384, intermediate_size=160, rms_norm_eps=1e-6),
        "Qwen2_5_VLTextModel",
        [
            sizes_line("numKvHeads", _QVL, _QVL_V, 5, 1),
            sizes_line("numLayers", _QVL, _QVL_V, 2, 3),
            sizes_line("intermediateSize", _QVL, _QVL_V, 4, 224),
        ],
        [("vocabSize", "vocab_size", 448, 384)],
    ),
    "mistral_gcd_kv": (
        "mistral",
        "MistralConfig",
        dec(
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=256,
            num_hidden_layers=3,
            sliding_window=32,
        ),
        "MistralForCausalLM",
        [
            sub("numKvHeads", "TP_DEGREE = {}\n", 4, 3, (2, 3)),
            sub("intermediateSize", "HIDDEN = {}\n", 256, 320),
            sub("numLayers", "N_LAYERS = {}\n", 3, 2),
        ],
        [("vocabSize", "vocab_size", 448, 512)],
    ),
    "qwen2_preset_index": (
        "qwen2",
        "Qwen2Config",
        dec(
            1000000.0,
            vocab_size=320,
            intermediate_size=192,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
        ),
        "Qwen2ForCausalLM",
        [
            sub("numLayers", "LAYERS = (1, {}, 4, 8)", 2, 3),
            sub("vocabSize", "VOCAB = {}\n", 320, 384),
            sub("intermediateSize", "FFNS = (96, {}, 384, 768)", 192, 256),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "phi3_kwargs_pop": (
        "phi3",
        "Phi3Config",
        dec(vocab_size=448, intermediate_size=192),
        "Phi3ForCausalLM",
        [
            sub("numKvHeads", 'kw.pop("n_kv_heads", {})', 2, 4),
            sub("intermediateSize", 'kw.pop("ffn", {})', 192, 256),
            sub("numLayers", 'kw.pop("n_layers", {})', 2, 3),
        ],
        [("vocabSize", "vocab_size", 512, 448)],
    ),
    "gemma_match_mapping": (
        "gemma",
        "GemmaConfig",
        dec(
            num_key_value_heads=1,
            head_dim=32,
            intermediate_size=256,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
        ),
        "GemmaForCausalLM",
        [
            sub("numKvHeads", '    "kv_heads": {},\n', 1, 2),
            sub("headDim", '    "head_dim": {},\n', 32, 16),
            sub("intermediateSize", '    "mlp": {},\n', 256, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen3_type_call": (
        "qwen3",
        "Qwen3Config",
        dec(
            1000000.0,
            vocab_size=384,
            num_hidden_layers=3,
            head_dim=32,
            intermediate_size=192,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
        ),
        "Qwen3ForCausalLM",
        [
            sizes_line("headDim", _Q3, _Q3_V, 4, 16),
            sizes_line("numKvHeads", _Q3, _Q3_V, 3, 4),
            sub("numLayers", '{{"layers": {}, "eps"', 3, 2),
        ],
        [("intermediateSize", "intermediate_size", 256, 192)],
    ),
    "mixtral_named_experts": (
        "mixtral",
        "MixtralConfig",
        dec(
            vocab_size=384,
            intermediate_size=96,
            num_local_experts=4,
            num_experts_per_tok=2,
        ),
        "MixtralForCausalLM",
        [
            sub("numExperts", '("n_experts", {}),', 4, 8),
            sub("numLayers", '("n_layers", {}),', 2, 3),
            sub("intermediateSize", '("expert_hidden", {}),', 96, 128),
        ],
        [("vocabSize", "vocab_size", 448, 384)],
    ),
    "olmo2_dict_update": (
        "olmo2",
        "Olmo2Config",
        dec(intermediate_size=176, rms_norm_eps=1e-6),
        "Olmo2ForCausalLM",
        [
            sub("numLayers", "SETTINGS.update(n_layers={}, mlp=176)", 2, 3),
            sub("intermediateSize", "SETTINGS.update(n_layers=2, mlp={})", 176, 224),
            sub("numKvHeads", 'SETTINGS.update({{"n_kv": {}}})', 2, 1),
        ],
        [("vocabSize", "vocab_size", 640, 512)],
    ),
    "doge_context_overrides": (
        "doge",
        "DogeConfig",
        enc(vocab_size=320, intermediate_size=128, num_key_value_heads=2, **set_checks.TOKENS),
        "DogeForCausalLM",
        [
            sizes_line("numKvHeads", _DOGE, _DOGE_V, 4, 4),
            sizes_line("intermediateSize", _DOGE, _DOGE_V, 5, 192),
            sizes_line("numLayers", _DOGE, _DOGE_V, 2, 3),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "gpt2_conv1x1": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=384, n_embd=64, n_layer=3, n_head=4, n_positions=128),
        "GPT2LMHeadModel",
        [
            sub("numLayers", "N_LAYER = {}\n", 3, 2),
            sub("intermediateSize", "MLP_MULT = {}\n", 4.0, 3.0, (256, 192)),
            sub("vocabSize", "N_VOCAB = {}\n", 384, 448),
        ],
        [
            ("maxPositionEmbeddings", "n_positions", 256, 128),
            ("numLayers", "n_layer", 4, 3),
        ],
    ),
    "opt_hex_strings": (
        "opt",
        "OPTConfig",
        enc(vocab_size=448, ffn_dim=192, max_position_embeddings=128, word_embed_proj_dim=64),
        "OPTForCausalLM",
        [
            sub("intermediateSize", '    "ffn": "{}",\n', "0xc0", "0x100", (192, 256)),
            sub("numLayers", '    "layers": "{}",\n', "0x2", "0x3", (2, 3)),
            sub("maxPositionEmbeddings", '    "max_pos": "{}",\n', "0x80", "0x100", (128, 256)),
        ],
        [("vocabSize", "vocab_size", 512, 448)],
    ),
    "gpt_neox_list_extend": (
        "gpt_neox",
        "GPTNeoXConfig",
        enc(vocab_size=512, intermediate_size=256, tie_word_embeddings=False, **set_checks.TOKENS),
        "GPTNeoXForCausalLM",
        [
            sub("numLayers", "LAYERS = 2**{}\n", 1, 2, (2, 4)),
            sub("intermediateSize", "FFN = 2**{}\n", 8, 7, (256, 128)),
            sub("vocabSize", "VOCAB = 2**{}\n", 9, 8, (512, 256)),
        ],
        [("intermediateSize", "intermediate_size", 128, 256)],
    ),
    "bert_or_fallback": (
        "bert",
        "BertConfig",
        enc(vocab_size=448, intermediate_size=256, max_position_embeddings=128),
        "BertModel",
        [
            sub("intermediateSize", '    "ffn": {},\n', None, 192, (256, 192)),
            sub("numLayers", '    "depth": {},\n', 2, 3),
            sub("typeVocabSize", '    "types": {},\n', 2, 3),
        ],
        [("vocabSize", "vocab_size", 512, 448)],
    ),
    "vit_map_blocks": (
        "vit",
        "ViTConfig",
        dict(
            image_size=48,
            patch_size=8,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=192,
            num_hidden_layers=3,
        ),
        "ViTModel",
        [
            sub("patchSize", "PATCH = {}\n", 8, 16),
            sub("numLayers", "DEPTH = {}\n", 3, 2),
            sub("intermediateSize", "MLP = {}\n", 192, 256),
        ],
        [("imageSize", "image_size", 64, 48)],
    ),
    "idefics3_vision_dedent_block": (
        "idefics3_vision",
        "Idefics3VisionConfig",
        enc(intermediate_size=128, image_size=32, patch_size=8),
        "Idefics3VisionTransformer",
        [
            sub("numLayers", "    num_hidden_layers: {}\n", 2, 3),
            sub("intermediateSize", "    intermediate_size: {}\n", 128, 192),
            sub("patchSize", "    patch_size: {}\n", 8, 4),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "smolvlm_vision_param_list": (
        "smolvlm_vision",
        "SmolVLMVisionConfig",
        enc(intermediate_size=192, image_size=48, patch_size=16) | dict(num_hidden_layers=3),
        "SmolVLMVisionTransformer",
        [
            sub("numLayers", "LAYERS = 0b{}\n", "11", "10", (3, 2)),
            sub("intermediateSize", "FFN = 0x{}\n", "C0", "80", (192, 128)),
            sub("imageSize", "IMG = 0x{}\n", "30", "40", (48, 64)),
        ],
        [("patchSize", "patch_size", 8, 16)],
    ),
    "mlcd_vision_tag_recursive": (
        "mlcd_vision_model",
        "MLCDVisionConfig",
        enc(intermediate_size=160, image_size=32, patch_size=8),
        "MLCDVisionModel",
        [
            sub("numHeads", "-h{}-m160-", 4, 8),
            sub("intermediateSize", "-h4-m{}-", 160, 128),
            sub("patchSize", "-l2-p{}-", 8, 16),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "blip_text_dataclass_fields": (
        "blip_text_model",
        "BlipTextConfig",
        enc(
            vocab_size=320,
            intermediate_size=128,
            encoder_hidden_size=48,
            max_position_embeddings=96,
        ),
        "BlipTextModel",
        [
            sub("numLayers", '    "layers": "{}",\n', 2, 3),
            sub("intermediateSize", '    "ffn": "{}",\n', 128, 256),
            sub("maxPositionEmbeddings", '    "max_positions": "{}",\n', 96, 128),
        ],
        [("vocabSize", "vocab_size", 384, 320)],
    ),
    "flava_text_product_grid": (
        "flava_text_model",
        "FlavaTextConfig",
        enc(vocab_size=384, intermediate_size=256, max_position_embeddings=128),
        "FlavaTextModel",
        [
            sub("numLayers", "(64, 96), {}, (2, 4)", "(2, 3)", "(3, 2)", (2, 3)),
            sub("intermediateSize", "(2, 3), {})", "(2, 4)", "(2, 3)", (256, 192)),
            sizes_line("vocabSize", _FLAVA, (384, 128, 2), 0, 448),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 128)],
    ),
    "vilt_fixed_width_record": (
        "vilt",
        "ViltConfig",
        enc(
            vocab_size=256,
            intermediate_size=128,
            image_size=32,
            patch_size=8,
            max_position_embeddings=40,
        ),
        "ViltModel",
        [
            sizes_line("numLayers", _VILT, _VILT_V, 5, 3),
            sizes_line("intermediateSize", _VILT, _VILT_V, 4, 192),
            sizes_line("maxPositionEmbeddings", _VILT, _VILT_V, 6, 64),
        ],
        [
            ("imageSize", "image_size", 64, 32),
            ("vocabSize", "vocab_size", 320, 256),
        ],
    ),
    "unispeech_sat_starmap": (
        "unispeech-sat",
        "UniSpeechSatConfig",
        enc(
            intermediate_size=128,
            conv_dim=[32, 32],
            conv_stride=[5, 2],
            conv_kernel=[10, 3],
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
        ),
        "UniSpeechSatModel",
        [
            sub("numLayers", "LAYERS = {}\n", 2, 3),
            sub("intermediateSize", "FFN = {}\n", 128, 256),
            sub("numConvPosEmbeddings", "POS_KERNEL = {}\n", 16, 32),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "cpmant_binary_strings": (
        "cpmant",
        "CpmAntConfig",
        enc(vocab_size=256, dim_ff=160, dim_head=16),
        "CpmAntForCausalLM",
        [
            sub("intermediateSize", '"dim_ff": "{}"', "10100000", "11000000", (160, 192)),
            sub("numLayers", '"num_layers": "{}"', "10", "11", (2, 3)),
            sub("numHeads", '"num_heads": "{}"', "100", "1000", (4, 8)),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "bigbird_pegasus_side_table": (
        "bigbird_pegasus",
        "BigBirdPegasusConfig",
        dict(
            vocab_size=320,
            d_model=64,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=128,
            decoder_ffn_dim=160,
            max_position_embeddings=96,
            attention_type="original_full",
        ),
        "BigBirdPegasusModel",
        [
            sub("numEncoderLayers", '{{"encoder": {{"depth": {}', 2, 3),
            sub("numDecoderLayers", '"decoder": {{"depth": {}', 2, 1),
            sub("encoderFfnDim", '"ffn": {}}}, "decoder"', 128, 192),
        ],
        [
            ("vocabSize", "vocab_size", 384, 320),
            ("maxPositionEmbeddings", "max_position_embeddings", 128, 96),
        ],
    ),
    "granite_module_namespace": (
        "granite",
        "GraniteConfig",
        dec(
            vocab_size=448,
            intermediate_size=160,
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            residual_multiplier=0.22,
            attention_multiplier=0.0078125,
            logits_scaling=8.0,
        ),
        "GraniteForCausalLM",
        [
            sub("numLayers", '    ("num_layers", {}),', 2, 3),
            sub("numKvHeads", '    ("num_kv_heads", {}),', 2, 4),
            sub("intermediateSize", '    ("ffn_size", {}),', 160, 128),
        ],
        [("vocabSize", "vocab_size", 512, 448)],
    ),
    "stablelm_stage_sum": (
        "stablelm",
        "StableLmConfig",
        enc(
            vocab_size=512,
            intermediate_size=176,
            num_key_value_heads=2,
            partial_rotary_factor=0.25,
            layer_norm_eps=1e-5,
            tie_word_embeddings=False,
            **set_checks.TOKENS,
        ),
        "StableLmForCausalLM",
        [
            sub("numLayers", "STAGES = {}\n", [1, 1], [1, 1, 1], (2, 3)),
            sizes_line("numKvHeads", _SLM, _SLM_V, 3, 4),
            sizes_line("intermediateSize", _SLM, _SLM_V, 4, 256),
        ],
        [("vocabSize", "vocab_size", 384, 512)],
    ),
    "distilbert_range_objects": (
        "distilbert",
        "DistilBertConfig",
        dict(
            vocab_size=320,
            dim=64,
            hidden_dim=192,
            n_layers=2,
            n_heads=4,
            max_position_embeddings=128,
        ),
        "DistilBertModel",
        [
            sub("numLayers", "LAYER_IDS = range({})", 2, 3),
            sub("intermediateSize", "HIDDEN = range(0, {}, 64).stop", 192, 256),
            sub("vocabSize", "VOCAB = range({}).stop", 320, 384),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 256, 128)],
    ),
    "electra_copy_override": (
        "electra",
        "ElectraConfig",
        enc(
            vocab_size=384,
            embedding_size=32,
            intermediate_size=128,
            max_position_embeddings=128,
        ),
        "ElectraModel",
        [
            sub("embeddingSize", "RUN.embedding = {}\n", 32, 48),
            sub("numLayers", "RUN.layers = {}\n", 2, 3),
            sub("intermediateSize", "RUN.ffn = {}\n", 128, 256),
        ],
        [("vocabSize", "vocab_size", 448, 384)],
    ),
    "deit_subclass_attrs": (
        "deit",
        "DeiTConfig",
        enc(intermediate_size=160, image_size=32, patch_size=8),
        "DeiTModel",
        [
            sub("numLayers", "    depth = {}\n", 2, 3),
            sub("intermediateSize", "    mlp = {}\n", 160, 192),
            sub("patchSize", "    patch = {}\n", 8, 16),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "roberta_attrgetter_paths": (
        "roberta",
        "RobertaConfig",
        enc(
            vocab_size=512,
            intermediate_size=192,
            max_position_embeddings=66,
            type_vocab_size=1,
        ),
        "RobertaModel",
        [
            sub("numLayers", "        depth = {}\n", 2, 3),
            sub("intermediateSize", "        ffn = {}\n", 192, 256),
            sub("vocabSize", "        vocab = {}\n", 512, 448),
        ],
        [("maxPositionEmbeddings", "max_position_embeddings", 130, 66)],
    ),
}

# case parameter (regex) -> the HF tensors it is cut from (concatenated along dim 0)
_FL = r"^params\.layers__(\d+)__"
_FH = r"model.layers.\1."
_GB = r"^h\.(\d+)\."
_GH = r"transformer.h.\1."

SAME_OUTPUT: dict[str, list[tuple]] = {
    # a Flax-style tree of [in, out] kernels over Llama's [out, in] Linear weights
    "llama_jax_param_tree": [
        (r"^params\.embedder__table$", "model.embed_tokens.weight"),
        (r"^params\.final_norm__scale$", "model.norm.weight"),
        (r"^params\.head__kernel$", "lm_head.weight", "T"),
        (_FL + r"attn__w([qkvo])$", _FH + r"self_attn.\2_proj.weight", "T"),
        (_FL + r"mlp__w_(gate|up|down)$", _FH + r"mlp.\2_proj.weight", "T"),
        (_FL + r"norm_attn__scale$", _FH + "input_layernorm.weight"),
        (_FL + r"norm_mlp__scale$", _FH + "post_attention_layernorm.weight"),
    ],
    # GPT-2's Conv1D [in, out] kernels as 1x1 nn.Conv1d [out, in, 1] weights
    "gpt2_conv1x1": [
        (r"^(wte|wpe|ln_f)\.", r"transformer.\1."),
        (_GB + r"(ln_1|ln_2)\.", _GH + r"\2."),
        (_GB + r"(c_attn|c_proj)\.weight$", _GH + r"attn.\2.weight", "Treshape"),
        (_GB + r"(c_attn|c_proj)\.bias$", _GH + r"attn.\2.bias"),
        (_GB + r"c_fc\.weight$", _GH + "mlp.c_fc.weight", "Treshape"),
        (_GB + r"c_fc\.bias$", _GH + "mlp.c_fc.bias"),
        (_GB + r"mlp_proj\.weight$", _GH + "mlp.c_proj.weight", "Treshape"),
        (_GB + r"mlp_proj\.bias$", _GH + "mlp.c_proj.bias"),
    ],
    # HF-like names with the MLP's projections on the layer; tied head
    "qwen2_preset_index": [
        (r"^lm_head\.", "lm_head."),
        (r"^layers\.(\d+)\.(gate|up|down)_proj\.", r"model.layers.\1.mlp.\2_proj."),
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
