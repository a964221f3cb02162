"""The fourth fresh held-out set (benchmarks/reimpl/fresh4) is what it claims, in torch only
(driftcheck is not run on it here: the set is held out, run once by bench_reimpl.py; it was
written blind, without running driftcheck): every
clean case builds on the meta device with exactly the parameter count of the HF model of its
config, the shipped configs are what transformers' config classes write, each code plant is
its base file with one recorded line replaced, and each config plant changes one key. For every
case the weights map one to one (``make.SAME_OUTPUT``): the HF model's weights copied into the
case give the same outputs on CPU, and a plant that keeps every shape does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("einops")

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh4 import make  # noqa: E402
from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402

CORPUS = Path(make.__file__).resolve().parent
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())


def test_output_checked_plants_exist():
    assert set(make.SAME_OUTPUT) == set(make.CASES)
    assert len(_count_keeping_plants()) >= 20


def test_size():
    cases, planted = MANIFEST["cases"], MANIFEST["planted"]
    assert len(cases) >= 30 and len({c["arch"] for c in cases}) >= 24 and len(planted) >= 100
    per_arch = {a: sum(p["arch"] == a for p in planted) for a in {c["arch"] for c in cases}}
    assert min(per_arch.values()) >= 3, per_arch
    assert {c["name"] for c in cases} == set(make.CASES)
    assert {p["where"] for p in planted} == {"code", "config"}
    assert {p["case"] for p in planted} == set(make.CASES)


@pytest.mark.parametrize("name", sorted(make.CASES))
def test_clean_case_has_the_hf_parameter_count(name):
    c = next(c for c in MANIFEST["cases"] if c["name"] == name)
    assert code_params(CORPUS / c["code"]) == hf_params(CORPUS / c["config"])


def test_shipped_configs_are_written_by_transformers():
    set_checks.configs_written_by_transformers(make, CORPUS, MANIFEST)


def test_code_plants_replace_the_recorded_line():
    set_checks.code_plants_replace_the_recorded_line(make, CORPUS, MANIFEST)


def test_config_plants_change_one_key():
    set_checks.config_plants_change_one_key(CORPUS, MANIFEST)


@pytest.mark.parametrize("name", sorted(make.SAME_OUTPUT))
def test_same_weights_give_the_same_outputs(name):
    # 80 tokens: past every sliding window of the set (32 and 48), so the window masks count
    assert make.same_output(name, seq=80) <= 1e-5


def _count_keeping_plants():
    """Code plants of the output-checked cases whose every parameter shape is the case's."""
    out = []
    for p in MANIFEST["planted"]:
        if p["where"] == "code" and p["case"] in make.SAME_OUTPUT:
            base = CORPUS / "cases" / f"{p['case']}.py"
            if code_params(CORPUS / p["code"]) == code_params(base):
                out.append((p["case"], p["name"]))
    return out


@pytest.mark.parametrize(("case", "plant"), _count_keeping_plants())
def test_a_plant_that_keeps_the_shapes_changes_the_outputs(case, plant):
    """The output check can fail: a planted value that leaves every parameter shape as it was
    (RoPE theta, eps, window, heads at a fixed width, rotary fraction or dim, top-k) changes the
    outputs; every one of the set's count-keeping code plants does."""
    assert make.same_output(case, seq=80, code=CORPUS / "planted" / f"{plant}.py") > 1e-4
