"""The thirty-second fresh held-out set of re-implementations (written blind in session 35):
twelve architectures the manifests hold once (EXAONE 4, Ministral, BitNet, OLMo 3, DBRX,
CamemBERT, ERNIE, RemBERT, RoFormer, LayoutLM, ERNIE 4.5, DiffLlama), each a whole one-file
port with its sizes reaching the code in a way no earlier README lists: the best run of a sweep
(``min`` by validation loss), a Makefile's ``?=`` variables, a printed model repr read back with
regular expressions, a papermill notebook's ``parameters`` cell, a C header's ``#define`` lines,
a ``cmd.Cmd`` shell's startup script, CMake cache variables, ``attrs.evolve`` of the paper's
preset, a Kubernetes Job's container args, an MLflow run folder's ``params/`` files, an RFC 6902
JSON Patch over the released model's tree and a wandb ``config.yaml``. It was NOT run through
driftcheck while it was written; run it once (``README.md``).

The writer, the checks and the command line are shared (``benchmarks/reimpl/set_checks.py``);
``sub`` and ``sizes_line`` are fresh11's. Every model body is fresh5's output-proven one,
unchanged below its new size source, so the parameter-name maps and I/O kinds are imported.

    python benchmarks/reimpl/fresh32/make.py [--check] [--only NAME,NAME]
    python benchmarks/bench_reimpl.py --corpus benchmarks/reimpl/fresh32 --mode both --show 200
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh5.make import CASES as _C5  # noqa: E402
from benchmarks.reimpl.fresh5.make import SAME_OUTPUT as _F5  # noqa: E402
from benchmarks.reimpl.fresh5.make import SAME_OUTPUT_IO as _IO5  # noqa: E402
from benchmarks.reimpl.fresh11.make import sizes_line, sub  # noqa: E402

_BEST = (
    "    dict(vocab={}, width={}, ffn={}, depth={}, heads={}, kv={}, head={}, window={}, "
    "val_loss=3.187),\n"
)
_BEST_V = (512, 64, 160, 4, 4, 2, 16, 16)
_MK = "{} ?= {{}}\n"
_CELL = '        "{} = {{}}\\n",\n'
_DEF = "#define DBRX_{} {{}}\n"
_SET = "set {} {{}}\n"
_CM = 'set(ERNIE_{} {{}} CACHE STRING "{}")\n'
_EVO = "    {}={{}},\n"
_K8S = '            - "--{}={{}}"\n'
_ML = '    "params/model.{}": "{{}}",\n'
_OP = '  {{{{"op": "replace", "path": "{}", "value": {{}}}}}},\n'
_ROOT = '  "vocab": 103424, "width": 1024, "rope_theta": {}, "eps": {}, "tied": {},\n'
_ROOT_V = ("500000.0", "1e-5", "true")
_WB = "  value: {}\n"

# the fresh5 case each body comes from
_BODY = {
    "exaone4_best_sweep_run": "exaone4_mixins",
    "ministral_makefile_vars": "ministral_environ",
    "bitnet_printed_module_repr": "bitnet_node_graph",
    "olmo3_papermill_parameters_cell": "olmo3_layer_dicts",
    "dbrx_c_header_defines": "dbrx_csv_table",
    "camembert_cmd_shell_script": "camembert_xml_config",
    "ernie_cmake_cache_vars": "ernie_shlex_cli",
    "rembert_attrs_evolve_preset": "rembert_fraction_sizes",
    "roformer_k8s_job_args": "roformer_make_dataclass",
    "layoutlm_mlflow_run_params": "layoutlm_chainmap",
    "ernie45_json_patch_tree": "ernie45_json_tree",
    "diffllama_wandb_config_yaml": "diffllama_attrs",
}


def _cfg(name: str) -> tuple:
    """fresh5's (arch, config class, kwargs, HF class) of the body ``name`` reuses."""
    return _C5[_BODY[name]][:4]


def _eps(line: str, left: str = "1e-5", right: str = "0.1") -> tuple:
    return sub("normEps", line, left, right, (float(left), float(right)))


def _theta(line: str, left: str, right: str) -> tuple:
    return sub("ropeTheta", line, left, right, (float(left), float(right)))


