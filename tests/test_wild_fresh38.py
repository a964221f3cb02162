"""The blind batch fresh38 (benchmarks/wild/fresh38, session 39): every standalone file's truth.

``tests/test_wild_batches.py`` holds fresh38's ``Batch`` entry (bookkeeping, a sample of sharing /
freezing traps, the bench selecting the truth file). This file rebuilds *every* pure-torch standalone
file of the batch (on the meta device, or on the CPU for the one file whose truth was built there)
and compares the count with ``fresh38/truth.json``, so a truth file that drifts from what torch
builds fails here. The library files need the batch's libraries in ``benchmarks/wild/.vendor``
(install.sh), which CI does not install: they are only checked for their bookkeeping. Nothing here
runs the analyzer (the batch is blind).
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh38"
CASES = wb.load_truth(CORPUS)["cases"]
STANDALONE = sorted(
    name.rsplit("/", 1)[1] for name, c in CASES.items() if c["library"] == "standalone"
)
META = [s for s in STANDALONE if CASES[f"{CORPUS}/standalone/{s}"]["built_on"] == "meta"]
CPU = [s for s in STANDALONE if CASES[f"{CORPUS}/standalone/{s}"]["built_on"] == "cpu"]


def test_batch_shape():
    libs = {c["library"] for c in CASES.values()} - {"standalone"}
    assert len(libs) >= 5
    assert sum(c["library"] != "standalone" for c in CASES.values()) >= 25
    assert len(STANDALONE) >= 50
    assert len(CASES) >= 80
    # every case was built (meta, or the CPU where meta cannot), none dropped
    assert all(c["built_on"] in ("meta", "cpu") and c["params_total"] > 0 for c in CASES.values())
    assert wb.load_truth(CORPUS)["dropped"] == []
    # the one standalone file built on the CPU: torch's orthogonal parametrization calls .item()
    assert CPU == ["parametrization_orthogonal_recurrent_weight"]


@pytest.mark.parametrize("stem", META)
def test_standalone_truth_is_torch_count(stem):
    wb.rebuild_standalone(CORPUS, stem)


@pytest.mark.parametrize("stem", CPU)
def test_cpu_standalone_truth_is_torch_count(stem):
    case = CASES[f"{CORPUS}/standalone/{stem}"]
    model = wb.build_model(wb.ROOT / case["path"], device="cpu")
    assert (case["params_total"], case["tensors"]) == wb.torch_count(model)
