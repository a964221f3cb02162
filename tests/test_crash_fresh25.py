"""The crash study's twenty-fifth fresh batch (``benchmarks/crash/templates_fresh25.py``, split
``fresh25``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh25`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 33): at least 40 templates and 200
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has and at least 20 earlier ones, at least 25 whole small models,
at least 60 clean cases that look risky, case files that are what the templates render, no label
that torch contradicts, every new class written in at least 3 crash cases over at least 2
templates, every crash class with 2 or more crash cases in both split parts, and, for a sample of
cases on both sides (every crash case and one risky clean twin per template), that torch's verdict
in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

import hashlib

from tests import crash_batch_support as cb

SAMPLE = {
    "f25_finetune_head_trainer__head_typo": "ValueError",
    "f25_finetune_head_trainer__all_frozen": "ValueError",
    "f25_adapter_tuning_step__generator_consumed": "ValueError",
    "f25_adapter_tuning_step__no_adapter_late": "ValueError",
    "f25_meta_inner_loop__rank3_filter": "RuntimeError",
    "f25_meta_inner_loop__named_filter": "RuntimeError",
    "f25_saliency_by_layer__norm_no_affine": "RuntimeError",
    "f25_saliency_by_layer__conv1d_filter_cfg": "RuntimeError",
    "f25_layerwise_lr_groups__all_params_head": "ValueError",
    "f25_layerwise_lr_groups__add_last_block": "ValueError",
    "f25_weight_decay_split__weight_named": "ValueError",
    "f25_weight_decay_split__every_param_model": "ValueError",
    "f25_config_trainer_mlp__nesterov_no_momentum": "ValueError",
    "f25_config_trainer_mlp__beta2_one": "ValueError",
    "f25_config_trainer_mlp__warmup_lr_negative": "ValueError",
    "f25_rmsprop_critic_step__eps_sign": "ValueError",
    "f25_rmsprop_critic_step__momentum_negative": "ValueError",
    "f25_temperature_calibrator__no_closure": "TypeError",
    "f25_temperature_calibrator__loss_as_closure": "TypeError",
    "f25_sgd_train_step_model__loss_passed": "TypeError",
    "f25_sgd_train_step_model__item_passed": "TypeError",
    "f25_resume_optimizer_state__single_group": "ValueError",
    "f25_resume_optimizer_state__model_state": "KeyError",
    "f25_ema_resume_trainer__model_key": "KeyError",
    "f25_ema_resume_trainer__all_params": "ValueError",
    "f25_warmup_schedule_model__model_passed": "TypeError",
    "f25_warmup_schedule_model__params_passed": "TypeError",
    "f25_lambda_warmup_head__param_groups": "AttributeError",
    "f25_lambda_warmup_head__model_passed": "AttributeError",
    "f25_one_cycle_loop__zero_based_total": "ValueError",
    "f25_one_cycle_loop__extra_step": "ValueError",
    "f25_one_cycle_epochs__floor_division": "ValueError",
    "f25_one_cycle_epochs__int_truncated": "ValueError",
    "f25_warmup_cosine_seq__end_milestone": "ValueError",
    "f25_warmup_cosine_seq__bare_int": "TypeError",
    "f25_three_phase_schedule__one_milestone": "ValueError",
    "f25_three_phase_schedule__three_milestones_loop": "ValueError",
    "f25_restart_schedule_cfg__too_many_cycles": "ValueError",
    "f25_restart_schedule_cfg__fractional_growth": "ValueError",
    "f25_linear_warmup_block__from_zero": "ValueError",
    "f25_linear_warmup_block__above_one": "ValueError",
    "f25_padded_batch_tagger__default_collate": "RuntimeError",
    "f25_padded_batch_tagger__stack_collate": "RuntimeError",
    "f25_dict_sample_loader__ragged": "RuntimeError",
    "f25_dict_sample_loader__ragged_last_cfg": "RuntimeError",
    "f25_loader_config_model__shuffle_and_sampler": "ValueError",
    "f25_loader_config_model__accum_zero_batch": "ValueError",
    "f25_bucket_batch_sampler__with_batch_size": "ValueError",
    "f25_bucket_batch_sampler__with_shuffle": "ValueError",
    "f25_tensor_dataset_fit__flat_targets": "AssertionError",
    "f25_tensor_dataset_fit__time_major": "AssertionError",
    "f25_pair_dataset_encoder__extra_negative": "AssertionError",
    "f25_pair_dataset_encoder__repeated_docs": "AssertionError",
    "f25_holdout_split_model__int_both": "ValueError",
    "f25_holdout_split_model__int_90_10": "ValueError",
    "f25_three_way_split_eval__percent_ints": "ValueError",
    "f25_three_way_split_eval__fractions_short": "ValueError",
    "f25_policy_head_sampler__both_given": "ValueError",
    "f25_policy_head_sampler__one_hot_both": "ValueError",
    "f25_policy_head_sampler__logits_positional": "ValueError",
    "f25_bernoulli_gate_layer__both_kwargs": "ValueError",
    "f25_ste_quantizer__two_grads": "RuntimeError",
    "f25_ste_quantizer__bits_saved": "TypeError",
    "f25_grad_reversal_dann__one_grad": "RuntimeError",
    "f25_grad_reversal_dann__batch_mean": "RuntimeError",
    "f25_custom_row_scale__row_sum_gain": "RuntimeError",
    "f25_custom_row_scale__input_grad_only": "RuntimeError",
    "f25_custom_row_scale__transposed_input_grad": "RuntimeError",
    "f25_clamp_ste_block__bounds_saved": "TypeError",
    "f25_clamp_ste_block__shape_saved_slip": "TypeError",
    "f25_safe_sqrt_energy__where_sqrt": "RuntimeError",
    "f25_safe_sqrt_energy__where_pow_half": "RuntimeError",
    "f25_padded_row_norm__sqrt_of_squares": "RuntimeError",
    "f25_padded_row_norm__rsqrt_inverse": "RuntimeError",
    "f25_ema_teacher_copy__cached_output": "RuntimeError",
    "f25_ema_teacher_copy__cached_hidden": "RuntimeError",
    "f25_swa_snapshot_model__attr_nonleaf": "RuntimeError",
    "f25_swa_snapshot_model__buffer_nonleaf": "RuntimeError",
    "f25_clipped_regressor_step__relative_error": "RuntimeError",
    "f25_clipped_regressor_step__log_space_mse": "RuntimeError",
    "f25_zero_init_standardized__std_no_eps": "RuntimeError",
    "f25_zero_init_standardized__layer_norm_eps_zero": "RuntimeError",
    "f25_amp_train_step__unscale_twice": "RuntimeError",
    "f25_amp_train_step__unscale_after_step": "RuntimeError",
    "f25_two_loss_scaler__step_twice_again": "RuntimeError",
    "f25_autocast_encoder__tensor_device": "ValueError",
    "f25_autocast_encoder__device_object": "ValueError",
    "f25_mixed_precision_eval__gpu_name": "RuntimeError",
    "f25_mixed_precision_eval__upper_cpu": "RuntimeError",
    "f25_checkpoint_resume_cfg__wider_hidden": "RuntimeError",
    "f25_checkpoint_resume_cfg__nonstrict_wider": "RuntimeError",
    "f25_checkpoint_resume_cfg__prefixed_strict": "RuntimeError",
    "f25_wrapped_ckpt_loader__module_prefix": "RuntimeError",
    "f25_wrapped_ckpt_loader__outer_level": "RuntimeError",
    "f25_gradient_penalty_second_order__no_create_graph": "RuntimeError",
    "f25_gradient_penalty_second_order__retain_only": "RuntimeError",
    "f25_forgot_enable_grad_step__undecorated": "RuntimeError",
    "f25_forgot_enable_grad_step__inference_decorated": "RuntimeError",
    "f25_manual_sgd_loop__inplace_sub": "RuntimeError",
    "f25_manual_sgd_loop__sub_method_slip": "RuntimeError",
    "f25_frozen_embed_monitor__frozen_read": "AttributeError",
    "f25_frozen_embed_monitor__after_zero_grad_cfg": "AttributeError",
    "f25_amp_residual_mix__bf16_linear": "RuntimeError",
    "f25_amp_residual_mix__bf16_matmul_slip": "RuntimeError",
    "f25_amp_residual_mix__bf16_store": "RuntimeError",
    "f25_config_attention_unflatten__heads_5": "RuntimeError",
    "f25_config_attention_unflatten__qkv_36_heads_8": "RuntimeError",
    "f25_cnn_head_from_loop__stale_first": "RuntimeError",
    "f25_cnn_head_from_loop__pre_pool_side": "RuntimeError",
    "f25_seq2seq_gru_cfg__emb_32": "RuntimeError",
    "f25_seq2seq_gru_cfg__emb_8_dec_hidden": "RuntimeError",
    "f25_gqa_repeat_cfg__kv_3": "RuntimeError",
    "f25_gqa_repeat_cfg__literal_rep_4": "RuntimeError",
    "f25_gaussian_policy_cfg__minus_floor": "ValueError",
    "f25_gaussian_policy_cfg__tanh_std": "ValueError",
    "f25_beam_decode_loop__five_per_beam": "RuntimeError",
    "f25_beam_decode_loop__wide_beam_late": "RuntimeError",
    "f25_greedy_decode_positions__uncropped": "IndexError",
    "f25_greedy_decode_positions__crop_off_by_one": "IndexError",
    "f25_moe_cfg_dispatch__router_wider": "IndexError",
    "f25_moe_cfg_dispatch__loop_plus_one_slip": "IndexError",
    "f25_unet_loop_widths__doubled_skip": "RuntimeError",
    "f25_unet_loop_widths__odd_14": "RuntimeError",
    "f25_unet_loop_widths__odd_10_again": "RuntimeError",
    "f25_unet_loop_widths__next_width_only": "RuntimeError",
    "f25_lm_train_step__btv_logits": "RuntimeError",
    "f25_lm_train_step__per_token_backward": "RuntimeError",
    "f25_vit_reshape_cfg__img_30": "RuntimeError",
    "f25_vit_reshape_cfg__patch_6_typo": "RuntimeError",
    "f25_resblock_groupnorm_cfg__groups_16": "RuntimeError",
    "f25_resblock_groupnorm_cfg__groups_3": "RuntimeError",
    "f25_prenorm_ffn_cfg__out_32": "RuntimeError",
    "f25_prenorm_ffn_cfg__out_96": "RuntimeError",
    "f25_diffusion_denoiser_cfg__odd_33": "RuntimeError",
    "f25_diffusion_denoiser_cfg__odd_15": "RuntimeError",
    "f25_config_transformer_lm__heads_6_step": "RuntimeError",
    "f25_config_transformer_lm__kv_3": "RuntimeError",
    "f25_config_transformer_lm__ffn_out_48_step": "RuntimeError",
    "f25_config_transformer_lm__block_4_cfg": "IndexError",
    "f25_config_cnn_classifier__stem_24": "RuntimeError",
    "f25_config_cnn_classifier__groups_5": "RuntimeError",
    "f25_config_cnn_classifier__fc_first_width_cfg": "RuntimeError",
    "f25_seq_tagger_train_cfg__emb_24_hidden_in_slip": "RuntimeError",
    "f25_seq_tagger_train_cfg__btc_logits": "RuntimeError",
    "f25_seq_tagger_train_cfg__flat_logits_only": "ValueError",
    "f25_clipped_regressor_step__loss_per_element": "RuntimeError",
    "f25_lm_train_step__per_position_mean_slip": "RuntimeError",
    "f25_finetune_head_trainer__ok_requires_grad": None,
    "f25_adapter_tuning_step__ok_tuple": None,
    "f25_meta_inner_loop__ok_matrix_filter": None,
    "f25_saliency_by_layer__ok_norm": None,
    "f25_layerwise_lr_groups__ok_new_group": None,
    "f25_weight_decay_split__ok_dim": None,
    "f25_config_trainer_mlp__ok_adam": None,
    "f25_rmsprop_critic_step__ok_alpha_zero": None,
    "f25_temperature_calibrator__ok_lambda": None,
    "f25_sgd_train_step_model__ok_closure": None,
    "f25_resume_optimizer_state__ok_copied": None,
    "f25_ema_resume_trainer__ok_list": None,
    "f25_warmup_schedule_model__ok_keyword": None,
    "f25_lambda_warmup_head__ok_list_lambda": None,
    "f25_one_cycle_loop__ok_spare_step": None,
    "f25_one_cycle_epochs__ok_ceil": None,
    "f25_warmup_cosine_seq__ok_tuple": None,
    "f25_restart_schedule_cfg__ok_growth_2": None,
    "f25_linear_warmup_block__ok_one": None,
    "f25_padded_batch_tagger__ok_lambda": None,
    "f25_dict_sample_loader__ok_pairs": None,
    "f25_loader_config_model__ok_sampler": None,
    "f25_bucket_batch_sampler__ok_plain": None,
    "f25_tensor_dataset_fit__ok_any": None,
    "f25_pair_dataset_encoder__ok_roll": None,
    "f25_holdout_split_model__ok_remainder": None,
    "f25_three_way_split_eval__ok_counts": None,
    "f25_policy_head_sampler__ok_probs": None,
    "f25_bernoulli_gate_layer__ok_probs": None,
    "f25_ste_quantizer__ok_four_grads": None,  # written as a crash; torch accepts extra None gradients
    "f25_grad_reversal_dann__ok_leading_dim": None,
    "f25_custom_row_scale__ok_unsummed_gain": None,
    "f25_clamp_ste_block__ok_tensor": None,
    "f25_safe_sqrt_energy__ok_where_log": None,
    "f25_padded_row_norm__ok_eps_inside": None,
    "f25_ema_teacher_copy__ok_none": None,
    "f25_swa_snapshot_model__ok_float": None,
    "f25_clipped_regressor_step__ok_relative_eps": None,
    "f25_zero_init_standardized__ok_raw": None,
    "f25_amp_train_step__ok_clip_unscales": None,
    "f25_two_loss_scaler__ok_zero_grad": None,
    "f25_autocast_encoder__ok_type": None,
    "f25_mixed_precision_eval__ok_str_device": None,
    "f25_checkpoint_resume_cfg__ok_nonstrict_prefix": None,
    "f25_wrapped_ckpt_loader__ok_wrapper": None,
    "f25_gradient_penalty_second_order__ok_no_second": None,
    "f25_forgot_enable_grad_step__ok_set_grad": None,
    "f25_manual_sgd_loop__ok_data": None,
    "f25_frozen_embed_monitor__ok_clip": None,
    "f25_amp_residual_mix__ok_cast": None,
    "f25_config_attention_unflatten__ok_6": None,
    "f25_cnn_head_from_loop__ok_widths": None,
    "f25_seq2seq_gru_cfg__ok_hidden": None,
    "f25_gqa_repeat_cfg__ok_mha": None,
    "f25_gaussian_policy_cfg__ok_zero_min": None,
    "f25_beam_decode_loop__ok_capped": None,
    "f25_greedy_decode_positions__ok_fits": None,
    "f25_moe_cfg_dispatch__ok_router_out": None,
    "f25_unet_loop_widths__ok_12": None,
    "f25_lm_train_step__ok_transposed": None,
    "f25_vit_reshape_cfg__ok_8": None,
    "f25_resblock_groupnorm_cfg__ok_8": None,
    "f25_diffusion_denoiser_cfg__ok_16": None,
    "f25_config_transformer_lm__ok_block_exact": None,
    "f25_config_cnn_classifier__ok_stem_equals_width": None,
    "f25_seq_tagger_train_cfg__ok_permuted": None,
    "f25_wgan_clip_step__ok_no_grad": None,
    "f25_wgan_clip_step__clamp_in_graph": "RuntimeError",
    "f25_aux_head_grad_log__ok_filtered": None,
    "f25_aux_head_grad_log__aux_off": "AttributeError",
    "f25_amp_moe_dispatch__ok_index_add_cast": None,
    "f25_amp_moe_dispatch__bf16_rows": "RuntimeError",
    "f25_amp_moe_dispatch__bf16_gate_mix": "RuntimeError",
    "f25_retrieval_topk_cfg__ok_whole_bank": None,
    "f25_retrieval_topk_cfg__k_over_bank": "RuntimeError",
    "f25_early_exit_heads__ok_last_shared": None,
    "f25_early_exit_heads__one_exit_short": "IndexError",
    "f25_unet1d_audio__ok_size_match": None,
    "f25_unet1d_audio__odd_30": "RuntimeError",
    "f25_mae_patch_mask__ok_8": None,
    "f25_mae_patch_mask__patch_5": "RuntimeError",
    "f25_time_conditioned_block__ok_even_literal": None,
    "f25_time_conditioned_block__odd_channels": "RuntimeError",
}

globals().update(
    cb.batch_tests(
        "fresh25",
        "templates_fresh25",
        "f25_",
        SAMPLE,
        min_cases=200,
        min_new=20,
        min_templates=40,
    )
)


def _classes():
    cases = cb.batch("fresh25")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh25")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh25", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh25")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f25_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_half_the_classes_are_old_ones_in_new_shapes():
    """Session 33's brief: about half the crash classes are ones earlier splits have (whole
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
