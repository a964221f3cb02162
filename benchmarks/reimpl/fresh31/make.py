"""The thirty-first fresh held-out set of re-implementations (written blind in session 34):
twelve architectures the manifests hold once (MPT, GPT-BigCode, Megatron-BERT, GLM-4, SmolLM3,
Cohere 2, HunYuan dense, Seed-OSS, mBART, CodeGen, XLM-RoBERTa) and Falcon (grouped fused QKV),
each a whole one-file port with its sizes reaching the code in a way no earlier README lists: a
run name's regex named groups (``groupdict``), a sheet whose delimiter ``csv.Sniffer`` detects,
a hand-rolled ``click``-like ``@option`` decorator, the depth a parameter budget affords, a launch
script's ``export`` lines, a Hydra-style nested plain dict with layer kinds expanded by
``chain.from_iterable``, sub-configurations sized only in their ``__init__``, ``ClassVar``
constants of a dataclass, ``os.getenv`` defaults into the functional ``enum.Enum`` API, a fairseq
log's ``Namespace(...)`` line, a Dockerfile's ``ENV`` lines and TOML dotted keys. It was NOT run
through driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's. Every model body is an earlier set's output-proven one
(fresh3's, fresh4's), unchanged below its new size source, so their parameter-name maps and I/O
kinds are imported.

    python benchmarks/reimpl/fresh31/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh31 --mode both --show 200
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

_ROW = "tiny;{};{};{};{};{};{}\n"
_ROW_V = (800, 256, 64, 2, 4, 224)
_OPT = '@option("--{}", {{}})\n'
_EXP = "export {}={{}}\n"
_DOCK = "ENV {}={{}}\n"
_NS1 = '    "encoder_layers={}, decoder_layers={}, encoder_attention_heads={}, "\n'
_NS2 = '    "decoder_attention_heads={}, encoder_ffn_embed_dim={}, "\n'
_NS3 = '    "decoder_ffn_embed_dim={}, encoder_embed_dim={}, "\n'
_NS4 = '    "max_source_positions={}, share_all_embeddings=True, lr=[0.0003])\\n"\n'
_RUN = 'RUN_NAME = "mpt-tiny_d{}_h{}_l{}_v{}"\n'
_RUN_V = (64, 4, 2, 900)

# the case each body comes from: (its set's CASES, SAME_OUTPUT, SAME_OUTPUT_IO, the case's name)
_BODY = {
    "mpt_run_name_groupdict": (_C3, _F3, _IO3, "mpt_alibi_wqkv"),
    "bigcode_csv_sniffer_sheet": (_C3, _F3, _IO3, "bigcode_mqa"),
    "megatron_bert_option_decorators": (_C3, _F3, _IO3, "megatron_bert_prenorm"),
    "glm4_layers_from_param_budget": (_C4, _F4, _IO4, "glm4_sandwich_ns"),
    "smollm3_launch_script_exports": (_C4, _F4, _IO4, "smollm3_argparse"),
    "cohere2_nested_dict_layer_pattern": (_C4, _F4, _IO4, "cohere2_moduledict"),
    "hunyuan_sub_config_init_only": (_C4, _F4, _IO4, "hunyuan_properties"),
    "falcon_classvar_dataclass": (_C4, _F4, _IO4, "falcon_new_arch_groups"),
    "seed_oss_getenv_functional_enum": (_C4, _F4, _IO4, "seed_oss_enum"),
    "mbart_fairseq_namespace_log": (_C3, _F3, _IO3, "mbart_stack_flag"),
    "codegen_dockerfile_env_lines": (_C3, _F3, _IO3, "codegen_mp_qkv"),
    "xlm_roberta_toml_dotted_keys": (_C3, _F3, _IO3, "xlm_roberta_dotlist"),
}


def _cfg(name: str) -> tuple:
    """The earlier set's (arch, config class, kwargs, HF class) of the body ``name`` reuses."""
    cases, _, _, body = _BODY[name]
    return cases[body][:4]


def _eps(line: str, left: str = "1.0e-5", right: str = "0.1") -> tuple:
    return sub("normEps", line, left, right, (float(left), float(right)))


# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "mpt_run_name_groupdict": (
        *_cfg("mpt_run_name_groupdict"),
        [
            sizes_line("numHeads", _RUN, _RUN_V, 1, 8),
            sizes_line("numLayers", _RUN, _RUN_V, 2, 3),
            sizes_line("vocabSize", _RUN, _RUN_V, 3, 1000),
            sub("intermediateSize", "    expansion_ratio={},\n", 4, 3, (256, 192)),
            _eps("    norm_eps={},\n"),
        ],
        [("vocabSize", "vocab_size", 1000, 900), ("numLayers", "n_layers", 3, 2)],
    ),
    "bigcode_csv_sniffer_sheet": (
        *_cfg("bigcode_csv_sniffer_sheet"),
        [
            sizes_line("vocabSize", _ROW, _ROW_V, 0, 1000),
            sizes_line("maxPositionEmbeddings", _ROW, _ROW_V, 1, 512),
            sizes_line("hiddenSize", _ROW, _ROW_V, 2, 96),
            sizes_line("numLayers", _ROW, _ROW_V, 3, 3),
            sizes_line("numHeads", _ROW, _ROW_V, 4, 8),
            sizes_line("intermediateSize", _ROW, _ROW_V, 5, 256),
            # not in the sheet: the NamedTuple's default
            _eps("    eps: float = {}\n", "1e-5"),
        ],
        [("intermediateSize", "n_inner", 256, 224), ("numLayers", "n_layer", 3, 2)],
    ),
    "megatron_bert_option_decorators": (
        *_cfg("megatron_bert_option_decorators"),
        [
            sub("vocabSize", _OPT.format("vocab-size"), 800, 1000),
            sub("hiddenSize", _OPT.format("hidden-size"), 64, 96),
            sub("numLayers", _OPT.format("num-layers"), 2, 3),
            sub("numHeads", _OPT.format("num-heads"), 4, 8),
            sub("intermediateSize", _OPT.format("ffn-hidden-size"), 192, 256),
            sub("maxPositionEmbeddings", _OPT.format("max-position-embeddings"), 128, 256),
            _eps('@option("--layernorm-epsilon", {}, type=float)\n', "1.0e-12"),
        ],
        [("numLayers", "num_hidden_layers", 3, 2), ("vocabSize", "vocab_size", 1000, 800)],
    ),
    "glm4_layers_from_param_budget": (
        *_cfg("glm4_layers_from_param_budget"),
        [
            sub("vocabSize", "VOCAB = {}\n", 512, 520),
            sub("intermediateSize", "D_FF = {}\n", 224, 256),
            sub("numHeads", "N_HEAD = {}\n", 6, 4),
            sub("numKvHeads", "N_KV = {}\n", 2, 1),
            sub("headDim", "D_HEAD = {}\n", 16, 12),
            sub(
                "numLayers",
                "STACK_BUDGET = {}  # parameters the decoder stack may use\n",
                "180_000",
                "270_000",
                (2, 3),
            ),
            sub("partialRotaryFactor", "    rope_pct={},\n", 0.5, 1.0),
            sub("ropeTheta", "    rope_base={},\n", "10000.0", "500000.0", (10000.0, 500000.0)),
            _eps("    norm_eps={},\n"),
        ],
        [
            ("intermediateSize", "intermediate_size", 256, 224),
            ("numKvHeads", "num_key_value_heads", 1, 2),
        ],
    ),
    "smollm3_launch_script_exports": (
        *_cfg("smollm3_launch_script_exports"),
        [
            sub("vocabSize", _EXP.format("VOCAB_SIZE"), 1024, 1152),
            sub("hiddenSize", _EXP.format("D_MODEL"), 64, 128),
            sub("numLayers", _EXP.format("N_LAYERS"), 4, 3),
            sub("numHeads", _EXP.format("N_HEADS"), 4, 8),
            sub("numKvHeads", _EXP.format("N_KV_HEADS"), 1, 2),
            sub("intermediateSize", _EXP.format("D_FFN"), 192, 256),
            sub(
                "ropeTheta",
                _EXP.format("ROPE_THETA"),
                "2000000.0",
                "10000.0",
                (2000000.0, 10000.0),
            ),
            _eps(_EXP.format("RMS_EPS"), "1e-6"),
        ],
        [
            ("vocabSize", "vocab_size", 1152, 1024),
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "cohere2_nested_dict_layer_pattern": (
        *_cfg("cohere2_nested_dict_layer_pattern"),
        [
            sub("vocabSize", '        "vocab": {},\n', 1000, 1200),
            sub("hiddenSize", '        "hidden": {},\n', 128, 192),
            sub("numHeads", '            "heads": {},\n', 8, 4),
            sub("numKvHeads", '            "kv_heads": {},\n', 2, 4),
            sub("slidingWindow", '            "window": {},\n', 32, 16),
            sub(
                "ropeTheta",
                '            "rope_base": {},\n',
                "50000.0",
                "10000.0",
                (50000.0, 10000.0),
            ),
            sub("intermediateSize", '        "mlp": {{"ffn": {}}},\n', 320, 384),
            # the depth: the block of layer kinds repeated
            sub("numLayers", '            "repeat": {},\n', 1, 2, (4, 8)),
            _eps('        "norm": {{"eps": {}}},\n'),
        ],
        [
            ("numKvHeads", "num_key_value_heads", 4, 2),
            ("intermediateSize", "intermediate_size", 384, 320),
        ],
    ),
    "hunyuan_sub_config_init_only": (
        *_cfg("hunyuan_sub_config_init_only"),
        [
            sub("vocabSize", "        self.vocab = {}\n", 960, 1024),
            sub("numLayers", "        self.layers = {}\n", 2, 3),
            sub("numHeads", "        self.heads = {}\n", 8, 4),
            sub("numKvHeads", "        self.kv_heads = {}\n", 2, 4),
            sub("intermediateSize", "        self.ratio = {}\n", 2.5, 3.0, (320, 384)),
            sub(
                "ropeTheta",
                "        self.rope_base = {}\n",
                "10000.0",
                "1000000.0",
                (10000.0, 1000000.0),
            ),
            _eps("        self.eps = {}\n"),
        ],
        [("vocabSize", "vocab_size", 1024, 960), ("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "falcon_classvar_dataclass": (
        *_cfg("falcon_classvar_dataclass"),
        [
            sub("numHeads", "    n_head: ClassVar[int] = {}\n", 8, 4),
            sub("numKvHeads", "    n_head_kv: ClassVar[int] = {}\n", 2, 4),
            sub("numLayers", "    n_layer: ClassVar[int] = {}\n", 2, 3),
            sub("vocabSize", "    vocab: ClassVar[int] = {}\n", 1024, 1000),
            sub("intermediateSize", "    mlp_ratio: ClassVar[int] = {}\n", 4, 2, (256, 128)),
            _eps("    eps: ClassVar[float] = {}\n"),
            sub(
                "ropeTheta",
                "    rope_theta: ClassVar[float] = {}\n",
                "10000.0",
                "500000.0",
                (10000.0, 500000.0),
            ),
        ],
        [("numKvHeads", "num_kv_heads", 4, 2), ("vocabSize", "vocab_size", 1000, 1024)],
    ),
    "seed_oss_getenv_functional_enum": (
        *_cfg("seed_oss_getenv_functional_enum"),
        [
            sub("vocabSize", '    "VOCAB": {},\n', 1000, 1024),
            sub("hiddenSize", '    "WIDTH": {},\n', 96, 128),
            sub("numLayers", '    "LAYERS": {},\n', 2, 3),
            sub("numHeads", '    "HEADS": {},\n', 4, 6),
            sub("numKvHeads", '    "KV_HEADS": {},\n', 2, 4),
            sub("headDim", '    "HEAD": {},\n', 32, 24),
            sub("intermediateSize", '    "FFN": {},\n', 256, 320),
            sub(
                "ropeTheta",
                'ROPE_BASE = float(os.getenv("SEED_ROPE_BASE", "{}"))\n',
                "10000000.0",
                "10000.0",
                (10000000.0, 10000.0),
            ),
            _eps('RMS_EPS = float(os.getenv("SEED_RMS_EPS", "{}"))\n', "1e-6"),
        ],
        [("vocabSize", "vocab_size", 1024, 1000), ("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "mbart_fairseq_namespace_log": (
        *_cfg("mbart_fairseq_namespace_log"),
        [
            sizes_line("numEncoderLayers", _NS1, (2, 3, 4), 0, 3),
            sizes_line("numDecoderLayers", _NS1, (2, 3, 4), 1, 2),
            sizes_line("numHeads", _NS2, (4, 160), 0, 8),
            sizes_line("intermediateSize", _NS2, (4, 160), 1, 192),
            sizes_line("hiddenSize", _NS3, (160, 64), 1, 96),
            sizes_line("maxPositionEmbeddings", _NS4, (128,), 0, 256),
            sub("vocabSize", "[en_XX] dictionary: {} types", 720, 800),
        ],
        [("numDecoderLayers", "decoder_layers", 2, 3), ("vocabSize", "vocab_size", 800, 720)],
    ),
    "codegen_dockerfile_env_lines": (
        *_cfg("codegen_dockerfile_env_lines"),
        [
            sub("vocabSize", _DOCK.format("CG_VOCAB"), 600, 640),
            sub("hiddenSize", _DOCK.format("CG_N_EMBD"), 64, 96),
            sub("numLayers", _DOCK.format("CG_N_LAYER"), 2, 3),
            sub("numHeads", _DOCK.format("CG_N_HEAD"), 4, 8),
            sub("rotaryDim", _DOCK.format("CG_ROTARY_DIM"), 8, 16),
            sub("intermediateSize", _DOCK.format("CG_N_INNER"), 256, 192),
            _eps(_DOCK.format("CG_LN_EPS"), "1e-5"),
        ],
        [("numLayers", "n_layer", 3, 2), ("vocabSize", "vocab_size", 640, 600)],
    ),
    "xlm_roberta_toml_dotted_keys": (
        *_cfg("xlm_roberta_toml_dotted_keys"),
        [
            sub("vocabSize", "vocab_size = {}\n", 1000, 1200),
            sub("hiddenSize", "hidden = {}\n", 64, 96),
            sub("numLayers", "encoder.layers = {}\n", 2, 3),
            sub("numHeads", "encoder.heads = {}\n", 8, 4),
            sub("intermediateSize", "encoder.ffn = {}\n", 256, 192),
            sub("maxPositionEmbeddings", "max_positions = {}\n", 130, 258),
            _eps("ln_eps = {}\n"),
        ],
        [
            ("maxPositionEmbeddings", "max_position_embeddings", 258, 130),
            ("numLayers", "num_hidden_layers", 3, 2),
        ],
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
    "mpt_run_name_groupdict": {
        **_keys(
            "MPT_KWARGS",
            hiddenSize="d_model",
            numHeads="n_heads",
            numLayers="n_layers",
            vocabSize="vocab_size",
            normEps="norm_eps",
        ),
        "intermediateSize": 'MPT_KWARGS["expansion_ratio"] * MPT_KWARGS["d_model"]',
    },
    "bigcode_csv_sniffer_sheet": _attrs(
        "HP.",
        vocabSize="vocab",
        maxPositionEmbeddings="n_ctx",
        hiddenSize="n_embd",
        numLayers="n_layer",
        numHeads="n_head",
        intermediateSize="n_inner",
        normEps="eps",
    ),
    "megatron_bert_option_decorators": _keys(
        "KWARGS",
        vocabSize="vocab_size",
        hiddenSize="hidden_size",
        numLayers="num_layers",
        numHeads="num_heads",
        intermediateSize="ffn_hidden_size",
        maxPositionEmbeddings="max_position_embeddings",
        normEps="layernorm_epsilon",
    ),
    "glm4_layers_from_param_budget": _attrs(
        "cfg.",
        vocabSize="vocab_size",
        hiddenSize="d_model",
        intermediateSize="d_ff",
        numLayers="n_layer",
        numHeads="n_head",
        numKvHeads="n_kv",
        headDim="d_head",
        partialRotaryFactor="rope_pct",
        ropeTheta="rope_base",
        normEps="norm_eps",
    ),
    "smollm3_launch_script_exports": _attrs(
        "args.",
        vocabSize="vocab_size",
        hiddenSize="d_model",
        numLayers="n_layers",
        numHeads="n_heads",
        numKvHeads="n_kv_heads",
        intermediateSize="d_ffn",
        ropeTheta="rope_theta",
        normEps="rms_eps",
    ),
    "cohere2_nested_dict_layer_pattern": dict(
        vocabSize="VOCAB",
        hiddenSize="HIDDEN",
        numLayers="LAYERS",
        numHeads="HEADS",
        numKvHeads="KV_HEADS",
        intermediateSize="FFN",
        slidingWindow="WINDOW",
        ropeTheta="ROPE_BASE",
        normEps="LN_EPS",
    ),
    "hunyuan_sub_config_init_only": _attrs(
        "HY.",
        vocabSize="vocab",
        hiddenSize="hidden",
        numLayers="layers",
        numHeads="heads",
        numKvHeads="kv_heads",
        intermediateSize="mlp_width",
        ropeTheta="rope_base",
        normEps="eps",
    ),
    "falcon_classvar_dataclass": dict(
        hiddenSize="hidden",
        numHeads="n_head",
        numKvHeads="n_head_kv",
        numLayers="n_layer",
        vocabSize="vocab",
        intermediateSize="ffn_hidden",
        normEps="eps",
        ropeTheta="rope_theta",
    ),
    "seed_oss_getenv_functional_enum": {
        **{
            fact: f"Size.{member}.value"
            for fact, member in dict(
                vocabSize="VOCAB",
                hiddenSize="WIDTH",
                numLayers="LAYERS",
                numHeads="HEADS",
                numKvHeads="KV_HEADS",
                headDim="HEAD",
                intermediateSize="FFN",
            ).items()
        },
        "ropeTheta": "ROPE_BASE",
        "normEps": "RMS_EPS",
    },
    "mbart_fairseq_namespace_log": {
        **_keys(
            "SHARED", vocabSize="vocab", hiddenSize="d_model", maxPositionEmbeddings="max_positions"
        ),
        "numEncoderLayers": 'STACKS["encoder"]["layers"]',
        "numDecoderLayers": 'STACKS["decoder"]["layers"]',
        "numHeads": 'STACKS["decoder"]["heads"]',
        "intermediateSize": 'STACKS["encoder"]["ffn"]',
    },
    "codegen_dockerfile_env_lines": {
        **{
            fact: f'int(ENV["{key}"])'
            for fact, key in dict(
                vocabSize="CG_VOCAB",
                hiddenSize="CG_N_EMBD",
                numLayers="CG_N_LAYER",
                numHeads="CG_N_HEAD",
                rotaryDim="CG_ROTARY_DIM",
                intermediateSize="CG_N_INNER",
            ).items()
        },
        "normEps": 'float(ENV["CG_LN_EPS"])',
    },
    "xlm_roberta_toml_dotted_keys": {
        **_keys(
            "M",
            vocabSize="vocab_size",
            hiddenSize="hidden",
            maxPositionEmbeddings="max_positions",
            normEps="ln_eps",
        ),
        "numLayers": 'M["encoder"]["layers"]',
        "numHeads": 'M["encoder"]["heads"]',
        "intermediateSize": 'M["encoder"]["ffn"]',
    },
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


def other_values_unchanged() -> list[str]:
    """A code plant changes only its own fact: every other fact of ``VALUES`` computes the same
    value in the planted file as in the clean case (a size derived from several lines, like a
    depth from a parameter budget, could otherwise move with another fact's plant)."""
    import json

    bad = []
    manifest = json.loads((HERE / "manifest.json").read_text())
    for p in manifest["planted"]:
        if p["where"] != "code":
            continue
        for fact in VALUES[p["case"]]:
            if fact == p["fact"]:
                continue
            left = computed(HERE / "cases" / f"{p['case']}.py", p["case"], fact)
            right = computed(HERE / p["code"], p["case"], fact)
            if left != right:
                bad.append(f"{p['name']}: {fact} {left} -> {right}")
    return bad


def main(argv: list[str] | None = None) -> int:
    """The shared command line; with ``--check`` also ``config_plants_visible``,
    ``recorded_values_match`` and ``other_values_unchanged``."""
    rc = _MAKE.main(argv)
    if "--check" not in (sys.argv[1:] if argv is None else argv):
        return rc
    bad = config_plants_visible()
    print("config plants:", "all visible to torch" if not bad else f"not seen: {bad}")
    wrong = recorded_values_match()
    print("recorded code-plant values:", "all computed by Python" if not wrong else wrong)
    moved = other_values_unchanged()
    print("other facts of each code plant:", "unchanged" if not moved else moved)
    return rc or (1 if bad or wrong or moved else 0)


if __name__ == "__main__":
    raise SystemExit(main())
