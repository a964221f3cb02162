"""The crash study's thirty-first fresh batch (``benchmarks/crash/templates_fresh31.py``, split
``fresh31``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh31`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 39): at least 55 templates and 280
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
    "f31_soft_label_trainer__soft_with_pad_ignore_v4": "RuntimeError",
    "f31_soft_label_trainer__smoothing_as_percent": "RuntimeError",
    "f31_distill_seq_loss__pad_id_zero": "RuntimeError",
    "f31_distill_seq_loss__pad_id_three": "RuntimeError",
    "f31_distill_seq_loss__teacher_vocab_wider": "RuntimeError",
    "f31_augment_replay__state_as_float": "TypeError",
    "f31_augment_replay__state_truncated": "RuntimeError",
    "f31_augment_replay__state_rebuilt_from_list": "TypeError",
    "f31_resume_rng_ckpt__rng_as_numpy": "TypeError",
    "f31_resume_rng_ckpt__rng_two_states": "RuntimeError",
    "f31_sobol_probe_noise__skip_not_power_two": "ValueError",
    "f31_sobol_probe_noise__dim_too_large": "ValueError",
    "f31_sobol_probe_noise__odd_skip_small_draw": "ValueError",
    "f31_quasi_search_init__zero_dims": "ValueError",
    "f31_quasi_search_init__dims_past_table": "ValueError",
    "f31_vmap_ensemble__last_member_eval": "RuntimeError",
    "f31_vmap_ensemble__first_member_train_false": "RuntimeError",
    "f31_vmap_ensemble__bias_dict_overlaps": "ValueError",
    "f31_model_soup_avg__one_member_back_in_train_v8": "RuntimeError",
    "f31_model_soup_avg__avg_and_live_params": "ValueError",
    "f31_lora_functional_merge__delta_then_params_pair": "ValueError",
    "f31_lora_functional_merge__params_and_delta_pair": "ValueError",
    "f31_reshape_flow_head__event_two_by_four": "ValueError",
    "f31_reshape_flow_head__square_grid_from_attr_v3": "ValueError",
    "f31_grid_action_policy__rows_cols_swapped_wrong": "ValueError",
    "f31_grid_action_policy__obs_sized_grid": "ValueError",
    "f31_noise_injector_kind__geom_p_one": "RuntimeError",
    "f31_noise_injector_kind__lognormal_std_zero": "RuntimeError",
    "f31_noise_injector_kind__cauchy_negative_scale": "RuntimeError",
    "f31_span_mask_sampler__span_below_one": "RuntimeError",
    "f31_span_mask_sampler__start_range_empty": "RuntimeError",
    "f31_householder_mixer__tau_per_row": "RuntimeError",
    "f31_qr_orthogonal_head__keep_fewer_columns": "RuntimeError",
    "f31_qr_orthogonal_head__keep_two_columns": "RuntimeError",
    "f31_tensor_operator_inverse__ind_one": "RuntimeError",
    "f31_tensor_operator_inverse__ind_three_of_four": "RuntimeError",
    "f31_multilinear_solve__rhs_flattened": "RuntimeError",
    "f31_per_sample_features_vmap__out_dim_past_rank": "IndexError",
    "f31_per_sample_features_vmap__out_dims_three_for_pair": "ValueError",
    "f31_jacobian_rows_vmap__out_dim_three": "IndexError",
    "f31_edge_gradient_features__spacing_with_channel": "RuntimeError",
    "f31_edge_gradient_features__spacing_one_axis": "RuntimeError",
    "f31_trajectory_velocity__coords_for_both_axes": "RuntimeError",
    "f31_sensitivity_probe__forward_mode_not_vectorized": "NotImplementedError",
    "f31_curvature_regularizer__forward_outer_no_vectorize": "NotImplementedError",
    "f31_curvature_regularizer__forward_outer_vectorize_false_v2": "NotImplementedError",
    "f31_log2_length_buckets__integer_counts": "RuntimeError",
    "f31_log2_length_buckets__lengths_cast_long": "RuntimeError",
    "f31_pow2_scale_quant__amax_as_int": "RuntimeError",
    "f31_pow2_scale_quant__amax_rounded_long": "RuntimeError",
    "f31_sn_discriminator_lazy__iters_zero": "ValueError",
    "f31_sn_discriminator_lazy__iters_negative": "ValueError",
    "f31_sn_parametrized_critic__power_iters_zero": "ValueError",
    "f31_sn_parametrized_critic__power_iters_negative_v2": "ValueError",
    "f31_volume_warp__bicubic_volume": "RuntimeError",
    "f31_volume_warp__mode_trilinear": "ValueError",
    "f31_video_frame_resampler__bicubic_from_cfg_v2": "RuntimeError",
    "f31_depth_volume_sampler__bicubic_on_volume": "RuntimeError",
    "f31_depth_volume_sampler__mode_area_slice_v22": "ValueError",
    "f31_pair_jacobian_func__first_arg_twice": "RuntimeError",
    "f31_pair_jacobian_func__weights_listed_twice": "RuntimeError",
    "f31_meta_inner_grad__params_twice": "RuntimeError",
    "f31_meta_inner_grad__lr_twice": "RuntimeError",
    "f31_batched_vjp_probe__rows_cut_short": "RuntimeError",
    "f31_batched_vjp_probe__no_batch_dim": "RuntimeError",
    "f31_output_jacobian_rows__basis_not_viewed": "RuntimeError",
    "f31_output_jacobian_rows__basis_transposed_shape": "RuntimeError",
    "f31_kv_cache_greedy_decode__cache_short_by_one": "IndexError",
    "f31_kv_cache_greedy_decode__pos_table_short": "IndexError",
    "f31_gqa_attention_cfg__kv_heads_three_of_four": "RuntimeError",
    "f31_gqa_attention_cfg__mask_per_batch_no_head": "RuntimeError",
    "f31_beam_search_step__k_doubled_small_vocab": "RuntimeError",
    "f31_beam_search_step__gather_with_flat_ids": "RuntimeError",
    "f31_beam_search_step__gather_index_unsqueezed_v9": "RuntimeError",
    "f31_patchify_einops_cfg__patch_not_dividing": "EinopsError",
    "f31_patchify_einops_cfg__pattern_keeps_c_apart_v2": "EinopsError",
    "f31_patchify_einops_cfg__flat_view_wrong_count": "RuntimeError",
    "f31_multiscale_fusion_head__fuse_width_last_stage_only": "RuntimeError",
    "f31_multiscale_fusion_head__stage_widened_fuse_kept_v4": "RuntimeError",
    "f31_multiscale_fusion_head__maps_not_pooled": "RuntimeError",
    "f31_pairwise_interaction__einsum_rank_mismatch": "RuntimeError",
    "f31_pairwise_interaction__bmm_untransposed": "RuntimeError",
    "f31_pairwise_interaction__flatten_transposed_view": "RuntimeError",
    "f31_pairwise_interaction__V_not_transposed": "RuntimeError",
    "f31_fused_qkv_unpack__sizes_assume_full_kv": "RuntimeError",
    "f31_fused_qkv_unpack__chunk_by_heads": "ValueError",
    "f31_fused_qkv_unpack__split_width_gives_four": "ValueError",
    "f31_film_mask_block__gamma_without_time_axis": "RuntimeError",
    "f31_film_mask_block__pad_mask_not_unsqueezed": "RuntimeError",
    "f31_film_mask_block__pad_mask_on_wrong_axis": "RuntimeError",
    "f31_head_merge_helpers__heads_not_dividing": "RuntimeError",
    "f31_head_merge_helpers__merge_drops_head_axis_v4": "RuntimeError",
    "f31_amp_train_step_cfg__betas_one_value": "IndexError",
    "f31_amp_train_step_cfg__decay_negative": "ValueError",
    "f31_amp_train_step_cfg__unscale_after_step": "RuntimeError",
    "f31_multistep_sched_builder__milestones_list_per_scheduler": "ValueError",
    "f31_multistep_sched_builder__start_factor_zero": "ValueError",
    "f31_multistep_sched_builder__start_factor_above_one_v2": "ValueError",
    "f31_ckpt_reload_roundtrip__reload_wider_encoder": "RuntimeError",
    "f31_ckpt_reload_roundtrip__wider_non_strict": "RuntimeError",
    "f31_ckpt_reload_roundtrip__no_seek": "EOFError",
    "f31_packed_bilstm_tagger__unsorted_enforced": "RuntimeError",
    "f31_packed_bilstm_tagger__length_past_padding": "RuntimeError",
    "f31_ragged_batch_collate__default_collate_ragged": "RuntimeError",
    "f31_ragged_batch_collate__padding_side_front": "RuntimeError",
    "f31_ragged_batch_collate__stack_in_collate": "RuntimeError",
    "f31_rotary_cfg_attention__rot_dim_model_width": "RuntimeError",
    "f31_rotary_cfg_attention__rot_dim_half_head": "RuntimeError",
    "f31_per_channel_quant_stub__scale_per_input_column": "RuntimeError",
    "f31_per_channel_quant_stub__qmin_above_qmax": "RuntimeError",
    "f31_nucleus_sampling_loop__many_without_replacement": "RuntimeError",
    "f31_nucleus_sampling_loop__greedy_as_temperature_zero": "RuntimeError",
    "f31_fourier_token_mixer__rfft_of_complex": "RuntimeError",
    "f31_fourier_token_mixer__gelu_on_spectrum": "NotImplementedError",
    "f31_fourier_token_mixer__relu_on_spectrum_v7": "NotImplementedError",
    "f31_gamma_rate_head__median_statistic": "NotImplementedError",
    "f31_gamma_rate_head__rate_three_wide": "RuntimeError",
    "f31_hooked_feature_tap__pre_hook_returns_args_only": "RuntimeError",
    "f31_hooked_feature_tap__grad_hook_reduces_batch": "RuntimeError",
    "f31_hooked_feature_tap__grad_hook_keeps_first_row_v23": "RuntimeError",
    "f31_conv_norm_stack_cfg__second_stage_expects_rgb": "RuntimeError",
    "f31_conv_norm_stack_cfg__groups_not_dividing": "RuntimeError",
    "f31_prenorm_mlp_blocks__last_block_narrower": "RuntimeError",
    "f31_prenorm_mlp_blocks__norm_width_hidden": "RuntimeError",
    "f31_unet_upsample_decoder__size_with_channels": "ValueError",
    "f31_unet_upsample_decoder__pad_three_values": "RuntimeError",
    "f31_multitask_token_heads__ids_shifted_past_vocab": "IndexError",
    "f31_multitask_token_heads__classes_without_shift": "RuntimeError",
    "f31_multitask_token_heads__classes_from_other_task_v3": "RuntimeError",
    "f31_stochastic_depth_sched__rate_as_percent": "ValueError",
    "f31_stochastic_depth_sched__keep_prob_negative_v6": "ValueError",
    "f31_per_sample_grad_func__loss_not_reduced": "RuntimeError",
    "f31_per_sample_grad_func__in_dim_past_rank": "ValueError",
    "f31_clip_grad_function__returns_grad_only": "RuntimeError",
    "f31_clip_grad_function__extra_grad_tensor": "RuntimeError",
    "f31_split_loader_builder__counts_not_summing": "ValueError",
    "f31_split_loader_builder__prefetch_without_workers": "ValueError",
    "f31_split_loader_builder__persistent_without_workers": "ValueError",
    "f31_vjp_saliency__cotangent_per_class_only": "RuntimeError",
    "f31_vjp_saliency__cotangent_like_input": "RuntimeError",
    "f31_padding_mask_encoder__fill_mask_as_long": "RuntimeError",
    "f31_padding_mask_encoder__fill_mask_batch_first_axis_v8": "RuntimeError",
    "f31_multilabel_bce_trainer__pos_weight_for_nine": "RuntimeError",
    "f31_multilabel_bce_trainer__targets_all_columns": "ValueError",
    "f31_stft_cfg_frontend__hop_from_int_division": "RuntimeError",
    "f31_stft_cfg_frontend__window_not_win_length": "RuntimeError",
    "f31_soft_label_trainer__ok_soft_default_ignore": None,
    "f31_distill_seq_loss__ok_hot_temperature": None,
    "f31_augment_replay__ok_clone": None,
    "f31_resume_rng_ckpt__ok_cloned": None,
    "f31_sobol_probe_noise__ok_skip_aligned": None,
    "f31_quasi_search_init__ok_max_dims": None,
    "f31_vmap_ensemble__ok_all_eval": None,
    "f31_model_soup_avg__ok_buffers_pair": None,
    "f31_lora_functional_merge__ok_delta_only": None,
    "f31_reshape_flow_head__ok_three_by_two": None,
    "f31_grid_action_policy__ok_one_row": None,
    "f31_noise_injector_kind__ok_lognormal": None,
    "f31_span_mask_sampler__ok_span_two": None,
    "f31_householder_mixer__ok_fewer_taus": None,
    "f31_qr_orthogonal_head__ok_slice_none": None,
    "f31_tensor_operator_inverse__ok_split_four": None,
    "f31_multilinear_solve__ok_summed_rows": None,
    "f31_per_sample_features_vmap__ok_out_dim_last": None,
    "f31_jacobian_rows_vmap__ok_negative_dim": None,
    "f31_edge_gradient_features__ok_scalar_spacing": None,
    "f31_trajectory_velocity__ok_scalar_dt": None,
    "f31_sensitivity_probe__ok_forward_vectorized": None,
    "f31_curvature_regularizer__ok_forward_over_reverse_vec": None,
    "f31_log2_length_buckets__ok_float_counts": None,
    "f31_pow2_scale_quant__ok_ceil_float": None,
    "f31_sn_discriminator_lazy__ok_five_iters": None,
    "f31_sn_parametrized_critic__ok_two_iters": None,
    "f31_volume_warp__ok_nearest": None,
    "f31_video_frame_resampler__ok_nearest": None,
    "f31_depth_volume_sampler__ok_bicubic_slice": None,
    "f31_pair_jacobian_func__ok_all_three": None,
    "f31_meta_inner_grad__ok_params_and_lr": None,
    "f31_batched_vjp_probe__ok_two_rows": None,
    "f31_output_jacobian_rows__ok_reshape": None,
    "f31_kv_cache_greedy_decode__ok_exact_fill": None,
    "f31_gqa_attention_cfg__ok_mqa_mask": None,
    "f31_beam_search_step__ok_tiny_vocab_k_all": None,
    "f31_patchify_einops_cfg__ok_patch_eight": None,
    "f31_multiscale_fusion_head__ok_amax_pool": None,
    "f31_pairwise_interaction__ok_bmm_transposed": None,
    "f31_fused_qkv_unpack__ok_chunk_three": None,
    "f31_film_mask_block__ok_view_gamma": None,
    "f31_head_merge_helpers__ok_contiguous_view": None,
    "f31_amp_train_step_cfg__ok_step_only": None,
    "f31_multistep_sched_builder__ok_start_one": None,
    "f31_ckpt_reload_roundtrip__ok_bytes_copy": None,
    "f31_packed_bilstm_tagger__ok_unsorted_flag_off": None,
    "f31_ragged_batch_collate__ok_left_padding": None,
    "f31_rotary_cfg_attention__ok_keys_unrotated": None,
    "f31_per_channel_quant_stub__ok_symmetric_range": None,
    "f31_nucleus_sampling_loop__ok_many_with_replacement": None,
    "f31_fourier_token_mixer__ok_polar_gate": None,
    "f31_gamma_rate_head__ok_rate_broadcast": None,
    "f31_hooked_feature_tap__ok_none": None,
    "f31_conv_norm_stack_cfg__ok_one_group": None,
    "f31_prenorm_mlp_blocks__ok_norm_fixed_width": None,
    "f31_unet_upsample_decoder__ok_size_minus_one": None,
    "f31_multitask_token_heads__ok_inferred": None,
    "f31_stochastic_depth_sched__ok_full_drop_last": None,
    "f31_per_sample_grad_func__ok_sum": None,
    "f31_clip_grad_function__ok_bound_grad_none_only": None,
    "f31_split_loader_builder__ok_counts": None,
    "f31_vjp_saliency__ok_onehot_class": None,
    "f31_padding_mask_encoder__ok_float_kpm": None,
    "f31_multilabel_bce_trainer__ok_pos_weight_one": None,
    "f31_stft_cfg_frontend__ok_short_window": None,
    "f31_nested_utterance_pooler__mean_over_time": "NotImplementedError",
    "f31_nested_utterance_pooler__padded_to_second_length": "RuntimeError",
    "f31_nested_utterance_pooler__sum_over_time_v2": "RuntimeError",
    "f31_sparse_label_propagation__degree_reshape_on_sparse": "RuntimeError",
    "f31_sparse_label_propagation__degree_view_on_sparse": "NotImplementedError",
    "f31_sparse_label_propagation__readout_cat_head_kept": "RuntimeError",
    "f31_sparse_label_propagation__ok_readout_with_input": None,
    "f31_nested_utterance_pooler__ok_padded_wider": None,
    "f31_soft_label_trainer__mixup_soft_ignore": None,  # written as a crash; torch runs it
    "f31_head_merge_helpers__view_after_transpose": None,  # written as a crash; torch runs it
    "f31_clip_grad_function__returns_three": None,  # written as a crash; torch runs it
}

globals().update(
    cb.batch_tests(
        "fresh31",
        "templates_fresh31",
        "f31_",
        SAMPLE,
        min_cases=280,
        min_new=15,
        min_templates=55,
    )
)


def _classes():
    cases = cb.batch("fresh31")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh31")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_sample_covers_every_crash_case_and_every_template():
    """The torch-verdict sample holds every crash case and a clean case of every template."""
    cases = cb.batch("fresh31")
    crash = {n for n in cases if cb.TRUTH["cases"][n]["crash"]}
    assert crash <= set(SAMPLE)
    clean_templates = {n.split("__")[0] for n, v in SAMPLE.items() if v is None}
    assert clean_templates == {n.split("__")[0] for n in cases}


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh31", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh31")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f31_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_at_least_55_classes_15_new_35_earlier():
    """Session 39's brief: at least 55 crash classes, at least 15 of them new (no earlier split
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
    cases = cb.batch("fresh31")
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
    for path in cb.earlier_template_files(31):
        text = path.read_text()
        hits = sorted(c for c in new if f'"{c}"' in text)
        assert not hits, (path.name, hits)
