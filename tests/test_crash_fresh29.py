"""The crash study's twenty-ninth fresh batch (``benchmarks/crash/templates_fresh29.py``, split
``fresh29``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh29`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 37): at least 55 templates and 280
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
55 crash classes with at least 15 no earlier set has and at least 30 earlier ones, at least 25
whole small models, at least 60 clean cases that look risky, case files that are what the
templates render, no label that torch contradicts, every new class written in at least 3 crash
cases over at least 2 templates, every crash class with 2 or more crash cases in both split
parts, the forward-only classes of the brief (view / reshape sizes, cat then linear, matmul / bmm /
einsum, split / chunk, broadcasting, einops) present, and, for a sample of cases on both sides
(every crash case and one risky clean twin per template, plus the four labels torch overturned
while the batch was written), that torch's verdict in ``truth.json`` is what torch says now under
two seeds.
"""

from __future__ import annotations

import hashlib

import pytest

from tests import crash_batch_support as cb

SAMPLE = {
    "f29_per_sample_norm_clip__python_max_of_item": "RuntimeError",
    "f29_per_sample_norm_clip__if_over_norm": "RuntimeError",
    "f29_per_sample_norm_clip__chunk_zero": "ValueError",
    "f29_per_sample_norm_clip__chunk_from_batch_ratio": "ValueError",
    "f29_per_sample_norm_clip__copy_into_fresh_buffer": "RuntimeError",
    "f29_ensemble_vmap_predict__in_dims_two_for_three": "ValueError",
    "f29_ensemble_vmap_predict__in_dims_four_entries_loop": "ValueError",
    "f29_ensemble_vmap_predict__randomness_per_member": "RuntimeError",
    "f29_ensemble_vmap_predict__scale_by_item_max_cfg": "RuntimeError",
    "f29_input_sensitivity_probe__chunk_from_width_v3": "ValueError",
    "f29_input_sensitivity_probe__jvp_bare_primal": "RuntimeError",
    "f29_input_sensitivity_probe__jvp_bare_tangent": "RuntimeError",
    "f29_pairwise_metric_vmap__acc_fresh_zeros_late": "RuntimeError",
    "f29_pairwise_metric_vmap__sign_branch_late": "RuntimeError",
    "f29_pairwise_metric_vmap__float_of_norm": "RuntimeError",
    "f29_running_stat_vmap__scale_updated_in_place": "RuntimeError",
    "f29_running_stat_vmap__in_dims_one_entry": "ValueError",
    "f29_running_stat_vmap__skip_negative_rows": "RuntimeError",
    "f29_running_stat_vmap__randomness_random": "RuntimeError",
    "f29_running_stat_vmap__randomness_true": "RuntimeError",
    "f29_jvp_direction_check__ok_list_pair": "RuntimeError",  # written clean; torch raises
    "f29_jvp_direction_check__primals_generator": "RuntimeError",
    "f29_jvp_direction_check__direction_bare": "RuntimeError",
    "f29_quantile_bucket_embed__side_upper": "RuntimeError",
    "f29_quantile_bucket_embed__left_with_right_flag": "RuntimeError",
    "f29_step_schedule_lookup__side_before": "RuntimeError",
    "f29_step_schedule_lookup__left_but_inclusive": "RuntimeError",
    "f29_zca_whitening__uplo_word_lower": "RuntimeError",
    "f29_zca_whitening__uplo_word_upper": "RuntimeError",
    "f29_spectral_gap_regulariser__triangle_as_bool_early": "RuntimeError",
    "f29_spectral_gap_regulariser__triangle_full_word": "RuntimeError",
    "f29_gauss_window_frontend__std_from_int_division": "ValueError",
    "f29_gauss_window_frontend__kaiser_beta_negated": "ValueError",
    "f29_smoothing_kernel_conv__pad_eats_width": "ValueError",
    "f29_smoothing_kernel_conv__tau_zero": "ValueError",
    "f29_warmup_tensor_lr_trainer__adam_foreach": "ValueError",
    "f29_warmup_tensor_lr_trainer__adamw_foreach_amsgrad": "ValueError",
    "f29_param_group_lr_builder__tensor_lr_foreach_groups": "ValueError",
    "f29_param_group_lr_builder__nesterov_with_dampening": "ValueError",
    "f29_temperature_calibration__bias_group_own_lr": "ValueError",
    "f29_temperature_calibration__one_group_per_parameter": "ValueError",
    "f29_lbfgs_head_finetune__lbfgs_decay_groups_late": "ValueError",
    "f29_cyclic_lr_factory__adagrad_cycle_momentum": "ValueError",
    "f29_cyclic_lr_factory__adadelta_default_cycle": "ValueError",
    "f29_triangular_schedule_trainer__asgd_cyclic_late": "ValueError",
    "f29_triangular_schedule_trainer__rprop_cyclic_late": "ValueError",
    "f29_triangular_schedule_trainer__onecycle_asgd_late": "ValueError",
    "f29_script_postprocess_export__postprocess_varargs": "NotSupportedError",
    "f29_script_postprocess_export__postprocess_try_block": "UnsupportedNodeError",
    "f29_script_postprocess_export__freeze_eager_module": "RuntimeError",
    "f29_script_postprocess_export__freeze_training_mode": "RuntimeError",
    "f29_torchscript_bundle__frozen_without_eval": "RuntimeError",
    "f29_torchscript_bundle__helper_kwargs": "NotSupportedError",
    "f29_numpy_flip_augment__hflip_view": "ValueError",
    "f29_numpy_flip_augment__np_flip_as_tensor": "ValueError",
    "f29_reversed_sequence_numpy__fliplr_view": "ValueError",
    "f29_reversed_sequence_numpy__step_minus_one": "ValueError",
    "f29_label_vocab_numpy__string_array": "TypeError",
    "f29_label_vocab_numpy__object_array_mapped_cfg": "TypeError",
    "f29_tabular_numpy_features__none_kept_object": "TypeError",
    "f29_tabular_numpy_features__string_cell": "TypeError",
    "f29_optimizer_in_backward__hook_on_flat_view": "RuntimeError",
    "f29_optimizer_in_backward__hook_on_scaled_param": "RuntimeError",
    "f29_activation_grad_logger__post_hook_on_activation": "RuntimeError",
    "f29_offload_activations_step__offload_inside_guard": "RuntimeError",
    "f29_checkpointed_blocks_guard__non_reentrant_in_guard": "RuntimeError",
    "f29_checkpointed_blocks_guard__compress_hooks_in_guard_style": "RuntimeError",
    "f29_multi_loss_backward__weights_for_two_heads": "RuntimeError",
    "f29_multi_loss_backward__one_shared_weight": "RuntimeError",
    "f29_gradient_penalty_critic__two_outputs_one_grad_early": "RuntimeError",
    "f29_multimodal_stack_loader__captions_one_extra": "ValueError",
    "f29_multimodal_stack_loader__images_cut_short": "ValueError",
    "f29_multimodal_stack_loader__chain_map_style_texts_cfg": "AssertionError",
    "f29_paired_view_dataset__labels_from_last_index": "ValueError",
    "f29_paired_view_dataset__chain_of_tensor_datasets": "AssertionError",
    "f29_paired_view_dataset__chain_then_zip_late": "AssertionError",
    "f29_precision_setup_cfg__precision_int8_quant": "TypeError",
    "f29_precision_setup_cfg__precision_long": "TypeError",
    "f29_token_dtype_follow__follows_token_dtype": "TypeError",
    "f29_token_dtype_follow__follows_bool_mask_dtype": "TypeError",
    "f29_gaussian_policy_head__tril_and_covariance": "ValueError",
    "f29_gaussian_policy_head__precision_and_tril_path": "ValueError",
    "f29_gaussian_policy_head__cov_not_batched_matrix": "ValueError",
    "f29_gmm_density_head__logits_one_short": "ValueError",
    "f29_gmm_density_head__mvn_components_two_cov_args": "ValueError",
    "f29_gmm_density_head__normal_not_independent": "ValueError",
    "f29_mixture_of_experts_prior__gate_has_extra_slot": "ValueError",
    "f29_mixture_of_experts_prior__gate_logits_transposed": "ValueError",
    "f29_parametrized_mlp_cfg__weight_norm_dim_two": "IndexError",
    "f29_parametrized_mlp_cfg__spectral_on_w_again": "ValueError",
    "f29_parametrized_mlp_cfg__spectral_on_weights_plural": "ValueError",
    "f29_parametrized_mlp_cfg__weight_norm_dim_minus_three_late": "IndexError",
    "f29_parametrized_mlp_cfg__orthogonal_bias_cfg": "ValueError",
    "f29_tcn_weight_norm__dim_is_kernel_count": "IndexError",
    "f29_tcn_weight_norm__spectral_on_kernel_name": "ValueError",
    "f29_tcn_weight_norm__orthogonal_on_bias": "ValueError",
    "f29_tcn_weight_norm__orthogonal_bias_positional": "ValueError",
    "f29_deploy_fusion_helper__bn_of_inputs": "AssertionError",
    "f29_deploy_fusion_helper__bn_half_width": "AssertionError",
    "f29_head_fusion_export__bn_on_inputs": "AssertionError",
    "f29_vit_patch_tokens__patch_not_dividing_image": "RuntimeError",
    "f29_vit_patch_tokens__einops_patch_not_dividing": "EinopsError",
    "f29_multiscale_concat_head__head_sized_by_last_stage": "RuntimeError",
    "f29_multiscale_concat_head__pool_keeps_spatial_flatten": "RuntimeError",
    "f29_scratch_self_attention__split_sizes_one_short": "RuntimeError",
    "f29_scratch_self_attention__heads_not_dividing": "RuntimeError",
    "f29_scratch_self_attention__keys_not_transposed": "RuntimeError",
    "f29_retrieval_scores__bmm_without_transpose": "RuntimeError",
    "f29_retrieval_scores__einsum_key_width": "RuntimeError",
    "f29_retrieval_scores__tensordot_wrong_axis": "RuntimeError",
    "f29_gated_temporal_fusion__summary_dropped_time_axis": "RuntimeError",
    "f29_gated_temporal_fusion__context_pooled_without_keepdim_early": "RuntimeError",
    "f29_swiglu_ffn_cfg__three_parts_two_names": "ValueError",
    "f29_swiglu_ffn_cfg__split_by_hidden_three_parts": "ValueError",
    "f29_merge_heads_output__view_after_transpose": "RuntimeError",
    "f29_merge_heads_output__view_minus_one_after_permute": "RuntimeError",
    "f29_rotary_cache_attention__rotary_over_model_width": "RuntimeError",
    "f29_rotary_cache_attention__rotary_table_short": "RuntimeError",
    "f29_greedy_decode_cache__cache_one_short": "IndexError",
    "f29_greedy_decode_cache__position_table_short": "IndexError",
    "f29_padding_mask_attention__mask_batch_by_time": "RuntimeError",
    "f29_padding_mask_attention__mask_missing_head_axis": "RuntimeError",
    "f29_padding_mask_attention__float_mask_in_masked_fill": "TypeError",
    "f29_config_cnn_stack__fc_in_for_two_stages": "RuntimeError",
    "f29_config_cnn_stack__conv_in_from_first_cfg": "RuntimeError",
    "f29_bf16_inference_head__features_left_fp32": "RuntimeError",
    "f29_bf16_inference_head__features_cast_half_head_bf16": "RuntimeError",
    "f29_classification_loss_cfg__one_hot_three_classes": "RuntimeError",
    "f29_classification_loss_cfg__smoothing_as_percent": "RuntimeError",
    "f29_classification_loss_cfg__weights_for_three_classes": "RuntimeError",
    "f29_candidate_reranker__keep_more_than_candidates": "RuntimeError",
    "f29_candidate_reranker__gather_index_rank_two": "RuntimeError",
    "f29_upsample_decoder_cfg__mode_bilinear2d": "NotImplementedError",
    "f29_upsample_decoder_cfg__mode_linear_on_images": "NotImplementedError",
    "f29_holdout_split_loader__fractions_not_summing": "ValueError",
    "f29_holdout_split_loader__shuffle_with_sampler": "ValueError",
    "f29_bucketed_batch_sampler__budget_below_one_sequence_late": "ValueError",
    "f29_bucketed_batch_sampler__drop_last_as_string": "ValueError",
    "f29_widened_checkpoint_reload__hidden_doubled": "RuntimeError",
    "f29_widened_checkpoint_reload__hidden_doubled_non_strict": "RuntimeError",
    "f29_per_group_lambda_schedule__one_lambda_in_list": "ValueError",
    "f29_per_group_lambda_schedule__lambda_per_layer_module_early": "ValueError",
    "f29_fourier_mixing_layer__real_weight_late": "RuntimeError",
    "f29_fourier_mixing_layer__real_weight_einsum": "RuntimeError",
    "f29_scaled_grad_function__grad_for_x_only": "RuntimeError",
    "f29_packed_sentence_encoder__lengths_in_corpus_order": "RuntimeError",
    "f29_packed_sentence_encoder__padding_side_end": "RuntimeError",
    "f29_init_scheme_registry__kaiming_gelu_cfg": "ValueError",
    "f29_init_scheme_registry__xavier_silu_gain": "ValueError",
    "f29_einops_head_repeat__repeat_skipped_two_kv": "RuntimeError",
    "f29_einops_head_repeat__kv_split_by_query_heads_v2": "EinopsError",
    "f29_per_sample_norm_clip__ok_where_select": None,
    "f29_ensemble_vmap_predict__ok_dropout_different": None,
    "f29_input_sensitivity_probe__ok_chunk_one": None,
    "f29_pairwise_metric_vmap__ok_acc_zeros_like": None,
    "f29_running_stat_vmap__ok_noise_same": None,
    "f29_jvp_direction_check__ok_autograd_functional": None,
    "f29_quantile_bucket_embed__ok_right_both_ways": None,
    "f29_step_schedule_lookup__ok_right_inclusive": None,
    "f29_zca_whitening__ok_upper": None,
    "f29_spectral_gap_regulariser__ok_u_lowercase": None,
    "f29_gauss_window_frontend__ok_kaiser_zero_beta": None,
    "f29_smoothing_kernel_conv__ok_exponential": None,
    "f29_warmup_tensor_lr_trainer__ok_fused_cpu": None,
    "f29_param_group_lr_builder__ok_tensor_lr_single_tensor_kernel": None,
    "f29_temperature_calibration__ok_one_group_dict": None,
    "f29_lbfgs_head_finetune__ok_adam_decay_groups": None,
    "f29_cyclic_lr_factory__ok_adam_betas_cycle": None,
    "f29_triangular_schedule_trainer__ok_asgd_step": None,
    "f29_script_postprocess_export__ok_trace_then_freeze": None,
    "f29_torchscript_bundle__ok_train_mode_not_frozen": None,
    "f29_numpy_flip_augment__ok_flip_copy": None,
    "f29_reversed_sequence_numpy__ok_fliplr_tolist": None,
    "f29_label_vocab_numpy__ok_unique_inverse": None,
    "f29_tabular_numpy_features__ok_none_to_nan": None,
    "f29_optimizer_in_backward__ok_grad_hook_instead": None,
    "f29_activation_grad_logger__ok_post_hook_on_weight": None,
    "f29_offload_activations_step__ok_guard_without_offload": None,
    "f29_checkpointed_blocks_guard__ok_reentrant_in_guard": None,
    "f29_multi_loss_backward__ok_weights_from_heads": None,
    "f29_gradient_penalty_critic__ok_two_outputs": None,
    "f29_multimodal_stack_loader__ok_chain_streams": None,
    "f29_paired_view_dataset__ok_zip_lists": None,
    "f29_precision_setup_cfg__ok_double": None,
    "f29_token_dtype_follow__ok_weight_dtype": None,
    "f29_gaussian_policy_head__ok_covariance": None,
    "f29_gmm_density_head__ok_mvn_components": None,
    "f29_mixture_of_experts_prior__ok_shared_gate_row": None,
    "f29_parametrized_mlp_cfg__ok_spectral": None,
    "f29_tcn_weight_norm__ok_last_dim": None,
    "f29_deploy_fusion_helper__ok_single_feature_bn": None,
    "f29_head_fusion_export__ok_shared_scale_bn": None,
    "f29_vit_patch_tokens__ok_einops": None,
    "f29_multiscale_concat_head__ok_max_pool": None,
    "f29_scratch_self_attention__ok_split_list": None,
    "f29_retrieval_scores__ok_einsum": None,
    "f29_gated_temporal_fusion__ok_unsqueezed": None,
    "f29_swiglu_ffn_cfg__ok_three_parts_two_used": None,
    "f29_merge_heads_output__ok_contiguous_view": None,
    "f29_rotary_cache_attention__ok_table_from_shape": None,
    "f29_greedy_decode_cache__ok_fewer_steps": None,
    "f29_padding_mask_attention__ok_masked_fill": None,
    "f29_config_cnn_stack__ok_three_stages": None,
    "f29_bf16_inference_head__ok_autocast": None,
    "f29_classification_loss_cfg__ok_smoothing_zero": None,
    "f29_candidate_reranker__ok_keep_all": None,
    "f29_upsample_decoder_cfg__ok_nearest_exact": None,
    "f29_holdout_split_loader__ok_counts": None,
    "f29_bucketed_batch_sampler__ok_one_per_batch": None,
    "f29_widened_checkpoint_reload__ok_same_width_non_strict": None,
    "f29_per_group_lambda_schedule__ok_one_shared": None,
    "f29_fourier_mixing_layer__ok_real_weight_cast": None,
    "f29_scaled_grad_function__ok_trailing_nones": None,
    "f29_packed_sentence_encoder__ok_unsorted_flag": None,
    "f29_init_scheme_registry__ok_xavier_selu": None,
    "f29_einops_head_repeat__ok_mqa": None,
    "f29_gradient_penalty_critic__grad_outputs_extra": None,  # written as a crash; torch runs it
    "f29_scaled_grad_function__weight_grad_not_reduced": None,  # written as a crash; torch runs it
    "f29_einops_head_repeat__repeat_by_kv_heads": None,  # written as a crash; torch runs it
}

