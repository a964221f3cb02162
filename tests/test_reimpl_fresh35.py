"""fresh35 (session 38, reimpl35): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file (and no other fact of the case moves), the value
check can fail (each size source below, with the run's line taken out or changed, computes
another value: the release default, a later entry, or an error), and the model code is new: no
case repeats an earlier set's body (fresh33, fresh34, tests/reimpl_probe36 and
tests/reimpl_probe37 included)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("pydantic")

make = importlib.import_module("benchmarks.reimpl.fresh35.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh35"
CASES = sorted(make.CASES)


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh35_config_plants_are_visible_to_torch():
    """fresh35's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh35_recorded_values_are_what_python_computes():
    """Each fresh35 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh35_code_plants_move_only_their_fact():
    assert make.other_values_unchanged() == []


def test_fresh35_other_values_check_can_fail(tmp_path):
    """SigLIP's sizes are one list: an edit of two entries moves two facts."""
    case = "siglip_vision_zip_lists"
    variant = _variant(
        tmp_path, case, "VALS = [32, 8, 64, 2, 4, 160, 1e-6]", "VALS = [32, 8, 64, 3, 8, 160, 1e-6]"
    )
    assert make.computed(variant, case, "numLayers") == 3
    assert make.computed(variant, case, "numHeads") == 8
    assert make.computed(variant, case, "hiddenSize") == 64


def test_fresh35_argparse_value_check_can_fail(tmp_path):
    """GLM: a flag the launch list does not pass is the parser's (the 9B) default."""
    case = "glm_argparse_namespace"
    variant = _variant(tmp_path, case, '    "--num-layers", "2",\n', "")
    assert make.computed(variant, case, "numLayers") == 40


def test_fresh35_json_value_check_can_fail(tmp_path):
    """ERNIE-4.5's logged JSON: a repeated key's last value wins; the other section is ignored."""
    case = "ernie45_json_blob"
    variant = _variant(
        tmp_path, case, '    "head_dim": 16,\n', '    "head_dim": 16,\n    "head_dim": 32,\n'
    )
    assert make.computed(variant, case, "headDim") == 32


def test_fresh35_dataclass_replace_value_check_can_fail(tmp_path):
    """BitNet: a field ``replace`` does not set is the 2B release's."""
    case = "bitnet_dataclass_replace"
    variant = _variant(tmp_path, case, "    n_kv_heads=2,\n", "")
    assert make.computed(variant, case, "numKvHeads") == 5


def test_fresh35_env_value_check_can_fail(tmp_path):
    """Ministral: a variable the run does not export is the 8B card's default."""
    case = "ministral_env_vars"
    variant = _variant(tmp_path, case, 'os.environ["MIN_WINDOW"] = "16"\n', "")
    import os

    os.environ.pop("MIN_WINDOW", None)
    assert make.computed(variant, case, "slidingWindow") == 32768


def test_fresh35_pydantic_value_check_can_fail(tmp_path):
    """Granite MoE shared: pydantic validates the run's values (``gt=0``)."""
    case = "granitemoe_shared_pydantic"
    variant = _variant(tmp_path, case, "    vocab_size=576,\n", "    vocab_size=0,\n")
    with pytest.raises(ValueError):
        make.computed(variant, case, "vocabSize")


def test_fresh35_nested_dict_value_check_can_fail(tmp_path):
    """LFM2: the heads are read under ``backbone.attention``; renamed, no heads."""
    case = "lfm2_nested_dict"
    variant = _variant(tmp_path, case, '        "attention": {', '        "attn": {')
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh35_frozen_dataclass_value_check_can_fail(tmp_path):
    """nanochat: __post_init__ rejects heads that do not divide the width."""
    case = "nanochat_frozen_dataclass"
    variant = _variant(tmp_path, case, "    n_head=4,\n", "    n_head=5,\n")
    with pytest.raises(ValueError):
        make.computed(variant, case, "numHeads")


def test_fresh35_toml_value_check_can_fail(tmp_path):
    """EuroBERT's TOML: a key under another table is another value; a repeated key an error."""
    case = "eurobert_toml_string"
    variant = _variant(tmp_path, case, "num_layers = 2\n", "num_layers = 2\nnum_layers = 4\n")
    with pytest.raises(ValueError):  # tomllib.TOMLDecodeError
        make.computed(variant, case, "numLayers")


def test_fresh35_constants_value_check_can_fail(tmp_path):
    """ViT-MSN: a constant rebound later in the module is the later value."""
    case = "vit_msn_module_constants"
    variant = _variant(tmp_path, case, "DEPTH = 2\n", "DEPTH = 2\nDEPTH = 6\n")
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh35_namedtuple_value_check_can_fail(tmp_path):
    """AST: a field ``_replace`` does not set is the AudioSet release's."""
    case = "ast_namedtuple_replace"
    variant = _variant(tmp_path, case, "    depth=2,\n", "")
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh35_key_value_string_value_check_can_fail(tmp_path):
    """XLM-R-XL's ``key=value`` string: a repeated key's last item wins."""
    case = "xlm_roberta_xl_kv_string"
    variant = _variant(tmp_path, case, " type_vocab=1 pad=1", " type_vocab=1 pad=1 layers=5")
    assert make.computed(variant, case, "numLayers") == 5


def _long_lines(path: Path) -> list[str]:
    return [
        ln.strip() for ln in path.read_text(errors="ignore").splitlines() if len(ln.strip()) >= 40
    ]


def _earlier_files() -> list[Path]:
    """Every earlier set's files and tests/reimpl_probe36, tests/reimpl_probe37."""
    reimpl = [p for p in (ROOT / "benchmarks" / "reimpl").rglob("*.py") if "fresh35" not in p.parts]
    probes = [
        p for d in ("reimpl_probe36", "reimpl_probe37") for p in (ROOT / "tests" / d).rglob("*.py")
    ]
    return reimpl + sorted(probes)


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
def test_fresh35_model_code_is_new(case, earlier_code):
    """No fresh35 case is an earlier set's body (fresh33's, fresh34's and the session 36 / 37
    probes' included): at most a quarter of its long lines occur anywhere in an earlier set's
    files, and no three consecutive long lines occur consecutively in one."""
    assert _copied(CORPUS / "cases" / f"{case}.py", *earlier_code) == []


def test_fresh35_new_code_check_can_fail():
    """The same check flags fresh32's DiffLlama case against fresh5's body it reuses."""
    reimpl = ROOT / "benchmarks" / "reimpl"
    index = _index([reimpl / "fresh5" / "cases" / "diffllama_attrs.py"])
    why = _copied(reimpl / "fresh32" / "cases" / "diffllama_wandb_config_yaml.py", *index)
    assert len(why) == 2, why


def test_fresh35_bench_reimpl_takes_the_set_name():
    """``bench_reimpl.py --corpus fresh35`` runs benchmarks/reimpl/fresh35 (130 planted jobs)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    bench = importlib.import_module("bench_reimpl")
    assert bench.corpus_dir("fresh35") == CORPUS
    jobs = bench.jobs(None, bench.corpus_dir("fresh35"))
    assert sum(j["kind"] == "planted" for j in jobs) == 130
    assert sum(j["kind"] == "clean" for j in jobs) == 12
