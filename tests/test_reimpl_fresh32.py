"""fresh32 (session 35, reimpl32): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file (and no other fact of the case moves), and the
value check can fail: each size source below, with the run's line taken out or changed, computes
another value (the real-sized default the run overrides, another row, or an error)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("attrs")

make = importlib.import_module("benchmarks.reimpl.fresh32.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh32"


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh32_config_plants_are_visible_to_torch():
    """fresh32's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh32_recorded_values_are_what_python_computes():
    """Each fresh32 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh32_code_plants_move_only_their_fact():
    """No code plant changes another fact's value (BitNet's KV heads come from k_proj's width
    over the head size, OLMo 3's window and depth from one cell)."""
    assert make.other_values_unchanged() == []


def test_fresh32_other_values_check_can_fail(tmp_path):
    """BitNet's KV heads are k_proj's width over the head size: more heads, fewer KV heads."""
    case = "bitnet_printed_module_repr"
    variant = _variant(tmp_path, case, "HEADS = 4\n", "HEADS = 8\n")
    assert make.computed(variant, case, "numKvHeads") == 4
    variant = _variant(tmp_path, case, "HEADS = 4\n", "HEADS = 2\n")
    assert make.computed(variant, case, "numKvHeads") == 1


def test_fresh32_best_run_value_check_can_fail(tmp_path):
    """EXAONE 4's sizes are the run with the lowest loss: another loss, another run."""
    case = "exaone4_best_sweep_run"
    variant = _variant(tmp_path, case, "val_loss=3.187", "val_loss=3.987")
    assert make.computed(variant, case, "numHeads") == 6
    assert make.computed(variant, case, "slidingWindow") == 32


