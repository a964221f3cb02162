"""The crash study's third fresh batch (``benchmarks/crash/templates_fresh3.py``, split ``fresh3``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh3`` once at the session's base; its dev part then becomes a development set, its held-out
part stays blind). It checks what the batch promises: at least 40 templates and 70 cases judged
by torch, at least 40% clean, every template on both sides of the verdict, at least 3 defect
classes no earlier set has, case files that are what the templates render, and, for a sample of
cases on both sides (new classes included), that torch's verdict in ``truth.json`` is what torch
says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f3_kv_cache_concat__heads_axis_eq": "RuntimeError",  # KV cache joined on the heads axis
    "f3_kv_cache_concat__ok_seq_axis": None,  # dim=-2 is the sequence axis too
    "f3_causal_mask_past__t_only": "RuntimeError",  # (T, T) mask on past + T keys
    "f3_moe_topk_gather__k_gt_experts": "RuntimeError",  # topk k larger than the experts
    "f3_moe_loop_dispatch__w_flat": "RuntimeError",  # routing weights without their last axis
    "f3_moe_loop_dispatch__ok": None,
    "f3_embedding_bag_offsets__ids2d": "ValueError",  # 2-D input together with offsets
    "f3_stn_affine_grid__flat_theta": "ValueError",  # theta (N, 6) into affine_grid
    "f3_swin_relative_bias__window_sq": "IndexError",  # bias table too small for its index
    "f3_swin_patch_merging__ok_pad": None,  # odd size padded first
    "f3_conv_bn_fused_forward__ok_square": None,  # the wrong axis happens to fit cin == cout
    "f3_upsample_align_corners__nearest_ac": "ValueError",  # align_corners with mode=nearest
    "f3_packed_lengths__unsorted": "RuntimeError",  # lengths not sorted, enforce_sorted on
    "f3_mask_token_fill__ok_token_3d": None,  # a (1, 1, C) value broadcasts into x[mask]
}


globals().update(cb.batch_tests("fresh3", "templates_fresh3", "f3_", SAMPLE, min_cases=70))
