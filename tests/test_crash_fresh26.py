"""The crash study's twenty-sixth fresh batch (``benchmarks/crash/templates_fresh26.py``, split
``fresh26``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh26`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 34): at least 40 templates and 200
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has and at least 20 earlier ones, at least 25 whole small models,
at least 60 clean cases that look risky, case files that are what the templates render, no label
that torch contradicts, every new class written in at least 3 crash cases over at least 2
templates, every crash class with 2 or more crash cases in both split parts, and, for a sample of
cases on both sides (every crash case and one risky clean twin per template, plus every label
written as a crash that torch runs), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

import hashlib

from tests import crash_batch_support as cb

SAMPLE = {
    "f26_symmetric_mixer_lazy__bias_vector_triu": "RuntimeError",
    "f26_symmetric_mixer_lazy__weights_plural": "ValueError",
    "f26_symmetric_mixer_lazy__wider_out": "RuntimeError",
    "f26_symmetric_mixer_lazy__narrow_in_late": "RuntimeError",
    "f26_orthogonal_rnn_cell__kernel_name_drift": "ValueError",
    "f26_orthogonal_rnn_cell__bias_vector": "ValueError",
    "f26_low_rank_adapter_param__rows_cols_swapped": "RuntimeError",
    "f26_low_rank_adapter_param__lora_weight_name": "ValueError",
    "f26_export_merge_params__odd_layers_unparam": "ValueError",
    "f26_export_merge_params__bias_name": "ValueError",
    "f26_spectral_disc_export__old_api_hooks_drift": "ValueError",
    "f26_spectral_disc_export__never_wrapped": "ValueError",
    "f26_wn_tts_decoder__pre_twice": "RuntimeError",
    "f26_wn_tts_decoder__units_again": "RuntimeError",
    "f26_wn_tts_decoder__remove_post": "ValueError",
    "f26_sn_patch_critic__every_conv": "RuntimeError",
    "f26_sn_patch_critic__first_block_again": "RuntimeError",
    "f26_gan_generator_export__sn_from_one": "ValueError",
    "f26_gan_generator_export__sn_off": "ValueError",
    "f26_pruned_mlp_sparsity__percent_value": "ValueError",
    "f26_pruned_mlp_sparsity__growing_schedule": "ValueError",
    "f26_pruned_mlp_sparsity__int_count_last": "ValueError",
    "f26_prune_finalize_cnn__head_included_again": "ValueError",
    "f26_prune_finalize_cnn__has_weight": "ValueError",
    "f26_lottery_ticket_reset__zero_rounds_remove": "ValueError",
    "f26_lottery_ticket_reset__decoder_removed": "ValueError",
    "f26_lottery_ticket_reset__negative_rate": "ValueError",
    "f26_ema_teacher_sync__module_passed": "TypeError",
    "f26_ema_teacher_sync__named_params_gen": "TypeError",
    "f26_checkpoint_roundtrip_cfg__cfg_object_saved": "UnpicklingError",
    "f26_checkpoint_roundtrip_cfg__whole_module_saved": "UnpicklingError",
    "f26_checkpoint_roundtrip_cfg__whole_ckpt_loaded": "RuntimeError",
    "f26_trainer_resume_state__object_meta": "UnpicklingError",
    "f26_trainer_resume_state__weights_as_list": "TypeError",
    "f26_trainer_resume_state__items_list": "TypeError",
    "f26_identity_init_resnet__eye_on_conv": "ValueError",
    "f26_identity_init_resnet__eye_both": "ValueError",
    "f26_identity_init_resnet__dirac_on_linear": "ValueError",
    "f26_sparse_init_echo_state__conv_reservoir_v2": "ValueError",
    "f26_sparse_init_echo_state__bilinear_reservoir": "ValueError",
    "f26_custom_init_transformer__gain_name": "TypeError",
    "f26_custom_init_transformer__no_bias_cfg": "AttributeError",
    "f26_custom_init_transformer__no_bias_constant": "AttributeError",
    "f26_unet_kaiming_init__bias_free_norm_cfg": "AttributeError",
    "f26_unet_kaiming_init__gelu_nonlinearity_step": "ValueError",
    "f26_unet_kaiming_init__fan_avg_mode_late": "ValueError",
    "f26_xavier_all_weights__norm_weights_too": "ValueError",
    "f26_xavier_all_weights__every_param": "ValueError",
    "f26_xavier_all_weights__gain_str_silu": "TypeError",
    "f26_growing_depth_stack__extend_module": "TypeError",
    "f26_growing_depth_stack__extend_sequential_block_slip": "TypeError",
    "f26_multitask_heads_registry__list_of_heads": "TypeError",
    "f26_multitask_heads_registry__modulelist_given_step": "TypeError",
    "f26_expert_bank_builder__dict_from_list": "TypeError",
    "f26_expert_bank_builder__list_of_one": "TypeError",
    "f26_activation_probe_hooks__missing_inputs_arg": "TypeError",
    "f26_activation_probe_hooks__pre_with_output_arg": "TypeError",
    "f26_input_rescale_prehook__tensor_only": "RuntimeError",
    "f26_input_rescale_prehook__args_tuple_only": "RuntimeError",
    "f26_input_rescale_prehook__kwargs_off": "TypeError",
    "f26_grad_clip_hook_trainer__norm_without_keepdim": "RuntimeError",
    "f26_grad_clip_hook_trainer__batch_mean_grad": "RuntimeError",
    "f26_module_grad_hook_scaler__with_output_grads": "RuntimeError",
    "f26_module_grad_hook_scaler__wrong_shape_loop": "RuntimeError",
    "f26_module_grad_hook_scaler__pair_returned": "RuntimeError",
    "f26_clipped_lm_step__l2_name": "ValueError",
    "f26_clipped_lm_step__fro_name": "ValueError",
    "f26_grad_norm_logger__euclid_name": "ValueError",
    "f26_grad_norm_logger__max_name": "ValueError",
    "f26_lazy_stem_backbone__reflection_name": "ValueError",
    "f26_lazy_stem_backbone__zero_singular": "ValueError",
    "f26_wavenet_causal_build__constant_mode_again": "ValueError",
    "f26_wavenet_causal_build__causal_mode": "ValueError",
    "f26_decoder_sdpa_padmask__raw_pad_mask": "RuntimeError",
    "f26_decoder_sdpa_padmask__long_pad_mask": "RuntimeError",
    "f26_kv_cache_generate_sdpa__cat_heads_axis": "RuntimeError",
    "f26_sampling_decoder_cfg__greedy_as_zero": "RuntimeError",
    "f26_sampling_decoder_cfg__zero_with_topk_cfg": "RuntimeError",
    "f26_sampling_decoder_cfg__topk_over_vocab": "RuntimeError",
    "f26_policy_rollout_temp__anneal_to_zero": "RuntimeError",
    "f26_policy_rollout_temp__exp_logits_zero_tau": "RuntimeError",
    "f26_gqa_lm_config_drift__kv_3_of_4_cfg": "RuntimeError",
    "f26_gqa_lm_config_drift__mlp_back_to_ratio": "RuntimeError",
    "f26_vit_encoder_heads_cfg__heads_5": "RuntimeError",
    "f26_vit_encoder_heads_cfg__img_18_area_pos_cfg": "RuntimeError",
    "f26_cross_attn_memory_cfg__identity_wider_enc": "RuntimeError",
    "f26_cross_attn_memory_cfg__proj_from_d": "RuntimeError",
    "f26_resnet_stage_builder__stem_16": "RuntimeError",
    "f26_resnet_stage_builder__groups_3_step": "ValueError",
    "f26_resnet_stage_builder__groups_16_late": "ValueError",
    "f26_unet_depth_loop__side_20_odd_level": "RuntimeError",
    "f26_unet_depth_loop__skip_width_same_loop": "RuntimeError",
    "f26_diffusion_time_embed__odd_t_dim_slip": "RuntimeError",
    "f26_diffusion_time_embed__channel_as_dim": "RuntimeError",
    "f26_learned_pos_generate__uncropped_overflow": "IndexError",
    "f26_learned_pos_generate__crop_plus_one": "IndexError",
    "f26_static_kv_cache_decoder__squeezed_store_decode": "RuntimeError",
    "f26_padded_encoder_masks__int_keep_mask": "RuntimeError",
    "f26_padded_encoder_masks__kpm_per_head_init": "RuntimeError",
    "f26_prefix_lm_causal_cache__mask_table_short_late": "RuntimeError",
    "f26_ner_tagger_bilstm_cfg__btc_logits_cfg": "RuntimeError",
    "f26_ner_tagger_bilstm_cfg__one_direction_proj_helper": "RuntimeError",
    "f26_ner_tagger_bilstm_cfg__rnn_in_hidden": "RuntimeError",
    "f26_speech_gru_encoder__first_from_feat_late": "RuntimeError",
    "f26_speech_gru_encoder__next_stays_ch": "RuntimeError",
    "f26_distill_student_from_teacher__shallow_strict": "RuntimeError",
    "f26_distill_student_from_teacher__narrow_nonstrict": "RuntimeError",
    "f26_ema_shadow_update__narrow_target_copy": "RuntimeError",
    "f26_ema_shadow_update__narrow_target_lerp": "RuntimeError",
    "f26_finetune_ckpt_keys__model_key": "KeyError",
    "f26_finetune_ckpt_keys__backbone_prefix_added": "RuntimeError",
    "f26_finetune_ckpt_keys__whole_ckpt": "RuntimeError",
    "f26_lazy_token_classifier__pad_is_vocab_drift": "AssertionError",
    "f26_lazy_token_classifier__heads_3_loop": "AssertionError",
    "f26_lazy_token_classifier__pad_below_range": "AssertionError",
    "f26_projected_lstm_builder__proj_equals_hidden": "ValueError",
    "f26_projected_lstm_builder__percent_dropout": "ValueError",
    "f26_layer_scale_prehooks__kwargs_only": "RuntimeError",
    "f26_layer_scale_prehooks__triple_return_cfg": "RuntimeError",
    "f26_grad_output_pre_hook__two_grads": "RuntimeError",
    "f26_grad_output_pre_hook__summed_grad": "RuntimeError",
    "f26_grad_output_pre_hook__empty_tuple": "RuntimeError",
    "f26_recurrent_init_scheme__gain_tanh_string": "TypeError",
    "f26_recurrent_init_scheme__swish_act": "ValueError",
    "f26_recurrent_init_scheme__dirac_on_head": "ValueError",
    "f26_recurrent_init_scheme__fan_out_upper_typo": "ValueError",
    "f26_recurrent_init_scheme__bias_xavier": "ValueError",
    "f26_rel_bias_table_lazy__int_bucket_table_helper": "RuntimeError",
    "f26_rel_bias_table_lazy__seq_past_table_late": "IndexError",
    "f26_frozen_vectors_classifier__flat_vectors_again": "AssertionError",
    "f26_frozen_vectors_classifier__float_lengths_index_first": "IndexError",
    "f26_multi_exit_heads_cfg__block_index_heads": "IndexError",
    "f26_multi_exit_heads_cfg__exit_after_last_step": "IndexError",
    "f26_retrieval_rerank_head__k_past_bank": "RuntimeError",
    "f26_retrieval_rerank_head__doubled_k": "RuntimeError",
    "f26_sincos_table_buffer__short_table": "RuntimeError",
    "f26_sincos_table_buffer__attr_then_buffer_edit": "KeyError",
    "f26_moe_block_config_drift__heads_5_of_12": "RuntimeError",
    "f26_moe_block_config_drift__fixed_head_dim": "RuntimeError",
    "f26_moe_block_config_drift__expert_out_hidden": "RuntimeError",
    "f26_chunked_prefill_attention__mask_from_zero": "RuntimeError",
    "f26_chunked_prefill_attention__cache_short": "RuntimeError",
    "f26_doc_classifier_pooling_cfg__float_keep": "TypeError",
    "f26_doc_classifier_pooling_cfg__one_logit_ce": "RuntimeError",
    "f26_doc_classifier_pooling_cfg__int_keep": "RuntimeError",
    "f26_audio_unet_transpose__len_18_odd_mid": "RuntimeError",
    "f26_audio_unet_transpose__skip_wrong_level": "RuntimeError",
    "f26_vae_decoder_lazy_init__norm_without_affine": "AttributeError",
    "f26_vae_decoder_lazy_init__gain_linear_name": "TypeError",
    "f26_vae_decoder_lazy_init__int_scale": "RuntimeError",
    "f26_model_soup_average__list_of_dicts": "TypeError",
    "f26_model_soup_average__values_only": "TypeError",
    "f26_model_soup_average__calib_dropped": "RuntimeError",
    "f26_feature_extractor_hooks__kwargs_three_args": "TypeError",
    "f26_feature_extractor_hooks__row_norm_grad": "RuntimeError",
    "f26_global_prune_schedule__cumulative_over_one": "ValueError",
    "f26_global_prune_schedule__bias_removed": "ValueError",
    "f26_gqa_cached_decoder_cfg__kv_proj_full_heads": "RuntimeError",
    "f26_gqa_cached_decoder_cfg__cache_shorter_than_prompt_slip": "RuntimeError",
    "f26_nucleus_sampler_schedule__greedy_step_zero": "RuntimeError",
    "f26_nucleus_sampler_schedule__log_probs_sampled": "RuntimeError",
    "f26_norm_swap_export__old_remove_on_new": "ValueError",
    "f26_norm_swap_export__old_spectral_remove": "ValueError",
    "f26_config_layer_registry__dict_of_list": "TypeError",
    "f26_config_layer_registry__extend_first_only": "TypeError",
    "f26_config_layer_registry__registry_eye_init": "ValueError",
    "f26_cls_token_attn_pool__cls_not_in_mask": "AssertionError",
    "f26_cls_token_attn_pool__heads_3_cfg": "AssertionError",
    "f26_moco_queue_encoder__queue_not_multiple": "RuntimeError",
    "f26_moco_queue_encoder__copy_untransposed": "RuntimeError",
    "f26_beam_search_gru_cfg__true_division_beam": "IndexError",
    "f26_beam_search_gru_cfg__state_not_expanded": "RuntimeError",
    "f26_mlm_pretrain_head_cfg__mask_id_is_vocab": "IndexError",
    "f26_mlm_pretrain_head_cfg__float_mask_inverted_slip": "TypeError",
    "f26_mlm_pretrain_head_cfg__int_mask_slip": "RuntimeError",
    "f26_calibrated_head_migration__temp_as_buffer": "KeyError",
    "f26_calibrated_head_migration__stacked_tables": "AssertionError",
    "f26_orthogonal_rnn_cell__ok_rect_input": None,
    "f26_low_rank_adapter_param__ok_square": None,
    "f26_export_merge_params__ok_guarded": None,
    "f26_spectral_disc_export__ok_leave": None,
    "f26_wn_tts_decoder__ok_remove_first": None,
    "f26_sn_patch_critic__ok_no_weight_orig": None,
    "f26_gan_generator_export__ok_z_small": None,
    "f26_pruned_mlp_sparsity__ok_full": None,
    "f26_prune_finalize_cnn__ok_mask_check": None,
    "f26_lottery_ticket_reset__ok_no_rounds_guard": None,
    "f26_ema_teacher_sync__ok_deepcopy_sd": None,
    "f26_checkpoint_roundtrip_cfg__ok_cfg_as_dict": None,
    "f26_trainer_resume_state__ok_tuple_meta": None,
    "f26_identity_init_resnet__ok_dirac": None,
    "f26_sparse_init_echo_state__ok_full_sparsity": None,
    "f26_custom_init_transformer__ok_bias_guard": None,
    "f26_unet_kaiming_init__ok_upper_mode": None,
    "f26_xavier_all_weights__ok_gain_fn": None,
    "f26_growing_depth_stack__ok_extend_list": None,
    "f26_multitask_heads_registry__ok_pairs": None,
    "f26_expert_bank_builder__ok_dict": None,
    "f26_activation_probe_hooks__ok_pre": None,
    "f26_input_rescale_prehook__ok_none": None,
    "f26_grad_clip_hook_trainer__ok_scaled_norm": None,
    "f26_module_grad_hook_scaler__ok_none": None,
    "f26_clipped_lm_step__ok_inf_string": None,
    "f26_grad_norm_logger__ok_one": None,
    "f26_lazy_stem_backbone__ok_reflect": None,
    "f26_wavenet_causal_build__ok_circular": None,
    "f26_decoder_sdpa_padmask__ok_causal_only": None,
    "f26_decoder_sdpa_padmask__ok_pad_and_causal": None,  # written as a crash; torch runs it
    "f26_decoder_sdpa_padmask__ok_float_pad_and_causal": None,  # written as a crash; torch runs it
    "f26_kv_cache_generate_sdpa__ok_prefill_mask": None,
    "f26_kv_cache_generate_sdpa__ok_mask_plus_causal": None,  # written as a crash; torch runs it
    "f26_kv_cache_generate_sdpa__ok_mask_on_decode_step": None,  # written as a crash; torch runs it
    "f26_sampling_decoder_cfg__ok_topk": None,
    "f26_policy_rollout_temp__ok_zero_exp": None,
    "f26_gqa_lm_config_drift__ok_mqa": None,
    "f26_vit_encoder_heads_cfg__ok_six_heads": None,
    "f26_cross_attn_memory_cfg__ok_same_width": None,
    "f26_resnet_stage_builder__ok_groups_8": None,
    "f26_unet_depth_loop__ok_side_24": None,
    "f26_diffusion_time_embed__ok_pad_odd": None,
    "f26_learned_pos_generate__ok_fits_uncropped": None,
    "f26_static_kv_cache_decoder__ok_exact_fill": None,
    "f26_static_kv_cache_decoder__ok_one_past_capacity": None,  # written as a crash; torch runs it
    "f26_padded_encoder_masks__ok_float_kpm": None,
    "f26_prefix_lm_causal_cache__ok_full_rows": None,
    "f26_ner_tagger_bilstm_cfg__ok_flat": None,
    "f26_speech_gru_encoder__ok_ch_equals_hidden": None,
    "f26_distill_student_from_teacher__ok_shallow_nonstrict": None,
    "f26_ema_shadow_update__ok_lerp": None,
    "f26_finetune_ckpt_keys__ok_get_default": None,
    "f26_lazy_token_classifier__ok_last_pad": None,
    "f26_projected_lstm_builder__ok_no_proj": None,
    "f26_layer_scale_prehooks__ok_list_pair": None,
    "f26_grad_output_pre_hook__ok_none": None,
    "f26_recurrent_init_scheme__ok_selu": None,
    "f26_rel_bias_table_lazy__ok_longer_table": None,
    "f26_frozen_vectors_classifier__ok_last_token": None,
    "f26_multi_exit_heads_cfg__ok_index_of": None,
    "f26_retrieval_rerank_head__ok_capped": None,
    "f26_sincos_table_buffer__ok_odd_trimmed": None,
    "f26_moe_block_config_drift__ok_heads_4": None,
    "f26_chunked_prefill_attention__ok_one_chunk": None,
    "f26_doc_classifier_pooling_cfg__ok_bce_single": None,
    "f26_audio_unet_transpose__ok_len_24": None,
    "f26_vae_decoder_lazy_init__ok_gain_float": None,
    "f26_model_soup_average__ok_nonpersistent": None,
    "f26_feature_extractor_hooks__ok_kwargs_sig": None,
    "f26_global_prune_schedule__ok_cubic": None,
    "f26_gqa_cached_decoder_cfg__ok_exact_cache": None,
    "f26_nucleus_sampler_schedule__ok_unnormalised": None,
    "f26_norm_swap_export__ok_stacked_spectral": None,
    "f26_config_layer_registry__ok_extend_sequential": None,
    "f26_cls_token_attn_pool__ok_heads_8": None,
    "f26_moco_queue_encoder__ok_copy_transposed": None,
    "f26_beam_search_gru_cfg__ok_div_floor": None,
    "f26_mlm_pretrain_head_cfg__ok_float_additive": None,
    "f26_mlm_pretrain_head_cfg__ok_mask_b_t_broadcasts": None,  # written as a crash; torch runs it
    "f26_calibrated_head_migration__ok_freeze_temp": None,
}

globals().update(
    cb.batch_tests(
        "fresh26",
        "templates_fresh26",
        "f26_",
        SAMPLE,
        min_cases=200,
        min_new=20,
        min_templates=40,
    )
)


def _classes():
    cases = cb.batch("fresh26")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh26")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh26", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh26")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f26_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_half_the_classes_are_old_ones_in_new_shapes():
    """Session 34's brief: about half the crash classes are ones earlier splits have (whole
    models, sizes through Python, training steps), the other half new (at least 20)."""
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
