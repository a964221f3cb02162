"""The sixteenth fresh held-out set of re-implementations (written blind in session 21): config
styles no earlier set used (a TOML block, a ``struct`` header, ``Fraction`` multipliers with a
NamedTuple ``_replace``, an INI file, an ``IntEnum``, ``__init_subclass__`` registration, a
functional ``ParameterDict`` tree, ``shlex`` + ``argparse``, nested JSON, ``functools.partial``
zoo entries, ...) over ten architectures no earlier set has and thirteen older ones. It was NOT
run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's.

    python benchmarks/reimpl/fresh16/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh16 --mode both --show 200
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


def small(**kw) -> dict:
    """A small decoder of head size 16: vocab 256, FFN 128 (``dec``'s other sizes); ``kw`` on top."""
    return dec(**{"vocab_size": 256, "intermediate_size": 128, "head_dim": 16, **kw})


def vis(**kw) -> dict:
    """A small vision / text encoder: ``enc`` with FFN 128 (and 32-pixel images, 8-pixel patches
    where ``image`` is set)."""
    return enc(intermediate_size=128, **kw)


_PAD = 'HEADER = struct.pack("<6Hf", {}, {}, {}, {}, {}, {}, 1e-5)'
_PAD_V = (256, 64, 2, 4, 2, 128)
_MUSE = 'HP = {{"vocab": {}, "d": {}, "n_layers": {}, "heads": {}, "kv": {}, "head_dim": {}, "ffn": {}}}'
_MUSE_V = (256, 64, 2, 4, 2, 16, 128)
_BLIP = "IMG, PATCH, D, HEADS, MLP, DEPTH = {}, {}, {}, {}, {}, {}"
_BLIP_V = (32, 8, 64, 4, 128, 2)
_CSM = '    "csm-depth-tiny": partial(DepthDecoder, {}, {}, {}, {}, {}, {}, {}, {}),'
_CSM_V = (4, 64, 96, 64, 2, 4, 2, 128)
_LL = 'SIZES = {{"vocab": {}, "dim": {}, "n_layers": {}, "n_heads": {}, "n_kv": {}, "hidden": {}}}'
_LL_V = (384, 64, 2, 4, 2, 176)
_GEM = 'RUN = {{"vocab": {}, "width": {}, "depth": {}, "heads": {}, "head": {}, "ffn": {}}}'
_GEM_V = (256, 64, 2, 4, 16, 128)

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "hunyuan_vl_text_toml": (
        "hunyuan_vl_text",
        "HunYuanVLTextConfig",
        small(),
        "HunYuanVLTextModel",
        [
            sub("numLayers", "layers = {}\n", 2, 3),
            sub("numKvHeads", "kv_heads = {}\n", 2, 1),
            sub("intermediateSize", "ffn = {}\n", 128, 192),
            sub("vocabSize", "vocab = {}\n", 256, 320),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "paddleocr_vl_text_struct_header": (
        "paddleocr_vl_text",
        "PaddleOCRTextConfig",
        small(),
        "PaddleOCRTextModel",
        [
            sizes_line("numLayers", _PAD, _PAD_V, 2, 3),
            sizes_line("numKvHeads", _PAD, _PAD_V, 4, 4),
            sizes_line("vocabSize", _PAD, _PAD_V, 0, 384),
            sizes_line("intermediateSize", _PAD, _PAD_V, 5, 96),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "granite4_vision_text_fractions": (
        "granite4_vision_text",
        "Granite4VisionTextConfig",
        small(
            rms_norm_eps=1e-6,
            embedding_multiplier=12.0,
            residual_multiplier=0.25,
            attention_multiplier=0.0625,
        ),
        "Granite4VisionTextModel",
        [
            sub("numLayers", "width=64, depth={}, heads=4)", 2, 3),
            sub("numKvHeads", "SHAPE._replace(kv_heads={}, ffn=128)", 2, 4),
            sub("intermediateSize", "SHAPE._replace(kv_heads=2, ffn={})", 128, 192),
            sub("vocabSize", "Shape()._replace(vocab={}, width", 256, 384),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen2_5_omni_text_configparser": (
        "qwen2_5_omni_text",
        "Qwen2_5OmniTextConfig",
        small(rms_norm_eps=1e-6),
        "Qwen2_5OmniThinkerTextModel",
        [
            sub("numLayers", "num_layers = {}\n", 2, 3),
            sub("numKvHeads", "num_kv_heads = {}\n", 2, 4),
            sub("intermediateSize", "mlp_hidden = {}\n", 128, 160),
            sub("vocabSize", "vocab_size = {}\n", 256, 320),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "step3p5_intenum_sizes": (
        "step3p5",
        "Step3p7TextConfig",
        small(mlp_layer_types=["dense", "dense"]),
        "Step3p7TextModel",
        [
            sub("numLayers", "    LAYERS = {}\n", 2, 3),
            sub("numKvHeads", "    KV_HEADS = {}\n", 2, 1),
            sub("intermediateSize", "    FFN = {}\n", 128, 160),
            sub("vocabSize", "    VOCAB = {}\n", 256, 320),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "muse_glimmer_text_init_subclass": (
        "muse_glimmer_text",
        "MuseGlimmerTextConfig",
        # post_norm_eps: the case writes 1e-5 for all four norms (drift21: with the class default
        # 1e-8 HF's two post norms differ, max |difference| 1.4e-1 on the same weights)
        small(layer_types=["full_attention", "full_attention"], post_norm_eps=1e-5),
        "MuseGlimmerTextModel",
        [
            sizes_line("numLayers", _MUSE, _MUSE_V, 2, 3),
            sizes_line("numKvHeads", _MUSE, _MUSE_V, 4, 4),
            sizes_line("headDim", _MUSE, _MUSE_V, 5, 32),
            sizes_line("intermediateSize", _MUSE, _MUSE_V, 6, 256),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "instructblipvideo_vision_model_param_tree": (
        "instructblipvideo_vision_model",
        "InstructBlipVideoVisionConfig",
        vis(image_size=32, patch_size=8),
        "InstructBlipVideoVisionModel",
        [
            sizes_line("numLayers", _BLIP, _BLIP_V, 5, 3),
            sizes_line("intermediateSize", _BLIP, _BLIP_V, 4, 256),
            sizes_line("imageSize", _BLIP, _BLIP_V, 0, 64),
            sizes_line("patchSize", _BLIP, _BLIP_V, 1, 4),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "tipsv2_text_model_shlex_argparse": (
        "tipsv2_text_model",
        "Tipsv2TextConfig",
        vis(vocab_size=256, max_position_embeddings=32),
        "Tipsv2TextModel",
        [
            sub("vocabSize", "--vocab {} --width", 256, 320),
            sub("numLayers", "--layers {} --heads", 2, 3),
            sub("intermediateSize", "--mlp {} --max-len", 128, 64),
        ],
        [("vocabSize", "vocab_size", 384, 256), ("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "videoprism_text_model_nested_json": (
        "videoprism_text_model",
        "VideoPrismTextConfig",
        vis(vocab_size=256),
        "VideoPrismTextModel",
        [
            sub("vocabSize", '"vocab": {}, "dim"', 256, 384),
            sub("numLayers", '"depth": {},', 2, 3),
            sub("intermediateSize", '"mlp_dim": {},', 128, 256),
        ],
        [("numLayers", "num_hidden_layers", 3, 2), ("vocabSize", "vocab_size", 320, 256)],
    ),
    "csm_depth_decoder_model_partial_variants": (
        "csm_depth_decoder_model",
        "CsmDepthDecoderConfig",
        small(
            vocab_size=64,
            num_codebooks=4,
            backbone_hidden_size=96,
            max_position_embeddings=5,
            rope_parameters=set_checks.rope(500000.0),
        ),
        "CsmDepthDecoderModel",
        [
            sizes_line("numLayers", _CSM, _CSM_V, 4, 3),
            sizes_line("vocabSize", _CSM, _CSM_V, 1, 96),
            sizes_line("intermediateSize", _CSM, _CSM_V, 7, 256),
            sizes_line("numKvHeads", _CSM, _CSM_V, 6, 1),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "llama_deepcopy_prototype": (
        "llama",
        "LlamaConfig",
        dec(500000.0, vocab_size=384, intermediate_size=176),
        "LlamaForCausalLM",
        [
            sizes_line("numLayers", _LL, _LL_V, 2, 3),
            sizes_line("numKvHeads", _LL, _LL_V, 4, 4),
            sizes_line("intermediateSize", _LL, _LL_V, 5, 256),
            sizes_line("vocabSize", _LL, _LL_V, 0, 512),
            sub("ropeTheta", "THETA, EPS = {}, 1e-5", 500000.0, 10000.0),
        ],
        [("vocabSize", "vocab_size", 256, 384)],
    ),
    "mistral_type_call": (
        "mistral",
        "MistralConfig",
        dec(
            1000000.0,
            vocab_size=320,
            hidden_size=96,
            num_attention_heads=6,
            intermediate_size=224,
            sliding_window=None,
        ),
        "MistralForCausalLM",
        [
            sub("numLayers", '        "layers": {},\n', 2, 3),
            sub("numKvHeads", '        "kv_heads": {},\n', 2, 3),
            sub("intermediateSize", '        "ffn": {},\n', 224, 256),
            sub("numHeads", '        "heads": {},\n', 6, 3),
        ],
        [("vocabSize", "vocab_size", 256, 320)],
    ),
    "qwen2_string_template": (
        "qwen2",
        "Qwen2Config",
        dec(
            1000000.0,
            vocab_size=256,
            intermediate_size=144,
            rms_norm_eps=1e-6,
            tie_word_embeddings=True,
        ),
        "Qwen2ForCausalLM",
        [
            sub("numLayers", "depth={}, heads", 2, 3),
            sub("numKvHeads", "kv={}, ffn", 2, 4),
            sub("intermediateSize", "ffn={}))", 144, 192),
            sub("tieWordEmbeddings", "TIE = {}\n", True, False),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "qwen3_properties": (
        "qwen3",
        "Qwen3Config",
        small(rope_parameters=set_checks.rope(1000000.0), rms_norm_eps=1e-6),
        "Qwen3ForCausalLM",
        [
            sub("numLayers", "    n_layers = {}\n", 2, 3),
            sub("numKvHeads", "        return {}\n", 2, 1),
            sub("intermediateSize", "return {} * self.unit", 8, 12, (128, 192)),
            sub("vocabSize", "return {} * self.unit", 16, 20, (256, 320)),
            sub("ropeTheta", "    theta = {}\n", 1000000.0, 10000.0),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gemma_chainmap_overrides": (
        "gemma",
        "GemmaConfig",
        small(num_key_value_heads=1, rms_norm_eps=1e-6, hidden_activation="gelu_pytorch_tanh"),
        "GemmaModel",
        [
            sizes_line("numLayers", _GEM, _GEM_V, 2, 3),
            sizes_line("intermediateSize", _GEM, _GEM_V, 5, 192),
            sizes_line("vocabSize", _GEM, _GEM_V, 0, 320),
            sub("numKvHeads", '"heads": 8, "kv": {}, "head"', 1, 2),
        ],
        [("headDim", "head_dim", 32, 16)],
    ),
    "phi3_card_regex": (
        "phi3",
        "Phi3Config",
        dec(vocab_size=448, intermediate_size=160),
        "Phi3Model",
        [
            sub("numLayers", "a {}-layer decoder", 2, 3),
            sub("numKvHeads", "sharing {} key/value", 2, 4),
            sub("intermediateSize", "MLP of {} units", 160, 192),
            sub("vocabSize", "a {}-token vocabulary", 448, 512),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "olmo2_nested_dataclasses": (
        "olmo2",
        "Olmo2Config",
        dec(vocab_size=320, intermediate_size=128, num_key_value_heads=4, rms_norm_eps=1e-6),
        "Olmo2Model",
        [
            sub("numLayers", "    n_layers: int = {}\n", 2, 3),
            sub("vocabSize", "    vocab_size: int = {}\n", 320, 384),
            sub("intermediateSize", "MlpCfg(hidden={}))", 128, 192),
            sub("numKvHeads", "    n_kv_heads: int = {}\n", 4, 2),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "gpt2_sequential_ordereddict": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=512, n_positions=128, n_embd=64, n_head=4, n_layer=2, **set_checks.TOKENS),
        "GPT2Model",
        [
            sub("vocabSize", "N_VOCAB = {}\n", 512, 640),
            sub("maxPositionEmbeddings", "N_CTX = {}\n", 128, 256),
            sub("numLayers", "N_LAYER = {}\n", 2, 3),
            sub("intermediateSize", "N_INNER = {} * N_EMBD", 4, 3, (256, 192)),
        ],
        [("vocabSize", "vocab_size", 384, 512)],
    ),
    "bert_builder_add": (
        "bert",
        "BertConfig",
        enc(vocab_size=320, intermediate_size=256, max_position_embeddings=64),
        "BertModel",
        [
            sub("vocabSize", "def __init__(self, vocab={}, width", 320, 384),
            sub("maxPositionEmbeddings", "max_pos={}, type_vocab", 64, 128),
            sub("numLayers", "def __init__(self, layers={}, heads", 2, 3),
            sub("intermediateSize", "heads=4, ffn={}):", 256, 128),
        ],
        [("typeVocabSize", "type_vocab_size", 3, 2)],
    ),
    "vit_big_vision_port": (
        "vit",
        "ViTConfig",
        vis(image_size=32, patch_size=8),
        "ViTModel",
        [
            sub("patchSize", 'VARIANT = "Ti/{}"', 8, 4),
            sub("numLayers", 'DEPTHS = {{"Ti": {},', 2, 3),
            sub("intermediateSize", 'MLP_DIMS = {{"Ti": {},', 128, 256),
            sub("imageSize", "IMAGE = {}\n", 32, 64),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "starcoder2_bit_shifts": (
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
            sub("vocabSize", "VOCAB = 1 << {}\n", 9, 10, (512, 1024)),
            sub("numKvHeads", "KV_HEADS = 1 << {}\n", 1, 2, (2, 4)),
            sub("intermediateSize", "FFN = 1 << {}\n", 8, 7, (256, 128)),
            sub("numLayers", "LAYERS = 1 << {}\n", 1, 2, (2, 4)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mixtral_validated_settings": (
        "mixtral",
        "MixtralConfig",
        dec(vocab_size=256, intermediate_size=96, num_local_experts=4, num_experts_per_tok=2),
        "MixtralModel",
        [
            sub("numLayers", "S.n_layer = {}\n", 2, 3),
            sub("numExperts", "S.n_expert = {}\n", 4, 8),
            sub("intermediateSize", "S.n_expert_ffn = {}\n", 96, 128),
            sub("numKvHeads", "S.n_kv_head = {}\n", 2, 4),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "opt_namespace_vars": (
        "opt",
        "OPTConfig",
        dict(
            vocab_size=384,
            hidden_size=64,
            num_hidden_layers=2,
            ffn_dim=256,
            num_attention_heads=4,
            max_position_embeddings=64,
            word_embed_proj_dim=64,
            **set_checks.TOKENS,
        ),
        "OPTModel",
        [
            sub("numLayers", "    decoder_layers={},\n", 2, 3),
            sub("intermediateSize", "    decoder_ffn_embed_dim={},\n", 256, 128),
            sub("maxPositionEmbeddings", "    max_target_positions={},\n", 64, 128),
            sub("vocabSize", "    vocab={},\n", 384, 512),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "bloom_column_table": (
        "bloom",
        "BloomConfig",
        dict(vocab_size=384, hidden_size=64, n_layer=2, n_head=4, **set_checks.TOKENS),
        "BloomModel",
        [
            sub("vocabSize", "VOCABS = [{}, 250880", 384, 512),
            sub("numLayers", "LAYERS = [{}, 24", 2, 3),
            sub("hiddenSize", "WIDTHS = [{}, 1024", 64, 96),
        ],
        [("numLayers", "n_layer", 3, 2)],
    ),
}

# case parameter (regex) -> the HF tensors it is cut from: HF names under ``model.``
_HF_NAMES = [(r"^lm_head\.", "lm_head."), (r"^", "model.")]
# a base model (no ``model.`` prefix) whose MLP projections are held on the layer itself
_BASE_MLP = [(r"^layers\.(\d+)\.(gate|up|down)_proj", r"layers.\1.mlp.\2_proj"), (r"^", "")]
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_deepcopy_prototype": _HF_NAMES,
    "mistral_type_call": _HF_NAMES,
    "qwen2_string_template": _HF_NAMES,
    "qwen3_properties": _HF_NAMES,
    # base models (no ``model.`` prefix): the last hidden states are compared
    "granite4_vision_text_fractions": _BASE_MLP,
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "granite4_vision_text_fractions": ("ids", ["last_hidden_state"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