def test_fresh32_makefile_value_check_can_fail(tmp_path):
    """Ministral's sizes are the Makefile's ``?=`` lines only: a ``:=`` line is not read."""
    case = "ministral_makefile_vars"
    variant = _variant(tmp_path, case, "N_HEAD ?= 4\n", "N_HEAD := 4\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh32_printed_repr_value_check_can_fail(tmp_path):
    """BitNet's depth is the repr's ``N x Layer`` line."""
    case = "bitnet_printed_module_repr"
    variant = _variant(tmp_path, case, "(0-1): 2 x BitNetDecoderLayer(", "(0-5): 6 x BitNetDecoderLayer(")  # fmt: skip
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh32_papermill_value_check_can_fail(tmp_path):
    """OLMo 3's sizes are the cell tagged ``parameters``: untagged, no cell is found."""
    case = "olmo3_papermill_parameters_cell"
    variant = _variant(tmp_path, case, '"metadata": {"tags": ["parameters"]},', '"metadata": {},')
    with pytest.raises(StopIteration):
        make.computed(variant, case, "numHeads")


def test_fresh32_c_header_value_check_can_fail(tmp_path):
    """DBRX's sizes are the header's ``#define`` lines: a commented-out one is not read."""
    case = "dbrx_c_header_defines"
    variant = _variant(tmp_path, case, "#define DBRX_N_HEADS 4\n", "// #define DBRX_N_HEADS 4\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh32_cmd_shell_value_check_can_fail(tmp_path):
    """CamemBERT's sizes are the shell's ``set`` commands in order: a later ``set`` wins."""
    case = "camembert_cmd_shell_script"
    variant = _variant(tmp_path, case, "set eps 1e-5\nshow\n", "set eps 1e-5\nset layers 6\nshow\n")
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh32_cmake_value_check_can_fail(tmp_path):
    """ERNIE's sizes are CMake *cache* variables: a plain ``set`` is not read."""
    case = "ernie_cmake_cache_vars"
    old = 'set(ERNIE_HEADS 4 CACHE STRING "attention heads")\n'
    variant = _variant(tmp_path, case, old, "set(ERNIE_HEADS 4)\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh32_attrs_evolve_value_check_can_fail(tmp_path):
    """RemBERT's sizes are the paper's where the run does not evolve them: 18 heads."""
    case = "rembert_attrs_evolve_preset"
    variant = _variant(tmp_path, case, "    heads=4,\n", "")
    assert make.computed(variant, case, "numHeads") == 18


def test_fresh32_k8s_args_value_check_can_fail(tmp_path):
    """RoFormer's sizes are the Job's ``args`` entries: a commented-out one is not read."""
    case = "roformer_k8s_job_args"
    variant = _variant(tmp_path, case, '- "--num_layers=2"', '# - "--num_layers=2"')
    with pytest.raises(AttributeError):
        make.computed(variant, case, "numLayers")


def test_fresh32_mlflow_value_check_can_fail(tmp_path):
    """LayoutLM's depth is the run's logged param: without it, the library default (12)."""
    case = "layoutlm_mlflow_run_params"
    variant = _variant(tmp_path, case, '    "params/model.layers": "2",\n', "")
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh32_json_patch_value_check_can_fail(tmp_path):
    """ERNIE 4.5's depth is the patched tree's: without the op, the released 18; the patch's
    ``test`` op fails when the base's KV heads are not 2."""
    case = "ernie45_json_patch_tree"
    op = '  {"op": "replace", "path": "/children/block/repeat", "value": 2},\n'
    variant = _variant(tmp_path, case, op, "")
    assert make.computed(variant, case, "numLayers") == 18
    base_kv = '"heads": 16, "kv_heads": 2,'
    variant = _variant(tmp_path, case, base_kv, '"heads": 16, "kv_heads": 4,')
    with pytest.raises(ValueError):
        make.computed(variant, case, "numKvHeads")


def test_fresh32_wandb_value_check_can_fail(tmp_path):
    """DiffLlama's sizes are keyed by the block's name line: renamed, ``depth`` is gone."""
    case = "diffllama_wandb_config_yaml"
    variant = _variant(tmp_path, case, "depth:\n", "n_layer:\n")
    with pytest.raises(AttributeError):
        make.computed(variant, case, "numLayers")


# case -> (the fresh5 case whose body it reuses, the last line of that case's size block)
BODIES = {
    "exaone4_best_sweep_run": ("exaone4_mixins", "EPS = 1e-5\n"),
    "ministral_makefile_vars": ("ministral_environ", 'NORM_EPS = float(os.environ.get("MINI_NORM_EPS", "1e-5"))\n'),
    "bitnet_printed_module_repr": ("bitnet_node_graph", "EPS = 1e-5\n"),
    "olmo3_papermill_parameters_cell": ("olmo3_layer_dicts", '    {"kind": "full", "window": None},\n]\n'),
    "dbrx_c_header_defines": ("dbrx_csv_table", "HD = D // N_HEADS\n"),
    "camembert_cmd_shell_script": ("camembert_xml_config", 'EPS = float(_enc["eps"])\n'),
    "ernie_cmake_cache_vars": ("ernie_shlex_cli", 'EPS = float(ARGS["ln_eps"])\n'),
    "rembert_attrs_evolve_preset": ("rembert_fraction_sizes", "EPS = 1e-12\n"),
    "roformer_k8s_job_args": ("roformer_make_dataclass", "CFG = RoFormerConfig()\n"),
    "layoutlm_mlflow_run_params": ("layoutlm_chainmap", "H = ChainMap(RUN, DEFAULTS)\n"),
    "ernie45_json_patch_tree": ("ernie45_json_tree", '"""\n)\n'),
    "diffllama_wandb_config_yaml": ("diffllama_attrs", "CFG = DiffConfig()\n"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BODIES))
def test_fresh32_bodies_are_the_earlier_proven_ones(case):
    """Below its new size source each case is fresh5's output-proven body, unchanged (the same
    text to the end of the file), and that body is the one ``make._BODY`` maps."""
    body, last = BODIES[case]
    assert make._BODY[case] == body
    src = (ROOT / "benchmarks" / "reimpl" / "fresh5" / "cases" / f"{body}.py").read_text()
    tail = src[src.index(last) + len(last) :]
    assert len(tail) > 1000
    assert (CORPUS / "cases" / f"{case}.py").read_text().endswith(tail)


def test_fresh32_bench_reimpl_takes_the_set_name(tmp_path, monkeypatch):
    """``bench_reimpl.py --corpus fresh32`` runs benchmarks/reimpl/fresh32 (a bare set name); a
    folder that exists is taken as given, and an unknown name is left as a path."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    bench = importlib.import_module("bench_reimpl")
    monkeypatch.chdir(tmp_path)
    assert bench.corpus_dir("fresh32") == CORPUS
    assert bench.corpus_dir(str(CORPUS)) == CORPUS
    assert bench.corpus_dir("fresh999") == tmp_path / "fresh999"
    (tmp_path / "fresh32").mkdir()
    assert bench.corpus_dir("fresh32") == tmp_path / "fresh32"
    jobs = bench.jobs(None, bench.corpus_dir(str(CORPUS)))
    assert sum(j["kind"] == "planted" for j in jobs) == 127
