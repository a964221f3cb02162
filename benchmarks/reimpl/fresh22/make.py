"""The twenty-second fresh held-out set of re-implementations (written blind in session 25): the
architectures users re-implement most (Qwen3, Phi-3, GPT-NeoX, ViT, ConvNeXt, CLIP's text tower,
...), each in a style no earlier set used. It was NOT run through driftcheck while it was
written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's.

    python benchmarks/reimpl/fresh22/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh22 --mode both --show 200
"""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.set_checks import TOKENS, rope  # noqa: E402

_HDR = "{}: {{}}\n"
_PHI3 = dict(
    vocab_size=96,
    d_model=64,
    n_layer=2,
    n_head=4,
    n_kv_head=2,
    d_ff=128,
    rms_eps=1e-05,
    rope_theta=10000.0,
)


def blob(fact: str, key: str, right, shown: tuple | None = None) -> tuple:
    """A code plant of one value inside Phi-3's base64 JSON blob (the whole line re-encoded)."""

    def line(**over) -> str:
        raw = json.dumps({**_PHI3, **over}).encode()
        return f'BLOB = "{base64.b64encode(raw).decode()}"\n'

    return (fact, line(), line(**{key: right}), *(shown or (_PHI3[key], right)))


_TLS = "SETTINGS.{} = {{}}\n"
_MOD = '    ("{}", {{}}),\n'
_CKPT = 'CKPT = "convnext_dims={}_depths={}_patch={}_chans={}_headeps={}.pt"\n'
_CKPT_V = ("16.32", "1.2", 4, 3, "1e-12")
_DOC = "        {} ({}, default {{}}): "
_ROW = '    ("tiny", "{}", {{}}),\n'
_PK = '        "{}": {{}},\n'
_ZJ = '                "{}": {{}},\n'
_TD = "<tr><td>{}</td><td>{{}}</td></tr>\n"
_PL = "  <key>{}</key><{}>{{}}</{}>\n"


