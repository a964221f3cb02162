"""The crash study's twenty-seventh fresh batch (``benchmarks/crash/templates_fresh27.py``, split
``fresh27``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh27`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 35): at least 55 templates and 280
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
    "f27_warmup_adam_trainer__module_given": "TypeError",
    "f27_warmup_adam_trainer__lr_from_missing_cfg": "TypeError",
    "f27_finetune_param_groups__groups_by_key": "TypeError",
    "f27_finetune_param_groups__head_group_as_list": "TypeError",
    "f27_sgd_momentum_cfg__nesterov_no_momentum": "ValueError",
    "f27_sgd_momentum_cfg__nesterov_dampened": "ValueError",
    "f27_ema_teacher_optim__student_module": "TypeError",
    "f27_ema_teacher_optim__sgd_nesterov_default_v2": "ValueError",
    "f27_ema_teacher_optim__lr_none_kw": "TypeError",
    "f27_ema_teacher_optim__teacher_params_empty": "ValueError",
    "f27_lambda_warmup_sched__two_fns_one_group": "ValueError",
    "f27_lambda_warmup_sched__factor_not_fn": "TypeError",
    "f27_lambda_warmup_sched__one_fn_in_list_two_groups_first": "ValueError",
    "f27_plateau_scheduler_loop__mode_minimum": "ValueError",
    "f27_plateau_scheduler_loop__threshold_relative": "ValueError",
    "f27_plateau_scheduler_loop__step_like_others": "TypeError",
    "f27_early_stop_trainer__plateau_stepped_bare_cfg": "TypeError",
    "f27_early_stop_trainer__mode_lower_is_better": "ValueError",
    "f27_early_stop_trainer__factor_above_one": "ValueError",
    "f27_onecycle_trainer__epochs_only_init": "ValueError",
    "f27_onecycle_trainer__anneal_cosine_word": "ValueError",
    "f27_onecycle_trainer__steps_past_total": "ValueError",
    "f27_swa_finetune__anneal_exp": "ValueError",
    "f27_swa_finetune__anneal_cosine_late": "ValueError",
    "f27_cyclic_lr_trainer__mode_tri": "ValueError",
    "f27_cyclic_lr_trainer__mode_exp": "ValueError",
    "f27_warmup_then_cosine__warmup_own_optimizer": "ValueError",
    "f27_warmup_then_cosine__chained_own_optimizer": "ValueError",
    "f27_warmup_then_cosine__two_milestones": "ValueError",
    "f27_ddp_style_trainer__available_is_not_initialized": "ValueError",
    "f27_ddp_style_trainer__rank_unguarded": "ValueError",
    "f27_ddp_metric_reduce__all_reduce_always": "ValueError",
    "f27_ddp_metric_reduce__barrier_first": "ValueError",
    "f27_ddp_metric_reduce__gather_objects": "ValueError",
    "f27_ddp_sampler_loader__rank_equals_world": "ValueError",
    "f27_ddp_sampler_loader__rank_one_based": "ValueError",
    "f27_ddp_sampler_loader__replicas_from_group": "ValueError",
    "f27_ddp_wrapped_eval__ddp_wrap_no_group": "ValueError",
    "f27_ddp_wrapped_eval__sampler_rank_negative": "ValueError",
    "f27_ddp_wrapped_eval__world_from_group": "ValueError",
    "f27_collate_dict_batches__unlabelled_none": "RuntimeError",
    "f27_multimodal_collator__caption_none": "TypeError",
    "f27_multimodal_collator__mask_only_odd": "KeyError",
    "f27_multimodal_collator__ids_ragged": "RuntimeError",
    "f27_text_collator_pad__side_end": "RuntimeError",
    "f27_text_collator_pad__side_pre": "RuntimeError",
    "f27_text_collator_pad__token_lists": "TypeError",
    "f27_seq2seq_batcher__side_post_run": "RuntimeError",
    "f27_seq2seq_batcher__src_lists": "TypeError",
    "f27_seq2seq_batcher__src_tuples": "TypeError",
    "f27_weighted_sampler_loader__frac_rounds_to_zero": "ValueError",
    "f27_weighted_sampler_loader__per_feature_weights": "ValueError",
    "f27_weighted_sampler_loader__batch_size_from_int_div": "ValueError",
    "f27_loader_peek_batch__next_on_loader": "TypeError",
    "f27_loader_peek_batch__stream_len": "TypeError",
    "f27_stream_pretrain_sched__len_of_stream": "TypeError",
    "f27_stream_pretrain_sched__len_of_dataset": "TypeError",
    "f27_stream_pretrain_sched__loader_as_iterator": "TypeError",
    "f27_seg_loss_cfg__weights_list": "TypeError",
    "f27_seg_loss_cfg__ignore_none": "TypeError",
    "f27_seg_loss_cfg__weights_short_run": "RuntimeError",
    "f27_multilabel_loss_cfg__pos_weight_tuple_first": "TypeError",
    "f27_multilabel_loss_cfg__smoothing_none": "TypeError",
    "f27_multilabel_loss_cfg__reduction_none_obj": "ValueError",
    "f27_multilabel_loss_cfg__smoothing_above_one": "RuntimeError",
    "f27_token_loss_masked__pad_unset": "TypeError",
    "f27_token_loss_masked__weight_python_list": "TypeError",
    "f27_token_loss_masked__weight_short": "RuntimeError",
    "f27_attention_backend_select__efficient_only": "RuntimeError",
    "f27_attention_backend_select__cudnn_only": "RuntimeError",
    "f27_fast_attention_cfg__mem_efficient_cpu": "RuntimeError",
    "f27_fast_attention_cfg__cudnn_then_efficient": "RuntimeError",
    "f27_fast_attention_cfg__heads_5": "RuntimeError",
    "f27_ckpt_restore_inplace__reassigned_result": "TypeError",
    "f27_ckpt_restore_inplace__reassigned_nonstrict": "TypeError",
    "f27_ckpt_restore_inplace__prefixed_keys": "RuntimeError",
    "f27_warm_start_loader__returns_load_result": "TypeError",
    "f27_warm_start_loader__returns_hook_handle": "TypeError",
    "f27_feature_probe_handle__stem_is_handle": "TypeError",
    "f27_feature_probe_handle__fc_pre_handle": "TypeError",
    "f27_feature_probe_handle__hook_two_args": "TypeError",
    "f27_state_migration_posthook__returns_keys": "AssertionError",
    "f27_state_migration_posthook__returns_module": "AssertionError",
    "f27_tokenizer_extra_state__no_setter": "RuntimeError",
    "f27_tokenizer_extra_state__no_setter_self": "RuntimeError",
    "f27_running_stats_extra_state__getter_only_v2": "RuntimeError",
    "f27_epoch_checkpointer__subdir_not_made": "RuntimeError",
    "f27_epoch_checkpointer__run_dir_made_not_ckpt": "RuntimeError",
    "f27_epoch_checkpointer__opt_state_strict_keys": "ValueError",
    "f27_best_model_saver__dir_never_made_step": "RuntimeError",
    "f27_best_model_saver__nested_no_parents": "RuntimeError",
    "f27_inmemory_snapshot__not_rewound": "EOFError",
    "f27_inmemory_snapshot__not_rewound_trusted": "EOFError",
    "f27_inmemory_snapshot__mmap_on_buffer": "ValueError",
    "f27_ema_snapshot_swap__tell_not_zero_late": "EOFError",
    "f27_ema_snapshot_swap__mmap_buffer_restore": "ValueError",
    "f27_ema_snapshot_swap__mmap_after_rewind_late": "ValueError",
    "f27_lazy_trainer_grad_init__double_params_late": "ValueError",
    "f27_lazy_trainer_grad_init__scaled_params": "ValueError",
    "f27_lazy_trainer_grad_init__dec_group_list_cfg": "TypeError",
    "f27_lazy_trainer_grad_init__lr_by_name_cfg": "TypeError",
    "f27_optimizer_factory_cfg__model_not_params": "TypeError",
    "f27_optimizer_factory_cfg__lr_unset": "TypeError",
    "f27_optimizer_factory_cfg__sgd_zero_momentum": "ValueError",
    "f27_optimizer_factory_cfg__layers_list_not_params": "TypeError",
    "f27_scheduler_factory_cfg__one_fn_in_list": "ValueError",
    "f27_scheduler_factory_cfg__factor_constant": "TypeError",
    "f27_scheduler_factory_cfg__plateau_no_metric": "TypeError",
    "f27_scheduler_factory_cfg__onecycle_epochs_no_steps": "ValueError",
    "f27_scheduler_factory_cfg__onecycle_total_none": "ValueError",
    "f27_scheduler_factory_cfg__warmup_on_copy": "ValueError",
    "f27_scheduler_factory_cfg__lambda_factor_lambda_list": "TypeError",
    "f27_collate_fn_pipeline__weight_first_only": "KeyError",
    "f27_collate_fn_pipeline__weight_none_odd": "TypeError",
    "f27_collate_fn_pipeline__meta_even_only_loop": "KeyError",
    "f27_eval_loop_first_batch__next_loader": "TypeError",
    "f27_eval_loop_first_batch__zero_eval_samples_cfg": "ValueError",
    "f27_eval_loop_first_batch__next_loader_late": "TypeError",
    "f27_adapter_merge_posthook__returns_flag": "AssertionError",
    "f27_adapter_merge_posthook__returns_keys_tuple": "AssertionError",
    "f27_grad_checkpoint_blocks__reentrant_kwarg": "ValueError",
    "f27_grad_checkpoint_blocks__reentrant_kwarg_depth": "ValueError",
    "f27_checkpointed_encoder_cfg__reentrant_mask_kwarg": "ValueError",
    "f27_checkpointed_encoder_cfg__reentrant_heads_3_kwarg": "ValueError",
    "f27_functional_ensemble__strict_without_bias_late": "RuntimeError",
    "f27_functional_ensemble__train_mode_dropout": "RuntimeError",
    "f27_per_sample_grads_vmap__noise_default_randomness": "RuntimeError",
    "f27_per_sample_grads_vmap__first_layer_frozen_strict": "RuntimeError",
    "f27_per_sample_grads_vmap__last_layer_only_strict": "RuntimeError",
    "f27_mc_dropout_vmap__default_error_mode": "RuntimeError",
    "f27_mc_dropout_vmap__returns_count": "ValueError",
    "f27_mc_dropout_vmap__returns_float_entropy": "ValueError",
    "f27_ensemble_stats_vmap__dict_with_int": "ValueError",
    "f27_ensemble_stats_vmap__item_inside": "ValueError",
    "f27_fp8_weight_storage__scale_in_fp8": "NotImplementedError",
    "f27_fp8_weight_storage__no_dequant": "RuntimeError",
    "f27_fp8_weight_storage__renorm_in_fp8": "NotImplementedError",
    "f27_fp8_kv_cache_decode__scores_from_fp8_keys_again": "NotImplementedError",
    "f27_fp8_kv_cache_decode__values_scaled_fp8": "NotImplementedError",
    "f27_fp8_kv_cache_decode__query_times_fp8_keys": "RuntimeError",
    "f27_whitening_mixed_precision__cholesky_half": "NotImplementedError",
    "f27_gp_head_half_solve__solve_half": "NotImplementedError",
    "f27_gp_head_half_solve__cholesky_solve_bf16_loop": "NotImplementedError",
    "f27_dtype_cast_helper__type_short_name": "ValueError",
    "f27_dtype_cast_helper__type_dtype_repr": "ValueError",
    "f27_amp_precision_cfg__storage_short_name": "ValueError",
    "f27_amp_precision_cfg__storage_dtype_str": "ValueError",
    "f27_amp_precision_cfg__compute_short_name": "AttributeError",
    "f27_rnn_depth_cfg__depth_all_stem": "ValueError",
    "f27_rnn_depth_cfg__half_depth_true_div": "TypeError",
    "f27_rnn_depth_cfg__one_layer_floor_zero": "ValueError",
    "f27_lstm_stack_builder__share_product_float": "TypeError",
    "f27_lstm_stack_builder__share_rounds_to_zero": "ValueError",
    "f27_lstm_stack_builder__dropout_percent": "ValueError",
    "f27_adaptive_lm_head_cfg__cutoffs_unsorted": "ValueError",
    "f27_adaptive_lm_head_cfg__vocab_as_last_cutoff": "ValueError",
    "f27_adaptive_softmax_from_counts__shares_collide": "ValueError",
    "f27_adaptive_softmax_from_counts__share_one": "ValueError",
    "f27_adaptive_softmax_from_counts__zero_share": "ValueError",
    "f27_magnitude_mask_prune__mask_transposed_cfg": "AssertionError",
    "f27_magnitude_mask_prune__row_mask": "AssertionError",
    "f27_structured_mask_prune_conv__channel_vector_mask": "AssertionError",
    "f27_structured_mask_prune_conv__kernel_only_mask": "AssertionError",
    "f27_structured_mask_prune_conv__amount_as_ratio_percent": "ValueError",
    "f27_sampling_generate_cfg__uncropped_past_ctx": "IndexError",
    "f27_sampling_generate_cfg__top_k_over_vocab": "RuntimeError",
    "f27_sampling_generate_cfg__greedy_as_temp_zero": "RuntimeError",
    "f27_amp_clip_train_step__unscale_twice": "RuntimeError",
    "f27_amp_clip_train_step__norm_type_l2_name": "ValueError",
    "f27_beam_decode_gru__state_unrepeated": "RuntimeError",
    "f27_two_tower_trainer__temp_exp_param": "ValueError",
    "f27_two_tower_trainer__doc_tower_list": "TypeError",
    "f27_two_tower_trainer__doc_lr_by_key": "TypeError",
    "f27_warmup_adam_trainer__ok_param_list": None,
    "f27_finetune_param_groups__ok_loop_groups": None,
    "f27_finetune_param_groups__ok_head_weight_scaled_no_grad": None,  # written as a crash; torch runs it
    "f27_sgd_momentum_cfg__ok_plain": None,
    "f27_sgd_momentum_cfg__ok_double_cast_no_grad": None,  # written as a crash; torch runs it
    "f27_ema_teacher_optim__ok_nesterov": None,
    "f27_lambda_warmup_sched__ok_two_groups_two_fns": None,
    "f27_plateau_scheduler_loop__ok_max_abs": None,
    "f27_early_stop_trainer__ok_step_lr": None,
    "f27_onecycle_trainer__ok_total_linear": None,
    "f27_swa_finetune__ok_linear": None,
    "f27_cyclic_lr_trainer__ok_exp_range": None,
    "f27_warmup_then_cosine__ok_chained": None,
    "f27_ddp_style_trainer__ok_env_fallback": None,
    "f27_ddp_metric_reduce__ok_world_one": None,
    "f27_ddp_sampler_loader__ok_single": None,
    "f27_ddp_wrapped_eval__ok_rank_last": None,
    "f27_collate_dict_batches__ok_drop_none": None,
    "f27_collate_dict_batches__ok_label_key_missing_first": None,  # written as a crash; torch runs it
    "f27_multimodal_collator__ok_caption_strings": None,
    "f27_text_collator_pad__ok_left": None,
    "f27_seq2seq_batcher__ok_left_pad": None,
    "f27_weighted_sampler_loader__ok_full_pass": None,
    "f27_loader_peek_batch__ok_stream_count": None,
    "f27_stream_pretrain_sched__ok_counted": None,
    "f27_seg_loss_cfg__ok_no_weights": None,
    "f27_multilabel_loss_cfg__ok_defaults_guarded": None,
    "f27_token_loss_masked__ok_weight_tensor": None,
    "f27_attention_backend_select__ok_flash": None,
    "f27_fast_attention_cfg__ok_flash_cpu": None,
    "f27_ckpt_restore_inplace__ok_keys_checked": None,
    "f27_warm_start_loader__ok_train_returns_self": None,
    "f27_feature_probe_handle__ok_pre_hook_kept": None,
    "f27_state_migration_posthook__ok_log_only": None,
    "f27_tokenizer_extra_state__ok_self_copy": None,
    "f27_running_stats_extra_state__ok_nonstrict": None,
    "f27_running_stats_extra_state__ok_getter_only_nonstrict": None,  # written as a crash; torch runs it
    "f27_epoch_checkpointer__ok_flat": None,
    "f27_best_model_saver__ok_nested_parents": None,
    "f27_inmemory_snapshot__ok_weights_only": None,
    "f27_ema_snapshot_swap__ok_mmap_off": None,
    "f27_lazy_trainer_grad_init__ok_float_is_leaf": None,
    "f27_optimizer_factory_cfg__ok_sgd": None,
    "f27_scheduler_factory_cfg__ok_one_fn_all_groups": None,
    "f27_collate_fn_pipeline__ok_weight_every_record": None,
    "f27_eval_loop_first_batch__ok_loop_break": None,
    "f27_adapter_merge_posthook__ok_return_none": None,
    "f27_grad_checkpoint_blocks__ok_positional": None,
    "f27_checkpointed_encoder_cfg__ok_reentrant_positional": None,
    "f27_functional_ensemble__ok_strict_all": None,
    "f27_per_sample_grads_vmap__ok_noise_different": None,
    "f27_mc_dropout_vmap__ok_same_mask": None,
    "f27_ensemble_stats_vmap__ok_dict_tensors": None,
    "f27_fp8_weight_storage__ok_float_then_scale": None,
    "f27_fp8_kv_cache_decode__ok_float_method": None,
    "f27_whitening_mixed_precision__ok_eigh_float": None,
    "f27_whitening_mixed_precision__ok_inv_after_float_cholesky": None,  # written as a crash; torch runs it
    "f27_whitening_mixed_precision__ok_eigh_cov_promoted_by_eye": None,  # written as a crash; torch runs it
    "f27_gp_head_half_solve__ok_upcast_solve": None,
    "f27_dtype_cast_helper__ok_getattr_dtype": None,
    "f27_amp_precision_cfg__ok_to_dtype": None,
    "f27_rnn_depth_cfg__ok_half_depth_floor": None,
    "f27_lstm_stack_builder__ok_one_layer_no_dropout": None,
    "f27_adaptive_lm_head_cfg__ok_sorted_copy": None,
    "f27_adaptive_softmax_from_counts__ok_dedup": None,
    "f27_magnitude_mask_prune__ok_bool_mask": None,
    "f27_structured_mask_prune_conv__ok_broadcast_mul": None,
    "f27_sampling_generate_cfg__ok_exact_ctx": None,
    "f27_amp_clip_train_step__ok_inf_norm": None,
    "f27_beam_decode_gru__ok_beams_equal_vocab": None,
    "f27_beam_decode_gru__ok_beams_90_of_810": None,  # written as a crash; torch runs it
    "f27_two_tower_trainer__ok_temp_detached_leaf": None,
}

globals().update(
    cb.batch_tests(
        "fresh27",
        "templates_fresh27",
        "f27_",
        SAMPLE,
        min_cases=280,
        min_new=20,
        min_templates=55,
    )
)


def _classes():
    cases = cb.batch("fresh27")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh27")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh27", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh27")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f27_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_at_least_55_classes_half_new():
    """Session 35's brief: at least 55 crash classes, at least 20 of them new (no earlier split
    has them), the others earlier classes in new code shapes."""
    crash, older = _classes()
    classes = set(crash.values())
    new, old = classes - older, classes & older
    assert len(classes) >= 55 and len(new) >= 20 and len(old) >= 20, (len(new), len(old))


def test_about_half_crash_half_clean():
    """Half the cases crash and half are clean twins (within 45-55%)."""
    cases = cb.batch("fresh27")
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
