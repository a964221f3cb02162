"""The thirtieth fresh held-out set of re-implementations (written blind in session 33): twelve
of the thinnest architectures of the manifests (Helium, wav2vec 2.0, BioGPT, MPNet, GPT-Neo,
Marian, Pegasus, HuBERT, GLM, XGLM, Persimmon, Falcon), each a whole one-file port with its sizes
reaching the code in a way no earlier README lists: YAML anchors and merge keys (``<<: *base``),
a JSON-lines run log read with ``next()``, a tab-separated sheet split row by row into a frozen
dataclass, a model id through an ``if``/``elif`` chain of ``startswith`` prefixes, a TOML array
of tables (``[[runs]]``), a Lightning checkpoint's ``hyper_parameters`` dict, a multi-document
YAML stream (``safe_load_all``), an ``argparse`` arguments file (``fromfile_prefix_chars``), JSON
with comments stripped by ``re.sub``, a model card's YAML front matter, overrides under
``contextlib.suppress(KeyError)`` and a table keyed by a ``StrEnum``. It was NOT run through
driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's. Every model body is an earlier set's output-proven one
(fresh3's, fresh4's), unchanged below its new size source, so their parameter-name maps and I/O
kinds are imported.

    python benchmarks/reimpl/fresh30/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh30 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh3.make import CASES as _C3  # noqa: E402
from benchmarks.reimpl.fresh3.make import SAME_OUTPUT as _F3  # noqa: E402
from benchmarks.reimpl.fresh3.make import SAME_OUTPUT_IO as _IO3  # noqa: E402
from benchmarks.reimpl.fresh4.make import CASES as _C4  # noqa: E402
from benchmarks.reimpl.fresh4.make import SAME_OUTPUT as _F4  # noqa: E402
from benchmarks.reimpl.fresh4.make import SAME_OUTPUT_IO as _IO4  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402

# a line break first where the same text ends a longer line of the file
_Y2 = "  {}: {{}}\n"
_JS4 = '    "{}": {{}},\n'
_JS8 = '        "{}": {{}},\n'
_JS2 = '  "{}": {{}},\n'
_ARG = "--{}={{}}\n"
_W2V = (
    '{{"run": "w2v2-tiny-ci", "conv": [[32, 10, 5], [32, 3, 2], [32, 3, 2]], "hidden": {}, '
    '"layers": {}, "heads": {}, "ffn": {}, "pos_kernel": {}, "pos_groups": {}, "eps": {}}}\n'
)
_W2V_V = (64, 2, 4, 128, 16, 4, "1e-5")
_TSV = '    "biogpt-tiny\\t{}\\t{}\\t{}\\t{}\\t{}\\t{}\\n"\n'
_TSV_V = (1200, 64, 256, 2, 4, 128)
_MPNET = "    hidden, layers, heads, ffn = {}, {}, {}, {}\n"
_PEG_ENC = "encoder: {{layers: {}, heads: {}, ffn: {}}}\n"
_PEG_DEC = "decoder: {{layers: {}, heads: {}, ffn: {}}}\n"
_FALCON = "    Size.TINY: ({}, {}, {}, {}),\n"

# the case each body comes from: (its set's CASES, SAME_OUTPUT, SAME_OUTPUT_IO, the case's name)
_BODY = {
    "helium_yaml_anchor_merge_keys": (_C4, _F4, _IO4, "helium_einops"),
    "wav2vec2_jsonl_run_log_next": (_C4, _F4, _IO4, "wav2vec2_weightnorm_conv"),
    "biogpt_tsv_sheet_rows": (_C4, _F4, _IO4, "biogpt_frozen_dc"),
    "mpnet_model_id_startswith_chain": (_C4, _F4, _IO4, "mpnet_mappingproxy"),
    "gptneo_toml_array_of_tables": (_C4, _F4, _IO4, "gptneo_registry"),
    "marian_lightning_ckpt_hyper_parameters": (_C4, _F4, _IO4, "marian_builder_postnorm"),
    "pegasus_yaml_multi_document_stream": (_C4, _F4, _IO4, "pegasus_sinusoid_param"),
    "hubert_argparse_fromfile_args": (_C4, _F4, _IO4, "hubert_conv_spec_dc"),
    "glm_jsonc_comments_stripped": (_C4, _F4, _IO4, "glm_dict_functional"),
    "xglm_model_card_front_matter": (_C3, _F3, _IO3, "xglm_sinusoidal"),
    "persimmon_suppress_keyerror_overrides": (_C3, _F3, _IO3, "persimmon_fused_qk_ln"),
    "falcon_strenum_size_table": (_C4, _F4, _IO4, "falcon_new_arch_groups"),
}


def _cfg(name: str) -> tuple:
    """The earlier set's (arch, config class, kwargs, HF class) of the body ``name`` reuses."""
    cases, _, _, body = _BODY[name]
    return cases[body][:4]


