"""The fourth fresh batch of the wild-code benchmark (benchmarks/wild/fresh4): its truth file.

The batch was written blind (session 11): nobody ran the analyzer on it while it was written, and
it is run once at the end of a session (``bench_wild.py --corpus fresh4``). These tests touch only
the truth and the bookkeeping: every file parses, builds a model without downloading anything, is
in ``fresh4/truth.json`` or listed as dropped, every case is held out, its library is pinned, and
a sample of its pure-torch standalone files is rebuilt here in torch on the meta device and
counted once per tensor, as the truth builder does. No analyzer run on the batch's files.
"""

from __future__ import annotations

import ast
import json
import re
import runpy
import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT))
from benchmarks import bench_wild  # noqa: E402
from benchmarks.wild import build_truth  # noqa: E402

FRESH4 = ROOT / "benchmarks" / "wild" / "fresh4"
TRUTH = json.loads((FRESH4 / "truth.json").read_text())
# small, torch-only files: one layer listed six times (universal transformer), a tower reached by
# three attribute paths (siamese), a tied decoder plus relative biases shared by every layer
# (transformer-xl), a deepcopy-made frozen target network (byol)
SAMPLE = [
    "universal_transformer_shared",
    "siamese_shared_tower",
    "transformerxl_shared_relbias",
    "byol_heads_deepcopy_target",
]


def torch_count(path) -> tuple[int, int]:
    import torch

    torch.manual_seed(0)
    with torch.device("meta"):
        model = runpy.run_path(str(path), run_name="__wild__")["model"]
    seen = {id(p): p for _, p in model.named_parameters(remove_duplicate=False)}
    return sum(p.numel() for p in seen.values()), len(seen)


@pytest.mark.parametrize("stem", SAMPLE)
def test_truth_is_torch_count(stem):
    case = TRUTH["cases"][f"fresh4/standalone/{stem}"]
    assert case["built_on"] == "meta"
    assert (case["params_total"], case["tensors"]) == torch_count(ROOT / case["path"])


def test_shared_tensors_count_once():
    import torch

    for stem in (
        "universal_transformer_shared",
        "siamese_shared_tower",
        "transformerxl_shared_relbias",
    ):
        case = TRUTH["cases"][f"fresh4/standalone/{stem}"]
        with torch.device("meta"):
            model = runpy.run_path(str(ROOT / case["path"]), run_name="__wild__")["model"]
        # every module path: a module reached by several paths counts once per path
        per_module = sum(
            p.numel()
            for _, m in model.named_modules(remove_duplicate=False)
            for p in m.parameters(recurse=False)
        )
        assert per_module > case["params_total"], stem


def test_every_file_parses_and_downloads_nothing():
    files = build_truth.corpus_files("fresh4")
    for f in files:
        src = f.read_text()
        tree = ast.parse(src, filename=str(f))
        assigned = {
            t.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            for t in node.targets
            if isinstance(t, ast.Name)
        }
        assert "model" in assigned, f  # the truth builder reads the global `model`
        assert "pretrained=True" not in src and "from_pretrained(" not in src, f
        assert not re.search(r"\bweights\s*=\s*(?!None\b)\S", src), f


def test_fresh4_bookkeeping():
    files = build_truth.corpus_files("fresh4")
    names = {build_truth.case_name(f) for f in files}
    dropped = {d["case"] for d in TRUTH["dropped"]}
    assert set(TRUTH["cases"]) | dropped == names
    assert not set(TRUTH["cases"]) & dropped
    cases = TRUTH["cases"]
    lib_cases = [c for c in cases.values() if c["library"] != "standalone"]
    libs = {c["library"] for c in lib_cases}
    assert len(lib_cases) >= 70 and len(libs) >= 20
    assert sum(c["library"] == "standalone" for c in cases.values()) >= 30
    # at least 12 of its libraries are used by neither the corpus nor the earlier fresh batches
    older = json.loads(build_truth.TRUTH.read_text())["cases"]
    older.update(json.loads(build_truth.TRUTHS["fresh"].read_text())["cases"])
    older.update(json.loads(build_truth.TRUTHS["fresh3"].read_text())["cases"])
    assert len(libs - {c["library"] for c in older.values()}) >= 12
    assert not {c["path"] for c in older.values()} & {c["path"] for c in cases.values()}
    pinned = {
        line.split("==")[0].lower()
        for line in (ROOT / "benchmarks" / "wild" / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }
    for name, case in cases.items():
        assert name.startswith("fresh4/") and case["held_out"] is True
        lib = case["library"]
        assert lib == build_truth.library_of(ROOT / case["path"])
        assert build_truth.LIBRARIES[lib][1] == case["distribution"]
        assert case["version"], name  # the installed version it was built with
        assert isinstance(case["params_total"], int) and case["params_total"] > 0, name
        if lib != "standalone":
            assert case["distribution"].lower() in pinned, case["distribution"]
        # a case file is never named like a module its folder's siblings import
        assert not (FRESH4 / lib / f"{build_truth.LIBRARIES[lib][0]}.py").exists()


def test_bench_selects_fresh4_truth(capsys):
    # --corpus fresh4 reads fresh4/truth.json; an --only matching nothing stops before any run
    assert bench_wild.FRESH4_TRUTH == FRESH4 / "truth.json"
    assert build_truth.TRUTHS["fresh4"] == bench_wild.FRESH4_TRUTH
    assert bench_wild.main(["--corpus", "fresh4", "--only", "no_such_library"]) == 2
    assert "no cases" in capsys.readouterr().err
