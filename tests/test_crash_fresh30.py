"""The crash study's thirtieth fresh batch (``benchmarks/crash/templates_fresh30.py``, split
``fresh30``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh30`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 38): at least 55 templates and 280
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
55 crash classes with at least 15 no earlier set has and at least 35 earlier ones, at least 25
whole small models, at least 60 clean cases that look risky, case files that are what the
templates render, no label that torch contradicts, every new class written in at least 3 crash
cases over at least 2 templates, every crash class with 2 or more crash cases in both split
parts, the forward-only classes of the brief (view / reshape sizes, cat then linear, matmul / bmm /
einsum, split / chunk, broadcasting, einops) present, and, for a sample of cases on both sides
(every crash case and one risky clean twin per template, plus the three labels torch overturned
while the batch was written), that torch's verdict in ``truth.json`` is what torch says now under
two seeds.
"""

from __future__ import annotations

import hashlib

from tests import crash_batch_support as cb

SAMPLE = {
    "f30_spectral_frontend_hop__hop_div_past_fft": "RuntimeError",
    "f30_spectral_frontend_hop__hop_div_method_call": "RuntimeError",
    "f30_spectral_frontend_hop__bins_without_nyquist": "RuntimeError",
    "f30_istft_denoiser__hop_ratio_rounds_to_zero": "RuntimeError",
    "f30_istft_denoiser__istft_window_full_fft": "RuntimeError",
    "f30_masked_feature_stats__mask_as_float": "TypeError",
    "f30_masked_feature_stats__row_mask_not_expanded": "ValueError",
    "f30_masked_feature_stats__mask_as_int_mean": "TypeError",
    "f30_masked_pair_error__pred_mask_all_true": "ValueError",
    "f30_masked_pair_error__pred_mask_from_pred_loop": "ValueError",
    "f30_inplace_scale_function__dirty_but_new_tensor": "RuntimeError",
    "f30_inplace_scale_function__dirty_then_clone": "RuntimeError",
    "f30_clamp_inplace_block__clamp_out_of_place": "RuntimeError",
    "f30_clamp_inplace_block__two_dirty_one_out": "RuntimeError",
    "f30_swa_finetune_step__one_rate_in_list": "ValueError",
    "f30_swa_finetune_step__three_rates_two_groups": "ValueError",
    "f30_swa_finetune_step__anneal_epochs_fraction": "ValueError",
    "f30_swa_layerwise_cfg__rates_for_two_of_three": "ValueError",
    "f30_swa_layerwise_cfg__tuple_rates_depth_four": "ValueError",
    "f30_point_histogram_head__bins_for_3d_points": "RuntimeError",
    "f30_point_histogram_head__range_one_pair": "RuntimeError",
    "f30_voxel_occupancy_loader__grid_two_axes": "RuntimeError",
    "f30_voxel_occupancy_loader__points_flattened_alt": "RuntimeError",
    "f30_deep_mlp_ckpt_seq__every_longer_than_stack": "ZeroDivisionError",
    "f30_deep_mlp_ckpt_seq__segments_over_depth": "ValueError",
    "f30_encoder_ckpt_cfg__chunks_zero": "ZeroDivisionError",
    "f30_encoder_ckpt_cfg__chunks_above_layers": "ValueError",
    "f30_beta_action_head__prob_below_half": "NotImplementedError",
    "f30_beta_action_head__median_action": "NotImplementedError",
    "f30_mdn_sampler__reparam_sample": "NotImplementedError",
    "f30_mdn_sampler__mixture_entropy": "NotImplementedError",
    "f30_lognormal_flow_head__entropy_bonus": "NotImplementedError",
    "f30_lognormal_flow_head__expected_value": "NotImplementedError",
    "f30_token_regrouper__pattern_drops_time": "RuntimeError",
    "f30_token_regrouper__pattern_heads_extra": "RuntimeError",
    "f30_image_patch_sizer__channels_last_pattern_rank": "RuntimeError",
    "f30_image_patch_sizer__video_pattern": "RuntimeError",
    "f30_ragged_decoder_outputs__lengths_plain_list": "AttributeError",
    "f30_ragged_decoder_outputs__lengths_one_extra": "ValueError",
    "f30_beam_hypothesis_split__lengths_with_sentinel": "ValueError",
    "f30_beam_hypothesis_split__lengths_from_cfg_list": "AttributeError",
    "f30_packed_tagger_unpack__unpack_after_pad": "AttributeError",
    "f30_packed_tagger_unpack__pad_packed_twice": "AttributeError",
    "f30_speech_ctc_unpack__encoder_returns_padded": "AttributeError",
    "f30_speech_ctc_unpack__encoder_returns_data": "AttributeError",
    "f30_ragged_set_encoder__max_len_below_longest": "RuntimeError",
    "f30_ragged_set_encoder__size_without_batch": "RuntimeError",
    "f30_document_chunk_pooler__pad_to_first_chunk_helper": "RuntimeError",
    "f30_seeded_augment__seed_as_tensor": "RuntimeError",
    "f30_seeded_augment__seed_past_64_bits": "ValueError",
    "f30_seeded_augment__seed_from_string_cfg": "RuntimeError",
    "f30_dropout_mask_replay__seed_buffer_tensor": "RuntimeError",
    "f30_qat_prep_fusion__conv_bn_then_act": "AssertionError",
    "f30_qat_prep_fusion__bn_with_hardswish": "AssertionError",
    "f30_qat_prep_fusion__name_norm_not_bn": "AttributeError",
    "f30_seq_quant_stub_export__conv_bn_silu": "AssertionError",
    "f30_seq_quant_stub_export__conv_bn_relu6": "AssertionError",
    "f30_stream_batcher__shuffle_stream": "ValueError",
    "f30_stream_batcher__sampler_over_stream": "ValueError",
    "f30_chained_shard_loader__shuffle_in_loader_cfg": "ValueError",
    "f30_bucket_stream_batches__batch_sampler_over_stream": "ValueError",
    "f30_joint_grad_monitor__mode_first": "ValueError",
    "f30_joint_grad_monitor__mode_each": "ValueError",
    "f30_gradient_sync_hooks__mode_every": "ValueError",
    "f30_gradient_sync_hooks__mode_upper_all": "ValueError",
    "f30_cross_spectrum_features__conj_of_reference": "RuntimeError",
    "f30_cross_spectrum_features__function_conj": "RuntimeError",
    "f30_complex_attention_real_out__hermitian_transpose": "RuntimeError",
    "f30_complex_attention_real_out__adjoint_call_lazy": "RuntimeError",
    "f30_poly_feature_regressor__constant_fit": "RuntimeError",
    "f30_spline_basis_cfg__single_coefficient": "RuntimeError",
    "f30_spline_basis_cfg__empty_coefficients": "RuntimeError",
    "f30_gqa_block_cfg__kv_heads_not_dividing": "RuntimeError",
    "f30_gqa_block_cfg__merge_heads_view": "RuntimeError",
    "f30_gqa_block_cfg__keys_labelled_transposed": "RuntimeError",
    "f30_moe_router_cfg__top_k_over_experts": "RuntimeError",
    "f30_moe_router_cfg__top_k_doubled_fn_step": "RuntimeError",
    "f30_kv_cache_prealloc_decode__cache_one_short": "IndexError",
    "f30_kv_cache_prealloc_decode__position_table_short": "IndexError",
    "f30_two_branch_audio_head__head_misses_global_branch": "RuntimeError",
    "f30_two_branch_audio_head__pool_changed_head_kept_v9": "RuntimeError",
    "f30_pair_scorer_bmm__bmm_method_no_transpose": "RuntimeError",
    "f30_pair_scorer_bmm__operator_no_transpose": "RuntimeError",
    "f30_qkv_split_props__sizes_for_two_parts": "RuntimeError",
    "f30_qkv_split_props__chunk_by_heads": "ValueError",
    "f30_qkv_split_props__split_into_two_names": "ValueError",
    "f30_film_conditioner__addcmul_unexpanded": "RuntimeError",
    "f30_film_conditioner__method_chain_unexpanded": "RuntimeError",
    "f30_window_attention_einops__window_not_dividing": "EinopsError",
    "f30_window_attention_einops__window_count_given_v3": "EinopsError",
    "f30_head_merge_property__heads_not_dividing_dim": "RuntimeError",
    "f30_padded_decoder_mask__mask_batch_time_only": "RuntimeError",
    "f30_padded_decoder_mask__mask_cast_to_float": "RuntimeError",
    "f30_sdpa_pad_mask_helper__mask_not_expanded": "RuntimeError",
    "f30_sdpa_pad_mask_helper__mask_for_cache_plus_one_eval": "RuntimeError",
    "f30_ce_trainer_targets__targets_int32": "RuntimeError",
    "f30_ce_trainer_targets__targets_keep_dim": "RuntimeError",
    "f30_ce_trainer_targets__smoothing_percent": "RuntimeError",
    "f30_multilabel_bce_cfg__pos_weight_for_five": "RuntimeError",
    "f30_multilabel_bce_cfg__target_any_label": "ValueError",
    "f30_optim_from_cfg_step__betas_single": "IndexError",
    "f30_optim_from_cfg_step__beta2_one": "ValueError",
    "f30_optim_from_cfg_step__decay_negative_inline": "ValueError",
    "f30_warmup_chain_sched__decay_on_head_optimizer": "ValueError",
    "f30_warmup_chain_sched__milestones_two_for_two": "ValueError",
    "f30_warmup_chain_sched__warmup_from_zero_helper": "ValueError",
    "f30_amp_clip_step__clip_after_step": "RuntimeError",
    "f30_amp_clip_step__unscale_then_clip_unscales": "RuntimeError",
    "f30_amp_clip_step__step_twice": "RuntimeError",
    "f30_state_roundtrip_buffer__no_rewind": "EOFError",
    "f30_state_roundtrip_buffer__wider_target_non_strict": "RuntimeError",
    "f30_fake_quant_linear__scale_per_input": "RuntimeError",
    "f30_fake_quant_linear__range_swapped": "RuntimeError",
    "f30_sparse_graph_conv__values_before_coalesce": "RuntimeError",
    "f30_sparse_graph_conv__degree_from_view": "NotImplementedError",
    "f30_sparse_graph_conv__indices_before_coalesce": "RuntimeError",
    "f30_spectral_gate_mixer__gelu_on_complex": "NotImplementedError",
    "f30_spectral_gate_mixer__clip_by_complex_max": "NotImplementedError",
    "f30_fft_cfg_features__norm_orthonormal": "RuntimeError",
    "f30_fft_cfg_features__dim_for_batched_images": "IndexError",
    "f30_variable_length_collate__default_collate_ragged": "RuntimeError",
    "f30_variable_length_collate__pad_side_start": "RuntimeError",
    "f30_train_val_split_helper__counts_floor_lose_one": "ValueError",
    "f30_train_val_split_helper__fractions_short": "ValueError",
    "f30_grad_tamper_hooks__hook_returns_pair": "RuntimeError",
    "f30_grad_tamper_hooks__tensor_hook_reduces": "RuntimeError",
    "f30_straight_through_quant__grad_for_x_only": "RuntimeError",
    "f30_straight_through_quant__input_grad_first_rows": "RuntimeError",
    "f30_init_by_name_cfg__kaiming_on_bias": "ValueError",
    "f30_init_by_name_cfg__trunc_bounds_swapped": "RuntimeError",
    "f30_sampling_decode_loop__samples_over_vocab": "RuntimeError",
    "f30_sampling_decode_loop__greedy_as_temperature_zero": "RuntimeError",
    "f30_partial_rotary_block__rotary_on_full_head": "RuntimeError",
    "f30_mixed_dtype_head__double_backbone_float_head": "RuntimeError",
    "f30_mixed_dtype_head__bf16_backbone_matmul_again": "RuntimeError",
    "f30_projection_bank_matmul__bank_against_batch": "RuntimeError",
    "f30_projection_bank_matmul__bank_transposed": "RuntimeError",
    "f30_whitening_solve__rows_as_rhs": "RuntimeError",
    "f30_whitening_solve__cholesky_solve_rows_late": "RuntimeError",
    "f30_token_pruning_gather__gather_index_unexpanded": "RuntimeError",
    "f30_token_pruning_gather__take_along_unexpanded": "RuntimeError",
    "f30_one_hot_multitask__classes_one_short": "RuntimeError",
    "f30_functional_grouped_conv__groups_changed_after_build": "RuntimeError",
    "f30_functional_grouped_conv__depthwise_weight_grouped_twice": "RuntimeError",
    "f30_upsample_head_cfg__size_three_axes": "ValueError",
    "f30_upsample_head_cfg__scale_three_axes": "ValueError",
    "f30_squeeze_excite_stage__weights_not_unsqueezed": "RuntimeError",
    "f30_squeeze_excite_stage__weights_one_axis_late": "RuntimeError",
    "f30_confidence_blend__row_flags_unexpanded": "RuntimeError",
    "f30_spectral_frontend_hop__ok_hop_one": None,
    "f30_istft_denoiser__ok_short_window": None,
    "f30_masked_feature_stats__ok_expanded_row_mask": None,
    "f30_masked_pair_error__ok_mask_from_target_mul": None,
    "f30_inplace_scale_function__ok_out_of_place": None,
    "f30_clamp_inplace_block__ok_both_dirty_both_out": None,
    "f30_swa_finetune_step__ok_per_group_list": None,
    "f30_swa_layerwise_cfg__ok_scalar_rate": None,
    "f30_point_histogram_head__ok_int_bins_no_range": None,
    "f30_voxel_occupancy_loader__ok_view_points": None,
    "f30_deep_mlp_ckpt_seq__ok_one_segment_per_layer": None,
    "f30_encoder_ckpt_cfg__ok_no_ckpt": None,
    "f30_beta_action_head__ok_entropy": None,
    "f30_mdn_sampler__ok_cdf": None,
    "f30_lognormal_flow_head__ok_cdf_monotone": None,
    "f30_token_regrouper__ok_underscore_channels": None,
    "f30_image_patch_sizer__ok_skip_spatial": None,
    "f30_ragged_decoder_outputs__ok_as_tensor_helper": None,
    "f30_beam_hypothesis_split__ok_lengths_sliced_to_beam": None,
    "f30_packed_tagger_unpack__ok_pad_then_slice": None,
    "f30_ragged_set_encoder__ok_longer_pad": None,
    "f30_document_chunk_pooler__ok_wide_pad": None,
    "f30_seeded_augment__ok_large_seed": None,
    "f30_dropout_mask_replay__ok_item": None,
    "f30_qat_prep_fusion__ok_conv_bn_only": None,
    "f30_seq_quant_stub_export__ok_conv_bn_leave_silu": None,
    "f30_stream_batcher__ok_shuffle_false": None,
    "f30_chained_shard_loader__ok_shuffle_none": None,
    "f30_bucket_stream_batches__ok_batches_over_tensor": None,
    "f30_joint_grad_monitor__ok_any": None,
    "f30_gradient_sync_hooks__ok_any_mode": None,
    "f30_cross_spectrum_features__ok_conj_physical": None,
    "f30_complex_attention_real_out__ok_transpose_only": None,
    "f30_poly_feature_regressor__ok_linear": None,
    "f30_spline_basis_cfg__ok_two_terms": None,
    "f30_gqa_block_cfg__ok_mha": None,
    "f30_moe_router_cfg__ok_all_experts": None,
    "f30_kv_cache_prealloc_decode__ok_roomy": None,
    "f30_two_branch_audio_head__ok_concat_alias": None,
    "f30_pair_scorer_bmm__ok_baddbmm": None,
    "f30_qkv_split_props__ok_chunk_three": None,
    "f30_film_conditioner__ok_none_index": None,
    "f30_window_attention_einops__ok_one_window": None,
    "f30_head_merge_property__ok_three_heads": None,
    "f30_padded_decoder_mask__ok_unsqueeze": None,
    "f30_sdpa_pad_mask_helper__ok_view": None,
    "f30_ce_trainer_targets__ok_soft_targets": None,
    "f30_multilabel_bce_cfg__ok_scalar_weight": None,
    "f30_optim_from_cfg_step__ok_eps_zero": None,
    "f30_warmup_chain_sched__ok_sequential": None,
    "f30_amp_clip_step__ok_no_clip": None,
    "f30_state_roundtrip_buffer__ok_getvalue": None,
    "f30_fake_quant_linear__ok_unsigned": None,
    "f30_sparse_graph_conv__ok_dense_degree": None,
    "f30_spectral_gate_mixer__ok_polar": None,
    "f30_fft_cfg_features__ok_forward_norm": None,
    "f30_variable_length_collate__ok_left_pad": None,
    "f30_train_val_split_helper__ok_fractions_passed": None,
    "f30_grad_tamper_hooks__ok_scaled_tuple": None,
    "f30_straight_through_quant__ok_scale_grad": None,
    "f30_init_by_name_cfg__ok_trunc_bias": None,
    "f30_sampling_decode_loop__ok_with_replacement": None,
    "f30_partial_rotary_block__ok_full_rotary": None,
    "f30_mixed_dtype_head__ok_cast_to_weight": None,
    "f30_projection_bank_matmul__ok_batch_equals_bank": None,
    "f30_whitening_solve__ok_left_false": None,
    "f30_token_pruning_gather__ok_take_along": None,
    "f30_one_hot_multitask__ok_inferred": None,
    "f30_functional_grouped_conv__ok_depthwise": None,
    "f30_upsample_head_cfg__ok_size_pair": None,
    "f30_squeeze_excite_stage__ok_view": None,
    "f30_confidence_blend__ok_unsqueeze": None,
    "f30_speech_ctc_unpack__ok_sorted_utterances": None,
    "f30_complex_attention_real_out__adjoint_call": None,  # written as a crash; torch runs it
    "f30_head_merge_property__merge_view_after_transpose": None,  # written as a crash; torch runs it
    "f30_straight_through_quant__scale_grad_not_reduced": None,  # written as a crash; torch runs it
}

