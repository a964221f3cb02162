"""The third fresh batch of the wild-code benchmark (benchmarks/wild/fresh3): its truth file.

The batch was written blind (session 10): nobody ran the analyzer on it while it was written, and
it is run once at the end of a session (``bench_wild.py --corpus fresh3``). These tests touch only
the truth and the bookkeeping (``tests/wild_batch_support.py``, shared with the other batches):
every file parses, builds a model without downloading anything, is in ``fresh3/truth.json`` or
listed as dropped, every case is held out, its library is pinned, and a sample of its pure-torch
standalone files is rebuilt here in torch on the meta device and counted once per tensor, as the
truth builder does. No analyzer run on the batch's files.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb
from tests.conftest import ROOT

CORPUS = "fresh3"
TRUTH = wb.load_truth(CORPUS)
# small, torch-only files: a tied head (nanogpt), an embedding shared by two modules (t5), a
# frozen parameter and a shared-expert MoE (moe)
SAMPLE = ["nanogpt_tied", "t5_relbias_encoder", "moe_router_topk"]


@pytest.mark.parametrize("stem", SAMPLE)
def test_truth_is_torch_count(stem):
    case = TRUTH["cases"][f"fresh3/standalone/{stem}"]
    assert case["built_on"] == "meta"
    model = wb.build_model(ROOT / case["path"])
    assert (case["params_total"], case["tensors"]) == wb.torch_count(model)


def test_shared_tensors_count_once():
    for stem in ("nanogpt_tied", "t5_relbias_encoder"):
        case = TRUTH["cases"][f"fresh3/standalone/{stem}"]
        model = wb.build_model(ROOT / case["path"])
        # every module path, a module reached by two paths (t5's shared embedding) twice
        assert wb.per_module_path_count(model) > case["params_total"], stem


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh3_bookkeeping():
    cases = wb.check_bookkeeping(CORPUS, min_library_files=80, min_libraries=20, min_standalone=20)
    libs = {c["library"] for c in cases.values()}
    # at least 12 of its libraries are used by neither the corpus nor the first fresh batch
    older = wb.older_cases("main", "fresh")
    assert len(libs - {c["library"] for c in older.values()}) >= 12
    assert not {c["path"] for c in older.values()} & {c["path"] for c in cases.values()}


def test_bench_selects_fresh3_truth(capsys):
    assert wb.bench_wild.FRESH3_TRUTH == ROOT / "benchmarks" / "wild" / "fresh3" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH3_TRUTH, capsys)
