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
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    "qwen3_configparser_ini": ("ids", ["logits"]),
    "phi3_tomllib_table": ("ids", ["logits"]),
}

_MAKE = set_checks.SetMake(HERE, CASES, SAME_OUTPUT, SAME_OUTPUT_IO)
same_output = _MAKE.same_output
build_config = _MAKE.build_config

if __name__ == "__main__":
    raise SystemExit(_MAKE.main())
