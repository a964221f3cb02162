"""The sixth fresh held-out set (benchmarks/reimpl/fresh6) is what it claims, in torch only
(driftcheck is not run on it here: the set was written blind and is run once by
bench_reimpl.py). The bookkeeping is checked for every case: the shipped configs are what
transformers' config classes write, each code plant is its base file with one recorded line
replaced, each config plant changes one key. The torch proof is rebuilt here for a sample of
cases, one per family (decoder, MoE, encoder, seq2seq, vision, audio, a flat-parameter layer,
a shared layer), to stay quick; the whole set's proof is
``python benchmarks/reimpl/fresh6/make.py --check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh6 import make  # noqa: E402
from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402

CORPUS = Path(make.__file__).resolve().parent
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())

# one case per family; together they cover a position-scaled query, linked-list layers with
# stacked experts, alternating local/global encoder attention, T5 relative buckets, a
# distillation token, a weight-normed positional conv, one flat parameter per layer, and one
# layer shared by every depth step
SAMPLE = [
    "ministral3_configparser",
    "flex_olmo_linked_blocks",
    "modernbert_cycle_pattern",
    "mt5_descriptors",
    "deit_field_metadata",
    "unispeech_pydantic",
    "gpt_oss_flat_slab",
    "albert_shared_list",
]
OUTPUT_SAMPLE = ["ministral3_configparser", "modernbert_cycle_pattern", "mt5_descriptors"]
# a code plant of an output-checked case that keeps every parameter shape: the check can fail
KEEPING_PLANT = ("ministral3_configparser", "ministral3_configparser__slidingWindow")
# third-party packages a case file imports (besides torch)
NEEDS = {"unispeech_pydantic": "pydantic"}


def test_size():
    set_checks.set_size(make, MANIFEST, SAMPLE, OUTPUT_SAMPLE)
    assert set(make.SAME_OUTPUT_IO) <= set(make.SAME_OUTPUT)
    assert set(OUTPUT_SAMPLE) <= set(make.SAME_OUTPUT)


def test_at_least_ten_architectures_in_no_earlier_set():
    new = set_checks.new_architectures(
        CORPUS, MANIFEST, ("", "fresh", "fresh2", "fresh3", "fresh4", "fresh5")
    )
    assert len(new) >= 10, new


def test_model_files_import_neither_transformers_nor_driftcheck():
    set_checks.model_files_are_plain_torch(CORPUS, MANIFEST)


@pytest.mark.parametrize("name", SAMPLE)
def test_clean_case_has_the_hf_parameter_count(name):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    c = next(c for c in MANIFEST["cases"] if c["name"] == name)
    assert code_params(CORPUS / c["code"]) == hf_params(CORPUS / c["config"])


def test_shipped_configs_are_written_by_transformers():
    set_checks.configs_written_by_transformers(make, CORPUS, MANIFEST)


def test_code_plants_replace_the_recorded_line():
    set_checks.code_plants_replace_the_recorded_line(make, CORPUS, MANIFEST)


def test_config_plants_change_one_key():
    set_checks.config_plants_change_one_key(CORPUS, MANIFEST)


@pytest.mark.parametrize("name", OUTPUT_SAMPLE)
def test_same_weights_give_the_same_outputs(name):
    # 80 tokens: past the sliding windows (16 to 24) and Ministral 3's query-scaling span (32)
    assert make.same_output(name, seq=80) <= 1e-5


def test_a_plant_that_keeps_the_shapes_changes_the_outputs():
    case, plant = KEEPING_PLANT
    base = CORPUS / "cases" / f"{case}.py"
    code = CORPUS / "planted" / f"{plant}.py"
    assert code_params(code) == code_params(base)
    assert make.same_output(case, seq=80, code=code) > 1e-4
