"""The crash study's second fresh batch (``benchmarks/crash/templates_fresh2.py``, split ``fresh2``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh2`` once). It checks what the batch promises: its size and balance, defect classes the
earlier sets do not have, case files that are what the templates render, and, for a sample of
cases on both sides, that torch's verdict recorded in ``truth.json`` is what torch says now,
under two seeds (``tests/crash_batch_support.py``, shared with the later batches).
"""

from __future__ import annotations

import pytest

from tests import crash_batch_support as cb

# both sides of several classes, new ones included (crash: the error type torch raises)
SAMPLE = {
    "f2_swin_window_partition__w3": "RuntimeError",  # window size that does not divide
    "f2_swin_window_partition__ok": None,
    "f2_vit_cls_pos__no_cls": "RuntimeError",  # pos table one short after the cls token
    "f2_token_prune_gather__idx2d": "RuntimeError",  # gather index of the wrong rank
    "f2_token_prune_gather__ok": None,
    "f2_pos_table_short__bs8": "IndexError",  # positions past the embedding table
    "f2_merge_heads_view__view": "RuntimeError",  # view of a transposed tensor
    "f2_merge_heads_view__view_h1": None,  # the same code with one head runs
    "f2_cbam_spatial__tuple": "TypeError",  # torch.max's (values, indices) used as a tensor
    "f2_gqa_repeat_interleave__ok_eq": None,  # a wrong factor that happens to be right
}


def test_batch_size_balance_and_new_classes():
    cb.check_size_balance_and_new_classes("fresh2", "templates_fresh2", "f2_", min_cases=60)


def test_case_files_are_the_rendered_templates():
    cb.check_rendered("fresh2", "templates_fresh2", "f2_")


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_torch_verdict(name):
    assert cb.CASES[name]["split"] == "fresh2"
    cb.check_verdict(name, SAMPLE[name])
