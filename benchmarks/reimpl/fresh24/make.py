"""The twenty-fourth fresh held-out set of re-implementations (written blind in session 27): the
architectures users re-implement most, least covered first (Swin, Gemma 2, Whisper, T5,
GPT-NeoX, ViT, CLIP's vision tower, Qwen2), each with its sizes in a source or a style no
earlier set used. It was NOT run through driftcheck while it was written; run it once
(``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's. Ten model bodies are earlier sets' output-proven ones (fresh21's Swin,
fresh22's Gemma 2, GPT-NeoX, ViT, CLIP vision, T5 and Whisper, fresh23's ConvNeXt, CLIP text
and Mixtral) with a new size source in front, so their parameter-name maps are imported from
those sets; Qwen2 is new.

    python benchmarks/reimpl/fresh24/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh24 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sub  # noqa: E402
from benchmarks.reimpl.fresh21.make import SAME_OUTPUT as _F21  # noqa: E402
from benchmarks.reimpl.fresh22.make import SAME_OUTPUT as _F22  # noqa: E402
from benchmarks.reimpl.fresh23.make import SAME_OUTPUT as _F23  # noqa: E402
from benchmarks.reimpl.set_checks import TOKENS, rope  # noqa: E402

_QS = '    "&{}={{}}"\n'
_UUID = "            {{}},  # {}\n"
_ROT = '    "{}": {{}},\n'
_PY = "{} = {{}}\n"
_COOKIE = '    "{}={{}}; "\n'
_CASE = "                {}={{}},\n"
_ARGS = "    {}={{}},\n"
_LOG = "            {}={{}},\n"
_PRESET = "        {}={{}},\n"
_ARGV = '    "--{}={{}}",\n'
_OPT = '@click.option("--{}", type={}, default={{}})\n'

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "swin_match_variant_name": (
        "swin",
        "SwinConfig",
        dict(
            image_size=32,
            patch_size=2,
            embed_dim=16,
            depths=[2, 2],
            num_heads=[2, 4],
            window_size=4,
        ),
        "SwinModel",
        [
            sub("embedDim", _CASE.format("embed_dim"), 16, 24),
            sub("depths", _CASE.format("depths"), (2, 2), (2, 4), ([2, 2], [2, 4])),
            sub("numHeads", _CASE.format("heads"), (2, 4), (2, 8), ([2, 4], [2, 8])),
            sub("windowSize", _CASE.format("window"), 4, 8),
            sub("patchSize", _CASE.format("patch"), 2, 4),
            sub("mlpRatio", _CASE.format("mlp_ratio"), 4.0, 2.0),
            sub("normEps", _CASE.format("eps"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
    "gemma2_urllib_query_string": (
        "gemma2",
        "Gemma2Config",
        dict(
            vocab_size=128,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            query_pre_attn_scalar=24,
            sliding_window=8,
            rms_norm_eps=1e-6,
            max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            **TOKENS,
        ),
        "Gemma2ForCausalLM",
        [
            sub("vocabSize", _QS.format("vocab"), 128, 192),
            sub("numLayers", _QS.format("layers"), 2, 3),
            sub("numHeads", _QS.format("heads"), 4, 8),
            sub("numKvHeads", _QS.format("kv_heads"), 2, 4),
            sub("headDim", _QS.format("head_dim"), 16, 8),
            sub("intermediateSize", _QS.format("ffn"), 128, 192),
            sub("normEps", _QS.format("eps"), "1e-06", "0.01", (1e-06, 0.01)),
            sub("ropeTheta", _QS.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
            sub("slidingWindow", _QS.format("window"), 8, 4),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "whisper_tokenize_dims_text": (
        "whisper",
        "WhisperConfig",
        dict(
            vocab_size=96,
            num_mel_bins=16,
            d_model=32,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=64,
            decoder_ffn_dim=64,
            max_source_positions=16,
            max_target_positions=32,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=2,
            decoder_start_token_id=1,
        ),
        "WhisperModel",
        [
            sub("numMelBins", _PY.format("n_mels"), 16, 8),
            sub("vocabSize", _PY.format("n_vocab"), 96, 128),
            sub("hiddenSize", _PY.format("d_model"), 32, 48),
            sub("numHeads", _PY.format("n_heads"), 4, 2),
            sub("numEncoderLayers", _PY.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _PY.format("decoder_layers"), 2, 1),
            sub("maxSourcePositions", _PY.format("audio_ctx"), 16, 32),
            sub("maxTargetPositions", _PY.format("text_ctx"), 32, 64),
        ],
        [("decoderFfnDim", "decoder_ffn_dim", 128, 64)],
    ),
    "t5_exec_python_config": (
        "t5",
        "T5Config",
        dict(
            vocab_size=96,
            d_model=32,
            d_kv=8,
            d_ff=64,
            num_layers=2,
            num_decoder_layers=2,
            num_heads=4,
            relative_attention_num_buckets=32,
            relative_attention_max_distance=128,
            layer_norm_epsilon=1e-6,
            feed_forward_proj="relu",
            pad_token_id=0,
            eos_token_id=1,
            decoder_start_token_id=0,
        ),
        "T5ForConditionalGeneration",
        [
            sub("vocabSize", _PY.format("vocab"), 96, 128),
            sub("headDim", _PY.format("d_kv"), 8, 16),
            sub("numHeads", _PY.format("n_heads"), 4, 2),
            sub("intermediateSize", _PY.format("d_ff"), 64, 128),
            sub("numEncoderLayers", _PY.format("enc_layers"), 2, 3),
            sub("numDecoderLayers", _PY.format("dec_layers"), 2, 1),
            sub("relativeAttentionNumBuckets", _PY.format("buckets"), 32, 16),
            sub("relativeAttentionMaxDistance", _PY.format("max_distance"), 128, 32),
            sub("normEps", _PY.format("eps"), "1e-06", "0.1", (1e-06, 0.1)),
        ],
        [("headDim", "d_kv", 16, 8)],
    ),
    "gpt_neox_uuid_run_fields": (
        "gpt_neox",
        "GPTNeoXConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=256,
            max_position_embeddings=128,
            layer_norm_eps=1e-5,
            rope_parameters=rope(10000.0, partial_rotary_factor=0.25),
        ),
        "GPTNeoXForCausalLM",
        [
            sub("vocabSize", _UUID.format("time_low: the vocabulary"), 96, 112),
            sub("hiddenSize", _UUID.format("time_mid: the width"), 64, 96),
            sub(
                "intermediateSize",
                _UUID.format("time_hi_version: the feed-forward width"),
                256,
                128,
            ),
            sub("numLayers", _UUID.format("clock_seq_hi_variant: the layers"), 2, 3),
            sub("numHeads", _UUID.format("clock_seq_low: the heads"), 4, 2),
            sub("ropeTheta", _UUID.format("node: the rotary base"), 10000, 500, (10000.0, 500.0)),
            sub("partialRotaryFactor", "    rotary_pct = {}\n", 0.25, 0.5),
            sub("normEps", "    ln_eps = {}\n", 1e-05, 0.1),
        ],
        [("vocabSize", "vocab_size", 128, 96)],
    ),
    "vit_codecs_rot13_json": (
        "vit",
        "ViTConfig",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=32,
            num_attention_heads=4,
            intermediate_size=64,
            num_hidden_layers=2,
            layer_norm_eps=1e-12,
        ),
        "ViTModel",
        [
            sub("imageSize", _ROT.format("vzntr"), 32, 64),
            sub("patchSize", _ROT.format("cngpu"), 8, 4),
            sub("hiddenSize", _ROT.format("jvqgu"), 32, 48),
            sub("numHeads", _ROT.format("urnqf"), 4, 2),
            sub("intermediateSize", _ROT.format("zyc"), 64, 128),
            sub("numLayers", _ROT.format("qrcgu"), 2, 3),
            sub("normEps", '    "rcf": {}\n', "1r-12", "0.1", (1e-12, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "clip_vision_cookie_header": (
        "clip_vision",
        "CLIPVisionConfig",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=32,
            num_attention_heads=4,
            intermediate_size=64,
            num_hidden_layers=2,
            projection_dim=16,
        ),
        "CLIPVisionModel",
        [
            sub("imageSize", _COOKIE.format("image_size"), 32, 64),
            sub("patchSize", _COOKIE.format("patch_size"), 8, 4),
            sub("hiddenSize", _COOKIE.format("width"), 32, 48),
            sub("numHeads", _COOKIE.format("heads"), 4, 2),
            sub("intermediateSize", _COOKIE.format("mlp_width"), 64, 128),
            sub("numLayers", _COOKIE.format("layers"), 2, 3),
            sub("normEps", '    "ln_eps={}"\n', "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "intermediate_size", 96, 64)],
    ),
    "qwen2_tensor_parallel_world_one": (
        "qwen2",
        "Qwen2Config",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            vocab_size=96,
            intermediate_size=128,
            rms_norm_eps=1e-6,
            max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            tie_word_embeddings=False,
            **TOKENS,
        ),
        "Qwen2ForCausalLM",
        [
            sub("hiddenSize", _ARGS.format("dim"), 64, 96),
            sub("numLayers", _ARGS.format("n_layers"), 2, 3),
            sub("numHeads", _ARGS.format("n_heads"), 4, 8),
            sub("numKvHeads", _ARGS.format("n_kv_heads"), 2, 1),
            sub("vocabSize", _ARGS.format("vocab_size"), 96, 128),
            sub("intermediateSize", _ARGS.format("hidden_dim"), 128, 192),
            sub("normEps", _ARGS.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _ARGS.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("intermediateSize", "intermediate_size", 160, 128)],
    ),
    "convnext_dated_changelog": (
        "convnext",
        "ConvNextConfig",
        dict(
            num_stages=2,
            hidden_sizes=[16, 32],
            depths=[1, 2],
            patch_size=4,
            image_size=32,
            layer_scale_init_value=1.0,
        ),
        "ConvNextModel",
        [
            sub("hiddenSizes", _LOG.format("dims"), "[16, 32]", "[16, 48]", ([16, 32], [16, 48])),
            sub("depths", _LOG.format("depths"), "[1, 2]", "[1, 3]", ([1, 2], [1, 3])),
            sub("patchSize", _LOG.format("patch"), 4, 2),
            sub("numChannels", _LOG.format("in_chans"), 3, 1),
            sub("normEps", _LOG.format("head_eps"), "1e-12", "0.1", (1e-12, 0.1)),
        ],
        [("hiddenSizes", "hidden_sizes", [16, 48], [16, 32], [16, 48])],
    ),
    "clip_text_difflib_preset": (
        "clip_text",
        "CLIPTextConfig",
        dict(
            vocab_size=99,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=32,
            projection_dim=16,
            layer_norm_eps=1e-5,
            **TOKENS,
        ),
        "CLIPTextModel",
        [
            sub("vocabSize", _PRESET.format("vocab"), 99, 128),
            sub("maxPositionEmbeddings", _PRESET.format("ctx"), 32, 77),
            sub("hiddenSize", _PRESET.format("width"), 32, 48),
            sub("numHeads", _PRESET.format("heads"), 4, 2),
            sub("intermediateSize", _PRESET.format("mlp"), 64, 128),
            sub("numLayers", _PRESET.format("layers"), 2, 3),
            sub("normEps", _PRESET.format("eps"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mixtral_safetensors_header_shapes": (
        "mixtral",
        "MixtralConfig",
        dict(
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            max_position_embeddings=128,
            **TOKENS,
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=96,
            num_local_experts=4,
            num_experts_per_tok=2,
            rms_norm_eps=1e-5,
            rope_parameters=rope(1000000.0),
        ),
        "MixtralForCausalLM",
        [
            sub("vocabSize", '    "embed.weight": [{}, 64],\n', 96, 128),
            sub("numLayers", "for i in range({}):\n", 2, 3),
            sub(
                "numKvHeads",
                '    SHAPES[f"layers.{{i}}.attn.k.weight"] = [{}, 64]\n',
                32,
                16,
                (2, 1),
            ),
            sub(
                "intermediateSize",
                '        SHAPES[f"layers.{{i}}.moe.experts.{{e}}.gate.weight"] = [{}, 64]\n',
                96,
                64,
            ),
            sub("numExperts", '    SHAPES[f"layers.{{i}}.moe.router.weight"] = [{}, 64]\n', 4, 8),
            sub("numExpertsPerTok", '    "top_k": "{}",\n', 2, 1),
            sub("normEps", '    "norm_eps": "{}",\n', "1e-05", "0.1", (1e-05, 0.1)),
            sub(
                "ropeTheta",
                '    "rope_theta": "{}",\n',
                "1000000.0",
                "10000.0",
                (1000000.0, 10000.0),
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "bert_click_command_argv": (
        "bert",
        "BertConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            max_position_embeddings=64,
            type_vocab_size=2,
        ),
        "BertModel",
        [
            sub("vocabSize", _ARGV.format("vocab-size"), 96, 128),
            sub("hiddenSize", _ARGV.format("hidden-size"), 64, 96),
            sub("numLayers", _ARGV.format("num-layers"), 2, 3),
            sub("numHeads", _ARGV.format("num-heads"), 4, 2),
            sub("intermediateSize", _ARGV.format("ffn-size"), 128, 256),
            sub("maxPositionEmbeddings", _ARGV.format("max-positions"), 64, 128),
            sub("typeVocabSize", _OPT.format("type-vocab", "int"), 2, 3),
            sub("normEps", _OPT.format("layer-norm-eps", "float"), "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {
    "swin_match_variant_name": _F21["swin_timm_names_load_hook"],
    "gemma2_urllib_query_string": _F22["gemma2_sqlite_run_table"],
    "whisper_tokenize_dims_text": _F22["whisper_html_card_table"],
    "t5_exec_python_config": _F22["t5_zipfile_config_member"],
    "gpt_neox_uuid_run_fields": _F22["gpt_neox_threading_local"],
    "vit_codecs_rot13_json": _F22["vit_sys_modules_setattr"],
    "clip_vision_cookie_header": _F22["clip_vision_pickled_hparams"],
    "convnext_dated_changelog": _F23["convnext_literal_type_hints"],
    "clip_text_difflib_preset": _F23["clip_text_ast_signature_defaults"],
    "mixtral_safetensors_header_shapes": _F23["mixtral_weakref_class_registry"],
    "bert_click_command_argv": _F23["bert_fnmatch_name_presets"],
    "qwen2_tensor_parallel_world_one": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^output\.", "lm_head."),
        (r"^layers\.(\d+)\.attention_norm\.", r"model.layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.ffn_norm\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.attention\.w([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.feed_forward\.w1\.", r"model.layers.\1.mlp.gate_proj."),
        (r"^layers\.(\d+)\.feed_forward\.w3\.", r"model.layers.\1.mlp.up_proj."),
        (r"^layers\.(\d+)\.feed_forward\.w2\.", r"model.layers.\1.mlp.down_proj."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "swin_match_variant_name": ("pixels", ["last_hidden_state", "pooler_output"]),
    "gemma2_urllib_query_string": ("ids", ["logits"]),
    "whisper_tokenize_dims_text": ("audio", ["tied_logits"]),
    "t5_exec_python_config": ("seq2seq", ["logits"]),
    "gpt_neox_uuid_run_fields": ("ids", ["logits"]),
    "vit_codecs_rot13_json": ("pixels", ["last_hidden_state", "pooler_output"]),
    "clip_vision_cookie_header": ("pixels", ["last_hidden_state", "pooler_output"]),
    "qwen2_tensor_parallel_world_one": ("ids", ["logits"]),
    "mixtral_safetensors_header_shapes": ("ids", ["logits"]),
    "bert_click_command_argv": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "convnext_dated_changelog": ("pixels", ["last_hidden_state", "pooler_output"]),
    "clip_text_difflib_preset": ("ids", ["last_hidden_state", "pooler_output"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config


def hf_shapes(config) -> dict[str, tuple]:
    """The HF model's state-dict shapes for ``config`` (built on the meta device)."""
    import torch
    import transformers

    with torch.device("meta"):
        model = getattr(transformers, config.architectures[0])(config)
    return {k: tuple(v.shape) for k, v in model.state_dict().items()}


