"""The sixth fresh batch of the wild-code benchmark (benchmarks/wild/fresh6): its truth file.

Written blind in session 13 (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus fresh6`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping (``tests/wild_batch_support.py``, shared with the other
batches) and rebuild a sample of pure-torch standalone files in torch on the meta device. Its
libraries live in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: nothing
here imports them.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh6"
# small torch-only files, each sharing, tying or freezing tensors in a way a count can get wrong:
# one LM head reached from every Medusa head over a frozen base, one GRU cell listed once per
# propagation step (GGNN), one class embedding held by every generator block (BigGAN), a scorer
# tied to the item table (SASRec), an OPT head tied to a narrower embedding, a routing table kept
# as a frozen parameter (NODE)
SAMPLE = [
    "medusa_heads_shared_lm_head",
    "ggnn_shared_gru_steps",
    "biggan_shared_embedding_cbn",
    "sasrec_tied_items",
    "opt_project_in_out",
    "node_oblivious_trees",
]
SHARING = SAMPLE[:5]
FROZEN = ["medusa_heads_shared_lm_head", "node_oblivious_trees"]


@pytest.mark.parametrize("stem", SAMPLE)
def test_truth_is_torch_count(stem):
    case, model = wb.rebuild_standalone(CORPUS, stem)
    if stem in SHARING:
        # reached by several module paths: summing per path would overcount
        assert wb.per_module_path_count(model) > case["params_total"]
    if stem in FROZEN:
        # requires_grad=False parameters are parameters: the truth counts them
        trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
        assert 0 < trainable < case["params_total"]


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh6_bookkeeping():
    cases = wb.check_bookkeeping(CORPUS, min_library_files=65, min_libraries=20, min_standalone=35)
    wb.check_libraries_new(CORPUS, cases, older=("main", "fresh", "fresh3", "fresh4", "fresh5"))


def test_bench_selects_fresh6_truth(capsys):
    assert wb.bench_wild.FRESH6_TRUTH == wb.ROOT / "benchmarks" / "wild" / "fresh6" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH6_TRUTH, capsys)
