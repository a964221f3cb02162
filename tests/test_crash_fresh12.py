"""The crash study's twelfth fresh batch (``benchmarks/crash/templates_fresh12.py``, split ``fresh12``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh12`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 21): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, case files that are what the
templates render, no label that torch contradicts, and, for a sample of cases on both sides (new
classes and clean traps included), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f12_bool_mask_pool_encoder__one_minus_bool": "RuntimeError",  # 1 - bool mask
    "f12_bool_mask_pool_encoder__neg_bool": "RuntimeError",  # -mask
    "f12_bool_mask_pool_encoder__ok_invert": None,  # (~mask) * -1e4 promotes
    "f12_ddpm_time_mlp__torch_log_float": "TypeError",  # torch.log(10000.0)
    "f12_ddpm_time_mlp__ok_tensor_log": None,
    "f12_scaled_dot_scale__torch_sqrt_int": "TypeError",  # torch.sqrt(int)
    "f12_feature_fusion_cat__no_list": "TypeError",  # torch.cat(a, b)
    "f12_gru_tagger_concat__stack_pair": "TypeError",  # torch.cat(a, b, -1)
    "f12_patch_grid_restore__size_nested": "TypeError",  # reshape(b, -1, (8, 8))
    "f12_patch_grid_restore__ok_unpacked": None,
    "f12_token_buffer_write__off_by_one": "RuntimeError",  # slice one wider than its source
    "f12_kv_cache_fill__end_plus_one": "RuntimeError",
    "f12_saliency_spatial_max__max_tuple": "TypeError",  # max(dim=(2, 3))
    "f12_saliency_spatial_max__ok_amax": None,  # amax takes a tuple
    "f12_cumulative_area_softmax__softmax_tuple": "TypeError",
    "f12_cross_attn_decoder__v_from_x": "RuntimeError",  # values of another length than keys
    "f12_perceiver_latents_mha__value_latent": "AssertionError",
    "f12_vmap_pairwise_energy__anchors_off": "ValueError",  # vmap over batch 4 and 5
    "f12_jax_port_ensemble__ok_expand": None,
    "f12_codebook_unpack__n_six": "RuntimeError",  # uint8 view as int32 on 6
    "f12_codebook_unpack__ok_eight": None,
    "f12_logit_clip_head__both_none": "RuntimeError",  # clamp(min=None, max=None)
    "f12_logit_clip_head__ok_lo_only": None,
    "f12_span_mask_fill__ids_dtype": "TypeError",  # finfo of int64
    "f12_decoder_skip_zip__extra_up": "ValueError",  # zip(strict=True)
    "f12_bilstm_classifier__out_h": "RuntimeError",  # 2h read as h
    "f12_bilstm_classifier__ok_hn_last": None,
    "f12_causal_sdpa_padmask__ok_both": None,  # attn_mask and is_causal together run on 2.13
    "f12_unet_crop_skip__over_crop": "RuntimeError",  # negative F.pad past the size
    "f12_audio_frame_crop__ok_to_one": None,
    "f12_broadcast_index_helper__two_ellipsis": "RuntimeError",  # the broadcast, not the index
    "f12_nanogpt_block_size__ctx_10": "RuntimeError",
    "f12_groupnorm_width_mult__ok_075": None,
    "f12_moe_topk_dispatch__route_more": "IndexError",
    "f12_einops_space_to_depth__s_18": "EinopsError",
}

globals().update(
    cb.batch_tests(
        "fresh12",
        "templates_fresh12",
        "f12_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 21: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh12", 25)