globals().update(
    cb.batch_tests(
        "fresh30",
        "templates_fresh30",
        "f30_",
        SAMPLE,
        min_cases=280,
        min_new=15,
        min_templates=55,
    )
)


def _classes():
    cases = cb.batch("fresh30")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh30")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_sample_covers_every_crash_case_and_every_template():
    """The torch-verdict sample holds every crash case and a clean case of every template."""
    cases = cb.batch("fresh30")
    crash = {n for n in cases if cb.TRUTH["cases"][n]["crash"]}
    assert crash <= set(SAMPLE)
    clean_templates = {n.split("__")[0] for n, v in SAMPLE.items() if v is None}
    assert clean_templates == {n.split("__")[0] for n in cases}


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh30", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh30")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f30_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_at_least_55_classes_15_new_35_earlier():
    """Session 38's brief: at least 55 crash classes, at least 15 of them new (no earlier split
    has them), and at least 35 earlier classes in new code shapes."""
    crash, older = _classes()
    classes = set(crash.values())
    new, old = classes - older, classes & older
    assert len(classes) >= 55 and len(new) >= 15 and len(old) >= 35, (len(new), len(old))


def test_forward_only_classes_present():
    """The forward-only classes the brief names each have a crash case: view / reshape sizes,
    cat then linear width, matmul / bmm / einsum, split / chunk, broadcasting, einops."""
    crash, _ = _classes()
    classes = set(crash.values())
    for group in (
        {"reshape_numel", "view_noncontiguous"},
        {"cat_linear"},
        {"matmul", "bmm", "einsum"},
        {"split_sizes", "chunk_unpack_count", "split_unpack_count"},
        {"broadcast_add"},
        {"einops_axes"},
    ):
        assert group & classes, group


