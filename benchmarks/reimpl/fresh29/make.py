"""The twenty-ninth fresh held-out set of re-implementations (written blind in session 32): the
thin architectures of the manifests (ELECTRA, Falcon, OPT, Cohere, Qwen3-MoE, ALBERT, Gemma 3,
GPT-J, OLMoE, Qwen2-MoE, DeiT, BLOOM), each a whole one-file port with its sizes reaching the
code in a way no earlier README lists: ``argparse`` sub-commands, minGPT's
``get_default_config`` + ``model_type`` table, the project's own settings class with
``to_dict`` / ``from_json``, a class whose constructor walks ``__annotations__``, ``argparse``
``nargs=3`` option groups, ``argparse`` ``choices`` presets with a ``None``-default override,
a config file that is a Python expression (``eval``), a ``collections.namedtuple`` with
``defaults`` and ``_replace``, deprecated keyword aliases with ``warnings.warn``, a hand-written
``--key=value`` ``sys.argv`` reader, a sweep's command template filled by ``str.format_map``,
and a ``[tool.<name>]`` table of ``pyproject.toml``. It was NOT run through driftcheck while it
was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's. Every model body is an earlier set's output-proven one
(fresh3's, fresh4's, fresh5's, fresh6's, fresh7's), unchanged below its new size source, so
their parameter-name maps and I/O kinds are imported.

    python benchmarks/reimpl/fresh29/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh29 --mode both --show 200
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
from benchmarks.reimpl.fresh5.make import CASES as _C5  # noqa: E402
from benchmarks.reimpl.fresh5.make import SAME_OUTPUT as _F5  # noqa: E402
from benchmarks.reimpl.fresh5.make import SAME_OUTPUT_IO as _IO5  # noqa: E402
from benchmarks.reimpl.fresh6.make import CASES as _C6  # noqa: E402
from benchmarks.reimpl.fresh6.make import SAME_OUTPUT as _F6  # noqa: E402
from benchmarks.reimpl.fresh6.make import SAME_OUTPUT_IO as _IO6  # noqa: E402
from benchmarks.reimpl.fresh7.make import CASES as _C7  # noqa: E402
from benchmarks.reimpl.fresh7.make import SAME_OUTPUT as _F7  # noqa: E402
from benchmarks.reimpl.fresh7.make import SAME_OUTPUT_IO as _IO7  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402

# a line break first: the deeper-indented lines of the same text do not match
_KW4 = "\n    {}={{}},\n"
_KW8 = "        {}={{}},\n"
_JS2 = '  "{}": {{}},\n'
_JS4 = '    "{}": {{}},\n'
_OVR8 = '        "--{}={{}}",\n'
_FIELD = "    {}: {} = {{}}\n"
_TOML = "{} = {{}}\n"
_PRETRAIN = '    pretrain.add_argument("--{}", type={}, default={{}})\n'
_OPTION = 'parser.add_argument("--{}", type={}, default={{}})\n'

# the case each body comes from: (its set's CASES, SAME_OUTPUT, SAME_OUTPUT_IO, the case's name)
_BODY = {
    "electra_argparse_subcommands": (_C4, _F4, _IO4, "electra_factorized_seq"),
    "falcon_mingpt_get_default_config": (_C4, _F4, _IO4, "falcon_new_arch_groups"),
    "opt_settings_to_dict_from_json": (_C4, _F4, _IO4, "opt_raw_params"),
    "cohere_annotations_kwargs_init": (_C7, _F7, _IO7, "cohere_nested_classes"),
    "qwen3_moe_argparse_nargs_groups": (_C5, _F5, _IO5, "qwen3moe_slots_cfg"),
    "albert_argparse_choices_preset": (_C6, _F6, _IO6, "albert_shared_list"),
    "gemma3_eval_config_expression": (_C6, _F6, _IO6, "gemma3_letter_schedule"),
    "gptj_namedtuple_defaults_replace": (_C4, _F4, _IO4, "gptj_sincos_table"),
    "olmoe_deprecated_kwarg_aliases": (_C4, _F4, _IO4, "olmoe_dense_dispatch"),
    "qwen2_moe_argv_key_value_overrides": (_C3, _F3, _IO3, "qwen2moe_shared"),
    "deit_sweep_format_map_command": (_C6, _F6, _IO6, "deit_field_metadata"),
    "bloom_pyproject_tool_table": (_C4, _F4, _IO4, "bloom_baddbmm_alibi"),
}


def _cfg(name: str) -> tuple:
    """The earlier set's (arch, config class, kwargs, HF class) of the body ``name`` reuses."""
    cases, _, _, body = _BODY[name]
    return cases[body][:4]


