"""The ninth fresh batch of the wild-code benchmark (benchmarks/wild/fresh9): its truth file.

Written blind in session 16 (nobody ran the analyzer on it while it was written; the lead runs
``bench_wild.py --corpus fresh9`` once at the session's base and once at its end). These tests
touch only the truth and the bookkeeping, through ``tests/wild_batch_support.py`` (shared with the
other batches), and rebuild a sample of pure-torch standalone files in torch on the meta device.
Its libraries live in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: nothing
here imports them.
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh9"
# small torch-only files, each sharing or freezing tensors in a way a count can get wrong:
# stem -> (shares tensors, freezes some parameters)
SAMPLE = {
    # GPT behind torch.compile (the wrapper's _orig_mod), LM head tied to the token embeddings
    "compiled_gpt_block": (True, False),
    # selective-SSM LM from a dataclass config, tied head
    "dataclass_mamba_like_ssm": (True, False),
    # spectral norm as a parametrization (weight -> parametrizations.weight.original)
    "spectral_norm_dcgan_disc": (False, False),
    # a scripted backbone inside an eager wrapper whose stem is frozen
    "jit_script_wrapped_cnn": (False, True),
}


@pytest.mark.parametrize("stem", sorted(SAMPLE))
def test_truth_is_torch_count(stem):
    shares, freezes = SAMPLE[stem]
    wb.check_standalone_sample(CORPUS, stem, shares=shares, freezes=freezes)


def test_every_file_parses_and_downloads_nothing():
    wb.check_files_parse_and_download_nothing(CORPUS)


def test_fresh9_bookkeeping():
    wb.check_fresh_batch(
        CORPUS,
        older=("main", "fresh", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8"),
        min_library_files=39,
        min_libraries=13,
        min_standalone=16,
    )


def test_bench_selects_fresh9_truth(capsys):
    assert wb.bench_wild.FRESH9_TRUTH == wb.ROOT / "benchmarks" / "wild" / "fresh9" / "truth.json"
    wb.check_bench_selects(CORPUS, wb.bench_wild.FRESH9_TRUTH, capsys)
