"""The crash study's sixteenth fresh batch (``benchmarks/crash/templates_fresh16.py``, split
``fresh16``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh16`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 24): at least 50 templates and 200
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
40 defect classes no earlier set has, at least 20 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f16_sdpa_masked_block__batch_by_time": "RuntimeError",  # (b, t) mask on (b, h, t, t)
    "f16_sdpa_masked_block__ok_key_pad": None,  # (b, 1, 1, t) broadcasts
    "f16_sdpa_masked_block__long_mask": "RuntimeError",
    "f16_sdpa_causal_flag__ok_mask_and_flag": None,  # torch runs a mask with is_causal here
    "f16_mha_decoder_mask__full_buffer": "RuntimeError",
    "f16_mha_memory_kv__value_from_query": "AssertionError",
    "f16_encoder_src_mask__ctx_cfg": "RuntimeError",
    "f16_lstm_cell_unroll__h_only": "TypeError",
    "f16_gru_single_sequence__batched_h0": "RuntimeError",
    "f16_video_frame_gru__clip_axis": "ValueError",
    "f16_packed_lengths_lstm__unsorted": "RuntimeError",
    "f16_packed_lengths_lstm__ok_unsorted": None,
    "f16_spectral_features_norm__unitary": "RuntimeError",
    "f16_fno_spectral_2d__s_short": "RuntimeError",
    "f16_downsampled_spectrum__factor_too_big": "RuntimeError",
    "f16_spectral_linear_head__complex_in": "RuntimeError",
    "f16_stft_window_len__true_div": "TypeError",
    "f16_cumulative_pool__no_dim": "TypeError",
    "f16_classifier_softmax__ok_implicit_F": None,  # F.softmax infers dim (a warning only)
    "f16_classifier_softmax__torch_no_dim": "TypeError",
    "f16_max_over_time__named_tuple": "TypeError",
    "f16_instnorm_audio__ok_no_affine": None,  # num_features unused without affine
    "f16_instnorm_audio__time_as_feat": "ValueError",
    "f16_hist_scatter_add__too_few_bins": "RuntimeError",
    "f16_drop_columns_index_fill__int32_idx": "IndexError",
    "f16_relative_bucket_onehot__minus_two": "RuntimeError",
    "f16_gaussian_head_cholesky__skew": "_LinAlgError",
    "f16_patch_unfold__extra_axis": "RuntimeError",
    "f16_edge_pad_features__replicate_2d": "NotImplementedError",
    "f16_upsample_decoder__size_and_scale": "ValueError",
    "f16_cls_pack_vit__forgot_cls": "EinopsError",
    "f16_robust_regression_loss__ok_beta0": None,
    "f16_robust_regression_loss__huber_zero": "RuntimeError",
    "f16_ids_conv_encoder__raw_ids": "RuntimeError",
}

globals().update(
    cb.batch_tests(
        "fresh16",
        "templates_fresh16",
        "f16_",
        SAMPLE,
        min_cases=200,
        min_new=40,
        min_templates=50,
    )
)


def test_whole_models():
    """Session 24: at least 20 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh16", 20)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (masks that broadcast, implicit dims torch allows,
    an InstanceNorm without affine over another feature count, legal casts and pads) and torch
    runs each one."""
    t = cb.template_module("templates_fresh16")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f16_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
