"""fresh36 (session 39, reimpl36): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file (and no other fact of the case moves), the value
check can fail (each size source below, with the run's line taken out or changed, computes
another value: the card's default, a later entry, or an error), and the model code is new: no
case repeats an earlier set's body (fresh33 to fresh35, tests/reimpl_probe36 to
tests/reimpl_probe38 included)."""

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
pytest.importorskip("attrs")
pytest.importorskip("yaml")

make = importlib.import_module("benchmarks.reimpl.fresh36.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh36"
CASES = sorted(make.CASES)


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh36_config_plants_are_visible_to_torch():
    """fresh36's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh36_recorded_values_are_what_python_computes():
    """Each fresh36 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh36_code_plants_move_only_their_fact():
    assert make.other_values_unchanged() == []


def test_fresh36_other_values_check_can_fail(tmp_path):
    """ViViT's sizes are one unpacked tuple: an edit of two entries moves two facts."""
    case = "vivit_tuple_unpack"
    variant = _variant(
        tmp_path,
        case,
        "FRAMES, SIDE, WIDTH, DEPTH, HEADS, MLP = 4, 32, 64, 2, 4, 160",
        "FRAMES, SIDE, WIDTH, DEPTH, HEADS, MLP = 4, 32, 64, 3, 8, 160",
    )
    assert make.computed(variant, case, "numLayers") == 3
    assert make.computed(variant, case, "numHeads") == 8
    assert make.computed(variant, case, "hiddenSize") == 64


def test_fresh36_yaml_value_check_can_fail(tmp_path):
    """InternLM3's YAML recipe: a repeated key's last value wins."""
    case = "internlm3_yaml_recipe"
    variant = _variant(tmp_path, case, "  depth: 2\n", "  depth: 2\n  depth: 5\n")
    assert make.computed(variant, case, "numLayers") == 5


def test_fresh36_dataclass_value_check_can_fail(tmp_path):
    """GLM-4: the instance, not the field default, is read."""
    case = "glm4_dataclass_fields"
    variant = _variant(tmp_path, case, "HP = Glm4Hparams()\n", "HP = Glm4Hparams(n_layer=6)\n")
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh36_namespace_value_check_can_fail(tmp_path):
    """OLMo-3's SimpleNamespace has no defaults: a dropped entry is an error."""
    case = "olmo3_simplenamespace"
    variant = _variant(tmp_path, case, "    n_layers=4,\n", "")
    with pytest.raises(AttributeError):
        make.computed(variant, case, "numLayers")


def test_fresh36_attrs_value_check_can_fail(tmp_path):
    """ERNIE-4.5-MoE: a field the run does not pass is the card's (28 layers)."""
    case = "ernie45_moe_attrs"
    variant = _variant(tmp_path, case, "    layers=3,\n", "")
    assert make.computed(variant, case, "numLayers") == 28


def test_fresh36_toml_value_check_can_fail(tmp_path):
    """dots.llm1's TOML: a repeated key is an error."""
    case = "dots1_toml_table"
    variant = _variant(tmp_path, case, "n_blocks = 3\n", "n_blocks = 3\nn_blocks = 5\n")
    with pytest.raises(ValueError):  # tomllib.TOMLDecodeError
        make.computed(variant, case, "numLayers")


def test_fresh36_argparse_value_check_can_fail(tmp_path):
    """I-JEPA: a flag the list does not pass is the parser's default (ViT-H, 32 blocks)."""
    case = "ijepa_argparse_flags"
    variant = _variant(tmp_path, case, '        "--depth=2",\n', "")
    assert make.computed(variant, case, "numLayers") == 32


def test_fresh36_pydantic_value_check_can_fail(tmp_path):
    """DINOv2: pydantic rejects a non-positive head count."""
    case = "dinov2_pydantic_model"
    variant = _variant(tmp_path, case, "heads=4, mlp_ratio=3)", "heads=0, mlp_ratio=3)")
    with pytest.raises(ValueError):
        make.computed(variant, case, "numHeads")


def test_fresh36_kwarg_default_value_check_can_fail(tmp_path):
    """nomic-bert: the keyword default is an evaluated expression."""
    case = "nomic_bert_kwarg_defaults"
    variant = _variant(tmp_path, case, "        n_layers=2,\n", "        n_layers=2 * 3,\n")
    assert make.computed(variant, case, "numLayers") == 6


def test_fresh36_ini_value_check_can_fail(tmp_path):
    """GPT-NeoX-Japanese's INI: configparser rejects a repeated option."""
    import configparser

    case = "gpt_neox_japanese_ini"
    variant = _variant(tmp_path, case, "layers = 2\n", "layers = 2\nlayers = 4\n")
    with pytest.raises(configparser.Error):
        make.computed(variant, case, "numLayers")


def test_fresh36_class_attribute_value_check_can_fail(tmp_path):
    """EXAONE-4: the settings class is the alias; an attribute set on it later wins."""
    case = "exaone4_class_attrs"
    variant = _variant(tmp_path, case, "S = Settings\n", "S = Settings\nS.n_layers = 8\n")
    assert make.computed(variant, case, "numLayers") == 8


def test_fresh36_chainmap_value_check_can_fail(tmp_path):
    """Cohere2: a key the run's overrides drop falls through to the card's (32 layers)."""
    case = "cohere2_chainmap"
    variant = _variant(tmp_path, case, '    "layers": 4,\n', "")
    assert make.computed(variant, case, "numLayers") == 32


def test_fresh36_json_value_check_can_fail(tmp_path):
    """M2M-100's JSON: a repeated key's last value wins."""
    case = "m2m100_json_settings"
    variant = _variant(
        tmp_path,
        case,
        '  "decoder_layers": 2,\n',
        '  "decoder_layers": 2,\n  "decoder_layers": 6,\n',
    )
    assert make.computed(variant, case, "numDecoderLayers") == 6


def test_fresh36_constant_value_check_can_fail(tmp_path):
    """ViViT: a constant rebound later in the module is the later value."""
    case = "vivit_tuple_unpack"
    variant = _variant(tmp_path, case, "LN_EPS = 1e-6\n", "LN_EPS = 1e-6\nDEPTH = 7\n")
    assert make.computed(variant, case, "numLayers") == 7


def test_fresh36_attrdict_value_check_can_fail(tmp_path):
    """CWM: the attribute dict has no defaults: a dropped key is a KeyError."""
    case = "cwm_attrdict"
    variant = _variant(tmp_path, case, "    n_layers=4,\n", "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numLayers")


def _long_lines(path: Path) -> list[str]:
    return [
        ln.strip() for ln in path.read_text(errors="ignore").splitlines() if len(ln.strip()) >= 40
    ]


def _earlier_files() -> list[Path]:
    """Every earlier set's files and tests/reimpl_probe36 to tests/reimpl_probe38."""
    reimpl = [p for p in (ROOT / "benchmarks" / "reimpl").rglob("*.py") if "fresh36" not in p.parts]
    probes = [
        p
        for d in ("reimpl_probe36", "reimpl_probe37", "reimpl_probe38")
        for p in (ROOT / "tests" / d).rglob("*.py")
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
def test_fresh36_model_code_is_new(case, earlier_code):
    """No fresh36 case is an earlier set's body (fresh33's to fresh35's and the session 36 to 38
    probes' included): at most a quarter of its long lines occur anywhere in an earlier set's
    files, and no three consecutive long lines occur consecutively in one."""
    assert _copied(CORPUS / "cases" / f"{case}.py", *earlier_code) == []


def test_fresh36_new_code_check_can_fail():
    """The same check flags fresh32's DiffLlama case against fresh5's body it reuses."""
    reimpl = ROOT / "benchmarks" / "reimpl"
    index = _index([reimpl / "fresh5" / "cases" / "diffllama_attrs.py"])
    why = _copied(reimpl / "fresh32" / "cases" / "diffllama_wandb_config_yaml.py", *index)
    assert len(why) == 2, why


def test_fresh36_bench_reimpl_takes_the_set_name():
    """``bench_reimpl.py --corpus fresh36`` runs benchmarks/reimpl/fresh36 (153 planted jobs)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    bench = importlib.import_module("bench_reimpl")
    assert bench.corpus_dir("fresh36") == CORPUS
    jobs = bench.jobs(None, bench.corpus_dir("fresh36"))
    assert sum(j["kind"] == "planted" for j in jobs) == 153
    assert sum(j["kind"] == "clean" for j in jobs) == 14
