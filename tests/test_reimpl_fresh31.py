"""fresh31 (session 34, reimpl31): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
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

make = importlib.import_module("benchmarks.reimpl.fresh31.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh31"


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh31_config_plants_are_visible_to_torch():
    """fresh31's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh31_recorded_values_are_what_python_computes():
    """Each fresh31 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh31_code_plants_move_only_their_fact():
    """No code plant changes another fact's value (the depth from a parameter budget stays 2
    when the MLP width or the heads are planted)."""
    assert make.other_values_unchanged() == []


def test_fresh31_other_values_check_can_fail(tmp_path):
    """A width derived from the hidden size moves with it: the check above would see it."""
    case = "falcon_classvar_dataclass"
    variant = _variant(tmp_path, case, "    hidden: ClassVar[int] = 64\n", "    hidden: ClassVar[int] = 96\n")  # fmt: skip
    assert make.computed(variant, case, "intermediateSize") == 384


def test_fresh31_groupdict_value_check_can_fail(tmp_path):
    """MPT's sizes are the run name's groups: another name, other sizes; a name the pattern does
    not match leaves nothing to read."""
    case = "mpt_run_name_groupdict"
    old = 'RUN_NAME = "mpt-tiny_d64_h4_l2_v900"\n'
    other = _variant(tmp_path, case, old, 'RUN_NAME = "mpt-small_d128_h8_l6_v900"\n')
    assert make.computed(other, case, "numLayers") == 6
    bad = _variant(tmp_path, case, old, 'RUN_NAME = "mpt-7b"\n')
    with pytest.raises(AttributeError):
        make.computed(bad, case, "numLayers")


def test_fresh31_sniffer_value_check_can_fail(tmp_path):
    """BigCode's row is picked by name: starcoderbase's 48 heads; without the tiny row, the
    ``next()`` has nothing to give."""
    case = "bigcode_csv_sniffer_sheet"
    old = 'if r["name"] == "tiny")\n'
    big = _variant(tmp_path, case, old, 'if r["name"] == "starcoderbase")\n')
    assert make.computed(big, case, "numHeads") == 48
    gone = _variant(tmp_path, case, "tiny;800;256;64;2;4;224\n", "")
    with pytest.raises(StopIteration):
        make.computed(gone, case, "numHeads")


def test_fresh31_option_decorator_value_check_can_fail(tmp_path):
    """Megatron-BERT's depth is the ``@option`` default: without it, ``kwargs.get``'s absent key
    (the body's BERT-large default is never reached by ``KWARGS`` itself)."""
    case = "megatron_bert_option_decorators"
    variant = _variant(tmp_path, case, '@option("--num-layers", 2)\n', "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numLayers")
    wider = _variant(tmp_path, case, '@option("--hidden-size", 64)\n', '@option("--hidden-size", 128)\n')  # fmt: skip
    assert make.computed(wider, case, "hiddenSize") == 128


def test_fresh31_budget_value_check_can_fail(tmp_path):
    """GLM-4's depth is what the budget affords: a larger budget, more layers."""
    case = "glm4_layers_from_param_budget"
    old = "STACK_BUDGET = 180_000  # parameters the decoder stack may use\n"
    variant = _variant(tmp_path, case, old, "STACK_BUDGET = 900_000\n")
    assert make.computed(variant, case, "numLayers") == 10


def test_fresh31_exports_value_check_can_fail(tmp_path):
    """SmolLM3's sizes are the script's ``export`` lines: a commented-out export is not read."""
    case = "smollm3_launch_script_exports"
    variant = _variant(tmp_path, case, "export N_HEADS=4\n", "# export N_HEADS=4\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh31_layer_pattern_value_check_can_fail(tmp_path):
    """Cohere 2's depth is the repeated block's length times the repeat."""
    case = "cohere2_nested_dict_layer_pattern"
    variant = _variant(tmp_path, case, '            "repeat": 1,\n', '            "repeat": 3,\n')  # fmt: skip
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh31_sub_config_value_check_can_fail(tmp_path):
    """HunYuan's heads live in the attention sub-config's ``__init__``."""
    case = "hunyuan_sub_config_init_only"
    variant = _variant(tmp_path, case, "        self.heads = 8\n", "        self.heads = 16\n")
    assert make.computed(variant, case, "numHeads") == 16


def test_fresh31_env_enum_value_check_can_fail(tmp_path, monkeypatch):
    """Seed-OSS's sizes come from the environment where it sets them."""
    case = "seed_oss_getenv_functional_enum"
    monkeypatch.setenv("SEED_HEADS", "12")
    assert make.computed(CORPUS / "cases" / f"{case}.py", case, "numHeads") == 12


def test_fresh31_namespace_log_value_check_can_fail(tmp_path):
    """mBART's vocabulary is the dictionary line of the log: without it, nothing is found."""
    case = "mbart_fairseq_namespace_log"
    variant = _variant(tmp_path, case, "[en_XX] dictionary: 720 types", "[en_XX] loaded")
    with pytest.raises(AttributeError):
        make.computed(variant, case, "vocabSize")


def test_fresh31_dockerfile_value_check_can_fail(tmp_path):
    """CodeGen's settings are the ``ENV`` lines only: an ``ARG`` line is not read."""
    case = "codegen_dockerfile_env_lines"
    variant = _variant(tmp_path, case, "ENV CG_N_LAYER=2\n", "ARG CG_N_LAYER=2\n")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numLayers")


def test_fresh31_toml_dotted_keys_value_check_can_fail(tmp_path):
    """XLM-R's depth is the dotted key inside ``[model]``: without it the nested table has no
    ``layers``."""
    case = "xlm_roberta_toml_dotted_keys"
    variant = _variant(tmp_path, case, "encoder.layers = 2\n", "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numLayers")


# case -> (the earlier case whose body it reuses, the last line of that case's size block)
BODIES = {
    "mpt_run_name_groupdict": ("fresh3", "mpt_alibi_wqkv", "    norm_eps=1e-5,\n)\n"),
    "bigcode_csv_sniffer_sheet": ("fresh3", "bigcode_mqa", "HP = HParams()\n"),
    "megatron_bert_option_decorators": ("fresh3", "megatron_bert_prenorm", '    "layernorm_epsilon": 1e-12,\n}\n'),
    "glm4_layers_from_param_budget": ("fresh4", "glm4_sandwich_ns", "    norm_eps=1e-5,\n)\n"),
    "smollm3_launch_script_exports": ("fresh4", "smollm3_argparse", "args = parser.parse_args([])\n"),
    "cohere2_nested_dict_layer_pattern": ("fresh4", "cohere2_moduledict", "LOGIT_SCALE = 0.25\n"),
    "hunyuan_sub_config_init_only": ("fresh4", "hunyuan_properties", "HY = HunYuanSettings()\n"),
    "falcon_classvar_dataclass": ("fresh4", "falcon_new_arch_groups", "rope_theta = 10000.0\n"),
    "seed_oss_getenv_functional_enum": ("fresh4", "seed_oss_enum", "RMS_EPS = 1e-6\n"),
    "mbart_fairseq_namespace_log": ("fresh3", "mbart_stack_flag", "POS_OFFSET = 2\n"),
    "codegen_dockerfile_env_lines": ("fresh3", "codegen_mp_qkv", '    "CG_LN_EPS": "1e-5",\n}\n'),
    "xlm_roberta_toml_dotted_keys": ("fresh3", "xlm_roberta_dotlist", 'M = from_dotlist(OVERRIDES)["model"]\n'),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BODIES))
def test_fresh31_bodies_are_the_earlier_proven_ones(case):
    """Below its new size source each case is the earlier set's output-proven body, unchanged
    (the same text to the end of the file), and that body is the one ``make._BODY`` maps."""
    earlier_set, body, last = BODIES[case]
    assert make._BODY[case][3] == body
    src = (ROOT / "benchmarks" / "reimpl" / earlier_set / "cases" / f"{body}.py").read_text()
    tail = src[src.index(last) + len(last) :]
    assert len(tail) > 1000
    assert (CORPUS / "cases" / f"{case}.py").read_text().endswith(tail)
