"""The eighth fresh batch of the wild-code benchmark (benchmarks/wild/fresh8): its truth file.

Written blind in session 15 (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus fresh8`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping, through ``tests/wild_batch_support.py`` (shared with the
other batches), and rebuild a sample of pure-torch standalone files in torch on the meta device.
Its libraries live in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: nothing
here imports them.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh8"
# small torch-only files, each sharing or freezing tensors in a way a count can get wrong:
# stem -> (shares tensors, freezes some parameters)
SAMPLE = {
    # one agent network placed in a ModuleList once per agent
    "qmix_hypernet_mixer": (True, False),
    # offset attention's query conv reuses the key conv's weight
    "point_cloud_transformer_offset": (True, False),
    # the output layer reuses the item table (its bias is a separate parameter)
    "bert4rec_tied_output": (True, False),
    # LM head tied to the word embeddings
    "falcon_parallel_mqa": (True, False),
    # an EMA target deep-copied and frozen, frozen Fourier features
    "consistency_model_skip_scaling": (False, True),
    # an EMA shadow of the denoiser inside the trainer module, frozen
    "ema_wrapper_shadow_copy": (False, True),
}


@pytest.mark.parametrize("stem", sorted(SAMPLE))
def test_truth_is_torch_count(stem):
    shares, freezes = SAMPLE[stem]
    wb.check_standalone_sample(CORPUS, stem, shares=shares, freezes=freezes)


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh8_bookkeeping():
    wb.check_fresh_batch(
        CORPUS,
        older=("main", "fresh", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7"),
        min_library_files=65,
        min_libraries=20,
        min_standalone=35,
    )


def test_bench_selects_fresh8_truth(capsys):
    assert wb.bench_wild.FRESH8_TRUTH == wb.ROOT / "benchmarks" / "wild" / "fresh8" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH8_TRUTH, capsys)
