"""ports31: twelve clean re-implementations written in session 31 (helper "reimplfix31") before
driftcheck was run on them, of the architectures issue #17 lists (Gemma 2, Qwen2, CLIP text and
vision, Whisper, ConvNeXt, Swin, GPT-NeoX, plus Mixtral, BERT, Llama and T5), each with its sizes
in a style no earlier set's README lists: ``argparse`` ``set_defaults`` + ``parse_known_args``, a
``tempfile`` round trip of ``params.json``, a CSV results row, ``HfArgumentParser``-style flags
from dataclass fields, an ``asyncio.gather`` loader, width / depth multipliers with
``make_divisible``, ``pprint`` echoes in a training log, gpt-neox's commented flow-YAML files, a
safetensors index's ``weight_map`` names, a config file imported by path with ``importlib``, a
``contextlib.contextmanager`` override of global defaults and gin-style bindings. Every model body
is an earlier set's output-proven one (fresh24's via fresh26, fresh25's via fresh27) with the new
size source in front, so the parameter-name maps and I/O kinds are imported.

    python benchmarks/reimpl/ports31/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/ports31 --mode both --split dev
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh24.make import CASES as _C24  # noqa: E402
from benchmarks.reimpl.fresh24.make import SAME_OUTPUT as _F24  # noqa: E402
from benchmarks.reimpl.fresh24.make import SAME_OUTPUT_IO as _IO24  # noqa: E402
from benchmarks.reimpl.fresh25.make import CASES as _C25  # noqa: E402
from benchmarks.reimpl.fresh25.make import SAME_OUTPUT as _F25  # noqa: E402
from benchmarks.reimpl.fresh25.make import SAME_OUTPUT_IO as _IO25  # noqa: E402

_ARGV = '    "--{}={{}}",\n'
_KW = "    {}={{}},\n"
_OPT = '    "--{}", "{{}}",\n'
_JS8 = '        "{}": {{}},\n'
_PY = "{} = {{}}\n"
_YML = '   "{}": {{}},\n'
_META = '    "{}": {{}},\n'
_GIN = "t5_sizes.{} = {{}}\n"
_CSV = "tiny-text-test,{},{},{},{},{},{},{},0.011\n"
_CSV_V = (99, 32, 32, 4, 64, 2, "1e-05")
_SWIN = "                    '{}': {{}},\n"
_SHARD = ': "model-00002-of-00002.safetensors",\n'

# the case each body comes from: fresh24's (through fresh26) or fresh25's (through fresh27)
_BODY24 = {
    "gemma2_argparse_set_defaults_known_args": "gemma2_urllib_query_string",
    "qwen2_tempfile_params_roundtrip": "qwen2_tensor_parallel_world_one",
    "clip_text_results_csv_row": "clip_text_difflib_preset",
    "clip_vision_dataclass_fields_argparse": "clip_vision_cookie_header",
    "whisper_asyncio_gather_dims": "whisper_tokenize_dims_text",
    "convnext_width_depth_multipliers": "convnext_dated_changelog",
    "swin_pformat_log_echo": "swin_match_variant_name",
    "mixtral_weight_map_index_counts": "mixtral_safetensors_header_shapes",
    "t5_gin_style_bindings": "t5_exec_python_config",
}
_BODY25 = {
    "gpt_neox_yaml_flow_comments_merge": "gpt_neox_json_repeated_keys",
    "bert_importlib_config_file": "bert_ipaddress_octets",
    "llama_contextmanager_overrides": "llama_config_json_object_hook",
}


def _cfg(name: str, **kw) -> tuple:
    """The body's (arch, config class, kwargs, HF class); ``kw`` on top of the kwargs."""
    arch, cls, base, hf = (_C24[_BODY24[name]] if name in _BODY24 else _C25[_BODY25[name]])[:4]
    return arch, cls, {**base, **kw}, hf


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "gemma2_argparse_set_defaults_known_args": (
        *_cfg("gemma2_argparse_set_defaults_known_args"),
        [
            sub("vocabSize", _ARGV.format("vocab"), 128, 192),
            sub("hiddenSize", _ARGV.format("width"), 64, 96),
            sub("numLayers", _ARGV.format("layers"), 2, 3),
            sub("numHeads", _ARGV.format("heads"), 4, 8),
            sub("numKvHeads", _ARGV.format("kv_heads"), 2, 4),
            sub("headDim", _ARGV.format("head_dim"), 16, 8),
            sub("intermediateSize", _ARGV.format("ffn"), 128, 192),
            sub("normEps", _ARGV.format("eps"), "1e-06", "0.01", (1e-06, 0.01)),
            sub("ropeTheta", _ARGV.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
            sub("slidingWindow", _ARGV.format("window"), 8, 4),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "qwen2_tempfile_params_roundtrip": (
        *_cfg("qwen2_tempfile_params_roundtrip"),
        [
            sub("hiddenSize", _KW.format("dim"), 64, 96),
            sub("numLayers", _KW.format("n_layers"), 2, 3),
            sub("numHeads", _KW.format("n_heads"), 4, 8),
            sub("numKvHeads", _KW.format("n_kv_heads"), 2, 1),
            sub("vocabSize", _KW.format("vocab_size"), 96, 128),
            sub("intermediateSize", _KW.format("hidden_dim"), 128, 192),
            sub("normEps", _KW.format("norm_eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _KW.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("intermediateSize", "intermediate_size", 160, 128)],
    ),
    "clip_text_results_csv_row": (
        *_cfg("clip_text_results_csv_row"),
        [
            sizes_line("vocabSize", _CSV, _CSV_V, 0, 128),
            sizes_line("maxPositionEmbeddings", _CSV, _CSV_V, 1, 77),
            sizes_line("hiddenSize", _CSV, _CSV_V, 2, 48),
            sizes_line("numHeads", _CSV, _CSV_V, 3, 2),
            sizes_line("intermediateSize", _CSV, _CSV_V, 4, 128),
            sizes_line("numLayers", _CSV, _CSV_V, 5, 3),
            sizes_line("normEps", _CSV, _CSV_V, 6, "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "clip_vision_dataclass_fields_argparse": (
        *_cfg("clip_vision_dataclass_fields_argparse"),
        [
            sub("imageSize", _OPT.format("image_size"), 32, 64),
            sub("patchSize", _OPT.format("patch_size"), 8, 4),
            sub("hiddenSize", _OPT.format("width"), 32, 48),
            sub("numLayers", _OPT.format("layers"), 2, 3),
            sub("numHeads", _OPT.format("heads"), 4, 2),
            sub("intermediateSize", _OPT.format("mlp_width"), 64, 128),
            sub("normEps", _OPT.format("ln_eps"), "1e-05", "0.1", (1e-05, 0.1)),
        ],
        [("intermediateSize", "intermediate_size", 96, 64)],
    ),
    "whisper_asyncio_gather_dims": (
        *_cfg("whisper_asyncio_gather_dims"),
        [
            sub("numMelBins", _JS8.format("n_mels"), 16, 8),
            sub("vocabSize", _JS8.format("n_vocab"), 96, 128),
            sub("hiddenSize", _JS8.format("d_model"), 32, 48),
            sub("numHeads", _JS8.format("n_heads"), 4, 2),
            sub("numEncoderLayers", _JS8.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _JS8.format("decoder_layers"), 2, 1),
            sub("maxSourcePositions", _JS8.format("audio_ctx"), 16, 32),
            sub("maxTargetPositions", _JS8.format("text_ctx"), 32, 64),
        ],
        [("decoderFfnDim", "decoder_ffn_dim", 128, 64)],
    ),
    "convnext_width_depth_multipliers": (
        *_cfg("convnext_width_depth_multipliers", depths=[2, 2]),
        [
            sub("hiddenSizes", _PY.format("WIDTH_MULT"), "1 / 6", "0.25", ([16, 32], [24, 48])),
            sub("depths", _PY.format("DEPTH_MULT"), "0.5", "1.0", ([2, 2], [3, 3])),
            sub("patchSize", _PY.format("PATCH"), 4, 2),
            sub("numChannels", _PY.format("IN_CHANS"), 3, 1),
            sub("normEps", _PY.format("HEAD_EPS"), "1e-12", "0.1", (1e-12, 0.1)),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
    "swin_pformat_log_echo": (
        *_cfg("swin_pformat_log_echo"),
        [
            sub("embedDim", _SWIN.format("EMBED_DIM"), 16, 24),
            sub("patchSize", _SWIN.format("PATCH_SIZE"), 2, 4),
            sub("numHeads", _SWIN.format("NUM_HEADS"), "[2, 4]", "[2, 8]", ([2, 4], [2, 8])),
            sub("normEps", _PY.format("NORM_EPS"), "1e-05", "0.1", (1e-05, 0.1)),
            sub(
                "depths",
                " 'MODEL': {{'SWIN': {{'DEPTHS': {},\n",
                "[2, 2]",
                "[2, 4]",
                ([2, 2], [2, 4]),
            ),
            sub("windowSize", "                    'WINDOW_SIZE': {}}},\n", 4, 8),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
    "gpt_neox_yaml_flow_comments_merge": (
        *_cfg("gpt_neox_yaml_flow_comments_merge"),
        [
            sub("vocabSize", _YML.format("padded-vocab-size"), 96, 112),
            sub("hiddenSize", _YML.format("hidden-size"), 64, 96),
            sub("numLayers", _YML.format("num-layers"), 2, 3),
            sub("numHeads", _YML.format("num-attention-heads"), 4, 2),
            sub("partialRotaryFactor", _YML.format("rotary-pct"), 0.25, 0.5),
            sub("ropeTheta", _YML.format("rotary-emb-base"), "10000.0", "500.0", (1e4, 500.0)),
            sub("normEps", _YML.format("layernorm-epsilon"), "1.0e-5", "0.1", (1e-05, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mixtral_weight_map_index_counts": (
        *_cfg("mixtral_weight_map_index_counts"),
        [
            sub("vocabSize", _META.format("vocab_size"), 96, 128),
            sub("numHeads", _META.format("n_heads"), 4, 8),
            sub("numKvHeads", _META.format("n_kv_heads"), 2, 1),
            sub("intermediateSize", _META.format("hidden_dim"), 96, 64),
            sub("numExpertsPerTok", _META.format("top_k"), 2, 1),
            sub("normEps", _META.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("numLayers", '    "layers.{}.ffn_norm.weight"' + _SHARD, 1, 2, (2, 3)),
            sub(
                "numExperts",
                '    "layers.1.block_sparse_moe.experts.{}.w3.weight"' + _SHARD,
                3,
                7,
                (4, 8),
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "bert_importlib_config_file": (
        *_cfg("bert_importlib_config_file"),
        [
            sub("vocabSize", _PY.format("vocab_size"), 96, 128),
            sub("hiddenSize", _PY.format("hidden_size"), 64, 96),
            sub("numLayers", _PY.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _PY.format("num_attention_heads"), 4, 2),
            sub("intermediateSize", _PY.format("intermediate_size"), 128, 192),
            sub("maxPositionEmbeddings", _PY.format("max_position_embeddings"), 64, 128),
            sub("typeVocabSize", _PY.format("type_vocab_size"), 2, 3),
            sub("normEps", _PY.format("layer_norm_eps"), "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("intermediateSize", "intermediate_size", 256, 128)],
    ),
    "llama_contextmanager_overrides": (
        *_cfg("llama_contextmanager_overrides"),
        [
            sub("vocabSize", _KW.format("vocab_size"), 96, 128),
            sub("hiddenSize", _KW.format("hidden_size"), 64, 96),
            sub("intermediateSize", _KW.format("intermediate_size"), 160, 192),
            sub("numLayers", _KW.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _KW.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _KW.format("num_key_value_heads"), 2, 1),
            sub("normEps", _KW.format("rms_norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _KW.format("rope_theta"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "t5_gin_style_bindings": (
        *_cfg("t5_gin_style_bindings"),
        [
            sub("vocabSize", _GIN.format("vocab"), 96, 128),
            sub("headDim", _GIN.format("d_kv"), 8, 16),
            sub("numHeads", _GIN.format("n_heads"), 4, 2),
            sub("intermediateSize", _GIN.format("d_ff"), 64, 128),
            sub("numEncoderLayers", _GIN.format("enc_layers"), 2, 3),
            sub("numDecoderLayers", _GIN.format("dec_layers"), 2, 1),
            sub("relativeAttentionNumBuckets", _KW.format("buckets"), 32, 16),
            sub("relativeAttentionMaxDistance", _KW.format("max_distance"), 128, 32),
            sub("normEps", _KW.format("eps"), "1e-06", "0.1", (1e-06, 0.1)),
        ],
        [("numHeads", "num_heads", 8, 4)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {n: _F24[b] for n, b in _BODY24.items()}
SAME_OUTPUT.update({n: _F25[b] for n, b in _BODY25.items()})
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    n: _IO24[b] for n, b in _BODY24.items() if b in _IO24
}
SAME_OUTPUT_IO.update({n: _IO25[b] for n, b in _BODY25.items() if b in _IO25})

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


def _at(holder: str, **facts: str) -> dict[str, str]:
    return {fact: f'{holder}["{key}"]' for fact, key in facts.items()}


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "gemma2_argparse_set_defaults_known_args": _at(
        "HP",
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        headDim="head_dim",
        intermediateSize="ffn",
        normEps="eps",
        ropeTheta="rope_base",
        slidingWindow="window",
    ),
    "qwen2_tempfile_params_roundtrip": dict(
        hiddenSize="ARGS.dim",
        numLayers="ARGS.n_layers",
        numHeads="ARGS.n_heads",
        numKvHeads="ARGS.n_kv_heads",
        vocabSize="ARGS.vocab_size",
        intermediateSize="ARGS.hidden_dim",
        normEps="ARGS.norm_eps",
        ropeTheta="ARGS.rope_theta",
    ),
    "clip_text_results_csv_row": _at(
        "HP",
        vocabSize="vocab",
        maxPositionEmbeddings="ctx",
        hiddenSize="width",
        numHeads="heads",
        intermediateSize="mlp",
        numLayers="layers",
        normEps="eps",
    ),
    "clip_vision_dataclass_fields_argparse": _at(
        "HP",
        imageSize="image_size",
        patchSize="patch_size",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="mlp_width",
        normEps="ln_eps",
    ),
    "whisper_asyncio_gather_dims": _at(
        "DIMS",
        numMelBins="n_mels",
        vocabSize="n_vocab",
        hiddenSize="d_model",
        numHeads="n_heads",
        numEncoderLayers="encoder_layers",
        numDecoderLayers="decoder_layers",
        maxSourcePositions="audio_ctx",
        maxTargetPositions="text_ctx",
    ),
    "convnext_width_depth_multipliers": dict(
        hiddenSizes="list(DIMS)",
        depths="list(DEPTHS)",
        patchSize="PATCH",
        numChannels="IN_CHANS",
        normEps="HEAD_EPS",
    ),
    "swin_pformat_log_echo": dict(
        embedDim="EMBED_DIM",
        patchSize="PATCH_SIZE",
        numHeads="list(NUM_HEADS)",
        normEps="NORM_EPS",
        depths="list(DEPTHS)",
        windowSize="WINDOW_SIZE",
    ),
    "gpt_neox_yaml_flow_comments_merge": _at(
        "CFG",
        vocabSize="vocab_size",
        hiddenSize="hidden_size",
        numLayers="num_hidden_layers",
        numHeads="num_attention_heads",
        partialRotaryFactor="rotary_pct",
        ropeTheta="rotary_emb_base",
        normEps="layer_norm_eps",
    ),
    "mixtral_weight_map_index_counts": _at(
        "P",
        vocabSize="vocab_size",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        intermediateSize="hidden_dim",
        numExpertsPerTok="top_k",
        normEps="norm_eps",
        numLayers="n_layers",
        numExperts="n_experts",
    ),
    "bert_importlib_config_file": {
        **_at(
            "C",
            vocabSize="vocab",
            hiddenSize="width",
            numLayers="layers",
            numHeads="heads",
            intermediateSize="ffn",
            maxPositionEmbeddings="pos",
            typeVocabSize="types",
        ),
        "normEps": "EPS",
    },
    "llama_contextmanager_overrides": dict(
        vocabSize="cfg.vocab_size",
        hiddenSize="cfg.hidden_size",
        intermediateSize="cfg.intermediate_size",
        numLayers="cfg.num_hidden_layers",
        numHeads="cfg.num_attention_heads",
        numKvHeads="cfg.num_key_value_heads",
        normEps="cfg.rms_norm_eps",
        ropeTheta="cfg.rope_theta",
    ),
    "t5_gin_style_bindings": _at(
        "C",
        vocabSize="vocab",
        headDim="d_kv",
        numHeads="n_heads",
        intermediateSize="d_ff",
        numEncoderLayers="enc_layers",
        numDecoderLayers="dec_layers",
        relativeAttentionNumBuckets="buckets",
        relativeAttentionMaxDistance="max_distance",
        normEps="eps",
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