def config_plants_visible() -> list[str]:
    """Every config plant changes a state-dict shape of the HF model of the planted config (an
    unscorable plant, one the HF model never reads, fails here)."""
    bad = []
    for name, (*_, config_plants) in CASES.items():
        clean = hf_shapes(build_config(name))
        for _fact, key, value, *_ in config_plants:
            planted = hf_shapes(build_config(name, {key: value}))
            changed = sorted(
                k for k in clean.keys() | planted.keys() if clean.get(k) != planted.get(k)
            )
            print(f"  {name}__cfg_{key:24} HF state-dict entries changed: {len(changed)}")
            if not changed:
                bad.append(f"{name}__cfg_{key} (the HF model does not see it)")
    return bad


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "swin_match_variant_name": dict(
        embedDim="EMBED_DIM",
        depths="list(DEPTHS)",
        numHeads="list(NUM_HEADS)",
        windowSize="WINDOW_SIZE",
        patchSize="PATCH_SIZE",
        mlpRatio="MLP_RATIO",
        normEps="NORM_EPS",
    ),
    "gemma2_urllib_query_string": dict(
        vocabSize='HP["vocab"]',
        numLayers='HP["layers"]',
        numHeads='HP["heads"]',
        numKvHeads='HP["kv_heads"]',
        headDim='HP["head_dim"]',
        intermediateSize='HP["ffn"]',
        normEps='HP["eps"]',
        ropeTheta='HP["rope_base"]',
        slidingWindow='HP["window"]',
    ),
    "whisper_tokenize_dims_text": dict(
        numMelBins='DIMS["n_mels"]',
        vocabSize='DIMS["n_vocab"]',
        hiddenSize='DIMS["d_model"]',
        numHeads='DIMS["n_heads"]',
        numEncoderLayers='DIMS["encoder_layers"]',
        numDecoderLayers='DIMS["decoder_layers"]',
        maxSourcePositions='DIMS["audio_ctx"]',
        maxTargetPositions='DIMS["text_ctx"]',
    ),
    "t5_exec_python_config": dict(
        vocabSize='C["vocab"]',
        headDim='C["d_kv"]',
        numHeads='C["n_heads"]',
        intermediateSize='C["d_ff"]',
        numEncoderLayers='C["enc_layers"]',
        numDecoderLayers='C["dec_layers"]',
        relativeAttentionNumBuckets='C["buckets"]',
        relativeAttentionMaxDistance='C["max_distance"]',
        normEps='C["eps"]',
    ),
    "gpt_neox_uuid_run_fields": dict(
        vocabSize="SETTINGS.vocab",
        hiddenSize="SETTINGS.width",
        intermediateSize="SETTINGS.ffn",
        numLayers="SETTINGS.depth",
        numHeads="SETTINGS.heads",
        ropeTheta="SETTINGS.rotary_base",
        partialRotaryFactor="SETTINGS.rotary_pct",
        normEps="SETTINGS.ln_eps",
    ),
    "vit_codecs_rot13_json": dict(
        imageSize="IMAGE",
        patchSize="PATCH",
        hiddenSize="WIDTH",
        numHeads="HEADS",
        intermediateSize="MLP",
        numLayers="DEPTH",
        normEps="EPS",
    ),
    "clip_vision_cookie_header": dict(
        imageSize='HP["image_size"]',
        patchSize='HP["patch_size"]',
        hiddenSize='HP["width"]',
        numHeads='HP["heads"]',
        intermediateSize='HP["mlp_width"]',
        numLayers='HP["layers"]',
        normEps='HP["ln_eps"]',
    ),
    "qwen2_tensor_parallel_world_one": dict(
        hiddenSize="ARGS.dim",
        numLayers="ARGS.n_layers",
        numHeads="ARGS.n_heads",
        numKvHeads="ARGS.n_kv_heads",
        vocabSize="ARGS.vocab_size",
        intermediateSize="ARGS.hidden_dim",
        normEps="ARGS.norm_eps",
        ropeTheta="ARGS.rope_theta",
    ),
    "mixtral_safetensors_header_shapes": dict(
        vocabSize='P["vocab_size"]',
        numLayers='P["n_layers"]',
        numKvHeads='P["n_kv_heads"]',
        intermediateSize='P["hidden_dim"]',
        numExperts='P["n_experts"]',
        numExpertsPerTok='P["top_k"]',
        normEps='P["norm_eps"]',
        ropeTheta='P["rope_theta"]',
    ),
    "bert_click_command_argv": dict(
        vocabSize='C["vocab"]',
        hiddenSize='C["width"]',
        numLayers='C["layers"]',
        numHeads='C["heads"]',
        intermediateSize='C["ffn"]',
        maxPositionEmbeddings='C["pos"]',
        typeVocabSize='C["types"]',
        normEps="EPS",
    ),
    "convnext_dated_changelog": dict(
        hiddenSizes="DIMS",
        depths="DEPTHS",
        patchSize="PATCH",
        numChannels="IN_CHANS",
        normEps="HEAD_EPS",
    ),
    "clip_text_difflib_preset": dict(
        vocabSize='HP["vocab"]',
        maxPositionEmbeddings='HP["ctx"]',
        hiddenSize='HP["width"]',
        numHeads='HP["heads"]',
        intermediateSize='HP["mlp"]',
        numLayers='HP["layers"]',
        normEps='HP["eps"]',
    ),
}


