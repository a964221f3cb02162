"""The crash study's twenty-fourth fresh batch (``benchmarks/crash/templates_fresh24.py``, split
``fresh24``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh24`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 32): at least 40 templates and 200
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has and at least 20 earlier ones, at least 25 whole small models,
at least 60 clean cases that look risky, case files that are what the templates render, no label
that torch contradicts, every new class written in at least 3 crash cases over at least 2
templates, and, for a sample of cases on both sides (every crash case and one risky clean twin
per template), that torch's verdict in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f24_config_device_mlp__gpu": "RuntimeError",
    "f24_config_device_mlp__upper_cpu": "RuntimeError",
    "f24_config_device_mlp__ok_indexed": None,
    "f24_sinusoid_position_device__cuda_no_colon": "RuntimeError",
    "f24_sinusoid_position_device__gpu_index": "RuntimeError",
    "f24_mixed_precision_head__dtype_then_str": "TypeError",
    "f24_mixed_precision_head__dtype_then_device": "TypeError",
    "f24_mixed_precision_head__ok_keywords": None,
    "f24_cast_table_block__dtype_device": "TypeError",
    "f24_cast_table_block__meta_target": "RuntimeError",
    "f24_cast_table_block__ok_device_dtype": None,
    "f24_input_saliency_model__like_input": "RuntimeError",
    "f24_input_saliency_model__batch_vector": "RuntimeError",
    "f24_input_saliency_model__ok_row_weights": None,
    "f24_critic_gradient_penalty__flat_ones": "RuntimeError",
    "f24_critic_gradient_penalty__scalar_one": "RuntimeError",
    "f24_critic_gradient_penalty__ok_sum": None,
    "f24_cached_prior_adapter__inference_linear": "RuntimeError",
    "f24_cached_prior_adapter__inference_scaled": "RuntimeError",
    "f24_cached_prior_adapter__ok_clone": None,
    "f24_teacher_student_distill__product_with_teacher_direct": "RuntimeError",
    "f24_teacher_student_distill__mse_inference_target": "RuntimeError",
    "f24_teacher_student_distill__ok_cat": None,
    "f24_prefix_pooled_classifier__all_prefix_max": "IndexError",
    "f24_prefix_pooled_classifier__all_prefix_amax": "IndexError",
    "f24_prefix_pooled_classifier__ok_last_one": None,
    "f24_span_extractor__zero_width_min_inline": "IndexError",
    "f24_span_extractor__zero_width_argmax": "IndexError",
    "f24_span_extractor__ok_logsumexp_empty": None,
    "f24_layer_probe_stack__children_indexed": "TypeError",
    "f24_layer_probe_stack__modules_sliced": "TypeError",
    "f24_layer_probe_stack__ok_index": None,
    "f24_device_follow_encoder__generator_attr": "AttributeError",
    "f24_device_follow_encoder__params_indexed_slip": "TypeError",
    "f24_device_follow_encoder__named_generator_attr": "AttributeError",
    "f24_device_follow_encoder__ok_weight": None,
    "f24_timestep_sinusoid_cfg__zero_min_period_cfg": "ValueError",
    "f24_timestep_sinusoid_cfg__negative_period": "ValueError",
    "f24_timestep_sinusoid_cfg__ok_small": None,
    "f24_ddpm_step_block__beta_over_one": "ValueError",
    "f24_ddpm_step_block__beta_percent": "ValueError",
    "f24_ddpm_step_block__ok_beta_one": None,
    "f24_min_p_sampler_lm__absolute_threshold": "RuntimeError",
    "f24_min_p_sampler_lm__strict_max": "RuntimeError",
    "f24_min_p_sampler_lm__ok_edge": None,
    "f24_threshold_token_picker__hard_threshold": "RuntimeError",
    "f24_threshold_token_picker__ok_softmax": None,
    "f24_topk_feature_select__sort_sliced": "TypeError",
    "f24_topk_feature_select__topk_sliced": "TypeError",
    "f24_topk_feature_select__k_over_width": "RuntimeError",
    "f24_topk_feature_select__ok_topk_first": None,
    "f24_median_pool_head__median_ellipsis": "TypeError",
    "f24_median_pool_head__max_rows": "TypeError",
    "f24_median_pool_head__ok_tuple_first": None,
    "f24_lazy_kaiming_mlp__fan_avg": "ValueError",
    "f24_lazy_kaiming_mlp__fanin": "ValueError",
    "f24_lazy_kaiming_mlp__ok_fan_out": None,
    "f24_conv_reinit_stem__fan_avg": "ValueError",
    "f24_conv_reinit_stem__hyphen_mode": "ValueError",
    "f24_conv_reinit_stem__ok_upper_mode": None,  # written as a crash; torch lower-cases the mode
    "f24_learned_position_vit__module_shape": "AttributeError",
    "f24_learned_position_vit__module_size": "AttributeError",
    "f24_learned_position_vit__ok_num_embeddings": None,
    "f24_ema_weight_snapshot__module_clone": "AttributeError",
    "f24_ema_weight_snapshot__module_detach": "AttributeError",
    "f24_ema_weight_snapshot__ok_state": None,
    "f24_scaled_dot_attention__shape_slice_cfg": "TypeError",
    "f24_scaled_dot_attention__ok_size": None,
    "f24_per_channel_loop__shape_tail": "TypeError",
    "f24_per_channel_loop__int_of_slice": "TypeError",
    "f24_per_channel_loop__one_extra_channel": "IndexError",
    "f24_per_channel_loop__ok_len": None,
    "f24_duration_length_regulator__log_not_exp": "RuntimeError",
    "f24_duration_length_regulator__shifted": "RuntimeError",
    "f24_duration_length_regulator__ok_clamped": None,
    "f24_upsample_by_repeat_cfg__downsample_slip": "RuntimeError",
    "f24_upsample_by_repeat_cfg__ok_triple": None,
    "f24_learned_range_bins__one_element": "RuntimeError",
    "f24_learned_range_bins__ok_item": None,
    "f24_per_sample_grid__batch_vector": "RuntimeError",
    "f24_per_sample_grid__keepdim_scalar": "RuntimeError",
    "f24_class_conditional_gain__tensor_key": "KeyError",
    "f24_class_conditional_gain__tensor_max_key": "KeyError",
    "f24_class_conditional_gain__ok_item": None,
    "f24_label_routed_heads__tensor_row_key_slip": "KeyError",
    "f24_label_routed_heads__ok_tolist": None,
    "f24_multi_task_registry__keys_indexed": "TypeError",
    "f24_multi_task_registry__sizes_keys_indexed": "TypeError",
    "f24_multi_task_registry__ok_next": None,
    "f24_stage_width_table__values_indexed": "TypeError",
    "f24_stage_width_table__ok_list_last": None,
    "f24_named_stage_backbone__str_plus_int_stale": "TypeError",
    "f24_named_stage_backbone__ok_str": None,
    "f24_getattr_block_chain__str_plus_int": "TypeError",
    "f24_getattr_block_chain__str_plus_depth": "TypeError",
    "f24_getattr_block_chain__ok_format": None,
    "f24_numpy_style_cast__long_called": "TypeError",
    "f24_numpy_style_cast__float_called": "TypeError",
    "f24_numpy_style_cast__ok_as_tensor": None,
    "f24_compute_dtype_block__attr_called_model": "TypeError",
    "f24_compute_dtype_block__ok_type": None,
    "f24_image_range_guard__min_raise": "ValueError",
    "f24_image_range_guard__max_assert": "AssertionError",
    "f24_image_range_guard__ok_finite": None,
    "f24_simplex_input_mixer__raw": "AssertionError",
    "f24_simplex_input_mixer__relu_only": "AssertionError",
    "f24_simplex_input_mixer__ok_normalized": None,
    "f24_functional_dropout_mlp__swapped": "TypeError",
    "f24_functional_dropout_mlp__swapped_2d": "TypeError",
    "f24_functional_dropout_mlp__ok_keywords": None,
    "f24_weighted_multi_loss__list": "TypeError",
    "f24_weighted_multi_loss__tuple": "TypeError",
    "f24_weighted_multi_loss__ok_buffer_like": None,
    "f24_bias_list_adapter__list_added_plain": "TypeError",
    "f24_bias_list_adapter__ok_new_tensor": None,
    "f24_config_gpt_block__stale_64": "RuntimeError",
    "f24_config_gpt_block__heads_5": "RuntimeError",
    "f24_config_gpt_block__ok_four": None,
    "f24_gqa_llama_block__kv_3": "RuntimeError",
    "f24_gqa_llama_block__literal_rep": "RuntimeError",
    "f24_gqa_llama_block__ok_mha": None,
    "f24_resnet_stage_widths__base_16": "RuntimeError",
    "f24_resnet_stage_widths__doubled_from_zero": "RuntimeError",
    "f24_resnet_stage_widths__ok_formula": None,
    "f24_flatten_formula_cnn__stale_literal": "RuntimeError",
    "f24_flatten_formula_cnn__round_not_floor": "RuntimeError",
    "f24_flatten_formula_cnn__ok_depth3": None,
    "f24_learned_pos_decode_loop__one_more_cfg": "IndexError",
    "f24_learned_pos_decode_loop__ok_fill": None,
    "f24_rotary_head_cfg__rot_full_width": "RuntimeError",
    "f24_rotary_head_cfg__partial_unsliced": "RuntimeError",
    "f24_rotary_head_cfg__ok_partial": None,
    "f24_mixer_token_mlp__hidden_out": "RuntimeError",
    "f24_mixer_token_mlp__dim_out": "RuntimeError",
    "f24_unet_concat_decoder__dec_in_c": "RuntimeError",
    "f24_unet_concat_decoder__odd_30": "RuntimeError",
    "f24_unet_concat_decoder__ok_24": None,
    "f24_moe_router_cfg__k_over": "RuntimeError",
    "f24_moe_router_cfg__fewer_built": "IndexError",
    "f24_moe_router_cfg__ok_all": None,
    "f24_gru_tagger_cfg__feat_not_proj": "RuntimeError",
    "f24_gru_tagger_cfg__hidden_in": "RuntimeError",
    "f24_gru_tagger_cfg__ok_equal": None,
    "f24_lstm_state_init__one_layer_state": "RuntimeError",
    "f24_lstm_state_init__feat_width_state": "RuntimeError",
    "f24_swin_window_block__win_3_of_8": "RuntimeError",
    "f24_swin_window_block__win_4_of_6": "RuntimeError",
    "f24_swin_window_block__ok_whole": None,
    "f24_diffusion_time_mlp__odd_33": "RuntimeError",
    "f24_diffusion_time_mlp__odd_15": "RuntimeError",
    "f24_closed_form_ridge_head__zero_bias_column_solve": "_LinAlgError",
    "f24_closed_form_ridge_head__zero_bias_column_inverse": "_LinAlgError",
    "f24_closed_form_ridge_head__ok_no_ridge_solve": None,  # written as a crash; a rank-4 float Gram matrix is solved
    "f24_closed_form_ridge_head__ok_no_ridge_inverse": None,  # the same near-miss, inverted
    "f24_ensemble_max_logits__python_max": "RuntimeError",
    "f24_ensemble_max_logits__python_sorted": "RuntimeError",
    "f24_ensemble_max_logits__ok_sum": None,
    "f24_head_split_view_div__true_div": "TypeError",
    "f24_head_split_view_div__true_div_3": "TypeError",
    "f24_head_split_view_div__ok_int_div": None,
    "f24_half_masked_attention__minus_1e9": "RuntimeError",
    "f24_half_masked_attention__float32_min": "RuntimeError",
    "f24_half_masked_attention__ok_half_min": None,
    "f24_missing_device_attr__self_device": "AttributeError",
    "f24_missing_device_attr__buffer_device_typo": "AttributeError",
    "f24_missing_device_attr__buffers_generator_device_loop": "AttributeError",
    "f24_missing_device_attr__ok_set": None,
    "f24_meta_init_buffers__meta_buffer": "RuntimeError",
    "f24_meta_init_buffers__ok_meta_replaced": None,
    "f24_prompt_param_stack__param_list_stacked": "TypeError",
    "f24_prompt_param_stack__ok_comprehension": None,
    "f24_groupnorm_cfg_conv__width_36": "RuntimeError",
    "f24_groupnorm_cfg_conv__width_12": "RuntimeError",
    "f24_groupnorm_cfg_conv__ok_8": None,
    "f24_tied_lm_width_drift__identity_wider": "RuntimeError",
    "f24_tied_lm_width_drift__down_to_hidden": "RuntimeError",
    "f24_tied_lm_width_drift__ok_same": None,
    "f24_fpn_lateral_merge__odd_scale": "RuntimeError",
    "f24_fpn_lateral_merge__odd_scale_nearest": "RuntimeError",
    "f24_fpn_lateral_merge__ok_size_odd": None,
    "f24_vit_patch_cfg__patch_changed_only_in_conv": "RuntimeError",
    "f24_vit_patch_cfg__patch_2": "RuntimeError",
    "f24_vit_patch_cfg__ok_8": None,
    "f24_stacked_tensor_list__tensor_of_list": "ValueError",
    "f24_stacked_tensor_list__as_tensor_of_list": "ValueError",
    "f24_stacked_tensor_list__modulelist_stacked": "TypeError",
    "f24_stacked_tensor_list__ok_cat": None,
    "f24_mha_config_cross__mem_16": "RuntimeError",
    "f24_mha_config_cross__kdim_only": "AssertionError",
    "f24_mha_config_cross__ok_kdim": None,
    "f24_attention_prob_dropout__flag_first_again": "TypeError",
    "f24_attention_prob_dropout__ok_module_flag": None,
}

globals().update(
    cb.batch_tests(
        "fresh24",
        "templates_fresh24",
        "f24_",
        SAMPLE,
        min_cases=200,
        min_new=20,
        min_templates=40,
    )
)


def _classes():
    cases = cb.batch("fresh24")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh24")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_whole_models():
    """Session 32: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh24", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (shapes that only just fit, an edge value, a
    spelling that works, a near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh24")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f24_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_half_the_classes_are_old_ones_in_new_shapes():
    """Session 32's brief: about half the crash classes are ones earlier splits have (written as
    whole models, sizes through Python), the other half new (at least 20)."""
    crash, older = _classes()
    classes = set(crash.values())
    new, old = classes - older, classes & older
    assert len(new) >= 20 and len(old) >= 20, (len(new), len(old))


def test_new_classes_come_in_several_code_shapes():
    """Each new class is written at least 3 times (a different op or spelling) over at least 2
    templates, so a rule fitted to one code shape does not cover the class."""
    crash, older = _classes()
    for cls in set(crash.values()) - older:
        names = [n for n, c in crash.items() if c == cls]
        templates = {n.split("__")[0] for n in names}
        assert len(names) >= 3 and len(templates) >= 2, (cls, names)
