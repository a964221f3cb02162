"""The fourth fresh batch of the wild-code benchmark (benchmarks/wild/fresh4): its truth file.

The batch was written blind (session 11): nobody ran the analyzer on it while it was written, and
it is run once at the end of a session (``bench_wild.py --corpus fresh4``). These tests touch only
the truth and the bookkeeping (``tests/wild_batch_support.py``, shared with the other batches):
every file parses, builds a model without downloading anything, is in ``fresh4/truth.json`` or
listed as dropped, every case is held out, its library is pinned, and a sample of its pure-torch
standalone files is rebuilt here in torch on the meta device and counted once per tensor, as the
truth builder does. No analyzer run on the batch's files.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb
from tests.conftest import ROOT

CORPUS = "fresh4"
TRUTH = wb.load_truth(CORPUS)
# small, torch-only files: one layer listed six times (universal transformer), a tower reached by
# three attribute paths (siamese), a tied decoder plus relative biases shared by every layer
# (transformer-xl), a deepcopy-made frozen target network (byol)
SAMPLE = [
    "universal_transformer_shared",
    "siamese_shared_tower",
    "transformerxl_shared_relbias",
    "byol_heads_deepcopy_target",
]


@pytest.mark.parametrize("stem", SAMPLE)
def test_truth_is_torch_count(stem):
    case = TRUTH["cases"][f"fresh4/standalone/{stem}"]
    assert case["built_on"] == "meta"
    model = wb.build_model(ROOT / case["path"])
    assert (case["params_total"], case["tensors"]) == wb.torch_count(model)


def test_shared_tensors_count_once():
    for stem in (
        "universal_transformer_shared",
        "siamese_shared_tower",
        "transformerxl_shared_relbias",
    ):
        case = TRUTH["cases"][f"fresh4/standalone/{stem}"]
        model = wb.build_model(ROOT / case["path"])
        assert wb.per_module_path_count(model) > case["params_total"], stem


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh4_bookkeeping():
    cases = wb.check_bookkeeping(CORPUS, min_library_files=70, min_libraries=20, min_standalone=30)
    libs = {c["library"] for c in cases.values()}
    # at least 12 of its libraries are used by neither the corpus nor the earlier fresh batches
    older = wb.older_cases("main", "fresh", "fresh3")
    assert len(libs - {c["library"] for c in older.values()}) >= 12
    assert not {c["path"] for c in older.values()} & {c["path"] for c in cases.values()}


def test_bench_selects_fresh4_truth(capsys):
    assert wb.bench_wild.FRESH4_TRUTH == ROOT / "benchmarks" / "wild" / "fresh4" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH4_TRUTH, capsys)