_REPR_K = "          (k_proj): Linear(in_features=64, out_features={}, bias=False)\n"
_REPR_G = "          (gate_proj): Linear(in_features=64, out_features={}, bias=False)\n"

# name -> (arch, config class, kwargs, HF class, [code plants], [config plants])
CASES: dict[str, tuple] = {
    "exaone4_best_sweep_run": (
        *_cfg("exaone4_best_sweep_run"),
        [
            sizes_line("vocabSize", _BEST, _BEST_V, 0, 640),
            sizes_line("hiddenSize", _BEST, _BEST_V, 1, 96),
            sizes_line("intermediateSize", _BEST, _BEST_V, 2, 192),
            sizes_line("numLayers", _BEST, _BEST_V, 3, 8),
            sizes_line("numHeads", _BEST, _BEST_V, 4, 8),
            sizes_line("numKvHeads", _BEST, _BEST_V, 5, 4),
            sizes_line("headDim", _BEST, _BEST_V, 6, 32),
            sizes_line("slidingWindow", _BEST, _BEST_V, 7, 32),
            _theta("THETA = {}\n", "1000000.0", "10000.0"),
            _eps("EPS = {}\n"),
        ],
        [("vocabSize", "vocab_size", 640, 512), ("numKvHeads", "num_key_value_heads", 4, 2)],
    ),
    "ministral_makefile_vars": (
        *_cfg("ministral_makefile_vars"),
        [
            sub("vocabSize", _MK.format("VOCAB"), 640, 768),
            sub("hiddenSize", _MK.format("DIM"), 64, 96),
            sub("intermediateSize", _MK.format("HIDDEN"), 192, 256),
            sub("numLayers", _MK.format("N_LAYER"), 4, 8),
            sub("numHeads", _MK.format("N_HEAD"), 4, 8),
            sub("numKvHeads", _MK.format("N_KV_HEAD"), 1, 2),
            sub("headDim", _MK.format("HEAD_DIM"), 16, 32),
            sub("slidingWindow", _MK.format("WINDOW"), 24, 48),
            _theta(_MK.format("ROPE_BASE"), "1000000.0", "10000.0"),
            _eps(_MK.format("NORM_EPS")),
        ],
        [
            ("vocabSize", "vocab_size", 768, 640),
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "bitnet_printed_module_repr": (
        *_cfg("bitnet_printed_module_repr"),
        [
            sub("vocabSize", "    (embed_tokens): Embedding({}, 64, padding_idx=0)\n", 512, 640),
            (
                "numLayers",
                "      (0-1): 2 x BitNetDecoderLayer(\n",
                "      (0-2): 3 x BitNetDecoderLayer(\n",
                2,
                3,
            ),
            sub("numKvHeads", _REPR_K, 32, 64, (2, 4)),
            sub("intermediateSize", _REPR_G, 176, 256),
            _theta("THETA = {}\n", "500000.0", "10000.0"),
            _eps("    (norm): BitNetRMSNorm((64,), eps={})\n", "1e-05"),
        ],
        [
            ("vocabSize", "vocab_size", 640, 512),
            ("numLayers", "num_hidden_layers", 3, 2),
            ("numKvHeads", "num_key_value_heads", 4, 2),
        ],
    ),
    "olmo3_papermill_parameters_cell": (
        *_cfg("olmo3_papermill_parameters_cell"),
        [
            sub("vocabSize", _CELL.format("vocab_size"), 512, 640),
            sub("hiddenSize", _CELL.format("d_model"), 64, 128),
            sub("intermediateSize", _CELL.format("d_ff"), 160, 192),
            sub("numHeads", _CELL.format("n_heads"), 4, 8),
            sub("numKvHeads", _CELL.format("n_kv_heads"), 2, 4),
            _theta(_CELL.format("rope_theta"), "500000.0", "10000.0"),
            _eps(_CELL.format("eps"), "1e-6"),
            sub("slidingWindow", _CELL.format("window"), 16, 32),
            sub("numLayers", '        "n_sliding = {}\\n"\n', 3, 5, (4, 6)),
        ],
        [
            ("vocabSize", "vocab_size", 640, 512),
            ("intermediateSize", "intermediate_size", 192, 160),
        ],
    ),
    "dbrx_c_header_defines": (
        *_cfg("dbrx_c_header_defines"),
        [
            sub("vocabSize", _DEF.format("VOCAB"), 640, 768),
            sub("hiddenSize", _DEF.format("D_MODEL"), 64, 96),
            sub("numLayers", _DEF.format("N_LAYERS"), 2, 3),
            sub("numHeads", _DEF.format("N_HEADS"), 4, 8),
            sub("numKvHeads", _DEF.format("KV_HEADS"), 2, 4),
            sub("intermediateSize", _DEF.format("FFN"), 96, 128),
            sub("numExperts", _DEF.format("EXPERTS"), 4, 8),
            sub("numExpertsPerTok", _DEF.format("TOP_K"), 2, 1),
            sub("ropeTheta", _DEF.format("ROPE_THETA"), "500000.0f", "10000.0f", (5e5, 1e4)),
        ],
        [("numLayers", "n_layers", 3, 2), ("vocabSize", "vocab_size", 768, 640)],
    ),
    "camembert_cmd_shell_script": (
        *_cfg("camembert_cmd_shell_script"),
        [
            sub("vocabSize", _SET.format("vocab"), 700, 800),
            sub("maxPositionEmbeddings", _SET.format("positions"), 130, 258),
            sub("typeVocabSize", _SET.format("types"), 1, 2),
            sub("numLayers", _SET.format("layers"), 2, 3),
            sub("hiddenSize", _SET.format("width"), 64, 96),
            sub("numHeads", _SET.format("heads"), 4, 8),
            sub("intermediateSize", _SET.format("ffn"), 192, 256),
            _eps(_SET.format("eps")),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("maxPositionEmbeddings", "max_position_embeddings", 258, 130),
        ],
    ),
    "ernie_cmake_cache_vars": (
        *_cfg("ernie_cmake_cache_vars"),
        [
            sub("vocabSize", _CM.format("VOCAB", "vocabulary size"), 720, 800),
            sub("hiddenSize", _CM.format("HIDDEN", "hidden size"), 64, 96),
            sub("numLayers", _CM.format("LAYERS", "encoder layers"), 3, 2),
            sub("numHeads", _CM.format("HEADS", "attention heads"), 4, 8),
            sub("intermediateSize", _CM.format("FFN", "feed-forward width"), 160, 192),
            sub("maxPositionEmbeddings", _CM.format("MAX_POS", "position table"), 256, 512),
            sub("typeVocabSize", _CM.format("TYPES", "token types"), 2, 3),
            sub("taskTypeVocabSize", _CM.format("TASKS", "task types"), 3, 4),
            _eps(_CM.format("LN_EPS", "layer-norm epsilon"), "1e-12"),
        ],
        [("vocabSize", "vocab_size", 800, 720), ("numLayers", "num_hidden_layers", 2, 3)],
    ),
    "rembert_attrs_evolve_preset": (
        *_cfg("rembert_attrs_evolve_preset"),
        [
            sub(
                "embeddingSize",
                _EVO.format("input_ratio"),
                "Fraction(1, 2)",
                "Fraction(3, 4)",
                (32, 48),
            ),  # fmt: skip
            sub(
                "intermediateSize",
                _EVO.format("ffn_ratio"),
                "Fraction(5, 2)",
                "Fraction(3)",
                (160, 192),
            ),  # fmt: skip
            sub("numHeads", _EVO.format("heads"), 4, 8),
            sub("numLayers", _EVO.format("layers"), 2, 3),
            sub("vocabSize", _EVO.format("vocab"), 900, 1000),
            sub("maxPositionEmbeddings", _EVO.format("max_positions"), 128, 256),
            _eps("    eps: float = {}\n", "1e-12"),
        ],
        [
            ("vocabSize", "vocab_size", 1000, 900),
            ("intermediateSize", "intermediate_size", 192, 160),
        ],
    ),
    "roformer_k8s_job_args": (
        *_cfg("roformer_k8s_job_args"),
        [
            sub("vocabSize", _K8S.format("vocab_size"), 1000, 1200),
            sub("embeddingSize", _K8S.format("embedding_size"), 48, 32),
            sub("hiddenSize", _K8S.format("hidden_size"), 64, 96),
            sub("numLayers", _K8S.format("num_layers"), 2, 3),
            sub("numHeads", _K8S.format("num_heads"), 4, 8),
            sub("intermediateSize", _K8S.format("intermediate_size"), 192, 256),
            sub("maxPositionEmbeddings", _K8S.format("max_positions"), 256, 512),
            sub("typeVocabSize", _K8S.format("type_vocab_size"), 2, 3),
            _eps(_K8S.format("layer_norm_eps"), "1e-12"),
        ],
        [
            ("numLayers", "num_hidden_layers", 3, 2),
            ("intermediateSize", "intermediate_size", 256, 192),
        ],
    ),
    "layoutlm_mlflow_run_params": (
        *_cfg("layoutlm_mlflow_run_params"),
        [
            sub("vocabSize", _ML.format("vocab"), 800, 1000),
            sub("hiddenSize", _ML.format("width"), 64, 96),
            sub("numLayers", _ML.format("layers"), 2, 3),
            sub("intermediateSize", _ML.format("ffn"), 192, 256),
            sub("maxPositionEmbeddings", _ML.format("positions"), 128, 256),
            # not logged by the run: the defaults' values
            sub("max2dPositionEmbeddings", '    "boxes": {},\n', 1024, 512),
            sub("typeVocabSize", '    "types": {},\n', 2, 3),
            _eps('    "eps": {},\n', "1e-12"),
        ],
        [("vocabSize", "vocab_size", 1000, 800), ("numLayers", "num_hidden_layers", 3, 2)],
    ),
    "ernie45_json_patch_tree": (
        *_cfg("ernie45_json_patch_tree"),
        [
            sub("vocabSize", _OP.format("/vocab"), 600, 640),
            sub("hiddenSize", _OP.format("/width"), 96, 128),
            sub("numLayers", _OP.format("/children/block/repeat"), 2, 3),
            sub("numHeads", _OP.format("/children/block/children/attn/heads"), 6, 4),
            sub("headDim", _OP.format("/children/block/children/attn/head_dim"), 16, 32),
            sub("intermediateSize", _OP.format("/children/block/children/mlp/hidden"), 256, 320),
            sizes_line("ropeTheta", _ROOT, _ROOT_V, 0, "10000.0", (500000.0, 10000.0)),
            sizes_line("normEps", _ROOT, _ROOT_V, 1, "0.1", (1e-5, 0.1)),
            sizes_line("tieWordEmbeddings", _ROOT, _ROOT_V, 2, "false", (True, False)),
        ],
        [
            ("intermediateSize", "intermediate_size", 320, 256),
            ("numKvHeads", "num_key_value_heads", 1, 2),
        ],
    ),
    "diffllama_wandb_config_yaml": (
        *_cfg("diffllama_wandb_config_yaml"),
        [
            sub("vocabSize", _WB, 512, 640),
            sub("hiddenSize", _WB, 64, 96),
            sub("intermediateSize", _WB, 192, 256),
            sub("numLayers", _WB, 3, 5),
            sub("numHeads", _WB, 4, 8),
            sub("numKvHeads", _WB, 2, 1),
            _theta(_WB, "10000.0", "500000.0"),
            _eps(_WB, "1.0e-05"),
        ],
        [("vocabSize", "vocab_size", 640, 512), ("numLayers", "num_hidden_layers", 4, 3)],
    ),
}

SAME_OUTPUT: dict[str, list[tuple]] = {n: _F5[body] for n, body in _BODY.items()}
SAME_OUTPUT_IO: dict[str, tuple[str, list[str]]] = {
    n: _IO5[body] for n, body in _BODY.items() if body in _IO5
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
    "exaone4_best_sweep_run": dict(
        vocabSize="VOCAB",
        hiddenSize="WIDTH",
        intermediateSize="FFN",
        numLayers="DEPTH",
        numHeads="N_HEADS",
        numKvHeads="N_KV",
        headDim="HEAD",
        slidingWindow="WINDOW",
        ropeTheta="THETA",
        normEps="EPS",
    ),
    "ministral_makefile_vars": dict(
        vocabSize="VOCAB",
        hiddenSize="DIM",
        intermediateSize="HIDDEN",
        numLayers="N_LAYER",
        numHeads="N_HEAD",
        numKvHeads="N_KV_HEAD",
        headDim="HEAD_DIM",
        slidingWindow="WINDOW",
        ropeTheta="ROPE_BASE",
        normEps="NORM_EPS",
    ),
    "bitnet_printed_module_repr": dict(
        vocabSize="VOCAB",
        numLayers="LAYERS",
        numKvHeads="KV_HEADS",
        intermediateSize="FF",
        ropeTheta="THETA",
        normEps="EPS",
    ),
    "olmo3_papermill_parameters_cell": dict(
        vocabSize="VOCAB",
        hiddenSize="D_MODEL",
        intermediateSize="D_FF",
        numHeads="N_HEADS",
        numKvHeads="N_KV_HEADS",
        ropeTheta="ROPE_THETA",
        normEps="EPS",
        slidingWindow='LAYERS[0]["window"]',
        numLayers="len(LAYERS)",
    ),
    "dbrx_c_header_defines": dict(
        vocabSize="VOCAB",
        hiddenSize="D",
        numLayers="N_LAYERS",
        numHeads="N_HEADS",
        numKvHeads="KV_HEADS",
        intermediateSize="FFN",
        numExperts="EXPERTS",
        numExpertsPerTok="TOP_K",
        ropeTheta="THETA",
    ),
    "camembert_cmd_shell_script": dict(
        vocabSize="VOCAB",
        maxPositionEmbeddings="POSITIONS",
        typeVocabSize="TYPES",
        numLayers="LAYERS",
        hiddenSize="WIDTH",
        numHeads="HEADS",
        intermediateSize="FFN",
        normEps="EPS",
    ),
    "ernie_cmake_cache_vars": dict(
        vocabSize="VOCAB",
        hiddenSize="HIDDEN",
        numLayers="LAYERS",
        numHeads="HEADS",
        intermediateSize="FFN",
        maxPositionEmbeddings="MAX_POS",
        typeVocabSize="TYPES",
        taskTypeVocabSize="TASKS",
        normEps="EPS",
    ),
    "rembert_attrs_evolve_preset": dict(
        embeddingSize="INPUT_EMB",
        intermediateSize="FFN",
        numHeads="HEADS",
        numLayers="LAYERS",
        vocabSize="VOCAB",
        maxPositionEmbeddings="MAX_POS",
        normEps="EPS",
    ),
    "roformer_k8s_job_args": _attrs(
        "CFG.",
        vocabSize="vocab_size",
        embeddingSize="embedding_size",
        hiddenSize="hidden_size",
        numLayers="num_layers",
        numHeads="num_heads",
        intermediateSize="intermediate_size",
        maxPositionEmbeddings="max_positions",
        typeVocabSize="type_vocab_size",
        normEps="layer_norm_eps",
    ),
    "layoutlm_mlflow_run_params": _keys(
        "H",
        vocabSize="vocab",
        hiddenSize="width",
        numLayers="layers",
        numHeads="heads",
        intermediateSize="ffn",
        maxPositionEmbeddings="positions",
        max2dPositionEmbeddings="boxes",
        typeVocabSize="types",
        normEps="eps",
    ),
    "ernie45_json_patch_tree": {
        **_keys(
            "SPEC",
            vocabSize="vocab",
            hiddenSize="width",
            ropeTheta="rope_theta",
            normEps="eps",
            tieWordEmbeddings="tied",
        ),
        "numLayers": 'SPEC["children"]["block"]["repeat"]',
        **{
            fact: f'SPEC["children"]["block"]["children"]{path}'
            for fact, path in dict(
                numHeads='["attn"]["heads"]',
                numKvHeads='["attn"]["kv_heads"]',
                headDim='["attn"]["head_dim"]',
                intermediateSize='["mlp"]["hidden"]',
            ).items()
        },
    },
    "diffllama_wandb_config_yaml": _attrs(
        "CFG.",
        vocabSize="vocab",
        hiddenSize="width",
        intermediateSize="ffn",
        numLayers="depth",
        numHeads="heads",
        numKvHeads="kv_heads",
        ropeTheta="theta",
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
