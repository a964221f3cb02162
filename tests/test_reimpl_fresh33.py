"""fresh33 (session 36, reimpl33): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file (and no other fact of the case moves), the value
check can fail (each size source below, with the run's line taken out or changed, computes
another value: the real-sized default, another preset, or an error), and the model code is new:
no case repeats an earlier set's body (fresh32 reused fresh5's)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("einops")

make = importlib.import_module("benchmarks.reimpl.fresh33.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh33"
CASES = sorted(make.CASES)


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh33_config_plants_are_visible_to_torch():
    """fresh33's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh33_recorded_values_are_what_python_computes():
    """Each fresh33 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh33_code_plants_move_only_their_fact():
    assert make.other_values_unchanged() == []


def test_fresh33_other_values_check_can_fail(tmp_path):
    """Persimmon's head size is the width over the heads: a width plant moves it (it is not a
    recorded fact, so the check is shown on the module's own ``HEAD_DIM``)."""
    case = "persimmon_ini_string"
    variant = _variant(tmp_path, case, "hidden_size = 64\n", "hidden_size = 128\n")
    from benchmarks.reimpl.make import load_module

    assert load_module(variant).HEAD_DIM == 32
    assert make.computed(variant, case, "hiddenSize") == 128
    assert make.computed(variant, case, "numHeads") == 4


def test_fresh33_argparse_value_check_can_fail(tmp_path):
    """GPT-1's sizes are the parsed flag list: without ``--n_head``, the parser's default 12."""
    case = "openai_gpt_argparse_defaults"
    variant = _variant(tmp_path, case, '        "--n_head=4",\n', "")
    assert make.computed(variant, case, "numHeads") == 12


def test_fresh33_constants_value_check_can_fail(tmp_path):
    """CTRL's constants: a later assignment wins."""
    case = "ctrl_module_constants"
    variant = _variant(tmp_path, case, "N_HEADS = 4\n", "N_HEADS = 4\nN_HEADS = 8\n")
    assert make.computed(variant, case, "numHeads") == 8


def test_fresh33_dataclass_value_check_can_fail(tmp_path):
    """BertGeneration's sizes: a field the instance does not pass is the large default."""
    case = "bert_generation_frozen_dataclass"
    variant = _variant(tmp_path, case, "    heads=4,\n", "")
    assert make.computed(variant, case, "numHeads") == 16


def test_fresh33_nested_dict_value_check_can_fail(tmp_path):
    """data2vec's encoder sizes are read under ``model.encoder``: renamed, no sizes."""
    case = "data2vec_text_nested_yaml_dict"
    variant = _variant(tmp_path, case, '        "encoder": {\n', '        "transformer": {\n')
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh33_json_value_check_can_fail(tmp_path):
    """RoBERTa-PreLN's JSON: a repeated key's last value wins."""
    case = "roberta_prelayernorm_json_blob"
    variant = _variant(tmp_path, case, '  "heads": 4,\n', '  "heads": 4,\n  "heads": 2,\n')
    assert make.computed(variant, case, "numHeads") == 2


def test_fresh33_environment_value_check_can_fail(monkeypatch):
    """Arcee's sizes are the environment's where it sets them, the defaults otherwise."""
    case = "arcee_env_overrides"
    monkeypatch.setenv("AFM_Q_HEADS", "8")
    monkeypatch.setenv("AFM_ROPE_BASE", "500000")
    assert make.computed(CORPUS / "cases" / f"{case}.py", case, "numHeads") == 8
    assert make.computed(CORPUS / "cases" / f"{case}.py", case, "ropeTheta") == 500000.0
    monkeypatch.delenv("AFM_Q_HEADS")
    assert make.computed(CORPUS / "cases" / f"{case}.py", case, "numHeads") == 4


def test_fresh33_preset_value_check_can_fail(tmp_path):
    """Helium's sizes are the preset picked by name: the other preset has 20 heads."""
    case = "helium_preset_table"
    variant = _variant(tmp_path, case, 'P = PRESETS["helium-debug"]', 'P = PRESETS["helium-2b"]')
    assert make.computed(variant, case, "numHeads") == 20
    assert make.computed(variant, case, "ropeTheta") == 100000.0


