"""The crash study's twenty-third fresh batch (``benchmarks/crash/templates_fresh23.py``, split
``fresh23``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh23`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 31): at least 40 templates and 200
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 25 whole small models, at least 60 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (every template's crash cases and one risky clean twin each),
that torch's verdict in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f23_lazy_scale_registry__plain_tensor": "TypeError",
    "f23_lazy_scale_registry__requires_grad_tensor": "TypeError",
    "f23_lazy_scale_registry__ok_buffer": None,
    "f23_activation_registry__functional_gelu": "TypeError",
    "f23_activation_registry__lambda_act": "TypeError",
    "f23_activation_registry__ok_fn_unused": None,
    "f23_staged_conv_probe__one_past": "IndexError",
    "f23_staged_conv_probe__stages_times_two_plus_one": "IndexError",
    "f23_staged_conv_probe__ok_two_stages": None,
    "f23_task_heads_by_index__first_by_position": "KeyError",
    "f23_task_heads_by_index__last_by_position": "KeyError",
    "f23_task_heads_by_index__ok_values_list": None,
    "f23_prompt_token_bank__count_drift": "IndexError",
    "f23_prompt_token_bank__shifted": "IndexError",
    "f23_prompt_token_bank__ok_reversed": None,
    "f23_language_bias_adapter__unknown_lang": "AttributeError",
    "f23_language_bias_adapter__upper_case": "AttributeError",
    "f23_language_bias_adapter__ok_last": None,
    "f23_tied_lookup_by_name__renamed_embedding": "AttributeError",
    "f23_tied_lookup_by_name__activation_slot": "AttributeError",
    "f23_tied_lookup_by_name__ok_block_weight": None,
    "f23_state_dict_shortcut__flat_key": "KeyError",
    "f23_state_dict_shortcut__singular_key": "KeyError",
    "f23_state_dict_shortcut__ok_reversed": None,
    "f23_fused_conv_bn_export__no_running_stats": "TypeError",
    "f23_fused_conv_bn_export__no_affine": "TypeError",
    "f23_cosine_retrieval_head__id_table": "RuntimeError",
    "f23_cosine_retrieval_head__rounded_weight": "RuntimeError",
    "f23_cosine_retrieval_head__ok_float_ids": None,
    "f23_causal_sdpa_block__long_mask": "RuntimeError",
    "f23_causal_sdpa_block__mask_one_short": "RuntimeError",
    "f23_causal_sdpa_block__ok_causal_false_mask": None,
    "f23_reflect_padded_conv__reflect_value": "RuntimeError",
    "f23_reflect_padded_conv__replicate_value": "RuntimeError",
    "f23_reflect_padded_conv__ok_zero_value": None,
    "f23_orthogonal_lazy_init__vector_gate": "ValueError",
    "f23_orthogonal_lazy_init__bias": "ValueError",
    "f23_orthogonal_lazy_init__ok_row_gate": None,
    "f23_python_sum_pooler__dim_keyword": "TypeError",
    "f23_python_sum_pooler__axis_keyword": "TypeError",
    "f23_python_sum_pooler__ok_builtin_unbind": None,
    "f23_upsample_decoder_size__size_times_float": "TypeError",
    "f23_upsample_decoder_size__size_floordiv": "TypeError",
    "f23_upsample_decoder_size__ok_list": None,
    "f23_channel_gate_index__two_ellipses": "RuntimeError",
    "f23_channel_gate_index__ellipsis_both_sides": "RuntimeError",
    "f23_channel_gate_index__ok_trailing": None,
    "f23_hardcoded_device_mask__cuda_ctor": "AssertionError",
    "f23_hardcoded_device_mask__cuda_call": "AssertionError",
    "f23_hardcoded_device_mask__ok_input_device": None,
    "f23_pinned_feature_cache__pinned": "RuntimeError",
    "f23_pinned_feature_cache__pinned_clone": "RuntimeError",
    "f23_pinned_feature_cache__ok_contiguous": None,
    "f23_log_variance_head__raw_assert": "AssertionError",
    "f23_log_variance_head__raw_raise": "FloatingPointError",
    "f23_log_variance_head__ok_unguarded_raw": None,
    "f23_frozen_backbone_probe__frozen_backbone": "RuntimeError",
    "f23_frozen_backbone_probe__frozen_head_weight": "RuntimeError",
    "f23_frozen_backbone_probe__ok_frozen_other": None,
    "f23_feature_freeze_encoder__method": "RuntimeError",
    "f23_feature_freeze_encoder__attribute": "RuntimeError",
    "f23_feature_freeze_encoder__ok_detached_flag": None,
    "f23_numpy_stats_logger__direct": "RuntimeError",
    "f23_numpy_stats_logger__cpu_first": "RuntimeError",
    "f23_numpy_stats_logger__ok_tolist": None,
    "f23_hypernet_linear__weights_only": "RuntimeError",
    "f23_hypernet_linear__one_short": "RuntimeError",
    "f23_hypernet_linear__ok_longer": None,
    "f23_gumbel_router__long_logits": "RuntimeError",
    "f23_gumbel_router__one_hot_ids": "RuntimeError",
    "f23_gumbel_router__ok_double": None,
    "f23_sorted_gather_head__int32": "RuntimeError",
    "f23_sorted_gather_head__float_idx": "RuntimeError",
    "f23_sorted_gather_head__ok_long": None,
    "f23_config_gpt_lm__stale_width": "RuntimeError",
    "f23_config_gpt_lm__heads_5": "RuntimeError",
    "f23_config_gpt_lm__ok_six_heads": None,
    "f23_greedy_topk_generate__one_more_step": "IndexError",
    "f23_greedy_topk_generate__k_over_vocab": "RuntimeError",
    "f23_greedy_topk_generate__ok_edge": None,
    "f23_vit_config_classifier__no_cls_slot": "RuntimeError",
    "f23_vit_config_classifier__literal_stride": "RuntimeError",
    "f23_vit_config_classifier__ok_patch4": None,
    "f23_loop_unet_cfg__odd_36": "RuntimeError",
    "f23_loop_unet_cfg__dec_in_drift": "RuntimeError",
    "f23_loop_unet_cfg__ok_shallow_odd": None,
    "f23_topk_moe_layer__row_index": "TypeError",
    "f23_topk_moe_layer__k_over_experts": "RuntimeError",
    "f23_topk_moe_layer__ok_zero_dim_tensor": None,
    "f23_gru_seq2seq__bridge_width": "RuntimeError",
    "f23_gru_seq2seq__two_d_hidden": "RuntimeError",
    "f23_gru_seq2seq__ok_unidirectional": None,
    "f23_window_attention_block__win_4": "RuntimeError",
    "f23_window_attention_block__win_5": "RuntimeError",
    "f23_window_attention_block__ok_whole": None,
    "f23_diffusion_time_block__odd_33": "RuntimeError",
    "f23_diffusion_time_block__odd_17": "RuntimeError",
    "f23_diffusion_time_block__ok_odd_padded": None,
    "f23_config_resnet_stages__stale_head": "RuntimeError",
    "f23_config_resnet_stages__flat_formula_one_stage_short": "RuntimeError",
    "f23_config_resnet_stages__ok_flat_formula": None,
    "f23_tagger_lm_loss__time_major_logits": "RuntimeError",
    "f23_tagger_lm_loss__stale_vocab": "RuntimeError",
    "f23_tagger_lm_loss__ok_flat": None,
    "f23_gqa_decoder_cfg__kv_3": "RuntimeError",
    "f23_gqa_decoder_cfg__literal_rep": "RuntimeError",
    "f23_gqa_decoder_cfg__ok_mha": None,
    "f23_rotary_block_cfg__rot_wider": "RuntimeError",
    "f23_rotary_block_cfg__rot_partial_unsliced": "RuntimeError",
    "f23_rotary_block_cfg__ok_partial": None,
    "f23_masked_token_sampler__all_masked": "RuntimeError",
    "f23_masked_token_sampler__nan_fill": "RuntimeError",
    "f23_masked_token_sampler__ok_all_masked_finite": None,
    "f23_gaussian_policy_head__log_std_as_std": "ValueError",
    "f23_gaussian_policy_head__shifted_std": "ValueError",
    "f23_conformer_conv_module__glu_time_axis": "RuntimeError",
    "f23_conformer_conv_module__expand_3": "RuntimeError",
    "f23_conformer_conv_module__ok_glu_negative": None,
    "f23_tied_embedding_lm__wide_hidden": "RuntimeError",
    "f23_tied_embedding_lm__projection_stale": "RuntimeError",
    "f23_tied_embedding_lm__ok_projected": None,
    "f23_perceiver_latent_pool__no_kdim": "RuntimeError",
    "f23_perceiver_latent_pool__kdim_is_dim": "RuntimeError",
    "f23_perceiver_latent_pool__ok_value_only": None,
    "f23_patch_merging_stage__odd_7": "RuntimeError",
    "f23_patch_merging_stage__odd_9": "RuntimeError",
    "f23_patch_merging_stage__ok_padded_odd": None,
    "f23_residual_mlp_cfg__hidden_48": "RuntimeError",
    "f23_residual_mlp_cfg__hidden_16": "RuntimeError",
    "f23_residual_mlp_cfg__ok_guarded": None,
    "f23_bucketed_position_bias__true_division": "RuntimeError",
    "f23_bucketed_position_bias__torch_div": "RuntimeError",
    "f23_bucketed_position_bias__ok_div_floor": None,
    "f23_vae_encoder_cfg__odd_30": "RuntimeError",
    "f23_vae_encoder_cfg__input_drift": "RuntimeError",
    "f23_vae_encoder_cfg__ok_probe": None,
    "f23_memory_token_encoder__no_batch_dim": "RuntimeError",
    "f23_memory_token_encoder__transposed": "RuntimeError",
    "f23_memory_token_encoder__ok_repeat": None,
    "f23_causal_sdpa_block__ok_mask_and_causal": None,  # written as a crash; torch 2.13 runs it
    "f23_causal_sdpa_block__ok_float_mask_and_causal": None,  # the same near-miss, a float mask
    # second pass
    "f23_grad_free_stats_block__no_grad_uncalled": "TypeError",
    "f23_grad_free_stats_block__ok_inference_mode": None,
    "f23_weight_norm_report__named_no_unpack": "AttributeError",
    "f23_weight_norm_report__parameters_unpacked": "ValueError",
    "f23_weight_norm_report__ok": None,
    "f23_lazy_position_param__int_arange": "RuntimeError",
    "f23_lazy_position_param__ok_float_arange": None,
    "f23_half_head_classifier__half_head": "RuntimeError",
    "f23_half_head_classifier__ok_bf16_both": None,
    "f23_config_bn_cnn__stale_bn_width": "RuntimeError",
    "f23_config_bn_cnn__ok_mult_2": None,
    "f23_mha_config_encoder__proj_heads_times_8": "RuntimeError",
    "f23_mha_config_encoder__ok_48": None,
}

globals().update(
    cb.batch_tests(
        "fresh23",
        "templates_fresh23",
        "f23_",
        SAMPLE,
        min_cases=200,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 31: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh23", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (shapes that only just fit, an edge value, a
    spelling that works, a guarded call) and torch runs each one."""
    t = cb.template_module("templates_fresh23")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f23_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_half_the_classes_are_old_ones_in_new_shapes():
    """Session 31's brief: about half the crash classes are ones earlier splits have (written as
    whole models, sizes through Python), the other half new (at least 20)."""
    cases = cb.batch("fresh23")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh23")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    new, old = crash - older, crash & older
    assert len(new) >= 20 and len(old) >= 20, (len(new), len(old))
