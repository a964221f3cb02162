"""fresh37 (session 40, reimpl37): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file (and no other fact of the case moves), the value
check can fail (each size source below, with the run's line taken out or changed, computes
another value: the card's default, a later entry, or an error), and the model code is new: no
case repeats an earlier set's body (fresh34 to fresh36, tests/reimpl_probe3* included)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

pytest.importorskip("torch")
pytest.importorskip("transformers")

make = importlib.import_module("benchmarks.reimpl.fresh37.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh37"
CASES = sorted(make.CASES)


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh37_config_plants_are_visible_to_torch():
    """fresh37's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh37_recorded_values_are_what_python_computes():
    """Each fresh37 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh37_code_plants_move_only_their_fact():
    assert make.other_values_unchanged() == []


def test_fresh37_environ_value_check_can_fail(tmp_path, monkeypatch):
    """EXAONE-3's knobs: an exported variable wins over the default."""
    monkeypatch.setenv("EXA_LAYERS", "5")
    assert (
        make.computed(
            CORPUS / "cases" / "exaone_environ_knobs.py", "exaone_environ_knobs", "numLayers"
        )
        == 5
    )


def test_fresh37_namedtuple_value_check_can_fail(tmp_path):
    """HyperCLOVA X: a field the ``_replace`` drops is the teacher card's (40 layers)."""
    case = "hyperclovax_namedtuple"
    variant = _variant(tmp_path, case, "    n_layer=2,\n", "")
    assert make.computed(variant, case, "numLayers") == 40


def test_fresh37_shlex_value_check_can_fail(tmp_path):
    """Ministral 3: a flag repeated on the shell line: argparse keeps the last."""
    case = "ministral3_shlex_argv"
    variant = _variant(
        tmp_path, case, "--n-layers 2 --n-heads", "--n-layers 2 --n-layers 6 --n-heads"
    )
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh37_mappingproxy_value_check_can_fail(tmp_path):
    """Arcee: a repeated key in the proxied dict literal: the last wins."""
    case = "arcee_mappingproxy"
    variant = _variant(
        tmp_path, case, '        "n_layer": 3,\n', '        "n_layer": 3,\n        "n_layer": 7,\n'
    )
    assert make.computed(variant, case, "numLayers") == 7


def test_fresh37_asdict_value_check_can_fail(tmp_path):
    """GLM-4.5-MoE: a section field the run does not pass is the card's (160 experts)."""
    case = "glm4moe_nested_asdict"
    variant = _variant(tmp_path, case, "            experts=8,\n", "")
    assert make.computed(variant, case, "numExperts") == 160


def test_fresh37_intenum_value_check_can_fail(tmp_path):
    """Granite-MoE: an IntEnum member with a value another member has is an alias of it."""
    case = "granitemoe_enum_sizes"
    variant = _variant(tmp_path, case, "    LAYERS = 2\n", "    LAYERS = 6\n")
    assert make.computed(variant, case, "numLayers") == 6
    variant = _variant(tmp_path, case, "    EXPERTS = 6\n", "    EXPERTS = 6\n    EXPERTS = 9\n")
    with pytest.raises(TypeError):  # enum rejects a reused member name
        make.computed(variant, case, "numExperts")


def test_fresh37_literal_value_check_can_fail(tmp_path):
    """VideoMAE: a repeated key in the sheet's literal: the last wins; ast.literal_eval rejects
    an expression."""
    case = "videomae_ast_literal"
    variant = _variant(tmp_path, case, "    'depth': 2,\n", "    'depth': 2,\n    'depth': 5,\n")
    assert make.computed(variant, case, "numLayers") == 5
    variant = _variant(tmp_path, case, "    'depth': 2,\n", "    'depth': 2 * 3,\n")
    with pytest.raises(ValueError):
        make.computed(variant, case, "numLayers")


def test_fresh37_partial_value_check_can_fail(tmp_path):
    """ESM-2: the value read is the partial's bound keyword: one it does not bind is absent."""
    case = "esm_partial_kwargs"
    variant = _variant(tmp_path, case, "    layers=3,\n", "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numLayers")