globals().update(
    cb.batch_tests(
        "fresh29",
        "templates_fresh29",
        "f29_",
        SAMPLE,
        min_cases=280,
        min_new=15,
        min_templates=55,
    )
)


def _classes():
    cases = cb.batch("fresh29")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh29")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_sample_covers_every_crash_case_and_every_template():
    """The torch-verdict sample holds every crash case and a clean case of every template."""
    cases = cb.batch("fresh29")
    crash = {n for n in cases if cb.TRUTH["cases"][n]["crash"]}
    assert crash <= set(SAMPLE)
    clean_templates = {n.split("__")[0] for n, v in SAMPLE.items() if v is None}
    assert clean_templates == {n.split("__")[0] for n in cases}


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh29", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh29")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f29_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_at_least_55_classes_15_new_30_earlier():
    """Session 37's brief: at least 55 crash classes, at least 15 of them new (no earlier split
    has them), and at least 30 earlier classes in new code shapes."""
    crash, older = _classes()
    classes = set(crash.values())
    new, old = classes - older, classes & older
    assert len(classes) >= 55 and len(new) >= 15 and len(old) >= 30, (len(new), len(old))


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
    cases = cb.batch("fresh29")
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


def test_default_dtype_left_as_found():
    """The default-dtype cases restore the default dtype whether they raise or not (a case
    that leaked float64 or bfloat16 would change the verdicts of the cases run after it)."""
    torch = pytest.importorskip("torch")
    before = torch.get_default_dtype()
    for name in [
        n for n in cb.batch("fresh29") if "precision_setup_cfg" in n or "token_dtype" in n
    ]:
        for seed in (0, 1):
            cb.error_type(cb.CASES[name], seed)
            assert torch.get_default_dtype() == before, name
