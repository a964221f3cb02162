"""The wild-code benchmark's harness on a few of its pure-torch standalone files.

The model libraries of the corpus are benchmark dependencies, not test ones, so only standalone
files (torch alone) run here: their stored truth is torch's count (built again in this test on the
meta device, deduplicated by identity), and the harness's run-and-classify step holds on both the
full and the simulated core install (exact only when the analyzer's count is torch's; the core run
never imports torch).
"""

from __future__ import annotations

import json
import runpy
import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT))
from benchmarks import bench_wild  # noqa: E402
from benchmarks.wild import build_truth  # noqa: E402

TRUTH = json.loads((ROOT / "benchmarks" / "wild" / "truth.json").read_text())
FILES = ["nanogpt_train_args", "gpt2_conv1d", "lora_linear"]  # dev-part files


def torch_count(path) -> int:
    import torch

    with torch.device("meta"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    seen = {id(p): p for _, p in model.named_parameters(remove_duplicate=False)}
    return sum(p.numel() for p in seen.values())


@pytest.mark.parametrize("stem", FILES)
def test_truth_is_torch_count(stem):
    case = TRUTH["cases"][f"standalone/{stem}"]
    assert case["built_on"] == "meta"
    assert case["params_total"] == torch_count(ROOT / case["path"])


def test_tied_weights_count_once():
    # the GPT ties lm_head to wte: counting per module would count the table twice
    case = TRUTH["cases"]["standalone/nanogpt_train_args"]
    import torch

    with torch.device("meta"):
        model = runpy.run_path(str(ROOT / case["path"]), run_name="__wild__")["model"]
    per_module = sum(p.numel() for m in model.modules() for p in m.parameters(recurse=False))
    assert per_module > case["params_total"]


@pytest.mark.parametrize("mode", ["full", "core"])
def test_harness_classifies_against_truth(mode):
    for stem in FILES[:2]:
        case = TRUTH["cases"][f"standalone/{stem}"]
        r = bench_wild.run_file(case["path"], mode, "graph", timeout=60)
        assert r["rc"] in (0, 1), r["stderr"][-500:]
        res = bench_wild.classify(case, r)
        got = r["data"]["params_total"]
        assert res["outcome"] == {None: "unknown", case["params_total"]: "exact"}.get(got, "wrong")
        assert r["cpu"] > 0


def test_corpus_bookkeeping():
    files = build_truth.corpus_files()
    names = {build_truth.case_name(f) for f in files}
    dropped = {d["case"] for d in TRUTH["dropped"]}
    assert set(TRUTH["cases"]) | dropped == names
    assert not set(TRUTH["cases"]) & dropped
    for name, case in TRUTH["cases"].items():
        assert case["held_out"] == build_truth.held_out(name)
    assert not any(TRUTH["cases"][f"standalone/{s}"]["held_out"] for s in FILES)
    assert bench_wild.note_class("x.py:12 unknown call at /a/b/c.py:7, 32767 items") == (
        "FILE unknown call at FILE, N items"
    )
