"""The fresh held-out batch of the wild-code benchmark (benchmarks/wild/fresh): its truth file.

The batch is run once at the end of a session (``bench_wild.py --corpus fresh``), never while the
analyzer is developed, so these tests touch only the truth and the bookkeeping: every file is in
``fresh/truth.json`` or listed as dropped, every case is held out, its library is pinned, and a
sample of its pure-torch standalone files is rebuilt here in torch on the meta device and counted
once per tensor, as the truth builder does. No analyzer run on the batch's files.
"""

from __future__ import annotations

import json
import re
import runpy
import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT))
from benchmarks import bench_wild  # noqa: E402
from benchmarks.wild import build_truth  # noqa: E402

FRESH = ROOT / "benchmarks" / "wild" / "fresh"
TRUTH = json.loads((FRESH / "truth.json").read_text())
# small, torch-only files: one with a tied head (hyena), one with GRUs, one with buffers
SAMPLE = ["hyena_ref", "seq2seq_bahdanau", "kan_efficient"]


def torch_count(path) -> tuple[int, int]:
    import torch

    torch.manual_seed(0)
    with torch.device("meta"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    seen = {id(p): p for _, p in model.named_parameters(remove_duplicate=False)}
    return sum(p.numel() for p in seen.values()), len(seen)


@pytest.mark.parametrize("stem", SAMPLE)
def test_truth_is_torch_count(stem):
    case = TRUTH["cases"][f"fresh/standalone/{stem}"]
    assert case["built_on"] == "meta"
    assert (case["params_total"], case["tensors"]) == torch_count(ROOT / case["path"])


def test_tied_head_counts_once():
    case = TRUTH["cases"]["fresh/standalone/hyena_ref"]
    import torch

    with torch.device("meta"):
        model = runpy.run_path(str(ROOT / case["path"]), run_name="__wild__")["model"]
    per_module = sum(p.numel() for m in model.modules() for p in m.parameters(recurse=False))
    assert per_module > case["params_total"]


def test_fresh_bookkeeping():
    files = build_truth.corpus_files("fresh")
    names = {build_truth.case_name(f) for f in files}
    dropped = {d["case"] for d in TRUTH["dropped"]}
    assert set(TRUTH["cases"]) | dropped == names
    assert not set(TRUTH["cases"]) & dropped
    assert len(TRUTH["cases"]) >= 60
    # disjoint from the corpus it measures beyond
    main = json.loads(build_truth.TRUTH.read_text())["cases"]
    assert not {c["path"] for c in main.values()} & {c["path"] for c in TRUTH["cases"].values()}
    pinned = {
        re.split(r"==", line)[0].lower()
        for line in (ROOT / "benchmarks" / "wild" / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }
    for name, case in TRUTH["cases"].items():
        assert name.startswith("fresh/") and case["held_out"] is True
        lib = case["library"]
        assert lib == build_truth.library_of(ROOT / case["path"])
        assert build_truth.LIBRARIES[lib][1] == case["distribution"]
        assert case["version"], name  # the installed version it was built with
        if lib != "standalone":
            assert case["distribution"].lower() in pinned, case["distribution"]
        # a case file is never named like a module its folder's siblings import
        assert not (FRESH / lib / f"{build_truth.LIBRARIES[lib][0]}.py").exists()


def test_bench_selects_fresh_truth(capsys):
    # --corpus fresh reads fresh/truth.json; an --only matching nothing stops before any run
    assert bench_wild.FRESH_TRUTH == FRESH / "truth.json"
    assert bench_wild.main(["--corpus", "fresh", "--only", "no_such_library"]) == 2
    assert "no cases" in capsys.readouterr().err
