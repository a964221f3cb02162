"""The seventh fresh batch of the wild-code benchmark (benchmarks/wild/fresh7): its truth file.

Written blind in session 14 (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus fresh7`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping, through ``tests/wild_batch_support.py`` (shared with the
other batches), and rebuild a sample of pure-torch standalone files in torch on the meta device.
Its libraries live in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: nothing
here imports them.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh7"
# small torch-only files, each sharing or freezing tensors in a way a count can get wrong:
# stem -> (shares tensors, freezes some parameters)
SAMPLE = {
    # one GLU projection pair reached from every TabNet decision step
    "tabnet_shared_glu_steps": (True, False),
    # GATv2's first layer uses one projection for sources and targets
    "gatv2_dense_adjacency": (True, False),
    # LM head tied to the token table
    "mixture_of_depths_router": (True, False),
    # a frozen encoder and decoder beside a trainable deep copy (copies share nothing)
    "controlnet_zero_convs_copy": (False, True),
    # target critics deep-copied and frozen, a learnable log temperature
    "sac_twin_q_targets_log_alpha": (False, True),
    # Gaussian Fourier features held as a frozen parameter
    "score_sde_fourier_mlp": (False, True),
}


@pytest.mark.parametrize("stem", sorted(SAMPLE))
def test_truth_is_torch_count(stem):
    shares, freezes = SAMPLE[stem]
    wb.check_standalone_sample(CORPUS, stem, shares=shares, freezes=freezes)


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh7_bookkeeping():
    wb.check_fresh_batch(
        CORPUS,
        older=("main", "fresh", "fresh3", "fresh4", "fresh5", "fresh6"),
        min_library_files=65,
        min_libraries=20,
        min_standalone=35,
    )


def test_bench_selects_fresh7_truth(capsys):
    assert wb.bench_wild.FRESH7_TRUTH == wb.ROOT / "benchmarks" / "wild" / "fresh7" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH7_TRUTH, capsys)
