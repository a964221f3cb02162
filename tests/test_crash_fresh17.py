"""The crash study's seventeenth fresh batch (``benchmarks/crash/templates_fresh17.py``, split
``fresh17``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh17`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 25): at least 40 templates and 100
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 8 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f17_bag_of_ids_projection__long_counts": "RuntimeError",  # long @ float
    "f17_bag_of_ids_projection__ok_to": None,
    "f17_logit_argmax_loss__rounded_logits": "NotImplementedError",
    "f17_quantized_bn_features__long_q": "NotImplementedError",
    "f17_token_embed_float__float_ids": "RuntimeError",
    "f17_token_embed_float__ok_int32": None,  # int32 ids are accepted
    "f17_double_input_gru__double_seq": "ValueError",
    "f17_mixed_precision_sdpa__double_q": "RuntimeError",
    "f17_int_histogram_feats__quantized_long": "NotImplementedError",
    "f17_bce_hard_labels__long_target": "RuntimeError",
    "f17_topk_gather_features__index_2d": "RuntimeError",
    "f17_topk_gather_features__ok_int32_index": None,  # torch runs an int32 gather index
    "f17_label_scatter_onehot__ok_int32_labels": None,  # and an int32 scatter index
    "f17_label_scatter_onehot__float_labels": "RuntimeError",
    "f17_flat_signal_conv1d__extra_axis": "RuntimeError",
    "f17_patch_grid_conv2d__flat_tokens": "RuntimeError",
    "f17_video_pool3d__ok_unbatched_4d": None,  # a 4-d input is an unbatched volume
    "f17_video_pool3d__flat_frames": "RuntimeError",
    "f17_sliding_window_feats__step_zero": "RuntimeError",
    "f17_im2col_local_attn__kernel_7": "RuntimeError",
    "f17_im2col_local_attn__ok_padded_big": None,
    "f17_dilated_maxpool_1d__dil_zero": "RuntimeError",
    "f17_feature_rescale_interp__negative_scale": "RuntimeError",
    "f17_overlap_add_fold__ok_floor": None,  # (13 - 4) // 2 + 1 blocks: the same L
    "f17_einops_pack_cls__cls_half": "RuntimeError",
    "f17_einops_pool_tokens__avg": "EinopsError",
    "f17_spectral_gate__dim_3": "IndexError",
    "f17_lstm_init_state__half_cell": "RuntimeError",
    "f17_multi_scale_stack__all_too_big": "RuntimeError",
    "f17_chunked_heads__zero_parts": "RuntimeError",
    "f17_chunked_heads__ok_uneven": None,
    "f17_log_partition__no_dim": "TypeError",
    "f17_velocity_features__order_minus_one": "RuntimeError",
    "f17_joint_softmax_map__tuple_dim": "TypeError",
    "f17_whitening_layer__ones_cov": "_LinAlgError",
    "f17_whitening_layer__ok_no_eps": None,
    "f17_functional_linear_head__in_out_weight": "RuntimeError",
    "f17_weighted_bce_logits__per_sample": "RuntimeError",
    "f17_weighted_bce_logits__ok_row": None,
    "f17_ranking_pairs__off_by_one": "RuntimeError",
    "f17_siamese_cosine_loss__column_target": "RuntimeError",
}

globals().update(
    cb.batch_tests(
        "fresh17",
        "templates_fresh17",
        "f17_",
        SAMPLE,
        min_cases=100,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 25: at least 8 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh17", 8)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (legal casts, broadcasting masks and weights,
    shapes that only just fit, unbatched inputs torch accepts, int32 indices) and torch runs
    each one."""
    t = cb.template_module("templates_fresh17")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f17_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