def computed(path: Path, case: str, fact: str):
    """The value the module at ``path`` (a case or a variant of it) computes for ``fact``
    when Python runs it (``VALUES``)."""
    from benchmarks.reimpl.make import load_module

    return eval(VALUES[case][fact], vars(load_module(path)))  # noqa: S307


def recorded_values_match() -> list[str]:
    """Every code plant's recorded values are what Python computes: ``left`` in the clean case,
    ``right`` in the planted file (a plant whose line Python reads otherwise fails here)."""
    import json

    bad = []
    manifest = json.loads((HERE / "manifest.json").read_text())
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        left = computed(HERE / "cases" / f"{p['case']}.py", p["case"], p["fact"])
        right = computed(HERE / p["code"], p["case"], p["fact"])
        if (left, right) != (p["left"], p["right"]) or type(left) is not type(p["left"]):
            bad.append(f"{p['name']}: computed {(left, right)}, recorded {(p['left'], p['right'])}")
    return bad


def main(argv: list[str] | None = None) -> int:
    """The shared command line; with ``--check`` also ``config_plants_visible`` and
    ``recorded_values_match``."""
    rc = _MAKE.main(argv)
    if "--check" not in (sys.argv[1:] if argv is None else argv):
        return rc
    bad = config_plants_visible()
    print("config plants:", "all visible to torch" if not bad else f"not seen: {bad}")
    wrong = recorded_values_match()
    print("recorded code-plant values:", "all computed by Python" if not wrong else wrong)
    return rc or (1 if bad or wrong else 0)


if __name__ == "__main__":
    raise SystemExit(main())
