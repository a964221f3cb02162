"""ports32: nine clean re-implementations written in session 32 (helper "reimplfix32") before
driftcheck was run on them, each with its sizes in a style no earlier set's README lists (each
grepped first: 0 README hits): a launcher's printed run summary captured with
``contextlib.redirect_stdout``, a ``tempfile.NamedTemporaryFile`` ``json.dump`` / ``json.load``
round trip, a checkpoint file name split with ``os.path.splitext``, a ``params.json`` template
rendered with ``str.format_map``, an entry point's defaults read off ``__code__`` /
``__defaults__``, ``json.loads(..., object_pairs_hook=...)`` dropping comment keys, a class's
``__annotations__`` walked over a subclass's overrides, ``unittest.mock.patch.dict`` with a
snapshot taken inside, and a ``csv.DictWriter`` / ``csv.DictReader`` round trip through
``io.StringIO``. Every model body is fresh25's output-proven one (unchanged text from its first
model line on), so the parameter-name maps and I/O kinds are imported.

    python benchmarks/reimpl/ports32/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/ports32 --mode both --split dev
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402
from benchmarks.reimpl.fresh25.make import CASES as _C25  # noqa: E402
from benchmarks.reimpl.fresh25.make import SAME_OUTPUT as _F25  # noqa: E402
from benchmarks.reimpl.fresh25.make import SAME_OUTPUT_IO as _IO25  # noqa: E402

_PRINT = '    print("{}:", {{}})\n'
_JS4 = '    "{}": {{}},\n'
_JS2 = '  "{}": {{}},\n'
_KW = "    {}={{}},\n"
_CLS = "    {} = {{}}\n"
_TOK = "_{}{{}}_"
_SW = '        "{}": {{}},\n'
_VIT = "def vit_tiny(pretrained=False, img={}, patch={}, width={}, heads={}, mlp={}, depth={}, eps={}):"
_VIT_V = (32, 8, 32, 4, 64, 2, "1e-12")

# the fresh25 case each body comes from
_BODY = {
    "phi3_redirect_stdout_run_summary": "phi3_litgpt_config_derived",
    "llama_named_tempfile_json_dump": "llama_config_json_object_hook",
    "qwen3_checkpoint_filename_splitext": "qwen3_dataclass_from_hf_keys",
    "mistral_format_map_template": "mistral_formatter_field_specs",
    "vit_entrypoint_code_defaults": "vit_re_scanner_spec",
    "mixtral_json_object_pairs_hook": "mixtral_nested_moe_args",
    "whisper_class_annotations_override": "whisper_model_dimensions_checkpoint",
    "t5_mock_patch_dict_snapshot": "t5_graphlib_size_rules",
    "swin_csv_dictwriter_roundtrip": "swin_minidom_stage_elements",
}


def _cfg(name: str) -> tuple:
    """The body's (arch, config class, kwargs, HF class)."""
    return _C25[_BODY[name]][:4]


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "phi3_redirect_stdout_run_summary": (
        *_cfg("phi3_redirect_stdout_run_summary"),
        [
            sub("vocabSize", _PRINT.format("padded_vocab_size"), 96, 128),
            sub("numLayers", _PRINT.format("n_layer"), 2, 3),
            sub("numHeads", _PRINT.format("n_head"), 4, 8),
            sub("numKvHeads", _PRINT.format("n_query_groups"), 2, 1),
            sub("hiddenSize", _PRINT.format("n_embd"), 64, 96),
            sub("intermediateSize", _PRINT.format("intermediate_size"), 128, 192),
            sub("normEps", _PRINT.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _PRINT.format("rope_base"), "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "llama_named_tempfile_json_dump": (
        *_cfg("llama_named_tempfile_json_dump"),
        [
            sub("vocabSize", _JS4.format("vocab_size"), 96, 128),
            sub("hiddenSize", _JS4.format("hidden_size"), 64, 96),
            sub("intermediateSize", _JS4.format("intermediate_size"), 160, 192),
            sub("numLayers", _JS4.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _JS4.format("num_attention_heads"), 4, 8),
            sub("numKvHeads", _JS4.format("num_key_value_heads"), 2, 1),
            sub("normEps", _JS4.format("rms_norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub(
                "ropeTheta",
                '    "rope_theta": {},\n',
                "10000.0",
                "500000.0",
                (10000.0, 500000.0),
            ),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "qwen3_checkpoint_filename_splitext": (
        *_cfg("qwen3_checkpoint_filename_splitext"),
        [
            sub("vocabSize", _TOK.format("v"), 96, 128),
            sub("hiddenSize", _TOK.format("d"), 64, 96),
            sub("numLayers", _TOK.format("l"), 2, 3),
            sub("numHeads", _TOK.format("h"), 4, 8),
            sub("numKvHeads", _TOK.format("kv"), 2, 1),
            sub("headDim", _TOK.format("hd"), 16, 8),
            sub("intermediateSize", _TOK.format("ff"), 128, 192),
            sub("normEps", _TOK.format("eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", "_theta{}.safetensors", "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("headDim", "head_dim", 32, 16)],
    ),
    "mistral_format_map_template": (
        *_cfg("mistral_format_map_template"),
        [
            sub("vocabSize", _KW.format("vocab"), 96, 128),
            sub("hiddenSize", _KW.format("width"), 64, 96),
            sub("numLayers", _KW.format("depth"), 2, 3),
            sub("numHeads", _KW.format("heads"), 4, 8),
            sub("numKvHeads", _KW.format("kv"), 1, 2),
            sub("intermediateSize", _KW.format("ffn"), 160, 192),
            sub("slidingWindow", _KW.format("window"), 16, 4),
            sub("normEps", _KW.format("eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _KW.format("theta"), "10000.0", "1000000.0", (10000.0, 1000000.0)),
        ],
        [("intermediateSize", "intermediate_size", 128, 160)],
    ),
    "vit_entrypoint_code_defaults": (
        *_cfg("vit_entrypoint_code_defaults"),
        [
            sizes_line("imageSize", _VIT, _VIT_V, 0, 64),
            sizes_line("patchSize", _VIT, _VIT_V, 1, 4),
            sizes_line("hiddenSize", _VIT, _VIT_V, 2, 48),
            sizes_line("numHeads", _VIT, _VIT_V, 3, 2),
            sizes_line("intermediateSize", _VIT, _VIT_V, 4, 128),
            sizes_line("numLayers", _VIT, _VIT_V, 5, 3),
            sizes_line("normEps", _VIT, _VIT_V, 6, "0.1", (1e-12, 0.1)),
        ],
        [("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mixtral_json_object_pairs_hook": (
        *_cfg("mixtral_json_object_pairs_hook"),
        [
            sub("vocabSize", _JS2.format("vocab_size"), 96, 128),
            sub("hiddenSize", _JS2.format("dim"), 64, 96),
            sub("numLayers", _JS2.format("n_layers"), 2, 3),
            sub("numHeads", _JS2.format("n_heads"), 4, 8),
            sub("numKvHeads", _JS2.format("n_kv_heads"), 2, 1),
            sub("intermediateSize", _JS2.format("hidden_dim"), 96, 64),
            sub("normEps", _JS2.format("norm_eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _JS2.format("rope_theta"), "1000000.0", "10000.0", (1e6, 1e4)),
            sub("numExperts", _JS4.format("num_experts"), 4, 8),
            sub("numExpertsPerTok", '    "num_experts_per_tok": {}\n', 2, 1),
        ],
        [("numExperts", "num_local_experts", 8, 4)],
    ),
    "whisper_class_annotations_override": (
        *_cfg("whisper_class_annotations_override"),
        [
            sub("numMelBins", _CLS.format("n_mels"), 16, 8),
            sub("maxSourcePositions", _CLS.format("n_audio_ctx"), 16, 32),
            sub("hiddenSize", _CLS.format("n_audio_state"), 32, 48),
            sub("numHeads", _CLS.format("n_audio_head"), 4, 2),
            sub("numEncoderLayers", _CLS.format("n_audio_layer"), 2, 3),
            sub("vocabSize", _CLS.format("n_vocab"), 96, 128),
            sub("maxTargetPositions", _CLS.format("n_text_ctx"), 32, 64),
            sub("numDecoderLayers", _CLS.format("n_text_layer"), 2, 1),
        ],
        [("encoderFfnDim", "encoder_ffn_dim", 64, 128)],
    ),
    "t5_mock_patch_dict_snapshot": (
        *_cfg("t5_mock_patch_dict_snapshot"),
        [
            sub("vocabSize", _KW.format("vocab"), 96, 128),
            sub("numEncoderLayers", _KW.format("enc_layers"), 2, 3),
            sub("numDecoderLayers", _KW.format("dec_layers"), 2, 1),
            sub("relativeAttentionNumBuckets", _KW.format("buckets"), 32, 16),
            sub("relativeAttentionMaxDistance", _KW.format("max_distance"), 128, 32),
            sub("normEps", _KW.format("eps"), "1e-06", "0.1", (1e-06, 0.1)),
            sub("intermediateSize", _KW.format("d_ff"), 64, 128),
            sub("headDim", _KW.format("d_kv"), 8, 4),
        ],
        [("numHeads", "num_heads", 8, 4)],
    ),
    "swin_csv_dictwriter_roundtrip": (
        *_cfg("swin_csv_dictwriter_roundtrip"),
        [
            sub("embedDim", _SW.format("embed_dim"), 16, 24),
            sub("patchSize", _SW.format("patch"), 2, 4),
            sub("windowSize", _SW.format("window"), 4, 8),
            sub("mlpRatio", _SW.format("mlp_ratio"), 4.0, 2.0),
            sub("normEps", _SW.format("eps"), "1e-05", "0.1", (1e-05, 0.1)),
            sub("depths", _SW.format("depths"), '"2 2"', '"2 4"', ([2, 2], [2, 4])),
            sub("numHeads", _SW.format("heads"), '"2 4"', '"2 8"', ([2, 4], [2, 8])),
        ],
        [("depths", "depths", [2, 3], [2, 2], [2, 3])],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {n: _F25[b] for n, b in _BODY.items()}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    n: _IO25[b] for n, b in _BODY.items() if b in _IO25
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
    """Every config plant changes a state-dict shape of the HF model of the planted config."""
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


def _attrs(holder: str, **facts: str) -> dict[str, str]:
    return {fact: f"{holder}.{key}" for fact, key in facts.items()}


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "phi3_redirect_stdout_run_summary": _attrs(
        "config",
        vocabSize="padded_vocab_size",
        numLayers="n_layer",
        numHeads="n_head",
        numKvHeads="n_query_groups",
        hiddenSize="n_embd",
        intermediateSize="intermediate_size",
        normEps="norm_eps",
        ropeTheta="rope_base",
    ),
    "llama_named_tempfile_json_dump": _attrs(
        "cfg",
        vocabSize="vocab_size",
        hiddenSize="hidden_size",
        intermediateSize="intermediate_size",
        numLayers="num_hidden_layers",
        numHeads="num_attention_heads",
        numKvHeads="num_key_value_heads",
        normEps="rms_norm_eps",
        ropeTheta="rope_theta",
    ),
    "qwen3_checkpoint_filename_splitext": _attrs(
        "ARGS",
        vocabSize="vocab_size",
        hiddenSize="dim",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        headDim="head_dim",
        intermediateSize="hidden_dim",
        normEps="norm_eps",
        ropeTheta="rope_theta",
    ),
    "mistral_format_map_template": _at(
        "P",
        vocabSize="vocab_size",
        hiddenSize="dim",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        intermediateSize="hidden_dim",
        slidingWindow="sliding_window",
        normEps="norm_eps",
        ropeTheta="rope_theta",
    ),
    "vit_entrypoint_code_defaults": dict(
        imageSize="IMAGE",
        patchSize="PATCH",
        hiddenSize="WIDTH",
        numHeads="HEADS",
        intermediateSize="MLP",
        numLayers="DEPTH",
        normEps="EPS",
    ),
    "mixtral_json_object_pairs_hook": _attrs(
        "args",
        vocabSize="vocab_size",
        hiddenSize="dim",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        intermediateSize="hidden_dim",
        normEps="norm_eps",
        ropeTheta="rope_theta",
        numExperts="moe.num_experts",
        numExpertsPerTok="moe.num_experts_per_tok",
    ),
    "whisper_class_annotations_override": _attrs(
        "dims",
        numMelBins="n_mels",
        maxSourcePositions="n_audio_ctx",
        hiddenSize="n_audio_state",
        numHeads="n_audio_head",
        numEncoderLayers="n_audio_layer",
        vocabSize="n_vocab",
        maxTargetPositions="n_text_ctx",
        numDecoderLayers="n_text_layer",
    ),
    "t5_mock_patch_dict_snapshot": _at(
        "C",
        vocabSize="vocab",
        numEncoderLayers="enc_layers",
        numDecoderLayers="dec_layers",
        relativeAttentionNumBuckets="buckets",
        relativeAttentionMaxDistance="max_distance",
        normEps="eps",
        intermediateSize="d_ff",
        headDim="d_kv",
    ),
    "swin_csv_dictwriter_roundtrip": dict(
        embedDim="EMBED_DIM",
        patchSize="PATCH_SIZE",
        windowSize="WINDOW_SIZE",
        mlpRatio="MLP_RATIO",
        normEps="NORM_EPS",
        depths="list(DEPTHS)",
        numHeads="list(NUM_HEADS)",
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