def test_fresh33_namespace_repr_value_check_can_fail(tmp_path):
    """BioGPT's sizes are the checkpoint's ``args`` repr: without the heads entry, no heads."""
    case = "biogpt_fairseq_namespace_repr"
    variant = _variant(tmp_path, case, '    "decoder_attention_heads=4, "\n', "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")
    variant = _variant(
        tmp_path, case, '    "decoder_layers=2, "\n', '    "decoder_layers=2, decoder_layers=6, "\n'
    )
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh33_namedtuple_value_check_can_fail(tmp_path):
    """FNet's sizes: a field ``_replace`` does not set is the base model's."""
    case = "fnet_namedtuple_sizes"
    variant = _variant(tmp_path, case, "    layers=2,\n", "")
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh33_run_card_value_check_can_fail(tmp_path):
    """Granite MoE's run card skips comment lines: a commented-out size is not read."""
    case = "granitemoe_key_value_text"
    variant = _variant(tmp_path, case, "q_heads: 4\n", "# q_heads: 4\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh33_class_attribute_value_check_can_fail(tmp_path):
    """XGLM's tiny settings inherit what they do not set: the base class's 24 layers."""
    case = "xglm_class_attributes"
    variant = _variant(tmp_path, case, "    n_layers = 2\n", "")
    assert make.computed(variant, case, "numLayers") == 24


def test_fresh33_ini_value_check_can_fail(tmp_path):
    """Persimmon's INI section falls back to ``[DEFAULT]`` for a key it does not set."""
    case = "persimmon_ini_string"
    variant = _variant(tmp_path, case, "num_heads = 4\n", "")
    variant.write_text(variant.read_text().replace("seed = 1234\n", "seed = 1234\nnum_heads = 8\n"))
    assert make.computed(variant, case, "numHeads") == 8


def _long_lines(path: Path) -> list[str]:
    return [
        ln.strip() for ln in path.read_text(errors="ignore").splitlines() if len(ln.strip()) >= 40
    ]


def _earlier_files() -> list[Path]:
    return [p for p in (ROOT / "benchmarks" / "reimpl").rglob("*.py") if "fresh33" not in p.parts]


def _index(files) -> tuple[set[str], set[tuple[str, str, str]]]:
    lines: set[str] = set()
    runs: set[tuple[str, str, str]] = set()
    for p in files:
        seq = _long_lines(p)
        lines.update(seq)
        runs.update(zip(seq, seq[1:], seq[2:]))
    return lines, runs


def _copied(path: Path, lines: set[str], runs: set) -> list[str]:
    """Why ``path`` looks copied from the indexed files: more than a quarter of its long lines
    (40 characters or more) occur there, or three consecutive long lines occur consecutively."""
    seq = _long_lines(path)
    why = []
    shared = [ln for ln in seq if ln in lines]
    if len(shared) > len(seq) // 4:
        why.append(f"{len(shared)} of {len(seq)} long lines shared")
    if set(zip(seq, seq[1:], seq[2:])) & runs:
        why.append("three consecutive long lines shared")
    return why


@pytest.fixture(scope="module")
def earlier_code():
    return _index(_earlier_files())


@pytest.mark.parametrize("case", CASES)
def test_fresh33_model_code_is_new(case, earlier_code):
    """No fresh33 case is an earlier set's body: at most a quarter of its long lines occur
    anywhere in an earlier set's files (common idioms such as an RMS-norm line), and no three
    consecutive long lines occur consecutively in one."""
    assert _copied(CORPUS / "cases" / f"{case}.py", *earlier_code) == []


def test_fresh33_new_code_check_can_fail():
    """The same check flags fresh32's DiffLlama case against fresh5's body it reuses."""
    reimpl = ROOT / "benchmarks" / "reimpl"
    index = _index([reimpl / "fresh5" / "cases" / "diffllama_attrs.py"])
    why = _copied(reimpl / "fresh32" / "cases" / "diffllama_wandb_config_yaml.py", *index)
    assert len(why) == 2, why


def test_fresh33_bench_reimpl_takes_the_set_name():
    """``bench_reimpl.py --corpus fresh33`` runs benchmarks/reimpl/fresh33 (115 planted jobs)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    bench = importlib.import_module("bench_reimpl")
    assert bench.corpus_dir("fresh33") == CORPUS
    jobs = bench.jobs(None, bench.corpus_dir("fresh33"))
    assert sum(j["kind"] == "planted" for j in jobs) == 115
    assert sum(j["kind"] == "clean" for j in jobs) == 12