def test_fresh37_typeddict_value_check_can_fail(tmp_path):
    """BlenderbotSmall: the TypedDict is a plain dict at run time: a repeated key's last wins."""
    case = "blenderbot_small_typeddict"
    variant = _variant(
        tmp_path, case, '    "dec_layers": 2,\n', '    "dec_layers": 2,\n    "dec_layers": 5,\n'
    )
    assert make.computed(variant, case, "numDecoderLayers") == 5


def test_fresh37_dict_union_value_check_can_fail(tmp_path):
    """PLBART: a key the run's dict drops falls back to the preset (6 encoder layers)."""
    case = "plbart_dict_union"
    variant = _variant(tmp_path, case, '    "enc_depth": 2,\n', "")
    assert make.computed(variant, case, "numEncoderLayers") == 6


def test_fresh37_xml_value_check_can_fail(tmp_path):
    """data2vec-text: a repeated XML element: the dict comprehension keeps the last."""
    case = "data2vec_text_xml_sizes"
    variant = _variant(
        tmp_path, case, "  <layers>2</layers>\n", "  <layers>2</layers>\n  <layers>7</layers>\n"
    )
    assert make.computed(variant, case, "numLayers") == 7


def test_fresh37_stage_rows_value_check_can_fail(tmp_path):
    """ConvNeXt V2: an extra stage row adds a width and a depth."""
    case = "convnextv2_stage_rows"
    variant = _variant(tmp_path, case, "    (48, 1),\n", "    (48, 1),\n    (96, 2),\n")
    assert make.computed(variant, case, "hiddenSizes") == [16, 32, 48, 96]
    assert make.computed(variant, case, "depths") == [1, 2, 1, 2]


def test_fresh37_nested_dict_value_check_can_fail(tmp_path):
    """DBRX: the attention block's keyword is read, not a top-level one of the same name."""
    case = "dbrx_nested_kwargs_dict"
    variant = _variant(tmp_path, case, "    n_heads=4,\n", "    n_heads=4,\n    kv_n_heads=4,\n")
    assert make.computed(variant, case, "numKvHeads") == 2


def test_fresh37_make_dataclass_value_check_can_fail(tmp_path):
    """GPT-Neo: make_dataclass rejects a repeated field name."""
    case = "gpt_neo_make_dataclass"
    variant = _variant(
        tmp_path,
        case,
        '    ("n_layer", int, 4),\n',
        '    ("n_layer", int, 4),\n    ("n_layer", int, 6),\n',
    )
    with pytest.raises(TypeError):
        make.computed(variant, case, "numLayers")


def _long_lines(path: Path) -> list[str]:
    return [
        ln.strip() for ln in path.read_text(errors="ignore").splitlines() if len(ln.strip()) >= 40
    ]


def _earlier_files() -> list[Path]:
    """Every earlier set's files and tests/reimpl_probe3*."""
    reimpl = [p for p in (ROOT / "benchmarks" / "reimpl").rglob("*.py") if "fresh37" not in p.parts]
    probes = [p for d in sorted((ROOT / "tests").glob("reimpl_probe3*")) for p in d.rglob("*.py")]
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
def test_fresh37_model_code_is_new(case, earlier_code):
    """No fresh37 case is an earlier set's body (fresh34's to fresh36's and the tests/reimpl_probe3* probes included): at most a quarter of its long lines occur anywhere in an earlier set's
    files, and no three consecutive long lines occur consecutively in one."""
    assert _copied(CORPUS / "cases" / f"{case}.py", *earlier_code) == []


def test_fresh37_new_code_check_can_fail():
    """The same check flags fresh32's DiffLlama case against fresh5's body it reuses."""
    reimpl = ROOT / "benchmarks" / "reimpl"
    index = _index([reimpl / "fresh5" / "cases" / "diffllama_attrs.py"])
    why = _copied(reimpl / "fresh32" / "cases" / "diffllama_wandb_config_yaml.py", *index)
    assert len(why) == 2, why


def test_fresh37_bench_reimpl_takes_the_set_name():
    """``bench_reimpl.py --corpus fresh37`` runs benchmarks/reimpl/fresh37 (145 planted jobs)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    bench = importlib.import_module("bench_reimpl")
    assert bench.corpus_dir("fresh37") == CORPUS
    jobs = bench.jobs(None, bench.corpus_dir("fresh37"))
    assert sum(j["kind"] == "planted" for j in jobs) == 145
    assert sum(j["kind"] == "clean" for j in jobs) == 14
