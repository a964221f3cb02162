"""The crash study's fourteenth fresh batch (``benchmarks/crash/templates_fresh14.py``, split
``fresh14``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh14`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 22): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, at least 15 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f14_noisy_token_denoiser__randn_like_ids": "NotImplementedError",  # randn_like of long ids
    "f14_noisy_token_denoiser__ok_shape": None,
    "f14_lazy_scale_head__arange_long": "RuntimeError",  # nn.Parameter of a long tensor
    "f14_count_feature_normalizer__normalize_long": "RuntimeError",
    "f14_count_feature_normalizer__ok_div": None,  # long / long is a float division
    "f14_maxpool_token_ids__max_long": "NotImplementedError",
    "f14_maxpool_token_ids__ok_avg_long": None,  # avg_pool1d takes a long tensor
    "f14_padding_mask_bias__neg_mask": "RuntimeError",  # -bool
    "f14_vocoder_istft__real_spec": "RuntimeError",
    "f14_vocoder_istft__ok": None,
    "f14_spectral_gate__complex_gt": "NotImplementedError",
    "f14_phase_feature_net__imag_of_input": "RuntimeError",
    "f14_cepstrum_classifier__rfft_of_spec": "RuntimeError",
    "f14_strided_frames__one_past": "RuntimeError",  # as_strided past the storage
    "f14_strided_frames__ok": None,
    "f14_scalar_temperature_mix__matmul_0d": "RuntimeError",
    "f14_running_stat_fill__fill_vector": "RuntimeError",
    "f14_ema_lerp_teacher__long_weight": "RuntimeError",
    "f14_polar_rotary__ok_times_float": None,
    "f14_topk_mask_select__bool_topk": "RuntimeError",
    "f14_trapz_energy__x_short": "RuntimeError",
    "f14_sdpa_causal_and_pad__ok_mask_and_causal": None,  # mask and is_causal together run
    "f14_diffusion_time_block__ok_one": None,  # a (B, 1, 1, 1) time embedding broadcasts
    "f14_config_vit__h5": "RuntimeError",
    "f14_einops_window_attention__ws5": "EinopsError",
    "f14_lenet_size_helper__no_plus_one": "RuntimeError",
    "f14_prototype_bmm__T_unbatched": "RuntimeError",
}

globals().update(
    cb.batch_tests(
        "fresh14",
        "templates_fresh14",
        "f14_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 22: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh14", 25)


def test_risky_clean_cases_run():
    """At least 15 clean cases that look risky (long tensors where torch allows them,
    broadcasts that fit, views that divide, sizes at their limit) and torch runs each one."""
    t = cb.template_module("templates_fresh14")
    assert len(t.RISKY_CLEAN) >= 15
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f14_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
