"""The blind batch fresh39 (benchmarks/wild/fresh39, session 40): every standalone file's truth.

``tests/test_wild_batches.py`` holds fresh39's ``Batch`` entry (bookkeeping, a sample of sharing /
freezing traps, the bench selecting the truth file). This file rebuilds *every* pure-torch standalone
file of the batch on the meta device and compares the count with ``fresh39/truth.json``, so a truth
file that drifts from what torch builds fails here. The library files need the batch's libraries in
``benchmarks/wild/.vendor`` (install.sh), which CI does not install: they are only checked for their
bookkeeping. Nothing here runs the analyzer (the batch is blind).
"""

from __future__ import annotations

import pytest

from tests import wild_batch_support as wb

CORPUS = "fresh39"
CASES = wb.load_truth(CORPUS)["cases"]
STANDALONE = sorted(
    name.rsplit("/", 1)[1] for name, c in CASES.items() if c["library"] == "standalone"
)


def test_batch_shape():
    libs = {c["library"] for c in CASES.values()} - {"standalone"}
    assert len(libs) >= 6
    assert sum(c["library"] != "standalone" for c in CASES.values()) >= 25
    assert len(STANDALONE) >= 50
    assert len(CASES) >= 80
    # every case was built (meta, or the CPU where meta cannot), none dropped
    assert all(c["built_on"] in ("meta", "cpu") and c["params_total"] > 0 for c in CASES.values())
    assert wb.load_truth(CORPUS)["dropped"] == []
    # only torchrl's files needed the CPU (its modules call .item() while built); every standalone
    # file builds on meta
    assert {c["library"] for c in CASES.values() if c["built_on"] == "cpu"} == {"torchrl"}
    # >= 10 files in the style of users' own repos that subclass torch layers
    assert sum("_subclass_" in s for s in STANDALONE) >= 10


@pytest.mark.parametrize("stem", STANDALONE)
def test_standalone_truth_is_torch_count(stem):
    wb.rebuild_standalone(CORPUS, stem)


def test_popped_and_replaced_modules_are_not_counted():
    # heads.pop(0) drops a Linear(128, 1); the property setter replaced Linear(512, 1000) by
    # Linear(512, 37): torch counts what the model holds at the end
    case, model = wb.rebuild_standalone(CORPUS, "sequential_append_extend_insert_mutations")
    assert len(model["heads"]) == 5
    case, model = wb.rebuild_standalone(CORPUS, "property_setter_rebuilds_head_on_classes_change")
    assert model.fc.out_features == 37