def test_about_half_crash_half_clean():
    """Half the cases crash and half are clean twins (within 45-55%)."""
    cases = cb.batch("fresh30")
    n_crash = sum(cb.TRUTH["cases"][n]["crash"] for n in cases)
    assert 0.45 <= n_crash / len(cases) <= 0.55, (n_crash, len(cases))


def test_new_classes_come_in_several_code_shapes():
    """Each new class is written at least 3 times (a different op or spelling) over at least 2
    templates, so a rule fitted to one code shape does not cover the class."""
    crash, older = _classes()
    for cls in set(crash.values()) - older:
        names = [n for n, c in crash.items() if c == cls]
        templates = {n.split("__")[0] for n in names}
        assert len(names) >= 3 and len(templates) >= 2, (cls, names)


def test_classes_reach_both_split_parts():
    """Every crash class with 2 or more crash cases has one in the dev part and one in the
    held-out part (the sha256 rule of bench_crash.py), so a held-out figure measures
    generalisation to a new code shape of a class, not only to unseen classes."""
    crash, _ = _classes()
    parts: dict[str, set[bool]] = {}
    for name, cls in crash.items():
        held = int(hashlib.sha256(name.encode()).hexdigest(), 16) % 5 == 0
        parts.setdefault(cls, set()).add(held)
    counts = {c: sum(1 for v in crash.values() if v == c) for c in parts}
    lopsided = [c for c, p in parts.items() if counts[c] >= 2 and p != {True, False}]
    assert not lopsided, lopsided


def test_new_class_names_in_no_earlier_template_file():
    """The brief's grep: no earlier ``templates*.py`` file names any of the batch's new classes
    (a class spelled the same in an earlier batch's source would not be new; later batches may
    reuse them)."""
    crash, older = _classes()
    new = set(crash.values()) - older
    assert len(new) >= 15
    for path in cb.earlier_template_files(30):
        text = path.read_text()
        hits = sorted(c for c in new if f'"{c}"' in text)
        assert not hits, (path.name, hits)
