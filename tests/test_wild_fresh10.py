"""The tenth fresh batch of the wild-code benchmark (benchmarks/wild/fresh10): its truth file.

Written blind in session 16 (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus fresh10`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping, through ``tests/wild_batch_support.py`` (shared with the
other batches), and rebuild a sample of pure-torch standalone files in torch on the meta device.
Its libraries live in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: nothing
here imports them.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh10"
# small torch-only files, each built in a way a count can get wrong:
# stem -> (shares tensors, freezes some parameters)
SAMPLE = {
    # lazy layers materialized by a dummy forward at build time
    "lazy_har_cnn_materialized": (False, False),
    # MobileLLM block-wise sharing: each block object listed twice, head tied to the embeddings
    "mobilellm_block_weight_sharing": (True, False),
    # spectral norm as a parametrization on Conv2d, Linear and Embedding
    "sngan_projection_disc_parametrize": (False, False),
}


@pytest.mark.parametrize("stem", sorted(SAMPLE))
def test_truth_is_torch_count(stem):
    shares, freezes = SAMPLE[stem]
    wb.check_standalone_sample(CORPUS, stem, shares=shares, freezes=freezes)


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh10_bookkeeping():
    wb.check_fresh_batch(
        CORPUS,
        older=(
            "main",
            "fresh",
            "fresh3",
            "fresh4",
            "fresh5",
            "fresh6",
            "fresh7",
            "fresh8",
            "fresh9",
        ),
        min_library_files=39,
        min_libraries=11,
        min_standalone=20,
    )


def test_bench_selects_fresh10_truth(capsys):
    assert wb.bench_wild.FRESH10_TRUTH == wb.ROOT / "benchmarks" / "wild" / "fresh10" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH10_TRUTH, capsys)
