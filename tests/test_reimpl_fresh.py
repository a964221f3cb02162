"""The fresh held-out re-implementations (benchmarks/reimpl/fresh) are what they claim: each
hand-written case builds in torch with exactly the parameter count of the HF model of its
config, each code variant differs from its case in the recorded line only, and each config
variant is the config class built with one kwarg changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from benchmarks.reimpl import make  # noqa: E402
from benchmarks.reimpl.fresh import make as fresh  # noqa: E402

HERE = Path(fresh.__file__).resolve().parent
MANIFEST = json.loads((HERE / "manifest.json").read_text())


def test_size_and_plants():
    assert len(MANIFEST["cases"]) >= 12
    per_case: dict[str, int] = {}
    for p in MANIFEST["planted"]:
        per_case[p["case"]] = per_case.get(p["case"], 0) + 1
    assert set(per_case) == {c["name"] for c in MANIFEST["cases"]}
    assert min(per_case.values()) >= 2


@pytest.mark.parametrize("case", [c["name"] for c in MANIFEST["cases"]])
def test_the_hf_parameter_count(case):
    c = next(c for c in MANIFEST["cases"] if c["name"] == case)
    assert make.code_params(HERE / c["code"]) == make.hf_params(HERE / c["config"])


def test_variants_change_one_value():
    for p in MANIFEST["planted"]:
        base = (HERE / "cases" / f"{p['case']}.py").read_text()
        if p["where"] == "code":
            fact, old, new, left, right = next(
                x for x in fresh.CASES[p["case"]][3] if f"{p['case']}__{x[0]}" == p["name"]
            )
            assert (HERE / p["code"]).read_text() == base.replace(old, new)
            assert (left, right) == (p["left"], p["right"])
        else:
            got = json.loads((HERE / p["config"]).read_text())
            want = fresh.build_config(p["case"]).to_diff_dict()
            changed = {k for k in set(got) | set(want) if got.get(k) != want.get(k)}
            assert changed <= {p["config"].split("__cfg_")[1].split("/")[0], "transformers_version"}