def pl(fact: str, key: str, left, right, kind: str = "integer") -> tuple:
    """A code plant of one ``<key>`` line of Mistral's plist."""
    return sub(fact, _PL.format(key, kind, kind), left, right)


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "qwen3_email_header_metadata": (
        "qwen3",
        "Qwen3Config",
        dict(
            vocab_size=96,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=16,
            rms_norm_eps=1e-6,
            max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            **TOKENS,
        ),
        "Qwen3ForCausalLM",
        [
            sub("vocabSize", _HDR.format("Vocab-Size"), 96, 128),
            sub("numLayers", _HDR.format("Num-Layers"), 2, 3),
            sub("numHeads", _HDR.format("Num-Heads"), 4, 8),
            sub("numKvHeads", _HDR.format("Num-KV-Heads"), 2, 4),
            sub("headDim", _HDR.format("Head-Dim"), 16, 8),
            sub("intermediateSize", _HDR.format("FFN-Width"), 128, 192),
            sub("normEps", _HDR.format("Norm-Eps"), "1e-06", "1e-02", (1e-06, 1e-02)),
            sub("ropeTheta", _HDR.format("Rope-Base"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "phi3_base64_json_blob": (
        "phi3",
        "Phi3Config",
        dict(
            vocab_size=96,
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            rms_norm_eps=1e-5,
            max_position_embeddings=128,
            original_max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            **TOKENS,
        ),
        "Phi3ForCausalLM",
        [
            blob("vocabSize", "vocab_size", 128),
            blob("numLayers", "n_layer", 3),
            blob("numHeads", "n_head", 2),
            blob("numKvHeads", "n_kv_head", 1),
            blob("intermediateSize", "d_ff", 256),
            blob("normEps", "rms_eps", 1e-01),
            blob("ropeTheta", "rope_theta", 100.0),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "gpt_neox_threading_local": (
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
            sub("vocabSize", _TLS.format("vocab"), 96, 112),
            sub("hiddenSize", _TLS.format("width"), 64, 96),
            sub("numLayers", _TLS.format("depth"), 2, 3),
            sub("numHeads", _TLS.format("heads"), 4, 2),
            sub("intermediateSize", _TLS.format("ffn"), 256, 128),
            sub("partialRotaryFactor", _TLS.format("rotary_pct"), 0.25, 0.5),
            sub("ropeTheta", _TLS.format("rotary_base"), 10000.0, 500.0),
            sub("normEps", _TLS.format("ln_eps"), 1e-05, 0.1),
        ],
        [("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "vit_sys_modules_setattr": (
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
            sub("imageSize", _MOD.format("IMAGE"), 32, 64),
            sub("patchSize", _MOD.format("PATCH"), 8, 4),
            sub("hiddenSize", _MOD.format("WIDTH"), 32, 48),
            sub("numHeads", _MOD.format("HEADS"), 4, 2),
            sub("intermediateSize", _MOD.format("MLP"), 64, 128),
            sub("numLayers", _MOD.format("DEPTH"), 2, 3),
            sub("normEps", _MOD.format("EPS"), 1e-12, 0.1),
        ],
        [("intermediateSize", "intermediate_size", 96, 64)],
    ),
    "convnext_checkpoint_name_rpartition": (
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
            sizes_line("hiddenSizes", _CKPT, _CKPT_V, 0, "16.48", ([16, 32], [16, 48])),
            sizes_line("depths", _CKPT, _CKPT_V, 1, "1.3", ([1, 2], [1, 3])),
            sizes_line("patchSize", _CKPT, _CKPT_V, 2, 2),
            sizes_line("numChannels", _CKPT, _CKPT_V, 3, 1),
            sizes_line("normEps", _CKPT, _CKPT_V, 4, "0.1", (1e-12, 0.1)),
        ],
        [("numChannels", "num_channels", 1, 3)],
    ),
    "clip_text_docstring_defaults": (
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
            bos_token_id=1,
            eos_token_id=2,
            pad_token_id=0,
        ),
        "CLIPTextModel",
        [
            sub("vocabSize", _DOC.format("vocab", "int"), 99, 128),
            sub("maxPositionEmbeddings", _DOC.format("ctx", "int"), 32, 77),
            sub("hiddenSize", _DOC.format("width", "int"), 32, 48),
            sub("numHeads", _DOC.format("heads", "int"), 4, 2),
            sub("intermediateSize", _DOC.format("mlp", "int"), 64, 128),
            sub("numLayers", _DOC.format("layers", "int"), 2, 3),
            sub("normEps", _DOC.format("eps", "float"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("vocabSize", "vocab_size", 128, 99)],
    ),
    "gemma2_sqlite_run_table": (
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
            sub("vocabSize", _ROW.format("vocab"), 128, 192),
            sub("numLayers", _ROW.format("layers"), 2, 3),
            sub("numHeads", _ROW.format("heads"), 4, 8),
            sub("numKvHeads", _ROW.format("kv_heads"), 2, 4),
            sub("headDim", _ROW.format("head_dim"), 16, 8),
            sub("intermediateSize", _ROW.format("ffn"), 128, 192),
            sub("normEps", _ROW.format("eps"), 1e-06, 0.01),
            sub("ropeTheta", _ROW.format("rope_base"), 10000.0, 100.0),
            sub("slidingWindow", _ROW.format("window"), 8, 4),
        ],
        [("numKvHeads", "num_key_value_heads", 1, 2)],
    ),
    "mistral_plist_xml": (
        "mistral",
        "MistralConfig",
        dict(
            vocab_size=96,
            hidden_size=64,
            intermediate_size=160,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=1,
            sliding_window=16,
            rms_norm_eps=1e-5,
            max_position_embeddings=128,
            rope_parameters=rope(10000.0),
            **TOKENS,
        ),
        "MistralForCausalLM",
        [
            pl("vocabSize", "vocab_size", 96, 128),
            pl("numLayers", "n_layers", 2, 3),
            pl("numHeads", "n_heads", 4, 2),
            pl("numKvHeads", "n_kv_heads", 1, 2),
            pl("intermediateSize", "hidden_dim", 160, 224),
            pl("slidingWindow", "sliding_window", 16, 4),
            pl("normEps", "norm_eps", 1e-05, 0.1, "real"),
            pl("ropeTheta", "rope_theta", 10000.0, 100.0, "real"),
        ],
        [("vocabSize", "vocab_size", 112, 96)],
    ),
    "clip_vision_pickled_hparams": (
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
            sub("imageSize", _PK.format("image_size"), 32, 64),
            sub("patchSize", _PK.format("patch_size"), 8, 4),
            sub("hiddenSize", _PK.format("width"), 32, 48),
            sub("numHeads", _PK.format("heads"), 4, 2),
            sub("intermediateSize", _PK.format("mlp_width"), 64, 128),
            sub("numLayers", _PK.format("layers"), 2, 3),
            sub("normEps", _PK.format("ln_eps"), 1e-05, 0.1),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "t5_zipfile_config_member": (
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
            sub("vocabSize", _ZJ.format("vocab"), 96, 128),
            sub("headDim", _ZJ.format("d_kv"), 8, 16),
            sub("numHeads", _ZJ.format("n_heads"), 4, 2),
            sub("intermediateSize", _ZJ.format("d_ff"), 64, 128),
            sub("numEncoderLayers", _ZJ.format("enc_layers"), 2, 3),
            sub("numDecoderLayers", _ZJ.format("dec_layers"), 2, 1),
            sub("relativeAttentionNumBuckets", _ZJ.format("buckets"), 32, 16),
            sub("relativeAttentionMaxDistance", _ZJ.format("max_distance"), 128, 32),
            sub("normEps", _ZJ.format("eps"), 1e-06, 0.1),
        ],
        [("numDecoderLayers", "num_decoder_layers", 3, 2)],
    ),
    "whisper_html_card_table": (
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
            sub("numMelBins", _TD.format("n_mels"), 16, 8),
            sub("vocabSize", _TD.format("n_vocab"), 96, 128),
            sub("hiddenSize", _TD.format("d_model"), 32, 48),
            sub("numHeads", _TD.format("n_heads"), 4, 2),
            sub("numEncoderLayers", _TD.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _TD.format("decoder_layers"), 2, 1),
            sub("maxSourcePositions", _TD.format("audio_ctx"), 16, 32),
            sub("maxTargetPositions", _TD.format("text_ctx"), 32, 64),
        ],
        [("encoderFfnDim", "encoder_ffn_dim", 128, 64)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {
    "qwen3_email_header_metadata": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
        (r"^layers\.(\d+)\.self_attn\.", r"model.layers.\1.self_attn."),
        (r"^layers\.(\d+)\.(input|post_attention)_layernorm\.", r"model.layers.\1.\2_layernorm."),
        (r"^layers\.(\d+)\.(gate|up|down)_proj\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "phi3_base64_json_blob": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^ln_f\.", "model.norm."),
        (r"^head\.", "lm_head."),
        (r"^blocks\.(\d+)\.ln_1\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.ln_2\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.(qkv|o)_proj\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate_up|down)_proj\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "gpt_neox_threading_local": [
        (r"^embed_in\.", "gpt_neox.embed_in."),
        (r"^final_ln\.", "gpt_neox.final_layer_norm."),
        (r"^embed_out\.", "lm_head."),
        (r"^layers\.(\d+)\.ln_a\.", r"gpt_neox.layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.ln_m\.", r"gpt_neox.layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.qkv\.", r"gpt_neox.layers.\1.attention.query_key_value."),
        (r"^layers\.(\d+)\.proj\.", r"gpt_neox.layers.\1.attention.dense."),
        (r"^layers\.(\d+)\.fc_in\.", r"gpt_neox.layers.\1.mlp.dense_h_to_4h."),
        (r"^layers\.(\d+)\.fc_out\.", r"gpt_neox.layers.\1.mlp.dense_4h_to_h."),
    ],
    "vit_sys_modules_setattr": [
        (r"^stem\.proj\.", "embeddings.patch_embeddings.projection."),
        (r"^stem\.cls$", "embeddings.cls_token"),
        (r"^stem\.pos$", "embeddings.position_embeddings"),
        (
            r"^encoder\.layers\.(\d+)\.self_attn\.in_proj_(weight|bias)$",
            r"layers.\1.attention.q_proj.\2+layers.\1.attention.k_proj.\2"
            r"+layers.\1.attention.v_proj.\2",
        ),
        (r"^encoder\.layers\.(\d+)\.self_attn\.out_proj\.", r"layers.\1.attention.o_proj."),
        (r"^encoder\.layers\.(\d+)\.norm1\.", r"layers.\1.layernorm_before."),
        (r"^encoder\.layers\.(\d+)\.norm2\.", r"layers.\1.layernorm_after."),
        (r"^encoder\.layers\.(\d+)\.linear1\.", r"layers.\1.mlp.fc1."),
        (r"^encoder\.layers\.(\d+)\.linear2\.", r"layers.\1.mlp.fc2."),
        (r"^norm\.", "layernorm."),
        (r"^pool\.", "pooler.dense."),
    ],
    "convnext_checkpoint_name_rpartition": [
        (r"^stem\.", "embeddings.patch_embeddings."),
        (r"^stem_norm\.", "embeddings.layernorm."),
        (r"^down\.(\d+)\.([01])\.", r"encoder.stages.\1.downsampling_layer.\2."),
        (r"^stages\.(\d+)\.(\d+)\.dw\.", r"encoder.stages.\1.layers.\2.dwconv."),
        (r"^stages\.(\d+)\.(\d+)\.norm\.", r"encoder.stages.\1.layers.\2.layernorm."),
        (r"^stages\.(\d+)\.(\d+)\.pw([12])\.", r"encoder.stages.\1.layers.\2.pwconv\3."),
        (
            r"^stages\.(\d+)\.(\d+)\.gamma$",
            r"encoder.stages.\1.layers.\2.layer_scale_parameter",
        ),
        (r"^head_norm\.", "layernorm."),
    ],
    "clip_text_docstring_defaults": [
        (r"^tok\.", "embeddings.token_embedding."),
        (r"^pos\.", "embeddings.position_embedding."),
        (r"^ln_final\.", "final_layer_norm."),
        (r"^layers\.(\d+)\.ln([12])\.", r"encoder.layers.\1.layer_norm\2."),
        (r"^layers\.(\d+)\.([qkv])\.", r"encoder.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.o\.", r"encoder.layers.\1.self_attn.out_proj."),
        (r"^layers\.(\d+)\.fc([12])\.", r"encoder.layers.\1.mlp.fc\2."),
    ],
    "gemma2_sqlite_run_table": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^blocks\.(\d+)\.attn\.", r"model.layers.\1.self_attn."),
        (r"^blocks\.(\d+)\.norm_in\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.norm_post_attn\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.norm_pre_ffn\.", r"model.layers.\1.pre_feedforward_layernorm."),
        (r"^blocks\.(\d+)\.norm_post_ffn\.", r"model.layers.\1.post_feedforward_layernorm."),
        (r"^blocks\.(\d+)\.(gate|up|down)\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "mistral_plist_xml": [
        (r"^tok_embeddings\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^output\.", "lm_head."),
        (r"^layers\.(\d+)\.attention_norm\.", r"model.layers.\1.input_layernorm."),
        (r"^layers\.(\d+)\.ffn_norm\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^layers\.(\d+)\.attention\.w([qkvo])\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.w1\.", r"model.layers.\1.mlp.gate_proj."),
        (r"^layers\.(\d+)\.w3\.", r"model.layers.\1.mlp.up_proj."),
        (r"^layers\.(\d+)\.w2\.", r"model.layers.\1.mlp.down_proj."),
    ],
    "clip_vision_pickled_hparams": [
        (r"^conv1\.", "embeddings.patch_embedding."),
        (r"^class_embedding$", "embeddings.class_embedding"),
        (r"^positional_embedding$", "embeddings.position_embedding.weight"),
        (r"^ln_pre\.", "pre_layrnorm."),
        (r"^ln_post\.", "post_layernorm."),
        (r"^blocks\.(\d+)\.ln_([12])\.", r"encoder.layers.\1.layer_norm\2."),
        (r"^blocks\.(\d+)\.([qkv])\.", r"encoder.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.out\.", r"encoder.layers.\1.self_attn.out_proj."),
        (r"^blocks\.(\d+)\.c_fc\.", r"encoder.layers.\1.mlp.fc1."),
        (r"^blocks\.(\d+)\.c_proj\.", r"encoder.layers.\1.mlp.fc2."),
    ],
    "t5_zipfile_config_member": [
        (r"^shared\.", "shared."),
        (r"^enc_norm\.", "encoder.final_layer_norm."),
        (r"^dec_norm\.", "decoder.final_layer_norm."),
        (r"^encoder\.(\d+)\.attn_norm\.", r"encoder.block.\1.layer.0.layer_norm."),
        (
            r"^encoder\.(\d+)\.attn\.rel_bias\.",
            r"encoder.block.\1.layer.0.SelfAttention.relative_attention_bias.",
        ),
        (r"^encoder\.(\d+)\.attn\.([qkvo])\.", r"encoder.block.\1.layer.0.SelfAttention.\2."),
        (r"^encoder\.(\d+)\.ff\.norm\.", r"encoder.block.\1.layer.1.layer_norm."),
        (r"^encoder\.(\d+)\.ff\.(wi|wo)\.", r"encoder.block.\1.layer.1.DenseReluDense.\2."),
        (r"^decoder\.(\d+)\.self_norm\.", r"decoder.block.\1.layer.0.layer_norm."),
        (
            r"^decoder\.(\d+)\.self_attn\.rel_bias\.",
            r"decoder.block.\1.layer.0.SelfAttention.relative_attention_bias.",
        ),
        (
            r"^decoder\.(\d+)\.self_attn\.([qkvo])\.",
            r"decoder.block.\1.layer.0.SelfAttention.\2.",
        ),
        (r"^decoder\.(\d+)\.cross_norm\.", r"decoder.block.\1.layer.1.layer_norm."),
        (
            r"^decoder\.(\d+)\.cross_attn\.([qkvo])\.",
            r"decoder.block.\1.layer.1.EncDecAttention.\2.",
        ),
        (r"^decoder\.(\d+)\.ff\.norm\.", r"decoder.block.\1.layer.2.layer_norm."),
        (r"^decoder\.(\d+)\.ff\.(wi|wo)\.", r"decoder.block.\1.layer.2.DenseReluDense.\2."),
    ],
    "whisper_html_card_table": [
        (r"^conv([12])\.", r"encoder.conv\1."),
        (r"^audio_pos$", "encoder.embed_positions.weight"),
        (r"^text_pos$", "decoder.embed_positions.weight"),
        (r"^tok\.", "decoder.embed_tokens."),
        (r"^enc_ln\.", "encoder.layer_norm."),
        (r"^dec_ln\.", "decoder.layer_norm."),
        (r"^(enc|dec)\.(\d+)\.attn_ln\.", r"\1oder.layers.\2.self_attn_layer_norm."),
        (r"^(enc|dec)\.(\d+)\.attn\.", r"\1oder.layers.\2.self_attn."),
        (r"^dec\.(\d+)\.cross_ln\.", r"decoder.layers.\1.encoder_attn_layer_norm."),
        (r"^dec\.(\d+)\.cross_attn\.", r"decoder.layers.\1.encoder_attn."),
        (r"^(enc|dec)\.(\d+)\.mlp_ln\.", r"\1oder.layers.\2.final_layer_norm."),
        (r"^(enc|dec)\.(\d+)\.fc([12])\.", r"\1oder.layers.\2.fc\3."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "qwen3_email_header_metadata": ("ids", ["logits"]),
    "phi3_base64_json_blob": ("ids", ["logits"]),
    "gpt_neox_threading_local": ("ids", ["logits"]),
    "vit_sys_modules_setattr": ("pixels", ["last_hidden_state", "pooler_output"]),
    "convnext_checkpoint_name_rpartition": ("pixels", ["last_hidden_state", "pooler_output"]),
    "clip_text_docstring_defaults": ("ids", ["last_hidden_state", "pooler_output"]),
    "gemma2_sqlite_run_table": ("ids", ["logits"]),
    "mistral_plist_xml": ("ids", ["logits"]),
    "clip_vision_pickled_hparams": ("pixels", ["last_hidden_state", "pooler_output"]),
    "t5_zipfile_config_member": ("seq2seq", ["logits"]),
    "whisper_html_card_table": ("audio", ["tied_logits"]),
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


def main(argv: list[str] | None = None) -> int:
    """The shared command line; with ``--check`` also ``config_plants_visible``."""
    rc = _MAKE.main(argv)
    if "--check" not in (sys.argv[1:] if argv is None else argv):
        return rc
    bad = config_plants_visible()
    print("config plants:", "all visible to torch" if not bad else f"not seen: {bad}")
    return rc or (1 if bad else 0)


if __name__ == "__main__":
    raise SystemExit(main())
