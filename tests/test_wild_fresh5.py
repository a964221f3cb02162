"""The fifth fresh batch of the wild-code benchmark (benchmarks/wild/fresh5): its truth file.

Written blind in session 12 (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus fresh5`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping (``tests/wild_batch_support.py``, shared with the other
batches) and rebuild a sample of pure-torch standalone files in torch on the meta device. Its
libraries live in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: nothing
here imports them.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb
from tests.conftest import ROOT

CORPUS = "fresh5"
TRUTH = wb.load_truth(CORPUS)
# small torch-only files, each sharing or freezing tensors in a way a count can get wrong: blocks
# appended twice and one Linear under two names (n-beats), an item table reached from both towers
# (two-tower), a deepcopy-made frozen target network (double DQN), transposed convs frozen by
# requires_grad=False (fcn-8s), a head tied to the embedding (gemma-like)
SAMPLE = [
    "nbeats_generic_stacks",
    "two_tower_shared_ids",
    "dueling_double_dqn",
    "fcn8s_skip_heads",
    "gemma_softcap_tied",
]
SHARING = ["nbeats_generic_stacks", "two_tower_shared_ids", "gemma_softcap_tied"]


def _case(stem):
    return TRUTH["cases"][f"{CORPUS}/standalone/{stem}"]


@pytest.mark.parametrize("stem", SAMPLE)
def test_truth_is_torch_count(stem):
    case = _case(stem)
    assert case["built_on"] == "meta"
    model = wb.build_model(ROOT / case["path"])
    assert (case["params_total"], case["tensors"]) == wb.torch_count(model)


@pytest.mark.parametrize("stem", SHARING)
def test_shared_tensors_count_once(stem):
    case = _case(stem)
    model = wb.build_model(ROOT / case["path"])
    assert wb.per_module_path_count(model) > case["params_total"]


def test_frozen_parameters_count():
    # requires_grad=False parameters are parameters: the truth counts them
    for stem in ("fcn8s_skip_heads", "dueling_double_dqn"):
        case = _case(stem)
        model = wb.build_model(ROOT / case["path"])
        trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
        assert 0 < trainable < case["params_total"], stem


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh5_bookkeeping():
    cases = wb.check_bookkeeping(CORPUS, min_library_files=65, min_libraries=20, min_standalone=35)
    libs = {c["library"] for c in cases.values()} - {"standalone"}
    # every library is new: used by none of the corpus and the earlier fresh batches
    older = wb.older_cases("main", "fresh", "fresh3", "fresh4")
    assert not libs & {c["library"] for c in older.values()}
    assert not {c["path"] for c in older.values()} & {c["path"] for c in cases.values()}
    # and pinned in the batch's own requirements section (installed into .vendor)
    own = wb.pinned_distributions("# fresh5 only")
    assert {
        cases_lib["distribution"].lower()
        for cases_lib in cases.values()
        if cases_lib["library"] != "standalone"
    } <= own


def test_bench_selects_fresh5_truth(capsys):
    assert wb.bench_wild.FRESH5_TRUTH == ROOT / "benchmarks" / "wild" / "fresh5" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH5_TRUTH, capsys)
