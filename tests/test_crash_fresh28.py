"""The crash study's twenty-eighth fresh batch (``benchmarks/crash/templates_fresh28.py``, split
``fresh28``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh28`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 36): at least 55 templates and 280
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
55 crash classes with at least 20 no earlier set has and at least 20 earlier ones, at least 25
whole small models, at least 60 clean cases that look risky, case files that are what the
templates render, no label that torch contradicts, every new class written in at least 3 crash
cases over at least 2 templates, every crash class with 2 or more crash cases in both split
parts, and, for a sample of cases on both sides (every crash case and one risky clean twin per
template, plus the four labels torch overturned while the batch was written), that torch's verdict
in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

import hashlib

from tests import crash_batch_support as cb

SAMPLE = {
    "f28_recsys_sparse_embedding__sparse_table_adam": "RuntimeError",
    "f28_recsys_sparse_embedding__dense_table_sparse_adam": "RuntimeError",
    "f28_two_tower_sparse_ids__adamw_over_sparse_table": "RuntimeError",
    "f28_two_tower_sparse_ids__sparse_adam_everything": "RuntimeError",
    "f28_bag_of_words_classifier__sparse_bag_rmsprop": "RuntimeError",
    "f28_bag_of_words_classifier__sparse_bag_nadam_late": "RuntimeError",
    "f28_bag_of_words_classifier__dense_bag_sparse_adam": "RuntimeError",
    "f28_optimizer_flags_cfg__fused_and_foreach_again": "RuntimeError",
    "f28_optimizer_flags_cfg__capturable_on_cpu_run": "AssertionError",
    "f28_trainer_speed_flags__all_fast_flags": "RuntimeError",
    "f28_trainer_speed_flags__graph_safe_cpu": "AssertionError",
    "f28_trainer_speed_flags__graph_safe_adam_default_kernels": "AssertionError",
    "f28_adam_betas_cfg__one_beta": "IndexError",
    "f28_adam_betas_cfg__beta2_above_one": "ValueError",
    "f28_gan_two_optimizers__betas_only_beta1": "IndexError",
    "f28_gan_two_optimizers__betas_scalar": "IndexError",
    "f28_gan_two_optimizers__beta1_negative": "ValueError",
    "f28_ema_foreach_tracker__shadow_float_state_vs_params_v2": "RuntimeError",
    "f28_ema_foreach_tracker__shadow_params_vs_buffers_too": "RuntimeError",
    "f28_layerwise_lr_scaler__scales_per_parameter_frozen_first": "RuntimeError",
    "f28_layerwise_lr_scaler__scales_per_layer": "RuntimeError",
    "f28_swa_buffer_average__avg_of_last_layer_only": "RuntimeError",
    "f28_swa_buffer_average__avg_weights_only": "RuntimeError",
    "f28_sharded_stream_dataset__worker_id_unguarded": "AttributeError",
    "f28_sharded_stream_dataset__num_workers_unguarded_later_cfg": "AttributeError",
    "f28_seeded_worker_augment__worker_seed_unguarded": "AttributeError",
    "f28_seeded_worker_augment__worker_id_seed": "AttributeError",
    "f28_corpus_mixture_loader__sources_misspelt_v2": "AssertionError",
    "f28_corpus_mixture_loader__stream_in_concat_late": "AssertionError",
    "f28_multitask_concat_eval__synthetic_stream": "AssertionError",
    "f28_multitask_concat_eval__tasks_as_string": "AssertionError",
    "f28_multitask_concat_eval__no_task_enabled": "AssertionError",
    "f28_curriculum_subset__one_based_indices": "IndexError",
    "f28_curriculum_subset__indices_shifted_past_end": "IndexError",
    "f28_curriculum_subset__indices_from_full_corpus": "IndexError",
    "f28_kfold_split_trainer__fold_end_inclusive": "IndexError",
    "f28_kfold_split_trainer__fold_one_based": "IndexError",
    "f28_balanced_epoch_sampler__oversample_without_replacement_v2": "RuntimeError",
    "f28_balanced_epoch_sampler__factor_1_5_without_replacement": "RuntimeError",
    "f28_hard_negative_miner__more_negatives_than_batch": "RuntimeError",
    "f28_hard_negative_miner__negatives_plus_positives": "RuntimeError",
    "f28_hard_negative_miner__k_doubled_for_pairs": "RuntimeError",
    "f28_ctc_asr_head__blank_after_vocab_no_slot": "RuntimeError",
    "f28_ctc_asr_head__blank_index_past_head": "RuntimeError",
    "f28_conformer_ctc_trainer__blank_is_char_count": "RuntimeError",
    "f28_conformer_ctc_trainer__blank_id_negative": "RuntimeError",
    "f28_int8_weight_export__scales_over_inputs_axis0_late": "RuntimeError",
    "f28_int8_weight_export__float16_target_early": "RuntimeError",
    "f28_int8_weight_export__one_scale_per_tensor_axis0": "RuntimeError",
    "f28_activation_fake_quant__range_swapped": "RuntimeError",
    "f28_activation_fake_quant__signed_range_written_max_first": "RuntimeError",
    "f28_activation_fake_quant__unsigned_zero_point_signed_range": "RuntimeError",
    "f28_observer_quant_cfg__signed_with_unsigned_zp": "RuntimeError",
    "f28_observer_quant_cfg__dtype_name_float": "RuntimeError",
    "f28_observer_quant_cfg__dtype_name_bfloat16": "RuntimeError",
    "f28_per_channel_qat_conv__out_scales_on_in_axis": "RuntimeError",
    "f28_per_channel_qat_conv__qmin_qmax_reversed": "RuntimeError",
    "f28_quant_dequant_residual__residual_on_quantized": "RuntimeError",
    "f28_quant_dequant_residual__half_dtype_requantized": "RuntimeError",
    "f28_quant_dequant_residual__zero_point_out_of_range": "RuntimeError",
    "f28_gcn_edge_list__duplicate_edges_uncoalesced_b": "RuntimeError",
    "f28_gcn_edge_list__uncoalesced_values_first": "RuntimeError",
    "f28_hashed_feature_bag__log_values_uncoalesced": "RuntimeError",
    "f28_hashed_feature_bag__row_ids_from_indices": "RuntimeError",
    "f28_hashed_feature_bag__dense_view_of_sparse": "NotImplementedError",
    "f28_sparse_attention_mask__sparse_mask_reshaped": "RuntimeError",
    "f28_sparse_attention_mask__sparse_mask_sliced": "NotImplementedError",
    "f28_sparse_attention_mask__sparse_mask_transposed_view": "NotImplementedError",
    "f28_spectral_gate_denoiser__float_of_complex_mean_late": "RuntimeError",
    "f28_spectral_gate_denoiser__item_of_complex_compared": "TypeError",
    "f28_spectral_gate_denoiser__max_of_complex_spectrum": "NotImplementedError",
    "f28_phase_vocoder_stats__float_of_complex_energy": "RuntimeError",
    "f28_phase_vocoder_stats__int_of_complex_peak": "RuntimeError",
    "f28_ragged_token_encoder__squeezed_single_token_late": "RuntimeError",
    "f28_ragged_token_encoder__single_token_pooled_early": "RuntimeError",
    "f28_ragged_token_encoder__ragged_dim_size": "RuntimeError",
    "f28_packed_document_pool__single_token_doc_squeezed": "RuntimeError",
    "f28_packed_document_pool__doc_length_from_shape": "RuntimeError",
    "f28_packed_document_pool__doc_len_size_minus_two": "RuntimeError",
    "f28_per_sample_grad_norms__argnums_counts_from_one_again": "RuntimeError",
    "f28_per_sample_grad_norms__argnums_params_input_and_target": "RuntimeError",
    "f28_per_sample_grad_norms__aux_flag_without_aux": "RuntimeError",
    "f28_maml_inner_loop__aux_returned_as_dict": "RuntimeError",
    "f28_maml_inner_loop__argnums_tuple_past_inputs": "RuntimeError",
    "f28_maml_inner_loop__aux_flag_loss_only": "RuntimeError",
    "f28_grad_reverse_vmap__vmap_over_ctx_forward": "RuntimeError",
    "f28_grad_reverse_vmap__setup_context_forward_keeps_ctx_v3": "TypeError",
    "f28_straight_through_round__new_style_forward_with_ctx": "TypeError",
    "f28_straight_through_round__old_style_under_vmap": "RuntimeError",
    "f28_jacobian_of_custom_act__ok_jacrev_with_setup_context": "RuntimeError",  # written clean; torch raises
    "f28_jacobian_of_custom_act__jacrev_over_ctx_forward": "RuntimeError",
    "f28_jvp_sensitivity_probe__dual_made_before_level": "RuntimeError",
    "f28_jvp_sensitivity_probe__tangent_one_row_v3": "RuntimeError",
    "f28_jvp_sensitivity_probe__tangent_per_feature_column": "RuntimeError",
    "f28_directional_curvature__dual_outside_level": "RuntimeError",
    "f28_directional_curvature__direction_without_batch": "RuntimeError",
    "f28_directional_curvature__level_entered_after_dual": "RuntimeError",
    "f28_grad_monitor_hooks__full_hook_before_inplace_relu_cfg": "RuntimeError",
    "f28_grad_monitor_hooks__ok_backward_pre_hook_inplace": "RuntimeError",  # written clean; torch raises
    "f28_residual_block_grad_hook__residual_added_in_place": "RuntimeError",
    "f28_residual_block_grad_hook__relu_inplace_after_block": "RuntimeError",
    "f28_fx_quant_prep__branch_on_activation_mean_b": "TraceError",
    "f28_fx_quant_prep__branch_on_batch_size": "TraceError",
    "f28_fx_graph_rewriter__early_exit_on_norm": "TraceError",
    "f28_fx_graph_rewriter__steps_from_input_rows": "TypeError",
    "f28_torchscript_trace_export__dict_output_strict": "RuntimeError",
    "f28_torchscript_trace_export__dict_output_check_trace_only": "RuntimeError",
    "f28_trace_side_effect_logger__returns_nothing": "RuntimeError",
    "f28_trace_side_effect_logger__returns_nothing_implicit": "RuntimeError",
    "f28_export_program_helper__tensor_not_tuple_late": "UserError",
    "f28_export_program_helper__list_of_inputs": "UserError",
    "f28_onnx_free_export_bundle__example_passed_bare": "UserError",
    "f28_ckpt_with_run_config__lambda_in_checkpoint_v2": "AttributeError",
    "f28_ckpt_with_run_config__generator_in_checkpoint": "TypeError",
    "f28_ckpt_with_run_config__inline_lambda_in_checkpoint": "AttributeError",
    "f28_trainer_state_snapshot__scheduler_object_saved": "AttributeError",
    "f28_trainer_state_snapshot__lr_lambda_saved": "AttributeError",
    "f28_resume_on_device__cuda_hardcoded_map_late": "RuntimeError",
    "f28_resume_on_device__gpu_alias_map": "RuntimeError",
    "f28_ddp_rank_checkpoint__map_to_local_rank_gpu": "RuntimeError",
    "f28_ddp_rank_checkpoint__map_dict_cpu_to_cuda": "RuntimeError",
    "f28_knn_retrieval_head__mode_short_name_late": "ValueError",
    "f28_knn_retrieval_head__mode_bool_like": "ValueError",
    "f28_prototype_classifier__mode_named_matmul": "ValueError",
    "f28_prototype_classifier__p_negative": "RuntimeError",
    "f28_robust_quantile_scaler__interpolation_mean_early": "RuntimeError",
    "f28_robust_quantile_scaler__interpolation_numpy_name": "RuntimeError",
    "f28_robust_quantile_scaler__q_as_percent": "RuntimeError",
    "f28_outlier_clip_stats__interpolation_median": "RuntimeError",
    "f28_outlier_clip_stats__interpolation_capitalised": "RuntimeError",
    "f28_grad_norm_logger__ord_fro_name": "TypeError",
    "f28_grad_norm_logger__ord_inf_string": "TypeError",
    "f28_embedding_norm_regulariser__ord_nuclear_name": "TypeError",
    "f28_embedding_norm_regulariser__ord_l2_string": "TypeError",
    "f28_masked_lm_trainer__pick_as_float_mask": "RuntimeError",
    "f28_masked_lm_trainer__smoothing_as_percent": "RuntimeError",
    "f28_packed_gru_tagger__lengths_in_dataset_order": "RuntimeError",
    "f28_packed_gru_tagger__reduction_avg": "ValueError",
    "f28_sampling_decoder_cfg__top_k_past_vocab": "RuntimeError",
    "f28_sampling_decoder_cfg__greedy_as_temperature_zero": "RuntimeError",
    "f28_init_scheme_cfg__mode_fan_avg": "ValueError",
    "f28_init_scheme_cfg__nonlinearity_gelu": "ValueError",
    "f28_config_built_mlp__act_lowercase": "AttributeError",
    "f28_config_built_mlp__dropout_as_percent": "ValueError",
    "f28_attention_mask_builder__mask_per_sample_not_head_late": "RuntimeError",
    "f28_attention_mask_builder__mask_heads_as_extra_dim": "RuntimeError",
    "f28_attention_mask_builder__mask_with_bos_column": "RuntimeError",
    "f28_kv_cache_generate__cache_index_put_past_end": "IndexError",
    "f28_kv_cache_generate__positions_past_table": "IndexError",
    "f28_half_precision_head__float_into_bf16_head": "RuntimeError",
    "f28_half_precision_head__inverse_in_bf16": "RuntimeError",
    "f28_label_encoder_head__classes_one_short": "RuntimeError",
    "f28_label_encoder_head__labels_shifted_negative": "IndexError",
    "f28_grad_clip_trainer__norm_type_l2_name": "ValueError",
    "f28_grad_clip_trainer__manual_clip_frozen_grad": "AttributeError",
    "f28_grad_clip_trainer__sgd_fused_and_foreach": "RuntimeError",
    "f28_scheduler_chain_cfg__milestone_per_scheduler": "ValueError",
    "f28_scheduler_chain_cfg__plateau_mode_minimize": "ValueError",
    "f28_pretrain_stream_mixer__map_style_plus_stream_concat": "AssertionError",
    "f28_pretrain_stream_mixer__two_streams_concat": "AssertionError",
    "f28_custom_clamp_function__setup_context_with_ctx_forward": "TypeError",
    "f28_custom_clamp_function__grad_only_for_x_bare": "RuntimeError",
    "f28_recsys_sparse_embedding__ok_sparse_sgd": None,
    "f28_two_tower_sparse_ids__ok_split_optimizers": None,
    "f28_bag_of_words_classifier__ok_sparse_sgd_momentum_zero": None,
    "f28_optimizer_flags_cfg__ok_fused_cpu": None,
    "f28_trainer_speed_flags__ok_fused_only": None,
    "f28_adam_betas_cfg__ok_list_pair": None,
    "f28_gan_two_optimizers__ok_tuple_from_list": None,
    "f28_ema_foreach_tracker__ok_state_dict_both_sides": None,
    "f28_layerwise_lr_scaler__ok_one_scalar": None,
    "f28_swa_buffer_average__ok_last_layer_both": None,
    "f28_sharded_stream_dataset__ok_getattr_defaults": None,
    "f28_seeded_worker_augment__ok_main_process_branch": None,
    "f28_corpus_mixture_loader__ok_stream_chained": None,
    "f28_multitask_concat_eval__ok_synthetic_materialised": None,
    "f28_curriculum_subset__ok_hardest_last": None,
    "f28_kfold_split_trainer__ok_three_folds_floor": None,
    "f28_balanced_epoch_sampler__ok_no_replacement_one_epoch": None,
    "f28_hard_negative_miner__ok_all_but_self": None,
    "f28_ctc_asr_head__ok_blank_last": None,
    "f28_conformer_ctc_trainer__ok_blank_at_end": None,
    "f28_int8_weight_export__ok_per_input_axis": None,
    "f28_activation_fake_quant__ok_four_bit": None,
    "f28_observer_quant_cfg__ok_signed_centered": None,
    "f28_per_channel_qat_conv__ok_in_channel_axis": None,
    "f28_quant_dequant_residual__ok_dequant_then_scale": None,
    "f28_gcn_edge_list__ok_coalesced_values": None,
    "f28_hashed_feature_bag__ok_coalesce_then_log": None,
    "f28_sparse_attention_mask__ok_dense_unsqueezed": None,
    "f28_spectral_gate_denoiser__ok_real_part_mean": None,
    "f28_phase_vocoder_stats__ok_complex_item_abs": None,
    "f28_ragged_token_encoder__ok_unbind_mean": None,
    "f28_packed_document_pool__ok_unbind_lengths": None,
    "f28_per_sample_grad_norms__ok_aux_pair": None,
    "f28_maml_inner_loop__ok_aux_prediction": None,
    "f28_grad_reverse_vmap__ok_vmap_with_setup_context": None,
    "f28_straight_through_round__ok_new_style": None,
    "f28_jacobian_of_custom_act__ok_jacrev_generated_vmap_rule": None,
    "f28_jvp_sensitivity_probe__ok_broadcast_free_expand": None,
    "f28_directional_curvature__ok_unit_axis": None,
    "f28_grad_monitor_hooks__ok_inplace_with_pre_hook": None,
    "f28_residual_block_grad_hook__ok_out_of_place_relu": None,
    "f28_fx_quant_prep__ok_branch_on_training_flag": None,
    "f28_fx_graph_rewriter__ok_enumerate_layers": None,
    "f28_torchscript_trace_export__ok_dict_non_strict": None,
    "f28_trace_side_effect_logger__ok_returns_input": None,
    "f28_export_program_helper__ok_tuple_call": None,
    "f28_onnx_free_export_bundle__ok_detached_tuple": None,
    "f28_ckpt_with_run_config__ok_builtin_function_pickled": None,
    "f28_trainer_state_snapshot__ok_multiplicative_state": None,
    "f28_resume_on_device__ok_cuda_if_available": None,
    "f28_ddp_rank_checkpoint__ok_device_object": None,
    "f28_knn_retrieval_head__ok_never_mm": None,
    "f28_prototype_classifier__ok_explicit_mm": None,
    "f28_robust_quantile_scaler__ok_midpoint": None,
    "f28_outlier_clip_stats__ok_higher": None,
    "f28_grad_norm_logger__ok_inf_float": None,
    "f28_embedding_norm_regulariser__ok_zero_norm_count": None,
    "f28_masked_lm_trainer__ok_no_smoothing_ne": None,
    "f28_packed_gru_tagger__ok_unsorted_flagged": None,
    "f28_sampling_decoder_cfg__ok_full_vocab_k": None,
    "f28_init_scheme_cfg__ok_fan_out_relu": None,
    "f28_config_built_mlp__ok_silu_no_dropout": None,
    "f28_attention_mask_builder__ok_per_head_batch": None,
    "f28_kv_cache_generate__ok_exact_cache": None,
    "f28_kv_cache_generate__cache_short_of_prompt_plus_steps": None,  # written as a crash; torch runs it
    "f28_half_precision_head__ok_autocast_cpu": None,
    "f28_label_encoder_head__ok_wider_one_hot": None,
    "f28_grad_clip_trainer__ok_inf_norm_frozen_skipped": None,
    "f28_scheduler_chain_cfg__ok_max_mode": None,
    "f28_pretrain_stream_mixer__ok_materialised_replay": None,
    "f28_custom_clamp_function__ok_setup_context_style": None,
    "f28_custom_clamp_function__grad_only_for_x": None,  # written as a crash; torch runs it
}

globals().update(
    cb.batch_tests(
        "fresh28",
        "templates_fresh28",
        "f28_",
        SAMPLE,
        min_cases=280,
        min_new=20,
        min_templates=55,
    )
)


def _classes():
    cases = cb.batch("fresh28")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh28")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_sample_covers_every_crash_case_and_every_template():
    """The torch-verdict sample holds every crash case and a clean case of every template."""
    cases = cb.batch("fresh28")
    crash = {n for n in cases if cb.TRUTH["cases"][n]["crash"]}
    assert crash <= set(SAMPLE)
    clean_templates = {n.split("__")[0] for n, v in SAMPLE.items() if v is None}
    assert clean_templates == {n.split("__")[0] for n in cases}


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh28", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh28")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f28_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_at_least_55_classes_20_new():
    """Session 36's brief: at least 55 crash classes, at least 20 of them new (no earlier split
    has them), and at least 20 earlier classes in new code shapes."""
    crash, older = _classes()
    classes = set(crash.values())
    new, old = classes - older, classes & older
    assert len(classes) >= 55 and len(new) >= 20 and len(old) >= 20, (len(new), len(old))


def test_about_half_crash_half_clean():
    """Half the cases crash and half are clean twins (within 45-55%)."""
    cases = cb.batch("fresh28")
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