def _eps(line: str, left: str = "1e-5", right: str = "0.1") -> tuple:
    return sub("normEps", line, left, right, (float(left), float(right)))


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "helium_yaml_anchor_merge_keys": (
        *_cfg("helium_yaml_anchor_merge_keys"),
        [
            sub("vocabSize", _Y2.format("vocab"), 768, 800),
            sub("hiddenSize", _Y2.format("dim"), 96, 128),
            sub("numLayers", _Y2.format("n_layers"), 2, 3),
            sub("numHeads", _Y2.format("n_heads"), 4, 8),
            sub("numKvHeads", _Y2.format("n_kv_heads"), 2, 1),
            sub("headDim", _Y2.format("head_dim"), 24, 16),
            sub("intermediateSize", _Y2.format("ffn_dim"), 256, 192),
            # not in the tiny entry: merged in from the &base anchor (through &small)
            _eps(_Y2.format("eps"), "1.0e-8", "1.0e-2"),
            sub("ropeTheta", _Y2.format("theta"), "100000.0", "10000.0", (100000.0, 10000.0)),
        ],
        [("vocabSize", "vocab_size", 800, 768), ("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "wav2vec2_jsonl_run_log_next": (
        *_cfg("wav2vec2_jsonl_run_log_next"),
        [
            sizes_line("hiddenSize", _W2V, _W2V_V, 0, 96),
            sizes_line("numLayers", _W2V, _W2V_V, 1, 3),
            sizes_line("numHeads", _W2V, _W2V_V, 2, 8),
            sizes_line("intermediateSize", _W2V, _W2V_V, 3, 256),
            sizes_line("numConvPosEmbeddings", _W2V, _W2V_V, 4, 8),
            sizes_line("numConvPosEmbeddingGroups", _W2V, _W2V_V, 5, 2),
            sizes_line("normEps", _W2V, _W2V_V, 6, "0.1", (1e-05, 0.1)),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("intermediateSize", "intermediate_size", 256, 128),
        ],
    ),
    "biogpt_tsv_sheet_rows": (
        *_cfg("biogpt_tsv_sheet_rows"),
        [
            sizes_line("vocabSize", _TSV, _TSV_V, 0, 1000),
            sizes_line("hiddenSize", _TSV, _TSV_V, 1, 96),
            sizes_line("intermediateSize", _TSV, _TSV_V, 2, 192),
            sizes_line("numLayers", _TSV, _TSV_V, 3, 3),
            sizes_line("numHeads", _TSV, _TSV_V, 4, 8),
            sizes_line("maxPositionEmbeddings", _TSV, _TSV_V, 5, 160),
            # not in the sheet: the dataclass default
            _eps("    eps: float = {}\n"),
        ],
        [("vocabSize", "vocab_size", 1000, 1200), ("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mpnet_model_id_startswith_chain": (
        *_cfg("mpnet_model_id_startswith_chain"),
        [
            sizes_line("hiddenSize", _MPNET, (64, 2, 4, 160), 0, 96),
            sizes_line("numLayers", _MPNET, (64, 2, 4, 160), 1, 3),
            sizes_line("numHeads", _MPNET, (64, 2, 4, 160), 2, 8),
            sizes_line("intermediateSize", _MPNET, (64, 2, 4, 160), 3, 128),
            sub(
                "vocabSize",
                '    "vocab": {} if name.endswith("-uncased") else 30527,\n',
                1000,
                1200,
            ),
            sub("maxPositionEmbeddings", _JS4.format("max_positions"), 130, 258),
            sub("relativeAttentionNumBuckets", _JS4.format("buckets"), 32, 64),
            _eps(_JS4.format("eps")),
        ],
        [
            ("vocabSize", "vocab_size", 1200, 1000),
            ("intermediateSize", "intermediate_size", 128, 160),
        ],
    ),
    "gptneo_toml_array_of_tables": (
        *_cfg("gptneo_toml_array_of_tables"),
        [
            sub("vocabSize", "vocab_size = {}\n", 768, 1000),
            sub("maxPositionEmbeddings", "max_position_embeddings = {}\n", 256, 512),
            sub("hiddenSize", "hidden_size = {}\n", 64, 96),
            sub("numHeads", "num_heads = {}\n", 4, 8),
            sub("numLayers", "layer_pairs = {}\n", 1, 2, (2, 4)),
            sub("slidingWindow", "window_size = {}\n", 32, 16),
            # not in the entry: four times the width, 1e-5
            sub(
                "intermediateSize",
                '    intermediate_size=RUN.get("intermediate_size", {} * RUN["hidden_size"]),\n',
                4,
                2,
                (256, 128),
            ),
            _eps('    layer_norm_epsilon=RUN.get("layer_norm_epsilon", {}),\n'),
        ],
        [
            ("intermediateSize", "intermediate_size", 192, 256),
            ("vocabSize", "vocab_size", 1000, 768),
        ],
    ),
    "marian_lightning_ckpt_hyper_parameters": (
        *_cfg("marian_lightning_ckpt_hyper_parameters"),
        [
            sub("vocabSize", _JS8.format("src_vocab_size"), 1200, 1000),
            sub("hiddenSize", _JS8.format("d_model"), 64, 96),
            sub("numHeads", _JS8.format("attention_heads"), 4, 8),
            sub("intermediateSize", _JS8.format("ffn_dim"), 192, 256),
            sub("numEncoderLayers", _JS8.format("encoder_layers"), 2, 3),
            sub("numDecoderLayers", _JS8.format("decoder_layers"), 3, 2),
            sub("maxPositionEmbeddings", _JS8.format("max_length"), 160, 256),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 256, 160),
            ("numEncoderLayers", "encoder_layers", 3, 2),
        ],
    ),
    "pegasus_yaml_multi_document_stream": (
        *_cfg("pegasus_yaml_multi_document_stream"),
        [
            sub("vocabSize", "\nvocab: {}\n", 1000, 1200),
            sub("hiddenSize", "\nd_model: {}\n", 64, 96),
            sub("maxPositionEmbeddings", "\nmax_positions: {}\n", 128, 256),
            sizes_line("numEncoderLayers", _PEG_ENC, (2, 4, 128), 0, 3),
            sizes_line("numHeads", _PEG_DEC, (2, 4, 128), 1, 8),
            sizes_line("intermediateSize", _PEG_ENC, (2, 4, 128), 2, 192),
            sizes_line("numDecoderLayers", _PEG_DEC, (2, 4, 128), 0, 3),
        ],
        [("numDecoderLayers", "decoder_layers", 3, 2), ("vocabSize", "vocab_size", 1200, 1000)],
    ),
    "hubert_argparse_fromfile_args": (
        *_cfg("hubert_argparse_fromfile_args"),
        [
            sub("hiddenSize", _ARG.format("hidden"), 64, 96),
            sub("numLayers", _ARG.format("layers"), 3, 2),
            sub("numHeads", _ARG.format("heads"), 4, 8),
            sub("intermediateSize", _ARG.format("ffn"), 160, 128),
            sub("numConvPosEmbeddings", _ARG.format("pos-kernel"), 8, 16),
            sub("numConvPosEmbeddingGroups", _ARG.format("pos-groups"), 2, 4),
            # not in the arguments file: the option's default
            _eps('parser.add_argument("--eps", type=float, default={})\n'),
        ],
        [("numLayers", "num_hidden_layers", 2, 3), ("hiddenSize", "hidden_size", 96, 64)],
    ),
    "glm_jsonc_comments_stripped": (
        *_cfg("glm_jsonc_comments_stripped"),
        [
            sub("vocabSize", _JS2.format("vocab"), 640, 768),
            sub("hiddenSize", _JS2.format("width"), 64, 96),
            sub("intermediateSize", _JS2.format("ffn"), 160, 192),
            sub("numLayers", _JS2.format("depth"), 2, 3),
            sub("numHeads", _JS2.format("heads"), 4, 8),
            sub("numKvHeads", _JS2.format("kv_heads"), 2, 1),
            sub("headDim", _JS2.format("head_dim"), 16, 32),
            sub("partialRotaryFactor", _JS2.format("rotary_fraction"), 0.5, 1.0),
            sub("ropeTheta", _JS2.format("base"), "10000.0", "500000.0", (10000.0, 500000.0)),
            _eps('  "eps": {}\n'),
        ],
        [("numLayers", "num_hidden_layers", 3, 2), ("vocabSize", "vocab_size", 768, 640)],
    ),
    "xglm_model_card_front_matter": (
        *_cfg("xglm_model_card_front_matter"),
        [
            sub("vocabSize", _Y2.format("vocab_size"), 700, 768),
            sub("hiddenSize", _Y2.format("d_model"), 64, 96),
            sub("numLayers", _Y2.format("layers"), 2, 3),
            sub("numHeads", _Y2.format("heads"), 4, 8),
            sub("intermediateSize", _Y2.format("ffn"), 192, 256),
        ],
        [("numLayers", "num_layers", 3, 2), ("vocabSize", "vocab_size", 768, 700)],
    ),
    "persimmon_suppress_keyerror_overrides": (
        *_cfg("persimmon_suppress_keyerror_overrides"),
        [
            sub("vocabSize", _JS4.format("vocab"), 700, 768),
            sub("hiddenSize", _JS4.format("width"), 64, 96),
            sub("numLayers", _JS4.format("depth"), 2, 3),
            sub("numHeads", _JS4.format("heads"), 4, 8),
            sub("intermediateSize", _JS4.format("mlp_width"), 256, 192),
            # not in the run's dict: Persimmon-8B's class values
            _eps("    ln_eps = {}\n"),
            sub("ropeTheta", "    rope_base = {}\n", "25000.0", "10000.0", (25000.0, 10000.0)),
        ],
        [
            ("intermediateSize", "intermediate_size", 192, 256),
            ("vocabSize", "vocab_size", 768, 700),
        ],
    ),
    "falcon_strenum_size_table": (
        *_cfg("falcon_strenum_size_table"),
        [
            sizes_line("hiddenSize", _FALCON, (64, 8, 2, 2), 0, 96),
            sizes_line("numHeads", _FALCON, (64, 8, 2, 2), 1, 4),
            sizes_line("numKvHeads", _FALCON, (64, 8, 2, 2), 2, 1),
            sizes_line("numLayers", _FALCON, (64, 8, 2, 2), 3, 3),
            sub("vocabSize", "vocab = {} if SIZE is Size.TINY else 65024\n", 1024, 1000),
            sub("intermediateSize", "ffn_hidden = {} * hidden\n", 4, 2, (256, 128)),
            _eps("\neps = {}\n"),
            sub("ropeTheta", "rope_theta = {}\n", "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numKvHeads", "num_kv_heads", 4, 2), ("vocabSize", "vocab_size", 1000, 1024)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {n: f[body] for n, (_, f, _, body) in _BODY.items()}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    n: io[body] for n, (_, _, io, body) in _BODY.items() if body in io
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


def _attrs(prefix: str, **facts: str) -> dict[str, str]:
    return {fact: f"{prefix}{key}" for fact, key in facts.items()}


def _keys(name: str, **facts: str) -> dict[str, str]:
    return {fact: f'{name}["{key}"]' for fact, key in facts.items()}


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "helium_yaml_anchor_merge_keys": dict(
        vocabSize="VOCAB",
        hiddenSize="DIM",
        numLayers="N_LAYERS",
        numHeads="N_HEADS",
        numKvHeads="N_KV_HEADS",
        headDim="HEAD_DIM",
        intermediateSize="FFN_DIM",
        normEps="EPS",
        ropeTheta="THETA",
    ),
    "wav2vec2_jsonl_run_log_next": dict(
        hiddenSize="HIDDEN",
        numLayers="LAYERS",
        numHeads="HEADS",
        intermediateSize="FFN",
        numConvPosEmbeddings="POS_KERNEL",
        numConvPosEmbeddingGroups="POS_GROUPS",
        normEps="EPS",
    ),
    "biogpt_tsv_sheet_rows": _attrs(
        "ARGS.",
        vocabSize="vocab",
        hiddenSize="d_model",
        intermediateSize="ffn",
        numLayers="layers",
        numHeads="heads",
        maxPositionEmbeddings="max_len",
        normEps="eps",
    ),
    "mpnet_model_id_startswith_chain": _keys(
        "S",
        hiddenSize="hidden",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="ffn",
        vocabSize="vocab",
        maxPositionEmbeddings="max_positions",
        relativeAttentionNumBuckets="buckets",
        normEps="eps",
    ),
    "gptneo_toml_array_of_tables": {
        **_keys(
            "HPARAMS",
            vocabSize="vocab_size",
            maxPositionEmbeddings="max_position_embeddings",
            hiddenSize="hidden_size",
            numHeads="num_heads",
            slidingWindow="window_size",
            intermediateSize="intermediate_size",
            normEps="layer_norm_epsilon",
        ),
        "numLayers": 'len(expand_layers(HPARAMS["attention_types"]))',
    },
    "marian_lightning_ckpt_hyper_parameters": _keys(
        "SPEC",
        vocabSize="vocab",
        hiddenSize="width",
        numHeads="heads",
        intermediateSize="ffn",
        numEncoderLayers="enc_layers",
        numDecoderLayers="dec_layers",
        maxPositionEmbeddings="max_len",
    ),
    "pegasus_yaml_multi_document_stream": _keys(
        "CFG",
        vocabSize="vocab",
        hiddenSize="d_model",
        maxPositionEmbeddings="max_positions",
        numEncoderLayers='encoder"]["layers',
        numHeads='decoder"]["heads',
        intermediateSize='encoder"]["ffn',
        numDecoderLayers='decoder"]["layers',
    ),
    "hubert_argparse_fromfile_args": _attrs(
        "C.",
        hiddenSize="hidden",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="ffn",
        numConvPosEmbeddings="pos_kernel",
        numConvPosEmbeddingGroups="pos_groups",
        normEps="eps",
    ),
    "glm_jsonc_comments_stripped": _keys(
        "CONFIG",
        vocabSize="vocab",
        hiddenSize="width",
        intermediateSize="ffn",
        numLayers="depth",
        numHeads="heads",
        numKvHeads="kv_heads",
        headDim="head_dim",
        partialRotaryFactor="rotary_fraction",
        ropeTheta="base",
        normEps="eps",
    ),
    "xglm_model_card_front_matter": dict(
        vocabSize="VOCAB",
        hiddenSize="D_MODEL",
        numLayers="len(LAYER_HEADS)",
        numHeads="LAYER_HEADS[0]",
        intermediateSize="LAYER_FFN[0]",
    ),
    "persimmon_suppress_keyerror_overrides": _attrs(
        "S.",
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="depth",
        numHeads="heads",
        intermediateSize="mlp_width",
        normEps="ln_eps",
        ropeTheta="rope_base",
    ),
    "falcon_strenum_size_table": dict(
        hiddenSize="hidden",
        numHeads="n_head",
        numKvHeads="n_head_kv",
        numLayers="n_layer",
        vocabSize="vocab",
        intermediateSize="ffn_hidden",
        normEps="eps",
        ropeTheta="rope_theta",
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
