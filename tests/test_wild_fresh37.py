"""The blind batch fresh37 (benchmarks/wild/fresh37, session 38): every standalone file's truth.

``tests/test_wild_batches.py`` holds fresh37's ``Batch`` entry (bookkeeping, a sample of sharing /
freezing traps, the bench selecting the truth file). This file rebuilds *every* pure-torch standalone
file of the batch on the meta device and compares the count with ``fresh37/truth.json``, so a
truth file that drifts from what torch builds fails here. The library files need the batch's
libraries in ``benchmarks/wild/.vendor`` (install.sh), which CI does not install: they are only
checked for their bookkeeping. Nothing here runs the analyzer (the batch is blind).
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh37"
CASES = wb.load_truth(CORPUS)["cases"]
STANDALONE = sorted(
    name.rsplit("/", 1)[1] for name, c in CASES.items() if c["library"] == "standalone"
)


def test_batch_shape():
    libs = {c["library"] for c in CASES.values()} - {"standalone"}
    assert len(libs) >= 6
    assert sum(c["library"] != "standalone" for c in CASES.values()) >= 25
    assert len(STANDALONE) >= 35
    # every case was built (meta, or the CPU where meta cannot), none dropped
    assert all(c["built_on"] in ("meta", "cpu") and c["params_total"] > 0 for c in CASES.values())
    assert wb.load_truth(CORPUS)["dropped"] == []


@pytest.mark.parametrize("stem", STANDALONE)
def test_standalone_truth_is_torch_count(stem):
    wb.rebuild_standalone(CORPUS, stem)
