"""The twenty-third fresh held-out set of re-implementations (written blind in session 26): the
architectures users re-implement most (Llama, Qwen2, Mistral, Qwen3, Mixtral, Phi-3, GPT-2,
BERT, ConvNeXt, CLIP's text tower), each with its sizes in a source no earlier set used. It was
NOT run through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` is fresh11's.

    python benchmarks/reimpl/fresh23/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh23 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sub  # noqa: E402
from benchmarks.reimpl.set_checks import TOKENS, rope  # noqa: E402

_TAR = '  "{}": {{}}{}\n'
_GZ = '            "{}": {{}},\n'
_LAYER = '        {{{{"{}": {{}}}}}},\n'
_TINY = "        {}={{}},\n"
_REG = '    "{}": {{}},\n'
_XZ = '            "{}": {{}},\n'


def tar(fact: str, key: str, left, right, shown=None, last: bool = False) -> tuple:
    """A code plant of one line of Llama's ``params.json`` text."""
    return sub(fact, _TAR.format(key, "" if last else ","), left, right, shown)


def _dec(**kw) -> dict:
    """A tiny decoder config: width 64, 4 heads, 2 layers, 128 positions; ``kw`` on top."""
    return dict(
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        max_position_embeddings=128,
        **TOKENS,
        **kw,
    )


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "llama_tarfile_member": (
        "llama",
        "LlamaConfig",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=160,
            rms_norm_eps=1e-5,
            rope_parameters=rope(10000.0),
        ),
        "LlamaForCausalLM",
        [
            tar("vocabSize", "vocab_size", 96, 128),
            tar("numLayers", "n_layers", 2, 3),
            tar("numHeads", "n_heads", 4, 8),
            tar("numKvHeads", "n_kv_heads", 2, 1),
            tar("intermediateSize", "hidden_dim", 160, 256),
            tar("normEps", "norm_eps", "1e-05", "0.1", (1e-05, 0.1)),
            tar("ropeTheta", "rope_theta", "10000.0", "100.0", (10000.0, 100.0), last=True),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "qwen2_gzip_json_bytes": (
        "qwen2",
        "Qwen2Config",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=128,
            rms_norm_eps=1e-6,
            rope_parameters=rope(10000.0),
        ),
        "Qwen2ForCausalLM",
        [
            sub("vocabSize", _GZ.format("vocab_size"), 96, 160),
            sub("hiddenSize", _GZ.format("dim"), 64, 96),
            sub("numLayers", _GZ.format("n_layers"), 2, 1),
            sub("numHeads", _GZ.format("n_heads"), 4, 2),
            sub("numKvHeads", _GZ.format("n_kv_heads"), 2, 4),
            sub("intermediateSize", _GZ.format("hidden_dim"), 128, 64),
            sub("normEps", _GZ.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _GZ.format("rope_theta"), "10000.0", "50.0", (10000.0, 50.0)),
        ],
        [("vocabSize", "vocab_size", 112, 96)],
    ),
    "mistral_reduce_dict_layers": (
        "mistral",
        "MistralConfig",
        _dec(
            vocab_size=96,
            num_key_value_heads=1,
            intermediate_size=160,
            sliding_window=16,
            rms_norm_eps=1e-6,
            rope_parameters=rope(1000.0),
        ),
        "MistralForCausalLM",
        [
            sub("vocabSize", _LAYER.format("vocab_size"), 96, 128),
            sub("numLayers", _LAYER.format("n_layers"), 2, 3),
            sub("numKvHeads", _LAYER.format("n_kv_heads"), 1, 2),
            sub("intermediateSize", _LAYER.format("hidden_dim"), 160, 96),
            sub("slidingWindow", _LAYER.format("sliding_window"), 16, 4),
            sub("normEps", _LAYER.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _LAYER.format("rope_theta"), "1000.0", "10.0", (1000.0, 10.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen3_sha256_preset_table": (
        "qwen3",
        "Qwen3Config",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            head_dim=16,
            intermediate_size=128,
            rms_norm_eps=1e-6,
            rope_parameters=rope(10000.0),
        ),
        "Qwen3ForCausalLM",
        [
            sub("vocabSize", _TINY.format("vocab_size"), 96, 128),
            sub("numLayers", _TINY.format("n_layers"), 2, 3),
            sub("numHeads", _TINY.format("n_heads"), 4, 8),
            sub("headDim", _TINY.format("head_dim"), 16, 32),
            sub("intermediateSize", _TINY.format("hidden_dim"), 128, 192),
            sub("normEps", _TINY.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _TINY.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("headDim", "head_dim", 8, 16)],
    ),
    "mixtral_weakref_class_registry": (
        "mixtral",
        "MixtralConfig",
        _dec(
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
            sub("vocabSize", _REG.format("vocab_size"), 96, 128),
            sub("numLayers", _REG.format("n_layers"), 2, 3),
            sub("numKvHeads", _REG.format("n_kv_heads"), 2, 1),
            sub("intermediateSize", _REG.format("hidden_dim"), 96, 64),
            sub("numExperts", _REG.format("n_experts"), 4, 8),
            sub("numExpertsPerTok", _REG.format("top_k"), 2, 1),
            sub("normEps", _REG.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numExperts", "num_local_experts", 2, 4)],
    ),
    "phi3_lzma_literal_eval": (
        "phi3",
        "Phi3Config",
        _dec(
            vocab_size=96,
            num_key_value_heads=2,
            intermediate_size=128,
            rms_norm_eps=1e-5,
            original_max_position_embeddings=128,
            rope_parameters=rope(10000.0),
        ),
        "Phi3ForCausalLM",
        [
            sub("vocabSize", _XZ.format("vocab_size"), 96, 64),
            sub("hiddenSize", _XZ.format("dim"), 64, 128),
            sub("numLayers", _XZ.format("n_layers"), 2, 4),
            sub("numKvHeads", _XZ.format("n_kv_heads"), 2, 4),
            sub("intermediateSize", _XZ.format("hidden_dim"), 128, 256),
            sub("normEps", _XZ.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _XZ.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numHeads", "num_attention_heads", 8, 4)],
    ),
    "gpt2_arch_dsl_string": (
        "gpt2",
        "GPT2Config",
        dict(
            vocab_size=96,
            n_positions=64,
            n_embd=64,
            n_layer=2,
            n_head=4,
            n_inner=256,
            layer_norm_epsilon=1e-5,
            **TOKENS,
        ),
        "GPT2Model",
        [
            sub("vocabSize", "embed {} -> 64 pos 64\n", 96, 128),
            sub("hiddenSize", "embed 96 -> {} pos 64\n", 64, 96),
            sub("maxPositionEmbeddings", "embed 96 -> 64 pos {}\n", 64, 128),
            sub("numLayers", "block x{} heads 4 mlp 256 ln 1e-05\n", 2, 3),
            sub("numHeads", "block x2 heads {} mlp 256 ln 1e-05\n", 4, 2),
            sub("intermediateSize", "block x2 heads 4 mlp {} ln 1e-05\n", 256, 128),
            sub("normEps", "block x2 heads 4 mlp 256 ln {}\n", "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "n_layer", 4, 2)],
    ),
    "bert_fnmatch_name_presets": (
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
            sub("vocabSize", "            vocab={},\n", 96, 128),
            sub("hiddenSize", "            width={},\n", 64, 96),
            sub("numLayers", "            layers={},\n", 2, 3),
            sub("numHeads", "            heads={},\n", 4, 2),
            sub("intermediateSize", "            ffn={},\n", 128, 256),
            sub("maxPositionEmbeddings", "            pos={},\n", 64, 128),
            sub("normEps", "EPS = {}\n", "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("typeVocabSize", "type_vocab_size", 3, 2)],
    ),
    "convnext_literal_type_hints": (
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
            sub("hiddenSizes", "    dims: Literal[{}]\n", "16, 32", "16, 48", ([16, 32], [16, 48])),
            sub("depths", "    depths: Literal[{}]\n", "1, 2", "1, 3", ([1, 2], [1, 3])),
            sub("patchSize", "    patch: Literal[{}]\n", 4, 2),
            sub("numChannels", "    in_chans: Literal[{}]\n", 3, 1),
            sub("normEps", "    head_eps: Literal[{}]\n", "1e-12", "0.1", (1e-12, 0.1)),
        ],
        [("depths", "depths", [1, 3], [1, 2], [1, 3])],
    ),
    "clip_text_ast_signature_defaults": (
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
            sub("vocabSize", "    vocab: int = {},\n", 99, 128),
            sub("maxPositionEmbeddings", "    ctx: int = {},\n", 32, 77),
            sub("hiddenSize", "    width: int = {},\n", 32, 48),
            sub("numHeads", "    heads: int = {},\n", 4, 2),
            sub("intermediateSize", "    mlp: int = {},\n", 64, 128),
            sub("numLayers", "    layers: int = {},\n", 2, 3),
            sub("normEps", "    eps: float = {},\n", "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "intermediate_size", 96, 64)],
    ),
}

_DECODER = [
    (r"^embed\.", "model.embed_tokens."),
    (r"^norm\.", "model.norm."),
    (r"^head\.", "lm_head."),
    (r"^layers\.(\d+)\.attn_norm\.", r"model.layers.\1.input_layernorm."),
    (r"^layers\.(\d+)\.mlp_norm\.", r"model.layers.\1.post_attention_layernorm."),
    (r"^layers\.(\d+)\.attn\.(q_norm|k_norm)\.", r"model.layers.\1.self_attn.\2."),
    (r"^layers\.(\d+)\.attn\.(q|k|v|o|qkv)\.", r"model.layers.\1.self_attn.\2_proj."),
    (r"^layers\.(\d+)\.mlp\.(gate|up|down|gate_up)\.", r"model.layers.\1.mlp.\2_proj."),
    (r"^layers\.(\d+)\.moe\.router\.", r"model.layers.\1.mlp.gate."),
    (
        r"^layers\.(\d+)\.moe\.experts\.\d+\.gate\.weight$",
        r"model.layers.\1.mlp.experts.gate_up_proj",
        "expert:gate",
    ),
    (
        r"^layers\.(\d+)\.moe\.experts\.\d+\.up\.weight$",
        r"model.layers.\1.mlp.experts.gate_up_proj",
        "expert:up",
    ),
    (
        r"^layers\.(\d+)\.moe\.experts\.\d+\.down\.weight$",
        r"model.layers.\1.mlp.experts.down_proj",
        "expert:down",
    ),
]
_BERT = [
    (r"^embeddings\.", "embeddings."),
    (r"^layers\.(\d+)\.(query|key|value)\.", r"encoder.layer.\1.attention.self.\2."),
    (r"^layers\.(\d+)\.attn_out\.", r"encoder.layer.\1.attention.output.dense."),
    (r"^layers\.(\d+)\.attn_norm\.", r"encoder.layer.\1.attention.output.LayerNorm."),
    (r"^layers\.(\d+)\.intermediate\.", r"encoder.layer.\1.intermediate.dense."),
    (r"^layers\.(\d+)\.output\.", r"encoder.layer.\1.output.dense."),
    (r"^layers\.(\d+)\.out_norm\.", r"encoder.layer.\1.output.LayerNorm."),
    (r"^pooler\.", "pooler.dense."),
]
_DECODERS = [n for n in CASES if CASES[n][3].endswith("ForCausalLM")]
SAME_OUTPUT: dict[str, list[tuple]] = {n: _DECODER for n in _DECODERS} | {
    "gpt2_arch_dsl_string": [(r"^", "")],
    "bert_fnmatch_name_presets": _BERT,
    "convnext_literal_type_hints": [
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
    "clip_text_ast_signature_defaults": [
        (r"^tok\.", "embeddings.token_embedding."),
        (r"^pos\.", "embeddings.position_embedding."),
        (r"^ln_final\.", "final_layer_norm."),
        (r"^layers\.(\d+)\.ln([12])\.", r"encoder.layers.\1.layer_norm\2."),
        (r"^layers\.(\d+)\.([qkv])\.", r"encoder.layers.\1.self_attn.\2_proj."),
        (r"^layers\.(\d+)\.o\.", r"encoder.layers.\1.self_attn.out_proj."),
        (r"^layers\.(\d+)\.fc([12])\.", r"encoder.layers.\1.mlp.fc\2."),
    ],
}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {n: ("ids", ["logits"]) for n in _DECODERS} | {
    "gpt2_arch_dsl_string": ("ids", ["last_hidden_state"]),
    "bert_fnmatch_name_presets": ("ids+types+mask", ["last_hidden_state", "pooler_output"]),
    "convnext_literal_type_hints": ("pixels", ["last_hidden_state", "pooler_output"]),
    "clip_text_ast_signature_defaults": ("ids", ["last_hidden_state", "pooler_output"]),
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


_TMPL = dict(
    vocabSize='P["vocab_size"]',
    hiddenSize='P["dim"]',
    numLayers='P["n_layers"]',
    numHeads='P["n_heads"]',
    numKvHeads='P["n_kv_heads"]',
    intermediateSize='P["hidden_dim"]',
    normEps='P["norm_eps"]',
    ropeTheta='P["rope_theta"]',
    headDim='P["head_dim"]',
    slidingWindow='P["sliding_window"]',
    numExperts='P["n_experts"]',
    numExpertsPerTok='P["top_k"]',
)
# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {n: _TMPL for n in _DECODERS} | {
    "gpt2_arch_dsl_string": dict(
        vocabSize='S["vocab"]',
        hiddenSize='S["width"]',
        maxPositionEmbeddings='S["ctx"]',
        numLayers='S["layers"]',
        numHeads='S["heads"]',
        intermediateSize='S["inner"]',
        normEps='S["block_eps"]',
    ),
    "bert_fnmatch_name_presets": dict(
        vocabSize='C["vocab"]',
        hiddenSize='C["width"]',
        numLayers='C["layers"]',
        numHeads='C["heads"]',
        intermediateSize='C["ffn"]',
        maxPositionEmbeddings='C["pos"]',
        normEps="EPS",
    ),
    "convnext_literal_type_hints": dict(
        hiddenSizes="DIMS",
        depths="DEPTHS",
        patchSize="PATCH",
        numChannels="IN_CHANS",
        normEps="HEAD_EPS",
    ),
    "clip_text_ast_signature_defaults": dict(
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
    ``right`` in the planted file (a plant whose line Python reads otherwise, e.g. a
    ``Literal[2, 2]`` that collapses to ``(2,)``, fails here)."""
    import json

    bad = []
    manifest = json.loads((HERE / "manifest.json").read_text())
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        left = computed(HERE / "cases" / f"{p['case']}.py", p["case"], p["fact"])
        right = computed(HERE / p["code"], p["case"], p["fact"])
        if (left, right) != (p["left"], p["right"]):
            bad.append(f"{p['name']}: computed {(left, right)}, recorded {(p['left'], p['right'])}")
    return bad


def main(argv: list[str] | None = None) -> int:
    """The shared command line; with ``--check`` also ``config_plants_visible``."""
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
