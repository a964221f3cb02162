"""The second fresh held-out set (benchmarks/reimpl/fresh2) is what it claims, in torch only
(driftcheck is not run on it here: the set is held out, run once by bench_reimpl.py): every
clean case builds on the meta device with exactly the parameter count of the HF model of its
config, the shipped configs are what transformers' config classes write, each code plant is
its base file with one recorded line replaced, and each config plant changes one key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("einops")
pytest.importorskip("attrs")
pytest.importorskip("pydantic")

from benchmarks.reimpl import set_checks  # noqa: E402
from benchmarks.reimpl.fresh2 import make  # noqa: E402
from benchmarks.reimpl.make import code_params, hf_params  # noqa: E402

CORPUS = Path(make.__file__).resolve().parent
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())


def test_size():
    cases, planted = MANIFEST["cases"], MANIFEST["planted"]
    assert len(cases) >= 20 and len({c["arch"] for c in cases}) >= 12 and len(planted) >= 45
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
