"""fresh29 (session 32, reimpl29): the checks beyond ``test_reimpl_sets.py``'s shared ones. The
config plants are visible to torch, every code plant's recorded values are what Python computes
when it runs the clean case and the planted file, and the value check can fail: each size source
below, with the run's line taken out or changed, computes another value (the real-sized default
the run overrides, or a value of another type)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

pytest.importorskip("torch")
pytest.importorskip("transformers")

make = importlib.import_module("benchmarks.reimpl.fresh29.make")
CORPUS = ROOT / "benchmarks" / "reimpl" / "fresh29"


def _variant(tmp_path, case: str, old: str, new: str) -> Path:
    src = (CORPUS / "cases" / f"{case}.py").read_text()
    assert src.count(old) == 1
    variant = tmp_path / f"{case}.py"
    variant.write_text(src.replace(old, new))
    return variant


def test_fresh29_config_plants_are_visible_to_torch():
    """fresh29's config plants each change a state-dict shape of the planted HF model."""
    assert make.config_plants_visible() == []


def test_fresh29_recorded_values_are_what_python_computes():
    """Each fresh29 code plant's recorded (left, right) values are the values the clean case and
    the planted file compute when Python runs them."""
    assert make.recorded_values_match() == []


def test_fresh29_subcommand_value_check_can_fail(tmp_path):
    """ELECTRA's run passes ``--num-layers=2`` to the ``pretrain`` sub-command: without it the
    sub-command's default (ELECTRA-Small's 12) is what the module computes."""
    case = "electra_argparse_subcommands"
    variant = _variant(tmp_path, case, '        "--num-layers=2",\n', "")
    assert make.computed(variant, case, "numLayers") == 12


def test_fresh29_model_type_value_check_can_fail(tmp_path):
    """Falcon's ``model_type`` picks a row of the table: the run naming ``falcon-7b`` gets 71
    heads (minGPT's merge_from_dict), not the tiny row's 8."""
    case = "falcon_mingpt_get_default_config"
    variant = _variant(
        tmp_path, case, 'config.model_type = "falcon-tiny"\n', 'config.model_type = "falcon-7b"\n'
    )
    assert make.computed(variant, case, "numHeads") == 71


def test_fresh29_namedtuple_default_value_check_can_fail(tmp_path):
    """GPT-J's run does not give ``n_inner``: ``_replace`` fills four times the width; giving the
    width 96 instead moves it to 384."""
    case = "gptj_namedtuple_defaults_replace"
    variant = _variant(tmp_path, case, "\n    n_embd=64,\n", "\n    n_embd=96,\n")
    assert make.computed(variant, case, "intermediateSize") == 384


def test_fresh29_deprecated_alias_value_check_can_fail(tmp_path):
    """OLMoE's old name ``n_layers`` is mapped onto ``layers``: without it the default (16)."""
    case = "olmoe_deprecated_kwarg_aliases"
    variant = _variant(tmp_path, case, "        n_layers=2,\n", "")
    assert make.computed(variant, case, "numLayers") == 16


def test_fresh29_argv_type_value_check_can_fail(tmp_path):
    """Qwen2-MoE's overrides take the default's type: a float default read from ``--eps=1e-5``
    is the float 1e-05, and without the override the default 1e-06 stays."""
    case = "qwen2_moe_argv_key_value_overrides"
    variant = _variant(tmp_path, case, '        "--vocab=640",\n', '        "--eps=1e-5",\n')
    assert make.computed(variant, case, "normEps") == 1e-05
    assert make.computed(variant, case, "vocabSize") == 151936


def test_fresh29_format_map_value_check_can_fail(tmp_path):
    """DeiT's command template is filled from the grid point: a grid point without ``heads``
    fails to format (``KeyError``), so no value is computed at all."""
    case = "deit_sweep_format_map_command"
    variant = _variant(tmp_path, case, '    "heads": 6,\n', "")
    with pytest.raises(KeyError):
        make.computed(variant, case, "numHeads")


def test_fresh29_choices_value_check_can_fail(tmp_path):
    """ALBERT's ``--size`` takes only a preset name; ``--num-layers`` overrides the preset's
    depth only when given."""
    case = "albert_argparse_choices_preset"
    bad = _variant(tmp_path, case, '        "--size=tiny",\n', '        "--size=small",\n')
    with pytest.raises(SystemExit):
        make.computed(bad, case, "numLayers")
    deeper = _variant(tmp_path, case, '        "--size=tiny",\n', '        "--size=tiny",\n        "--num-layers=6",\n')  # fmt: skip
    assert make.computed(deeper, case, "numLayers") == 6


# case -> (the earlier case whose body it reuses, the last line of that case's size block)
BODIES = {
    "electra_argparse_subcommands": ("fresh4", "electra_factorized_seq", "EPS = 1e-12\n"),
    "falcon_mingpt_get_default_config": ("fresh4", "falcon_new_arch_groups", "rope_theta = 10000.0\n"),
    "opt_settings_to_dict_from_json": ("fresh4", "opt_raw_params", "POS_OFFSET = 2\n"),
    "cohere_annotations_kwargs_init": ("fresh7", "cohere_nested_classes", "        hidden = 176\n"),
    "qwen3_moe_argparse_nargs_groups": ("fresh5", "qwen3moe_slots_cfg", "C = MoEConfig()\n"),
    "albert_argparse_choices_preset": ("fresh6", "albert_shared_list", "EPS = 1e-12\n"),
    "gemma3_eval_config_expression": ("fresh6", "gemma3_letter_schedule", "EPS = 1e-6\n"),
    "gptj_namedtuple_defaults_replace": ("fresh4", "gptj_sincos_table", "LN_EPS = 1e-5\n"),
    "olmoe_deprecated_kwarg_aliases": ("fresh4", "olmoe_dense_dispatch", "HP = dict(zip(KEYS, VALUES))\n"),
    "qwen2_moe_argv_key_value_overrides": ("fresh3", "qwen2moe_shared", "EPS, THETA = 1e-6, 1000000.0\n"),
    "deit_sweep_format_map_command": ("fresh6", "deit_field_metadata", "CFG = DeiTSizes()\n"),
    "bloom_pyproject_tool_table": ("fresh4", "bloom_baddbmm_alibi", "LN_EPS = 1e-5\n"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(BODIES))
def test_fresh29_bodies_are_the_earlier_proven_ones(case):
    """Below its new size source each case is the earlier set's output-proven body, unchanged
    (the same text to the end of the file), and that body is the one ``make._BODY`` maps."""
    earlier_set, body, last = BODIES[case]
    assert make._BODY[case][3] == body
    src = (ROOT / "benchmarks" / "reimpl" / earlier_set / "cases" / f"{body}.py").read_text()
    tail = src[src.index(last) + len(last) :]
    assert len(tail) > 1000
    assert (CORPUS / "cases" / f"{case}.py").read_text().endswith(tail)
