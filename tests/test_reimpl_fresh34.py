"""fresh34 (session 37, reimpl34): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file (and no other fact of the case moves), the value
check can fail (each size source below, with the run's line taken out or changed, computes
another value: the real-sized default, a later layer of the lookup, or an error), and the model
code is new: no case repeats an earlier set's body (fresh33 included)."""

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
pytest.importorskip("yaml")

make = importlib.import_module("benchmarks.reimpl.fresh34.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh34"
CASES = sorted(make.CASES)


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh34_config_plants_are_visible_to_torch():
    """fresh34's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh34_recorded_values_are_what_python_computes():
    """Each fresh34 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh34_code_plants_move_only_their_fact():
    assert make.other_values_unchanged() == []


def test_fresh34_other_values_check_can_fail(tmp_path):
    """ImageGPT's variant string holds three facts: one edit of it moves them all."""
    case = "imagegpt_variant_string"
    variant = _variant(tmp_path, case, '"igpt-L2-H4-D64"', '"igpt-L3-H8-D64"')
    assert make.computed(variant, case, "numLayers") == 3
    assert make.computed(variant, case, "numHeads") == 8
    assert make.computed(variant, case, "hiddenSize") == 64


def test_fresh34_dict_merge_value_check_can_fail(tmp_path):
    """Seed-OSS: a size the run does not override is the released model's."""
    case = "seed_oss_dict_merge"
    variant = _variant(tmp_path, case, '    "n_kv": 2,\n', "")
    assert make.computed(variant, case, "numKvHeads") == 8


def test_fresh34_keyword_class_value_check_can_fail(tmp_path):
    """Hunyuan dense: a keyword the run does not pass is the 7B default."""
    case = "hunyuan_dense_kwargs_class"
    variant = _variant(tmp_path, case, "    n_heads=4,\n", "")
    assert make.computed(variant, case, "numHeads") == 32


def test_fresh34_dict_update_value_check_can_fail(tmp_path):
    """SmolLM3: ``RUN.update`` wins over the 3B card; without it, the card's values."""
    case = "smollm3_nope_dict_update"
    variant = _variant(tmp_path, case, "    kv_heads=1,\n", "")
    assert make.computed(variant, case, "numKvHeads") == 4


def test_fresh34_literal_eval_value_check_can_fail(tmp_path):
    """VaultGemma's logged dict literal: a repeated key's last value wins."""
    case = "vaultgemma_literal_eval"
    variant = _variant(
        tmp_path, case, "    'window': 32,\n", "    'window': 32,\n    'window': 8,\n"
    )
    assert make.computed(variant, case, "slidingWindow") == 8


def test_fresh34_yaml_value_check_can_fail(tmp_path):
    """FlexOlmo's YAML: the heads are read under ``model.attention``; renamed, no heads."""
    case = "flex_olmo_yaml_text"
    variant = _variant(tmp_path, case, "  attention:\n", "  attn:\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh34_pair_list_value_check_can_fail(tmp_path):
    """Hunyuan MoE's (name, value) pairs: a later pair of the same name wins."""
    case = "hunyuan_moe_pair_list"
    variant = _variant(tmp_path, case, '    ("topk", 2),\n', '    ("topk", 2),\n    ("topk", 3),\n')
    assert make.computed(variant, case, "numExpertsPerTok") == 3


def test_fresh34_csv_value_check_can_fail(tmp_path):
    """Mamba's CSV rows are typed by their second column: ``bool,0`` is False."""
    case = "mamba_csv_rows"
    variant = _variant(tmp_path, case, "tie_embeddings,bool,1\n", "tie_embeddings,bool,0\n")
    assert make.computed(variant, case, "tieWordEmbeddings") is False
    variant = _variant(tmp_path, case, "d_state,int,8\n", "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "stateSize")


def test_fresh34_dotted_overrides_value_check_can_fail(tmp_path):
    """Splinter: without its override, BERT-base's 12 layers."""
    case = "splinter_dotted_overrides"
    variant = _variant(tmp_path, case, '    "model.layers=2",\n', "")
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh34_intenum_value_check_can_fail(tmp_path):
    """RemBERT's IntEnum: a member named twice is an error, not a later value."""
    case = "rembert_intenum_dims"
    variant = _variant(tmp_path, case, "    FFN = 128\n", "    FFN = 128\n    FFN = 256\n")
    with pytest.raises(TypeError):
        make.computed(variant, case, "intermediateSize")


def test_fresh34_get_args_value_check_can_fail(tmp_path):
    """Megatron-BERT's ``get_args()``: a keyword repeated is a SyntaxError, not a value."""
    case = "megatron_bert_get_args"
    variant = _variant(
        tmp_path, case, "        num_layers=2,\n", "        num_layers=2,\n        num_layers=6,\n"
    )
    with pytest.raises(SyntaxError):
        make.computed(variant, case, "numLayers")


def test_fresh34_chainmap_value_check_can_fail(tmp_path):
    """GPT-BigCode's ChainMap: without the command line's heads, the checkpoint's 8."""
    case = "gpt_bigcode_chainmap"
    variant = _variant(tmp_path, case, '    "heads": 4,\n', "")
    assert make.computed(variant, case, "numHeads") == 8


def _long_lines(path: Path) -> list[str]:
    return [
        ln.strip() for ln in path.read_text(errors="ignore").splitlines() if len(ln.strip()) >= 40
    ]


def _earlier_files() -> list[Path]:
    """Every earlier set's files and tests/reimpl_probe36 (session 36's probe bodies)."""
    reimpl = [p for p in (ROOT / "benchmarks" / "reimpl").rglob("*.py") if "fresh34" not in p.parts]
    return reimpl + sorted((ROOT / "tests" / "reimpl_probe36").rglob("*.py"))


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
def test_fresh34_model_code_is_new(case, earlier_code):
    """No fresh34 case is an earlier set's body (fresh33's and tests/reimpl_probe36's
    included): at most a quarter of its long lines occur anywhere in an earlier set's files,
    and no three consecutive long lines occur consecutively in one."""
    assert _copied(CORPUS / "cases" / f"{case}.py", *earlier_code) == []


def test_fresh34_new_code_check_can_fail():
    """The same check flags fresh32's DiffLlama case against fresh5's body it reuses."""
    reimpl = ROOT / "benchmarks" / "reimpl"
    index = _index([reimpl / "fresh5" / "cases" / "diffllama_attrs.py"])
    why = _copied(reimpl / "fresh32" / "cases" / "diffllama_wandb_config_yaml.py", *index)
    assert len(why) == 2, why


def test_fresh34_bench_reimpl_takes_the_set_name():
    """``bench_reimpl.py --corpus fresh34`` runs benchmarks/reimpl/fresh34 (132 planted jobs)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    bench = importlib.import_module("bench_reimpl")
    assert bench.corpus_dir("fresh34") == CORPUS
    jobs = bench.jobs(None, bench.corpus_dir("fresh34"))
    assert sum(j["kind"] == "planted" for j in jobs) == 132
    assert sum(j["kind"] == "clean" for j in jobs) == 12
