"""The crash study's ninth fresh batch (``benchmarks/crash/templates_fresh9.py``, split ``fresh9``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh9`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 19): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, case files that are what the
templates render, no label that torch contradicts, and, for a sample of cases on both sides (new
classes and clean traps included), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f9_random_crop_cnn__crop_plus1": "RuntimeError",  # randint(0, 0): crop one wider than the image
    "f9_random_crop_cnn__ok_full": None,  # crop == image: randint(0, 1)
    "f9_mixup_classifier__swapped": "RuntimeError",  # uniform_(1.0, 0.0)
    "f9_noisy_denoiser__neg_sigma": "RuntimeError",  # torch.normal with std -0.1
    "f9_noisy_denoiser__ok_zero": None,  # std 0 is allowed
    "f9_kv_cache_positions__end_is_len": "RuntimeError",  # arange(12, 8)
    "f9_linspace_time_embed__neg_steps": "RuntimeError",  # linspace steps -1
    "f9_gelu_functional_ffn__erf": "RuntimeError",  # approximate="erf"
    "f9_causal_sdpa_gpt__ok_both": None,  # a 4-d SDPA call takes a mask and is_causal here
    "f9_gnn_scatter_pool__add": "RuntimeError",  # scatter_reduce(reduce="add")
    "f9_gnn_scatter_pool__ok_max": None,  # "max" is taken, though the error lists only "amax"
    "f9_label_smooth_vit__ok_neg": None,  # a negative label_smoothing runs
    "f9_relation_net_pairs__grid": "RuntimeError",  # combinations of a 2-d tensor
    "f9_block_diag_mixer__no_star": "RuntimeError",  # block_diag of one 3-d tensor
    "f9_block_diag_mixer__ok_unbind": None,
    "f9_fno_spectral_real__real_view": "RuntimeError",  # view_as_real of irfft's real output
    "f9_channels_last_tcn__cl_3d": "RuntimeError",  # channels_last on (B, C, T)
    "f9_vae_normal_head__raw_scale": "ValueError",  # Normal scale from a raw linear
    "f9_policy_categorical__ok_probs": None,
    "f9_hypernet_conv__in_bias": "RuntimeError",  # conv2d bias of 3 for 8 filters
    "f9_nearest_upsample_decoder__nearest_ac_false": "ValueError",  # align_corners=False, nearest
    "f9_nearest_upsample_decoder__ok_nearest": None,
    "f9_fpn_interp_size__tiny": "RuntimeError",  # interpolate to size 0
    "f9_low_rank_chain__r4": "RuntimeError",  # multi_dot chain (8, 4) @ (8, 32)
    "f9_multilabel_bce_head__tanh": "RuntimeError",  # BCE on tanh outputs
    "f9_label_smooth_vit__ok_one": None,  # label_smoothing 1.0 is in range
    "f9_clipped_actor__swapped": "ValueError",  # hardtanh(1.0, -1.0)
    "f9_functional_embed_tied__row": "RuntimeError",  # F.embedding on a 1-d weight
    "f9_delta_features_audio__no_keep": "RuntimeError",  # diff prepend of rank 2
    "f9_alexnet_lrn__ok_3d": None,
    "f9_avgpool_divisor__zero": "RuntimeError",  # divisor_override=0
    "f9_diffusion_resblock_gn__g5": "RuntimeError",  # F.group_norm 5 groups of 24 channels
}

globals().update(
    cb.batch_tests(
        "fresh9",
        "templates_fresh9",
        "f9_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 19: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh9", 25)