_FALCON = '    "falcon-tiny": dict(n_layer={}, n_head={}, n_head_kv={}, n_embd={}),\n'
_ATTN = "    --attn {} {} {}\n"
_MOE = "    --moe {} {} {}\n"
_ROPE = "    rope=dict(local={}, glob={}),\n"
_GPTJ_DEFAULTS = "    defaults=[50400, 2048, 4096, 28, 16, 64, None, {}],\n"

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "electra_argparse_subcommands": (
        *_cfg("electra_argparse_subcommands"),
        [
            sub("vocabSize", _OVR8.format("vocab-size"), 1000, 1024),
            sub("embeddingSize", _OVR8.format("embedding-size"), 32, 48),
            sub("hiddenSize", _OVR8.format("hidden-size"), 64, 96),
            sub("numLayers", _OVR8.format("num-layers"), 2, 3),
            sub("numHeads", _OVR8.format("num-heads"), 4, 8),
            sub("intermediateSize", _OVR8.format("ffn-size"), 128, 192),
            sub("maxPositionEmbeddings", _OVR8.format("max-positions"), 128, 256),
            # not on the command line: the sub-command's defaults
            sub("typeVocabSize", _PRETRAIN.format("type-vocab-size", "int"), 2, 3),
            sub(
                "normEps",
                _PRETRAIN.format("layer-norm-eps", "float"),
                "1e-12",
                "0.01",
                (1e-12, 0.01),
            ),
        ],
        [
            ("vocabSize", "vocab_size", 1024, 1000),
            ("intermediateSize", "intermediate_size", 192, 128),
        ],
    ),
    "falcon_mingpt_get_default_config": (
        *_cfg("falcon_mingpt_get_default_config"),
        [
            sizes_line("numLayers", _FALCON, (2, 8, 2, 64), 0, 3),
            sizes_line("numHeads", _FALCON, (2, 8, 2, 64), 1, 4),
            sizes_line("numKvHeads", _FALCON, (2, 8, 2, 64), 2, 1),
            sizes_line("hiddenSize", _FALCON, (2, 8, 2, 64), 3, 96),
            sub("vocabSize", "config.vocab_size = {}\n", 1024, 1000),
            # not set by the run: get_default_config's
            sub("intermediateSize", "    C.ffn_mult = {}\n", 4, 2, (256, 128)),
            sub("normEps", "    C.eps = {}\n", "1e-5", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", "    C.rope_theta = {}\n", "10000.0", "100.0", (10000.0, 100.0)),
        ],
        [("numKvHeads", "num_kv_heads", 4, 2), ("vocabSize", "vocab_size", 1000, 1024)],
    ),
    "opt_settings_to_dict_from_json": (
        *_cfg("opt_settings_to_dict_from_json"),
        [
            sub("vocabSize", _JS2.format("vocab_size"), 900, 1000),
            sub("hiddenSize", _JS2.format("hidden_size"), 64, 96),
            sub("intermediateSize", _JS2.format("ffn_dim"), 192, 256),
            sub("numLayers", _JS2.format("num_hidden_layers"), 2, 3),
            sub("numHeads", _JS2.format("num_attention_heads"), 4, 8),
            sub("maxPositionEmbeddings", _JS2.format("max_position_embeddings"), 128, 256),
        ],
        [("numLayers", "num_hidden_layers", 4, 2), ("vocabSize", "vocab_size", 1000, 900)],
    ),
    "cohere_annotations_kwargs_init": (
        *_cfg("cohere_annotations_kwargs_init"),
        [
            sub("vocabSize", _KW4.format("vocab"), 656, 700),
            sub("hiddenSize", _KW4.format("hidden"), 64, 96),
            sub("numLayers", _KW4.format("layers"), 2, 3),
            sub("numHeads", _KW4.format("heads"), 4, 8),
            sub("numKvHeads", _KW4.format("kv_heads"), 2, 1),
            sub("intermediateSize", _KW4.format("ffn"), 176, 192),
            # not passed by the run: the annotated class defaults
            sub(
                "ropeTheta",
                _FIELD.format("rope_theta", "float"),
                "8000000.0",
                "10000.0",
                (8000000.0, 10000.0),
            ),
            sub("normEps", _FIELD.format("eps", "float"), "1e-5", "0.1", (1e-05, 0.1)),
            sub("logitScale", _FIELD.format("logit_scale", "float"), 0.0625, 0.125),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("intermediateSize", "intermediate_size", 192, 176),
        ],
    ),
    "qwen3_moe_argparse_nargs_groups": (
        *_cfg("qwen3_moe_argparse_nargs_groups"),
        [
            sub("vocabSize", "    --vocab {}\n", 512, 640),
            sub("hiddenSize", "    --d-model {}\n", 64, 96),
            sub("numLayers", "    --n-layers {}\n", 2, 3),
            sizes_line("numHeads", _ATTN, (4, 2, 16), 0, 8),
            sizes_line("numKvHeads", _ATTN, (4, 2, 16), 1, 1),
            sizes_line("headDim", _ATTN, (4, 2, 16), 2, 32),
            sizes_line("numExperts", _MOE, (8, 2, 48), 0, 6),
            sizes_line("numExpertsPerTok", _MOE, (8, 2, 48), 1, 4),
            sizes_line("moeIntermediateSize", _MOE, (8, 2, 48), 2, 64),
            # not on the launch line: the options' defaults
            sub(
                "ropeTheta",
                _OPTION.format("rope-theta", "float"),
                "1000000.0",
                "10000.0",
                (1000000.0, 10000.0),
            ),
            sub("normEps", _OPTION.format("eps", "float"), "1e-6", "0.1", (1e-06, 0.1)),
        ],
        [("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "albert_argparse_choices_preset": (
        *_cfg("albert_argparse_choices_preset"),
        [
            sub("embeddingSize", _KW8.format("emb"), 32, 48),
            sub("hiddenSize", _KW8.format("hidden"), 96, 120),
            # --num-layers is not given: the preset's depth
            sub("numLayers", _KW8.format("layers"), 4, 6),
            sub("numHeads", _KW8.format("heads"), 6, 4),
            sub("intermediateSize", _KW8.format("ffn"), 256, 384),
            sub("vocabSize", _OVR8.format("vocab-size"), 760, 800),
            sub("maxPositionEmbeddings", _OVR8.format("max-positions"), 160, 256),
            sub("typeVocabSize", _OPTION.format("type-vocab", "int"), 2, 3),
            sub("normEps", _OPTION.format("eps", "float"), "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("vocabSize", "vocab_size", 800, 760)],
    ),
    "gemma3_eval_config_expression": (
        *_cfg("gemma3_eval_config_expression"),
        [
            sub("vocabSize", _KW4.format("vocab"), 1024, 768),
            sub("hiddenSize", _KW4.format("width"), 64, 96),
            sub("intermediateSize", _KW4.format("ffn"), 256, 192),
            sub("numLayers", _KW4.format("depth"), 6, 7),
            sub("numHeads", _KW4.format("heads"), 4, 8),
            sub("numKvHeads", _KW4.format("kv_heads"), 1, 2),
            sub("headDim", _KW4.format("head_dim"), 32, 16),
            sub("slidingWindow", _KW4.format("window"), 16, 8),
            sizes_line(
                "ropeTheta",
                _ROPE,
                ("10_000.0", "1_000_000.0"),
                1,
                "100_000.0",
                (1000000.0, 100000.0),
            ),
            sub("normEps", _KW4.format("eps"), "1e-6", "0.1", (1e-06, 0.1)),
        ],
        [("vocabSize", "vocab_size", 2048, 1024)],
    ),
    "gptj_namedtuple_defaults_replace": (
        *_cfg("gptj_namedtuple_defaults_replace"),
        [
            sub("vocabSize", _KW4.format("vocab"), 1000, 1024),
            sub("hiddenSize", _KW4.format("n_embd"), 64, 96),
            sub("numLayers", _KW4.format("n_layer"), 2, 3),
            sub("numHeads", _KW4.format("n_head"), 4, 8),
            sub("rotaryDim", _KW4.format("rotary_dim"), 8, 16),
            # n_inner is not given: four times the width
            sub(
                "intermediateSize",
                "    HPARAMS = HPARAMS._replace(n_inner={} * HPARAMS.n_embd)\n",
                4,
                2,
                (256, 128),
            ),
            # ln_eps is not given: the namedtuple's default
            sub("normEps", _GPTJ_DEFAULTS, "1e-5", "0.1", (1e-05, 0.1)),
        ],
        [("vocabSize", "vocab_size", 1024, 1000), ("numLayers", "n_layer", 3, 2)],
    ),
    "olmoe_deprecated_kwarg_aliases": (
        *_cfg("olmoe_deprecated_kwarg_aliases"),
        [
            sub("hiddenSize", _KW8.format("d_model"), 64, 96),
            sub("numLayers", _KW8.format("n_layers"), 2, 3),
            sub("numHeads", _KW8.format("heads"), 4, 8),
            sub("numExperts", _KW8.format("num_experts"), 8, 6),
            sub("numExpertsPerTok", _KW8.format("top_k"), 2, 1),
            sub("intermediateSize", _KW8.format("ffn_dim"), 96, 128),
            sub("vocabSize", _KW8.format("vocab"), 800, 1024),
            # not passed: model_config's defaults
            sub("normEps", _KW4.format("eps"), "1e-5", "0.1", (1e-05, 0.1)),
            sub("ropeTheta", _KW4.format("theta"), "10000.0", "500000.0", (1e4, 5e5)),
        ],
        [
            ("numExperts", "num_experts", 6, 8),
            ("vocabSize", "vocab_size", 1024, 800),
            ("numHeads", "num_attention_heads", 8, 4),
        ],
    ),
    "qwen2_moe_argv_key_value_overrides": (
        *_cfg("qwen2_moe_argv_key_value_overrides"),
        [
            sub("vocabSize", _OVR8.format("vocab"), 640, 700),
            sub("hiddenSize", _OVR8.format("dim"), 64, 96),
            sub("numLayers", _OVR8.format("layers"), 2, 3),
            sub("numHeads", _OVR8.format("heads"), 4, 8),
            sub("numKvHeads", _OVR8.format("kv-heads"), 2, 1),
            sub("numExperts", _OVR8.format("experts"), 6, 4),
            sub("numExpertsPerTok", _OVR8.format("top-k"), 2, 1),
            sub("moeIntermediateSize", _OVR8.format("expert-ff"), 48, 64),
            sub("sharedExpertIntermediateSize", _OVR8.format("shared-ff"), 96, 128),
            # not overridden: the defaults dict
            sub("normEps", _KW4.format("eps"), "1e-6", "0.1", (1e-06, 0.1)),
            sub("ropeTheta", _KW4.format("theta"), "1000000.0", "10000.0", (1e6, 1e4)),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("sharedExpertIntermediateSize", "shared_expert_intermediate_size", 128, 96),
        ],
    ),
    "deit_sweep_format_map_command": (
        *_cfg("deit_sweep_format_map_command"),
        [
            sub("imageSize", _JS4.format("image"), 32, 64),
            sub("patchSize", _JS4.format("patch"), 8, 4),
            sub("hiddenSize", _JS4.format("dim"), 96, 120),
            sub("numLayers", _JS4.format("depth"), 3, 4),
            sub("numHeads", _JS4.format("heads"), 6, 4),
            sub("intermediateSize", _JS4.format("mlp"), 384, 256),
            # not in the command template: the option's default
            sub("normEps", _OPTION.format("eps", "float"), "1e-12", "0.01", (1e-12, 0.01)),
        ],
        [("imageSize", "image_size", 64, 32)],
    ),
    "bloom_pyproject_tool_table": (
        *_cfg("bloom_pyproject_tool_table"),
        [
            sub("hiddenSize", _TOML.format("n_embed"), 64, 128),
            sub("numHeads", _TOML.format("n_head"), 8, 4),
            sub("numLayers", _TOML.format("n_layer"), 2, 3),
            sub("vocabSize", _TOML.format("vocab_size"), 1280, 1024),
            sub("normEps", _TOML.format("epsilon"), "1.0e-5", "1.0e-1", (1e-05, 0.1)),
        ],
        [("vocabSize", "vocab_size", 1024, 1280), ("numLayers", "n_layer", 3, 2)],
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


# case -> fact -> the expression (over the case module's globals) that holds the fact's value
VALUES: dict[str, dict[str, str]] = {
    "electra_argparse_subcommands": _attrs(
        "ARGS.",
        vocabSize="vocab_size",
        embeddingSize="embedding_size",
        hiddenSize="hidden_size",
        numLayers="num_layers",
        numHeads="num_heads",
        intermediateSize="ffn_size",
        maxPositionEmbeddings="max_positions",
        typeVocabSize="type_vocab_size",
        normEps="layer_norm_eps",
    ),
    "falcon_mingpt_get_default_config": dict(
        numLayers="n_layer",
        numHeads="n_head",
        numKvHeads="n_head_kv",
        hiddenSize="hidden",
        vocabSize="vocab",
        intermediateSize="ffn_hidden",
        normEps="eps",
        ropeTheta="rope_theta",
    ),
    "opt_settings_to_dict_from_json": _attrs(
        "SETTINGS.",
        vocabSize="vocab_size",
        hiddenSize="hidden_size",
        intermediateSize="ffn_dim",
        numLayers="num_hidden_layers",
        numHeads="num_attention_heads",
        maxPositionEmbeddings="max_position_embeddings",
    ),
    "cohere_annotations_kwargs_init": _attrs(
        "HP.",
        vocabSize="vocab",
        hiddenSize="hidden",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        intermediateSize="ffn",
        ropeTheta="rope_theta",
        normEps="eps",
        logitScale="logit_scale",
    ),
    "qwen3_moe_argparse_nargs_groups": _attrs(
        "C.",
        vocabSize="vocab",
        hiddenSize="d_model",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv",
        headDim="head_dim",
        numExperts="n_experts",
        numExpertsPerTok="top_k",
        moeIntermediateSize="expert_ffn",
        ropeTheta="theta",
        normEps="eps",
    ),
    "albert_argparse_choices_preset": dict(
        embeddingSize="EMBEDDING_SIZE",
        hiddenSize="HIDDEN_SIZE",
        numLayers="NUM_LAYERS",
        numHeads="NUM_HEADS",
        intermediateSize="INTERMEDIATE",
        vocabSize="VOCAB_SIZE",
        maxPositionEmbeddings="MAX_POSITIONS",
        typeVocabSize="TYPE_VOCAB",
        normEps="EPS",
    ),
    "gemma3_eval_config_expression": dict(
        vocabSize="VOCAB",
        hiddenSize="WIDTH",
        intermediateSize="FFN",
        numLayers="DEPTH",
        numHeads="HEADS",
        numKvHeads="KV_HEADS",
        headDim="HEAD_DIM",
        slidingWindow="WINDOW",
        ropeTheta="GLOBAL_BASE",
        normEps="EPS",
    ),
    "gptj_namedtuple_defaults_replace": _attrs(
        "opt.",
        vocabSize="vocab",
        hiddenSize="n_embd",
        numLayers="n_layer",
        numHeads="n_head",
        rotaryDim="rotary_dim",
        intermediateSize="n_inner",
        normEps="ln_eps",
    ),
    "olmoe_deprecated_kwarg_aliases": {
        fact: f'HP["{key}"]'
        for fact, key in dict(
            hiddenSize="dim",
            numLayers="layers",
            numHeads="heads",
            numExperts="experts",
            numExpertsPerTok="top_k",
            intermediateSize="expert_dim",
            vocabSize="vocab",
            normEps="eps",
            ropeTheta="theta",
        ).items()
    },
    "qwen2_moe_argv_key_value_overrides": dict(
        vocabSize="VOCAB",
        hiddenSize="DIM",
        numLayers="LAYERS",
        numHeads="HEADS",
        numKvHeads="KV_HEADS",
        numExperts="EXPERTS",
        numExpertsPerTok="TOP_K",
        moeIntermediateSize="EXPERT_FF",
        sharedExpertIntermediateSize="SHARED_FF",
        normEps="EPS",
        ropeTheta="THETA",
    ),
    "deit_sweep_format_map_command": _attrs(
        "CFG.",
        imageSize="image",
        patchSize="patch",
        hiddenSize="dim",
        numLayers="depth",
        numHeads="heads",
        intermediateSize="mlp_dim",
        normEps="eps",
    ),
    "bloom_pyproject_tool_table": dict(
        hiddenSize="N_EMBD",
        numHeads="N_HEAD",
        numLayers="N_LAYER",
        vocabSize="VOCAB",
        normEps="LN_EPS",
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
