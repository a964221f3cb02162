"""The crash study's nineteenth fresh batch (``benchmarks/crash/templates_fresh19.py``, split
``fresh19``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh19`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 27): at least 40 templates and 100
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 12 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f19_audio_upsampler__image_scale": "ValueError",  # scale_factor (2, 2) on a 1-D signal
    "f19_audio_upsampler__ok_tuple": None,
    "f19_pyramid_downsample__tenth": "RuntimeError",  # 8 * 0.1 -> 0
    "f19_pyramid_downsample__ok_tuple": None,  # 8 * 0.125 -> 1 still fits
    "f19_mae_random_masking__float_mult": "TypeError",  # randperm(16 * 1.0)
    "f19_mae_random_masking__ok_int_cast": None,
    "f19_ema_feature_buffer__transposed": "RuntimeError",
    "f19_ema_feature_buffer__ok_broadcast": None,  # copy_ broadcasts
    "f19_bernoulli_vae__raw_input": "ValueError",  # log_prob outside the support
    "f19_bernoulli_vae__ok_round": None,
    "f19_discrete_bottleneck__rsample": "NotImplementedError",
    "f19_discrete_bottleneck__ok": None,
    "f19_vae_kl_prior__student_t": "NotImplementedError",
    "f19_vae_kl_prior__ok_laplace": None,  # KL(Normal || Laplace) is registered
    "f19_independent_gaussian_head__three": "ValueError",
    "f19_independent_gaussian_head__ok_both": None,
    "f19_gaussian_policy__obs_sized": "RuntimeError",
    "f19_gaussian_policy__ok_row": None,
    "f19_packed_gru_encoder__counts_pads": "RuntimeError",  # lengths from a comparison: all 0
    "f19_packed_gru_encoder__ok_from_mask": None,
    "f19_gru_with_init_state__double_h0": "RuntimeError",
    "f19_shot_noise_denoiser__raw": "RuntimeError",  # poisson of negative rates
    "f19_shot_noise_denoiser__ok_clamp": None,
    "f19_spectral_image_filter__fft_2d": "TypeError",
    "f19_spectral_image_filter__ok_rows": None,
    "f19_conv_dropout_stack__dropout1d": "RuntimeError",  # raises in eval too
    "f19_conv_dropout_stack__ok_plain": None,
    "f19_style_instance_norm__no_stats": "RuntimeError",
    "f19_gp_regression_head__no_upper": "TypeError",
    "f19_gp_regression_head__ok_tri": None,
    "f19_orthogonal_projector__numpy_economic": "RuntimeError",
    "f19_diag_cov_builder__same_dim": "RuntimeError",
    "f19_per_sample_scores__dim_two": "ValueError",
    "f19_per_sample_scores__ok_neg": None,
    "f19_weighted_bag_of_words__mean": "NotImplementedError",
    "f19_causal_conv_stack__keras_causal": "RuntimeError",
    "f19_causal_conv_stack__ok_valid": None,
    "f19_keras_style_cnn__same": "TypeError",
    "f19_robust_scaler__percentile": "AttributeError",
    "f19_token_mixer_expand__ok_concat": None,  # torch.concat exists
    "f19_jax_port_update__at_set": "AttributeError",
    "f19_last_token_pooler__one_past": "IndexError",
    "f19_last_token_pooler__ok_expr": None,
    "f19_radial_position_features__int_grid": "NotImplementedError",
    "f19_adaptive_softmax_lm__past_vocab": "RuntimeError",
    "f19_adaptive_softmax_lm__ok_top": None,
    "f19_classifier_with_loss__column": "RuntimeError",
    "f19_unet_three_level__odd_18": "RuntimeError",
    "f19_unet_three_level__ok_12": None,
    "f19_padded_sdpa_encoder__raw_mask": "RuntimeError",
    "f19_masked_score_attention__ok_rows": None,
    "f19_deep_pool_cnn__small_15": "RuntimeError",
    "f19_gqa_fused_split__mqa": "RuntimeError",
    "f19_learned_pos_encoder__one_based": "IndexError",
    "f19_learned_pos_encoder__ok_shift": None,
    "f19_moe_topk_gather__ok_narrow": None,  # a smaller index is legal
    "f19_moe_topk_gather__float_idx": "RuntimeError",
    "f19_repeat_kv_heads__too_many": "RuntimeError",
    "f19_segment_sum_pooler__true_div": "RuntimeError",  # float segment ids from arange / 2
    "f19_segment_sum_pooler__ok_div": None,
    "f19_video_clip_encoder__frames_as_batch": "RuntimeError",
    "f19_cfg_guidance_expand__two_sizes": "RuntimeError",
    "f19_superres_head__one_and_half": "TypeError",
    "f19_early_exit_tokens__true_div": "TypeError",
    "f19_token_pruning_block__ok_round": None,
    "f19_deep_supervision_loss__torch_sum": "TypeError",
    "f19_doc_similarity_counts__long_counts": "RuntimeError",
    "f19_frobenius_regularizer__fro_one_dim": "RuntimeError",
    "f19_frobenius_regularizer__ok_fro_pair": None,
    "f19_mel_frontend__raw_numpy": "TypeError",
}

globals().update(
    cb.batch_tests(
        "fresh19",
        "templates_fresh19",
        "f19_",
        SAMPLE,
        min_cases=100,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 27: at least 12 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh19", 12)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (shapes that only just fit, legal broadcasts,
    names other libraries share with torch, a dim that exists) and torch runs each one."""
    t = cb.template_module("templates_fresh19")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f19_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
