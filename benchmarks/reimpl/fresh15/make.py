"""The fifteenth fresh held-out set of re-implementations (written blind in session 20): "user's
own code" shapes (a lit-gpt style Config with a padded vocab, a torch.hub ``hubconf``, a registry
of blocks, a paper repo's args dataclass with ``__post_init__``, a Flax port with ``kernel`` /
``scale`` names) over architectures no earlier set has. It was NOT run through driftcheck while
it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's, ``dec`` fresh12's. Configs are written by
transformers' config classes.

    python benchmarks/reimpl/fresh15/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh15 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh12.make import dec  # noqa: E402


def enc(**kw) -> dict:
    """A small encoder / vision config: width 64, 4 heads, 2 layers; ``kw`` on top."""
    return dict(hidden_size=64, num_attention_heads=4, num_hidden_layers=2, **kw)


def moe(**kw) -> dict:
    """A small decoder with 4 routed experts of width 32, 2 per token; ``kw`` on top."""
    return dec(
        vocab_size=256,
        intermediate_size=128,
        head_dim=16,
        moe_intermediate_size=32,
        num_experts_per_tok=2,
        **kw,
    )


_STACK = "N_LAYER, D_MODEL, N_HEAD, N_KV, D_FF, N_VOCAB = {}, {}, {}, {}, {}, {}"
_STACK_V = (2, 64, 4, 2, 160, 384)
_VIT = "WIDTH, DEPTH, HEADS, MLP = {}, {}, {}, {}"
_VIT_V = (64, 2, 4, 128)
_OLMO = "D_MODEL, N_LAYERS, N_HEADS, VOCAB = {}, {}, {}, {}"
_OLMO_V = (64, 2, 4, 512)
# the stacked Llama's [layer, ...] tensors: every layer's HF tensor, concatenated and reshaped
_L2 = "model.layers.0.{0}+model.layers.1.{0}"

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "glm_ocr_text_lit_config": (
        "glm_ocr_text",
        "GlmOcrTextConfig",
        dec(vocab_size=256, intermediate_size=128),
        "GlmOcrTextModel",
        [
            # the table's vocab is padded up to a multiple of 64: 300 -> 320 rows
            sub("vocabSize", "        vocab_size={},\n", 256, 300, (256, 320)),
            sub("numLayers", "        n_layer={},\n", 2, 3),
            sub("numKvHeads", "        n_query_groups={},\n", 2, 4),
            sub("intermediateSize", "        intermediate_size={},\n", 128, 192),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "molmo2_text_hubconf": (
        "molmo2_text",
        "Molmo2TextConfig",
        dec(
            1000000.0,
            vocab_size=256,
            additional_vocab_size=128,
            intermediate_size=128,
            head_dim=16,
            rms_norm_eps=1e-6,
        ),
        "Molmo2TextModel",
        [
            # the embedding is vocab + new tokens: 384 rows vs 448
            sub("vocabSize", "_TINY = dict(vocab={}, new_tokens", 256, 320, (384, 448)),
            sub("numLayers", "dim=64, depth={}, heads", 2, 3),
            sub("numKvHeads", "heads=4, kv_heads={}, ffn", 2, 1),
            sub("intermediateSize", "kv_heads=2, ffn={})", 128, 96),
        ],
        [("intermediateSize", "intermediate_size", 160, 128)],
    ),
    "afmoe_block_registry": (
        "afmoe",
        "AfmoeConfig",
        moe(num_experts=4, num_shared_experts=1, num_dense_layers=1),
        "AfmoeForCausalLM",
        [
            sub("numExperts", '        "experts": {},\n', 4, 8),
            sub("moeIntermediateSize", '        "expert_ffn": {},\n', 32, 48),
            sub("numLayers", 'LAYOUT = "{}"', "DM", "DMM", (2, 3)),
            sub("intermediateSize", '        "ffn": {},\n', 128, 96),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "exaone_moe_paper_args": (
        "exaone_moe",
        "ExaoneMoeConfig",
        moe(num_experts=4, num_shared_experts=1),
        "ExaoneMoeForCausalLM",
        [
            sub("numKvHeads", "    n_kv_heads: int = {}\n", 2, 4),
            sub("moeIntermediateSize", "    d_expert: int = {}\n", 32, 16),
            sub("numExperts", "    n_experts: int = {}\n", 4, 6),
            sub("vocabSize", "    vocab_size: int = {}\n", 256, 384),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "solar_open_flax_port": (
        "solar_open",
        "SolarOpenConfig",
        moe(n_routed_experts=4, n_shared_experts=1),
        "SolarOpenForCausalLM",
        [
            sub("numLayers", "        num_layers={},\n", 2, 3),
            sub("numKvHeads", "        num_kv_heads={},\n", 2, 1),
            sub("moeIntermediateSize", "        expert_mlp_dim={},\n", 32, 64),
            sub("numExperts", "        num_experts={},\n", 4, 2),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "kolibri1_nanogpt": (
        "kolibri1",
        "Kolibri1Config",
        moe(num_local_experts=4, shared_expert_intermediate_size=48, rms_norm_eps=1e-6),
        "Kolibri1ForCausalLM",
        [
            # the run name carries the expert count / widths and the depth
            sub("numExperts", 'RUN = "kolibri1-moe-e{}x32-s48-L2"', 4, 8),
            sub("moeIntermediateSize", 'RUN = "kolibri1-moe-e4x{}-s48-L2"', 32, 16),
            sub("sharedExpertIntermediateSize", 'RUN = "kolibri1-moe-e4x32-s{}-L2"', 48, 64),
            sub("numLayers", 'RUN = "kolibri1-moe-e4x32-s48-L{}"', 2, 3),
            sub("numKvHeads", "    n_kv_head: int = {}\n", 2, 4),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "qwen3_vl_moe_text_einsum": (
        "qwen3_vl_moe_text",
        "Qwen3VLMoeTextConfig",
        moe(num_experts=4, rms_norm_eps=1e-6),
        "Qwen3VLMoeTextModel",
        [
            sub("numLayers", '        "num_hidden_layers": {},\n', 2, 3),
            sub("numKvHeads", '        "num_key_value_heads": {},\n', 2, 1),
            sub("numExperts", '        "num_experts": {},\n', 4, 8),
            sub("moeIntermediateSize", '        "moe_intermediate_size": {},\n', 32, 48),
        ],
        [("vocabSize", "vocab_size", 384, 256)],
    ),
    "glm4v_moe_text_bytearray_setattr": (
        "glm4v_moe_text",
        "Glm4vMoeTextConfig",
        moe(n_routed_experts=4, n_shared_experts=1, first_k_dense_replace=1),
        "Glm4vMoeTextModel",
        [
            # bytes: vocab // 8, width, layers, heads, kv heads, ffn // 2, experts, expert ffn, dense
            sub("numLayers", "PACKED = bytearray([32, 64, {}, 4, 2, 64, 4, 32, 1])", 2, 3),
            sub(
                "vocabSize",
                "PACKED = bytearray([{}, 64, 2, 4, 2, 64, 4, 32, 1])",
                32,
                40,
                (256, 320),
            ),
            sub(
                "intermediateSize",
                "PACKED = bytearray([32, 64, 2, 4, 2, {}, 4, 32, 1])",
                64,
                96,
                (128, 192),
            ),
            sub("numExperts", "PACKED = bytearray([32, 64, 2, 4, 2, 64, {}, 32, 1])", 4, 6),
        ],
        [("moeIntermediateSize", "moe_intermediate_size", 48, 32)],
    ),
    "glm_image_text_removeprefix": (
        "glm_image_text",
        "GlmImageTextConfig",
        dec(vocab_size=256, intermediate_size=128),
        "GlmImageTextModel",
        [
            sub("numLayers", '    "text.layers": {},\n', 2, 3),
            sub("numKvHeads", '    "text.kv_heads": {},\n', 2, 4),
            sub("intermediateSize", '    "text.ffn": {},\n', 128, 160),
            sub("vocabSize", '    "text.vocab": {},\n', 256, 320),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "granite_docling_text_dict_update": (
        "granite_docling_text",
        "GraniteDoclingTextConfig",
        dec(vocab_size=256, intermediate_size=128),
        "GraniteDoclingTextModel",
        [
            sub("numLayers", "n_vocab=256, d_model=64, n_layers={})", 2, 3),
            sub("vocabSize", "hp.__dict__.update(n_vocab={},", 256, 384),
            sub("numKvHeads", '"n_kv": {}, "d_ff"', 2, 1),
            sub("intermediateSize", '"d_ff": {}, "theta"', 128, 192),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
    "llama_environ_defaults": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=384, intermediate_size=160),
        "LlamaForCausalLM",
        [
            sub("numLayers", 'os.environ.get("LLAMA_LAYERS", "{}")', 2, 3),
            sub("intermediateSize", 'os.environ.get("LLAMA_FFN", "{}")', 160, 224),
            sub("numKvHeads", 'os.environ.get("LLAMA_KV_HEADS", "{}")', 2, 4),
            sub(
                "ropeTheta",
                'os.environ.get("LLAMA_ROPE_THETA", "{}")',
                "10000.0",
                "500000.0",
                (10000.0, 500000.0),
            ),
        ],
        [("vocabSize", "vocab_size", 448, 384)],
    ),
    "qwen2_fromkeys": (
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
            # "layers_x2" halves: 4 -> 2 layers, 6 -> 3. Session 23: the plant overrides the
            # depth alone (it was the shared fill value 6, which made the heads 6 as well:
            # two facts changed, q_proj 64 -> 60 wide)
            (
                "numLayers",
                'S.update(dict.fromkeys(("heads", "layers_x2"), 4))',
                'S.update(dict.fromkeys(("heads", "layers_x2"), 4), layers_x2=6)',
                2,
                3,
            ),
            sub("intermediateSize", "S.update(vocab=320, kv_heads=2, ffn={},", 192, 256),
            sub("vocabSize", "S.update(vocab={}, kv_heads", 320, 384),
            (
                "tieWordEmbeddings",
                "        self.lm_head.weight = self.embed_tokens.weight\n",
                "        # untied: the head keeps its own weights\n",
                True,
                False,
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "mistral_lru_cache_factory": (
        "mistral",
        "MistralConfig",
        dec(
            vocab_size=448,
            hidden_size=96,
            num_attention_heads=6,
            num_hidden_layers=3,
            intermediate_size=256,
        ),
        "MistralForCausalLM",
        [
            sub("vocabSize", "return ({}, 96, 3, 6, 2, 256)", 448, 512),
            sub("numKvHeads", "return (448, 96, 3, 6, {}, 256)", 2, 3),
            sub("intermediateSize", "return (448, 96, 3, 6, 2, {})", 256, 320),
            sub("numLayers", "return (448, 96, {}, 6, 2, 256)", 3, 2),
        ],
        [("numHeads", "num_attention_heads", 4, 6)],
    ),
    "qwen3_class_decorator": (
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
            sub("numLayers", "width=64, layers={}, heads", 3, 2),
            sub("headDim", "kv_heads=2, head_dim={}, ffn", 32, 16),
            sub("intermediateSize", "head_dim=32, ffn={})", 192, 128),
            sub("numKvHeads", "heads=4, kv_heads={}, head_dim", 2, 1),
        ],
        [("vocabSize", "vocab_size", 320, 384)],
    ),
    "gemma_setdefault_chain": (
        "gemma",
        "GemmaConfig",
        dec(
            vocab_size=320,
            num_hidden_layers=3,
            num_key_value_heads=1,
            head_dim=32,
            intermediate_size=256,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
        ),
        "GemmaForCausalLM",
        [
            # the user's dict wins over the setdefault fallbacks
            sub("numLayers", 'user_cfg = {{"vocab": 320, "layers": {}}}', 3, 2),
            sub("numKvHeads", 'user_cfg.setdefault("kv_heads", {})', 1, 2),
            sub("headDim", 'user_cfg.setdefault("head_dim", {})', 32, 16),
            sub("intermediateSize", 'user_cfg.setdefault("ffn", {})', 256, 192),
        ],
        [("vocabSize", "vocab_size", 256, 320)],
    ),
    "olmo2_make_dataclass": (
        "olmo2",
        "Olmo2Config",
        dec(intermediate_size=176, rms_norm_eps=1e-6),
        "Olmo2ForCausalLM",
        [
            sub("numLayers", '        ("n_layers", int, {}),', 2, 3),
            sub("numKvHeads", '        ("n_kv_heads", int, {}),', 2, 4),
            sub("intermediateSize", '        ("mlp_hidden", int, {}),', 176, 224),
            sub("vocabSize", '        ("vocab_size", int, {}),', 512, 640),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "phi3_itemgetter_unpack": (
        "phi3",
        "Phi3Config",
        dec(vocab_size=448, intermediate_size=192),
        "Phi3ForCausalLM",
        [
            sub("numLayers", '    "blocks": {},\n', 2, 3),
            sub("numKvHeads", '    "kv_heads": {},\n', 2, 4),
            sub("intermediateSize", '    "mlp": {},\n', 192, 256),
            sub("vocabSize", '    "vocab": {},\n', 448, 512),
        ],
        [("intermediateSize", "intermediate_size", 128, 192)],
    ),
    "granite_getopt_argv": (
        "granite",
        "GraniteConfig",
        dec(
            intermediate_size=192,
            embedding_multiplier=12.0,
            residual_multiplier=0.22,
            attention_multiplier=0.0625,
            logits_scaling=8.0,
        ),
        "GraniteForCausalLM",
        [
            sub("numLayers", '"64", "-l", "{}", "-h"', 2, 3),
            sub("numKvHeads", '"4", "-k", "{}", "-f"', 2, 1),
            sub("intermediateSize", '"-f", "{}"]', 192, 256),
            sub("vocabSize", 'DEFAULT_ARGV = ["-v", "{}",', 512, 384),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "mixtral_userdict_missing": (
        "mixtral",
        "MixtralConfig",
        dec(vocab_size=384, intermediate_size=96, num_local_experts=4, num_experts_per_tok=2),
        "MixtralForCausalLM",
        [
            sub("numExperts", "kv_heads=2, experts={}, expert_ffn", 4, 8),
            sub("intermediateSize", "experts=4, expert_ffn={})", 96, 128),
            sub("numLayers", "dim=64, layers={}, heads", 2, 3),
            sub("vocabSize", "SIZES = Sizes(vocab={},", 384, 256),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "starcoder2_dict_union": (
        "starcoder2",
        "Starcoder2Config",
        dict(
            vocab_size=384,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=256,
            tie_word_embeddings=True,
            norm_epsilon=1e-5,
            use_bias=True,
            **set_checks.TOKENS,
        ),
        "Starcoder2ForCausalLM",
        [
            # the run's "layers" overrides the preset's
            sub("numLayers", 'RUN = {{"ffn": 256, "layers": {}}}', 2, 3),
            sub("intermediateSize", 'RUN = {{"ffn": {}, "layers": 2}}', 256, 192),
            sub("numKvHeads", '"heads": 4, "kv_heads": {}}}', 2, 4),
            sub("vocabSize", 'PRESET_TINY = {{"vocab": {},', 384, 320),
        ],
        [("vocabSize", "vocab_size", 320, 384)],
    ),
    "qwen2_audio_encoder_split_lines": (
        "qwen2_audio_encoder",
        "Qwen2AudioEncoderConfig",
        dict(
            d_model=64,
            encoder_layers=2,
            encoder_attention_heads=4,
            encoder_ffn_dim=128,
            num_mel_bins=16,
            max_source_positions=32,
        ),
        "Qwen2AudioEncoder",
        [
            sub("numMelBins", "n_mels {}\n", 16, 32),
            sub("maxSourcePositions", "n_audio_ctx {}\n", 32, 64),
            sub("numEncoderLayers", "n_audio_layer {}\n", 2, 3),
            sub("encoderFfnDim", "n_audio_mlp {}\n", 128, 256),
        ],
        [("numEncoderLayers", "encoder_layers", 3, 2)],
    ),
    "aimv2_text_model_tuple_spec": (
        "aimv2_text_model",
        "Aimv2TextConfig",
        enc(vocab_size=256, intermediate_size=128, max_position_embeddings=32, eos_token_id=2),
        "Aimv2TextModel",
        [
            sub("vocabSize", '    ("vocab", {}),\n', 256, 320),
            sub("maxPositionEmbeddings", '    ("context", {}),\n', 32, 77),
            sub("numLayers", '    ("depth", {}),\n', 2, 3),
            sub("intermediateSize", '    ("mlp", {}),\n', 128, 192),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "janus_vision_model_timm_like": (
        "janus_vision_model",
        "JanusVisionConfig",
        enc(image_size=32, patch_size=8, mlp_ratio=4.0),
        "JanusVisionModel",
        [
            sub("numLayers", "        depth={},\n", 2, 3),
            sub("patchSize", "        patch_size={},\n", 8, 4),
            sub("mlpRatio", "        mlp_ratio={},\n", 4.0, 3.0),
            sub("imageSize", "        img_size={},\n", 32, 64),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "llama_stacked_layer_weights": (
        "llama",
        "LlamaConfig",
        dec(vocab_size=384, intermediate_size=160),
        "LlamaForCausalLM",
        [
            sizes_line("numLayers", _STACK, _STACK_V, 0, 3),
            sizes_line("intermediateSize", _STACK, _STACK_V, 4, 128),
            sizes_line("numKvHeads", _STACK, _STACK_V, 3, 4),
            sub("ropeTheta", "ROPE_BASE, NORM_EPS = {}, 1e-5", 10000.0, 1000000.0),
        ],
        [("vocabSize", "vocab_size", 512, 384)],
    ),
    "bert_final_annotations": (
        "bert",
        "BertConfig",
        enc(vocab_size=384, intermediate_size=256, max_position_embeddings=128),
        "BertModel",
        [
            sub("numLayers", "LAYERS: Final[int] = {}\n", 2, 3),
            sub("intermediateSize", "INTERMEDIATE: Final[int] = {}\n", 256, 128),
            sub("maxPositionEmbeddings", "MAX_POSITIONS: Final[int] = {}\n", 128, 512),
            sub("typeVocabSize", "TYPE_VOCAB: Final[int] = {}\n", 2, 3),
        ],
        [("vocabSize", "vocab_size", 320, 384)],
    ),
    "vit_isqrt_patches": (
        "vit",
        "ViTConfig",
        enc(intermediate_size=128, image_size=32, patch_size=8),
        "ViTModel",
        [
            # the image is isqrt(patches) * patch: 16 patches -> 32, 64 -> 64
            sub("imageSize", "NUM_PATCHES = {}  #", 16, 64, (32, 64)),
            sizes_line("numLayers", _VIT, _VIT_V, 1, 3),
            sizes_line("intermediateSize", _VIT, _VIT_V, 3, 256),
        ],
        [("patchSize", "patch_size", 4, 8), ("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "olmo_multiple_of_ffn": (
        "olmo",
        "OlmoConfig",
        dec(intermediate_size=176, num_key_value_heads=4, tie_word_embeddings=False),
        "OlmoForCausalLM",
        [
            # ffn = 16 * ceil(int(8 * 64 / 3) / 16) = 176; multiple 64 -> 192
            sub("intermediateSize", "MULTIPLE_OF = {}\n", 16, 64, (176, 192)),
            sizes_line("numLayers", _OLMO, _OLMO_V, 1, 3),
            sizes_line("vocabSize", _OLMO, _OLMO_V, 3, 384),
        ],
        [("intermediateSize", "intermediate_size", 256, 176)],
    ),
    "voxtral_encoder_stride_slices": (
        "voxtral_encoder",
        "VoxtralEncoderConfig",
        enc(intermediate_size=128, num_mel_bins=16, max_source_positions=32),
        "VoxtralEncoder",
        [
            sub("numLayers", '"layers", {}, "ffn"', 2, 3),
            sub("intermediateSize", '"ffn", {}]', 128, 256),
            sub("numMelBins", '["mels", {}, "frames"', 16, 32),
            sub("maxSourcePositions", '"frames", {}, "width"', 32, 64),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "gpt2_conv1d_kernels": (
        "gpt2",
        "GPT2Config",
        dict(vocab_size=512, n_positions=128, n_embd=64, n_head=4, n_layer=2, **set_checks.TOKENS),
        "GPT2Model",
        [
            sub("numLayers", '"n_layer": {}}}', 2, 3),
            sub("vocabSize", '{{"n_vocab": {},', 512, 640),
            sub("maxPositionEmbeddings", '"n_ctx": {},', 128, 256),
        ],
        [("vocabSize", "vocab_size", 448, 512), ("numLayers", "n_layer", 3, 2)],
    ),
    "qwen2_moe_launch_partition": (
        "qwen2_moe",
        "Qwen2MoeConfig",
        moe(num_experts=4, shared_expert_intermediate_size=64, rms_norm_eps=1e-6),
        "Qwen2MoeForCausalLM",
        [
            sub("numLayers", "d=64 layers={} heads", 2, 3),
            sub("numExperts", "experts={} top_k", 4, 8),
            sub("moeIntermediateSize", "expert_ffn={} shared", 32, 48),
            sub("sharedExpertIntermediateSize", 'shared_ffn={}"', 64, 96),
            sub("numKvHeads", "kv={} experts", 2, 4),
        ],
        [("vocabSize", "vocab_size", 320, 256)],
    ),
}

# case parameter (regex) -> the HF tensors it is cut from: HF names under ``model.``
_HF_NAMES = [(r"^lm_head\.", "lm_head."), (r"^", "model.")]
SAME_OUTPUT: dict[str, list[tuple]] = {
    "llama_environ_defaults": _HF_NAMES,
    "qwen2_fromkeys": _HF_NAMES,
    "mistral_lru_cache_factory": _HF_NAMES,
    "llama_stacked_layer_weights": [
        (r"^tok$", "model.embed_tokens.weight"),
        (r"^unembed$", "lm_head.weight"),
        (r"^ln_out$", "model.norm.weight"),
        (r"^w([qkvo])$", _L2.format(r"self_attn.\1_proj.weight"), "reshape"),
        (r"^w_(gate|up|down)$", _L2.format(r"mlp.\1_proj.weight"), "reshape"),
        (r"^ln_attn$", _L2.format("input_layernorm.weight"), "reshape"),
        (r"^ln_mlp$", _L2.format("post_attention_layernorm.weight"), "reshape"),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

# Session 20 (reimplfix20): the MoE cases route each token to its config's top-k experts and
# AFMoE / EXAONE-MoE attend within the sliding window. Their towers omit RoPE (the set's
# caveat), so their logits cannot equal HF's; what is proven is one whole decoder layer (a MoE
# layer) with the same weights and the rotation made the identity (cos 1, sin 0) on HF's side,
# or the MoE block alone where the HF layer's M-RoPE does not fit the small head (GLM-4.5V).
# case -> (case module, HF module, [(case name regex, HF name, transform)], window text or None)
_EXAONE_W = "    window: int = {}\n"
SAME_LAYER: dict[str, tuple] = {
    "afmoe_block_registry": (
        "layers.1",
        "model.layers.1",
        [
            (r"^attn\.", "self_attn."),
            (r"^norms\.0\.", "input_layernorm."),
            (r"^norms\.1\.", "post_attention_layernorm."),
            (r"^norms\.2\.", "pre_mlp_layernorm."),
            (r"^norms\.3\.", "post_mlp_layernorm."),
            (r"^ffn\.router\.", "mlp.router.gate."),
            (r"^ffn\.gate_up$", "mlp.experts.gate_up_proj"),
            (r"^ffn\.down$", "mlp.experts.down_proj"),
            (r"^ffn\.shared\.", "mlp.shared_experts."),
            (r"^ffn\.", "mlp."),
        ],
        '        "window": {},\n',
    ),
    "exaone_moe_paper_args": (
        "blocks.1",
        "model.layers.1",
        [
            (r"^attn_norm$", "input_layernorm.weight"),
            (r"^ffn_norm$", "post_attention_layernorm.weight"),
            (r"^attn\.q_scale$", "self_attn.q_norm.weight"),
            (r"^attn\.k_scale$", "self_attn.k_norm.weight"),
            (r"^attn\.w([qkvo])\.", r"self_attn.\1_proj."),
            (r"^ffn\.w13$", "mlp.experts.gate_up_proj"),
            (r"^ffn\.w2$", "mlp.experts.down_proj"),
            (r"^ffn\.e_score", "mlp.gate.e_score"),
            (r"^ffn\.router\.", "mlp.gate."),
            (r"^ffn\.shared\.w1\.", "mlp.shared_experts.gate_proj."),
            (r"^ffn\.shared\.w3\.", "mlp.shared_experts.up_proj."),
            (r"^ffn\.shared\.w2\.", "mlp.shared_experts.down_proj."),
        ],
        _EXAONE_W,
    ),
    "solar_open_flax_port": (
        "layers.layers_1",
        "model.layers.1",
        [
            (r"^pre_self_attention_layer_norm\.scale$", "input_layernorm.weight"),
            (r"^pre_mlp_layer_norm\.scale$", "post_attention_layernorm.weight"),
            (r"^self_attention\.query\.kernel$", "self_attn.q_proj.weight", "T"),
            (r"^self_attention\.key\.kernel$", "self_attn.k_proj.weight", "T"),
            (r"^self_attention\.value\.kernel$", "self_attn.v_proj.weight", "T"),
            (r"^self_attention\.out\.kernel$", "self_attn.o_proj.weight", "T"),
            (r"^mlp\.wi$", "mlp.experts.gate_up_proj", "T12"),
            (r"^mlp\.wo$", "mlp.experts.down_proj", "T12"),
            (r"^mlp\.e_score", "mlp.gate.e_score"),
            (r"^mlp\.gate\.kernel$", "mlp.gate.weight", "T"),
            (r"^mlp\.shared_mlp\.wi_0\.kernel$", "mlp.shared_experts.gate_proj.weight", "T"),
            (r"^mlp\.shared_mlp\.wi_1\.kernel$", "mlp.shared_experts.up_proj.weight", "T"),
            (r"^mlp\.shared_mlp\.wo\.kernel$", "mlp.shared_experts.down_proj.weight", "T"),
        ],
        None,
    ),
    "qwen3_vl_moe_text_einsum": (
        "layers.1",
        "layers.1",
        [
            (r"^w([qkvo])$", r"self_attn.\1_proj.weight", "Treshape"),
            (r"^([qk])_norm$", r"self_attn.\1_norm.weight"),
            (r"^router$", "mlp.gate.weight", "T"),
            (r"^w_in$", "mlp.experts.gate_up_proj", "T12reshape"),
            (r"^w_out$", "mlp.experts.down_proj", "T12"),
            (r"^ln_attn$", "input_layernorm.weight"),
            (r"^ln_ffn$", "post_attention_layernorm.weight"),
        ],
        None,
    ),
    "glm4v_moe_text_bytearray_setattr": (
        "layer1.ffn",
        "layers.1.mlp",
        [
            (r"^gate\.", "gate."),
            (r"^e_score", "gate.e_score"),
            (r"^expert_(\d+)\.gate_proj\.weight$", "experts.gate_up_proj", "gate"),
            (r"^expert_(\d+)\.up_proj\.weight$", "experts.gate_up_proj", "up"),
            (r"^expert_(\d+)\.down_proj\.weight$", "experts.down_proj", "down"),
            (r"^shared_expert\.", "shared_experts."),
        ],
        None,
    ),
    # session 23 (burnreimpl23): top-k routing and the sliding window of the config
    "kolibri1_nanogpt": (
        "transformer.h.1",
        "model.layers.1",
        [
            (r"^ln_1\.", "input_layernorm."),
            (r"^ln_attn_out\.", "post_self_attn_layernorm."),
            (r"^ln_2\.", "post_attention_layernorm."),
            (r"^ln_mlp_out\.", "post_mlp_layernorm."),
            (r"^attn\.c_q\.", "self_attn.q_proj."),
            (r"^attn\.c_kv\.weight$", "self_attn.k_proj.weight+self_attn.v_proj.weight"),
            (r"^attn\.c_proj\.", "self_attn.o_proj."),
            (r"^attn\.q_ln\.", "self_attn.q_norm."),
            (r"^attn\.k_ln\.", "self_attn.k_norm."),
            (r"^mlp\.router\.weight$", "mlp.gate.weight"),
            (r"^mlp\.experts\.\d+\.c_fc\.weight$", "mlp.experts.gate_up_proj", "expert"),
            (r"^mlp\.experts\.\d+\.c_proj\.weight$", "mlp.experts.down_proj", "expert"),
            (
                r"^mlp\.shared\.c_fc\.weight$",
                "mlp.shared_experts.gate_proj.weight+mlp.shared_experts.up_proj.weight",
            ),
            (r"^mlp\.shared\.c_proj\.", "mlp.shared_experts.down_proj."),
        ],
        "    window: int = {}\n",
    ),
}

WINDOWS = (513, 1024, 4096)
"""The cases' window constants as written (the config's ``sliding_window``)."""


def same_layer(
    name: str,
    seq: int = 40,
    window: int | None = None,
    case_window: int | None = None,
    code: Path | None = None,
) -> float:
    """Max |output difference| between one module of case ``name`` (``SAME_LAYER``) and the HF
    model's module, with the HF module's random weights copied into the case and the same
    random hidden states in. A decoder layer gets the identity rotation and transformers' own
    mask function (causal, within ``sliding_window`` where the layer slides); ``window`` makes
    the config's window that many tokens, and the case's constant too unless ``case_window``
    says otherwise; ``code`` is a variant of the case (an earlier version, a plant)."""
    import re
    import tempfile

    import torch
    import transformers
    from transformers import masking_utils

    from benchmarks.reimpl.make import load_module, top_class

    case_mod, hf_mod, rules, win_line = SAME_LAYER[name]
    code = code or HERE / "cases" / f"{name}.py"
    over = {} if window is None else {"sliding_window": window}
    case_window = window if case_window is None else case_window
    text = code.read_text()
    old = [win_line.format(v) for v in WINDOWS if win_line and win_line.format(v) in text]
    if case_window is not None and old:  # the case's own constant (none in an unfixed case)
        code = Path(tempfile.mkdtemp()) / code.name
        code.write_text(text.replace(old[0], win_line.format(case_window)))
    cfg = build_config(name, over)
    cfg._attn_implementation = "eager"
    torch.manual_seed(0)
    hf = getattr(transformers, CASES[name][3])(cfg).float().eval().get_submodule(hf_mod)
    case = top_class(load_module(code))().float().eval().get_submodule(case_mod)
    sd = hf.state_dict()
    with torch.no_grad():
        for pname, p in case.state_dict().items():
            pat, repl, *how = next(r for r in rules if re.search(r[0], pname))
            # ``a+b``: HF's tensors stacked on their first axis (a fused k|v, gate|up)
            w = torch.cat([sd[n] for n in re.sub(pat, repl, pname).split("+")])
            how = how[0] if how else None
            if how == "expert":  # one expert's slice of a stacked tensor (``experts.<e>.``)
                w = w[int(re.search(r"experts\.(\d+)\.", pname).group(1))]
            elif how in ("gate", "up", "down"):  # one expert's slice of a stacked tensor
                e, ff = int(re.search(r"expert_(\d+)", pname).group(1)), w.shape[1] // 2
                w = {"gate": w[e, :ff], "up": w[e, ff:], "down": w[e]}[how]
            elif how == "T":
                w = w.T
            elif how == "Treshape":
                w = w.T.reshape(p.shape)
            elif how and how.startswith("T12"):
                w = w.transpose(1, 2).reshape(p.shape)
            assert w.shape == p.shape, (pname, w.shape, p.shape)
            p.copy_(w)
        h = torch.randn(2, seq, cfg.hidden_size)
        if "mlp" in hf_mod:
            want, got = hf(h), case(h)
        else:
            slides = getattr(cfg, "layer_types", ["full"] * 2)[1] == "sliding_attention"
            allow = masking_utils.causal_mask_function
            if slides:
                allow = masking_utils.sliding_window_causal_mask_function(cfg.sliding_window)
            i = torch.arange(seq)
            ok = allow(0, 0, i[:, None], i[None, :])
            mask = torch.zeros(seq, seq).masked_fill(~ok, float("-inf"))[None, None]
            hd = cfg.head_dim
            rot = (torch.ones(2, seq, hd), torch.zeros(2, seq, hd))  # the identity rotation
            want = hf(h, attention_mask=mask, position_embeddings=rot, position_ids=i[None])
            got = case(h)
        want = want[0] if isinstance(want, tuple) else want
    return (want - got).abs().max().item()


# output-checked cases with a sliding window: the case's window line, checked at 16 tokens
WINDOW_LOGITS: dict[str, str] = {"mistral_lru_cache_factory": "WINDOW = {}  #"}


def same_window_logits(name: str, window: int = 16, case_window: int | None = None) -> float:
    """``same_output`` (80 tokens) with the config's ``sliding_window`` made ``window`` and the
    case's window line ``case_window`` (default: the same), so that the window binds."""
    import copy
    import tempfile

    code = HERE / "cases" / f"{name}.py"
    text, line = code.read_text(), WINDOW_LOGITS[name]
    old = next(line.format(v) for v in (1024, 4096) if line.format(v) in text)
    new = line.format(window if case_window is None else case_window)
    variant = Path(tempfile.mkdtemp()) / code.name
    variant.write_text(text.replace(old, new))
    cases = copy.deepcopy(CASES)
    cases[name][2]["sliding_window"] = window
    return set_checks.same_output(HERE, cases, SAME_OUTPUT, SAME_OUTPUT_IO, name, 80, variant)


def check_layers() -> list[str]:
    """The ``SAME_LAYER`` proof (``--check``): every module equal within 1e-4, and for the two
    windowed cases a window of 16 on both sides over 40 tokens (the config's window is longer
    than any input a CPU check runs)."""
    bad = []
    for name, (_, _, _, win_line) in SAME_LAYER.items():
        for window in (None, 16) if win_line else (None,):
            diff = same_layer(name, window=window)
            what = "" if window is None else f", window {window} both"
            print(f"{name:34} one layer, same weights{what}: max |output diff| {diff:.2e}")
            if not diff <= 1e-4:
                bad.append(f"{name} (layer{what})")
    for name in WINDOW_LOGITS:
        diff = same_window_logits(name)
        print(f"{name:34} logits, window 16 both, 80 tokens: max |output diff| {diff:.2e}")
        if not diff <= 1e-4:
            bad.append(f"{name} (window)")
    return bad


if __name__ == "__main__":
    rc = _MAKE.main()
    if "--check" in sys.argv and "--only" not in " ".join(sys.argv):
        failed = check_layers()
        print("MoE / window layers:", "all equal" if not failed else f"differ: {failed}")
        rc = rc or (1 if failed else 0)
    raise SystemExit(rc)
