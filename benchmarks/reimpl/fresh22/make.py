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

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.set_checks import TOKENS, rope  # noqa: E402

_INI = "{} = {{}}\n"
_TOML = "{} = {{}}\n"
_ENUM = "    {} = {{}}\n"
_HDR = "HEADER = struct.pack(FMT, {}, {}, {}, {}, {}, {}, {})\n"
_HDR_V = (32, 8, 32, 4, 64, 2, 1e-12)
_ENV = '{} = {}(os.environ.get("CNX_{}", "{{}}"))\n'
_ENV_LIST = '{} = [int(v) for v in os.environ.get("CNX_{}", "{{}}").split(",")]\n'
_FAMILY = 'FAMILY = {{"width": {}, "mlp": {}, "layers": {}}}\n'
_BASE = 'BASE = {{"vocab": 49408, "ctx": 77, "width": 512, "heads": 8, "layers": 12, "eps": {}}}\n'

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "qwen3_configparser_ini": (
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
            sub("vocabSize", _INI.format("vocab"), 96, 128),
            sub("numLayers", _INI.format("layers"), 2, 3),
            sub("numHeads", _INI.format("heads"), 4, 8),
            sub("numKvHeads", _INI.format("kv_heads"), 2, 4),
            sub("headDim", _INI.format("head_dim"), 16, 8),
            sub("intermediateSize", _INI.format("ffn"), 128, 192),
            sub("normEps", _INI.format("norm_eps"), "1e-06", "1e-02", (1e-06, 1e-02)),
            sub("ropeTheta", _INI.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "phi3_tomllib_table": (
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
            sub("vocabSize", _TOML.format("vocab_size"), 96, 128),
            sub("numLayers", _TOML.format("n_layer"), 2, 3),
            sub("numHeads", _TOML.format("n_head"), 4, 2),
            sub("numKvHeads", _TOML.format("n_kv_head"), 2, 1),
            sub("intermediateSize", _TOML.format("d_ff"), 128, 256),
            sub("normEps", _TOML.format("rms_eps"), "1e-05", "1e-01", (1e-05, 1e-01)),
            sub("ropeTheta", _TOML.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("intermediateSize", "intermediate_size", 192, 128)],
    ),
    "gpt_neox_intenum_sizes": (
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
            sub("vocabSize", _ENUM.format("VOCAB"), 96, 112),
            sub("hiddenSize", _ENUM.format("WIDTH"), 64, 96),
            sub("numLayers", _ENUM.format("DEPTH"), 2, 3),
            sub("numHeads", _ENUM.format("HEADS"), 4, 2),
            sub("intermediateSize", _ENUM.format("FFN"), 256, 128),
            sub("partialRotaryFactor", "ROTARY_PCT: Final = {}\n", 0.25, 0.5),
            sub("ropeTheta", "ROTARY_BASE: Final = {}\n", 10000.0, 500.0),
            sub("normEps", "LN_EPS: Final = {}\n", 1e-05, 0.1),
        ],
        [("numLayers", "num_hidden_layers", 4, 2)],
    ),
    "vit_struct_packed_header": (
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
            sizes_line("imageSize", _HDR, _HDR_V, 0, 64),
            sizes_line("patchSize", _HDR, _HDR_V, 1, 4),
            sizes_line("hiddenSize", _HDR, _HDR_V, 2, 48),
            sizes_line("numHeads", _HDR, _HDR_V, 3, 2),
            sizes_line("intermediateSize", _HDR, _HDR_V, 4, 128),
            sizes_line("numLayers", _HDR, _HDR_V, 5, 3),
            sizes_line("normEps", _HDR, _HDR_V, 6, 0.1),
        ],
        [("intermediateSize", "intermediate_size", 96, 64)],
    ),
    "convnext_environ_defaults": (
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
            sub(
                "hiddenSizes",
                _ENV_LIST.format("DIMS", "DIMS"),
                "16,32",
                "16,48",
                ([16, 32], [16, 48]),
            ),
            sub("depths", _ENV_LIST.format("DEPTHS", "DEPTHS"), "1,2", "1,3", ([1, 2], [1, 3])),
            sub("patchSize", _ENV.format("PATCH", "int", "PATCH"), 4, 2),
            sub("numChannels", _ENV.format("IN_CHANS", "int", "IN_CHANS"), 3, 1),
            sub(
                "normEps", _ENV.format("HEAD_EPS", "float", "HEAD_EPS"), "1e-12", "0.1", (1e-12, 0.1)
            ),
        ],
        [("numChannels", "num_channels", 1, 3)],
    ),
    "clip_text_chainmap_overrides": (
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
            sub("vocabSize", '    "vocab": {},\n', 99, 128),
            sub("maxPositionEmbeddings", '    "ctx": {},\n', 32, 77),
            sub("numHeads", '    "heads": {},\n', 4, 2),
            sizes_line("hiddenSize", _FAMILY, (32, 64, 2), 0, 48),
            sizes_line("intermediateSize", _FAMILY, (32, 64, 2), 1, 128),
            sizes_line("numLayers", _FAMILY, (32, 64, 2), 2, 3),
            sub("normEps", _BASE, 1e-05, 0.1),
        ],
        [("vocabSize", "vocab_size", 128, 99)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {
    "qwen3_configparser_ini": [
        (r"^embed\.", "model.embed_tokens."),
        (r"^norm\.", "model.norm."),
        (r"^lm_head\.", "lm_head."),
        (r"^layers\.(\d+)\.self_attn\.", r"model.layers.\1.self_attn."),
        (r"^layers\.(\d+)\.(input|post_attention)_layernorm\.", r"model.layers.\1.\2_layernorm."),
        (r"^layers\.(\d+)\.(gate|up|down)_proj\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "phi3_tomllib_table": [
        (r"^tok\.", "model.embed_tokens."),
        (r"^ln_f\.", "model.norm."),
        (r"^head\.", "lm_head."),
        (r"^blocks\.(\d+)\.ln_1\.", r"model.layers.\1.input_layernorm."),
        (r"^blocks\.(\d+)\.ln_2\.", r"model.layers.\1.post_attention_layernorm."),
        (r"^blocks\.(\d+)\.(qkv|o)_proj\.", r"model.layers.\1.self_attn.\2_proj."),
        (r"^blocks\.(\d+)\.(gate_up|down)_proj\.", r"model.layers.\1.mlp.\2_proj."),
    ],
    "gpt_neox_intenum_sizes": [
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
    "vit_struct_packed_header": [
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
    "convnext_environ_defaults": [
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
    "clip_text_chainmap_overrides": [
        (r"^tok\.", "embeddings.token_embedding."),
        (r"^pos\.", "embeddings.position_embedding."),
        (r"^ln_final\.", "final_layer_norm."),
        (r"^layers\.(\d+)\.ln([12])\.", r"encoder.layers.\1.layer_norm\2."),
        (r"^layers\.(\d+)\.([qkv])\.", r"encoder.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.o\.", r"encoder.layers.\1.self_attn.out_proj."),
        (r"^layers\.(\d+)\.fc([12])\.", r"encoder.layers.\1.mlp.fc\2."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "qwen3_configparser_ini": ("ids", ["logits"]),
    "phi3_tomllib_table": ("ids", ["logits"]),
    "gpt_neox_intenum_sizes": ("ids", ["logits"]),
    "vit_struct_packed_header": ("pixels", ["last_hidden_state", "pooler_output"]),
    "convnext_environ_defaults": ("pixels", ["last_hidden_state", "pooler_output"]),
    "clip_text_chainmap_overrides": ("ids", ["last_hidden_state", "pooler_output"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
