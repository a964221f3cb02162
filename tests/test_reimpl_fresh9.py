"""The ninth fresh held-out set (benchmarks/reimpl/fresh9) is what it claims, in torch only
(driftcheck is not run on it here: the set was written blind and is run once by
bench_reimpl.py). The bookkeeping is checked for every case: the shipped configs are what
transformers' config classes write, each code plant is its base file with one recorded line
replaced, each config plant changes one key. The torch proof is rebuilt here for a sample of
cases, one per family (dense decoder, MoE, gated attention, vision, encoders), to stay quick;
the whole set's proof is ``python benchmarks/reimpl/fresh9/make.py --check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh9 import make  # noqa: E402
from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402

CORPUS = Path(make.__file__).resolve().parent
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())

# one case per family: InternLM3's biases on every projection, Cohere 2 MoE's parallel block
# over per-expert modules, Granite MoE SWA's stacked experts and sinks, Laguna's per-head output
# gate, DINOv3's registers and LayerScale as raw parameters, DeBERTa's fused in_proj with
# q/v biases, Nystromformer's per-head value convolution
SAMPLE = [
    "internlm3_hparams_locals",
    "cohere2_moe_nested_modulelists",
    "granitemoe_swa_register_module",
    "laguna_per_layer_list",
    "dinov3_vit_raw_parameters",
    "deberta_contextvar",
    "nystromformer_annotated_sizes",
]
OUTPUT_SAMPLE = ["internlm3_json_string", "llama_itemgetter_sizes"]
# a code plant of an output-checked case that keeps every parameter shape: the check can fail
KEEPING_PLANT = ("internlm3_json_string", "internlm3_json_string__ropeTheta")
EARLIER = ("", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8")


def test_size():
    set_checks.set_size(make, MANIFEST, SAMPLE, OUTPUT_SAMPLE)
    assert set(make.SAME_OUTPUT_IO) <= set(make.SAME_OUTPUT)
    assert set(OUTPUT_SAMPLE) <= set(make.SAME_OUTPUT)


def test_at_least_ten_architectures_in_no_earlier_set():
    new = set_checks.new_architectures(CORPUS, MANIFEST, EARLIER)
    assert len(new) >= 10, new


def test_model_files_import_neither_transformers_nor_driftcheck():
    set_checks.model_files_are_plain_torch(CORPUS, MANIFEST)


@pytest.mark.parametrize("name", SAMPLE)
def test_clean_case_has_the_hf_parameter_count(name):
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
    assert make.same_output(name, seq=80) <= 1e-5


def test_a_plant_that_keeps_the_shapes_changes_the_outputs():
    case, plant = KEEPING_PLANT
    base = CORPUS / "cases" / f"{case}.py"
    code = CORPUS / "planted" / f"{plant}.py"
    assert code_params(code) == code_params(base)
    assert make.same_output(case, seq=80, code=code) > 1e-4
