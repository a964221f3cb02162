"""The crash study's twenty-second fresh batch (``benchmarks/crash/templates_fresh22.py``, split
``fresh22``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh22`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 30): at least 40 templates and 200
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 25 whole small models, at least 25 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (every new class and the risky clean ones), that torch's
verdict in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    # Python slips over module containers
    "f22_residual_mlp_stack__no_enumerate": "TypeError",
    "f22_residual_mlp_stack__ok_zip": None,
    "f22_multi_head_dict_classifier__keys_long": "ValueError",
    "f22_multi_head_dict_classifier__keys_two_chars": "TypeError",
    "f22_multi_head_dict_classifier__ok": None,
    "f22_feature_pyramid_collector__module_list": "TypeError",
    "f22_feature_pyramid_collector__reset_list": "TypeError",
    "f22_feature_pyramid_collector__ok_new_attr": None,  # a list on a fresh attribute name
    "f22_running_norm_encoder__overwrite": "TypeError",
    "f22_running_norm_encoder__ok_cache_attr": None,  # a tensor on a fresh attribute name
    "f22_step_counting_policy__int_register": "TypeError",
    "f22_step_counting_policy__int_assign": "TypeError",
    "f22_step_counting_policy__ok_reregister": None,  # re-registering a buffer's own name
    "f22_base_forward_adapter__module_base": "NotImplementedError",
    "f22_base_forward_adapter__ok_identity": None,
    # attribute and call slips
    "f22_contiguous_attn_merge__method_uncalled": "AttributeError",
    "f22_contiguous_attn_merge__flatten_uncalled": "TypeError",
    "f22_contiguous_attn_merge__ok_contig": None,
    "f22_shape_probe_cnn__shape_called": "TypeError",
    "f22_shape_probe_cnn__ok_len": None,
    "f22_param_position_encoder__param_called": "TypeError",
    "f22_param_position_encoder__embedding_indexed": "TypeError",
    "f22_param_position_encoder__ok_embedding_weight": None,
    "f22_table_lookup_recommender__subscripted": "TypeError",
    "f22_table_lookup_recommender__weight_called": "TypeError",
    "f22_biasless_conv_fuser__none_bias_view": "AttributeError",
    "f22_biasless_conv_fuser__ok_guarded": None,
    # the model's own guards
    "f22_vit_input_guard__assert_48": "AssertionError",
    "f22_vit_input_guard__torch_assert_24": "AssertionError",
    "f22_vit_input_guard__ok_no_guard_24": None,
    "f22_audio_frame_guard__not_multiple": "ValueError",
    "f22_audio_frame_guard__ok_ragged_unchecked": None,
    # autograd inside a no_grad forward
    "f22_saliency_explainer__nonscalar": "RuntimeError",
    "f22_saliency_explainer__ok_grad_outputs": None,
    "f22_input_gradient_regularizer__unused_gate": "RuntimeError",
    "f22_input_gradient_regularizer__ok_allow_unused": None,
    "f22_two_pass_grad_probe__freed": "RuntimeError",
    "f22_two_pass_grad_probe__ok_create_graph": None,
    "f22_sigmoid_gate_attribution__inplace_mul": "RuntimeError",
    "f22_sigmoid_gate_attribution__ok_clamp": None,
    "f22_test_time_adapter__enable_grad_add": "RuntimeError",
    "f22_test_time_adapter__ok": None,  # in-place on a parameter under no_grad is legal
    "f22_functorch_jacobian_head__nonscalar": "RuntimeError",
    "f22_functorch_jacobian_head__ok_mean": None,
    "f22_detached_token_encoder__view_detach_": "RuntimeError",
    "f22_detached_token_encoder__ok_clone": None,
    # inference-mode tensors
    "f22_cached_mask_decoder__index_write": "RuntimeError",
    "f22_cached_mask_decoder__ok_read_only": None,
    "f22_frozen_stats_scaler__inplace": "RuntimeError",
    "f22_frozen_stats_scaler__requires_grad": "RuntimeError",
    "f22_frozen_stats_scaler__ok_clone_grad": None,
    # lazy modules, attention weights, complex RoPE, quantized tensors
    "f22_lazy_conv_classifier__weight_before_call": "RuntimeError",
    "f22_lazy_conv_classifier__ok_after_call": None,
    "f22_attention_rollout_encoder__no_weights": "TypeError",
    "f22_attention_rollout_encoder__per_head": "RuntimeError",
    "f22_attention_rollout_encoder__ok_per_head_mean": None,
    "f22_complex_rope_attention__no_contiguous": "RuntimeError",
    "f22_complex_rope_attention__clone_pairs": "RuntimeError",  # clone keeps the strides
    "f22_complex_rope_attention__ok": None,
    "f22_fake_quant_mlp__quant_into_linear": "RuntimeError",
    "f22_fake_quant_mlp__ok_int_repr": None,
    # comparisons, constructors, generators
    "f22_prediction_agreement_head__float_ids": "RuntimeError",
    "f22_prediction_agreement_head__ok": None,
    "f22_noise_injection_block__zeros_like_size": "TypeError",
    "f22_noise_injection_block__ok_randn_shape": None,
    "f22_generator_pooling_head__stack_generator": "TypeError",
    "f22_generator_pooling_head__ok_tuple": None,
    # state across decode steps, hooks, index helpers
    "f22_kv_cache_decoder__one_past": "IndexError",
    "f22_kv_cache_decoder__ok_slice_past_end": None,  # a length-1 value broadcasts into 0
    "f22_kv_cache_decoder__ok_index_edge": None,
    "f22_hooked_feature_extractor__pooled": "RuntimeError",
    "f22_hooked_feature_extractor__ok_scaled": None,
    "f22_pairwise_relation_head__true_div": "TypeError",
    "f22_pairwise_relation_head__ok_int_div": None,
    "f22_sorted_bucket_embedder__int32_sorter": "RuntimeError",
    "f22_sorted_bucket_embedder__ok_long": None,
    "f22_batched_bilinear_scorer__outer_batch": "RuntimeError",
    "f22_batched_bilinear_scorer__ok_one": None,
    "f22_ragged_sentence_pooler__sum_ragged": "RuntimeError",
    "f22_ragged_sentence_pooler__ok_padded": None,
    "f22_half_param_norm_block__half_params": "RuntimeError",
    "f22_half_param_norm_block__ok_bf16_input": None,
    "f22_half_param_norm_block__ok_half_both": None,
    # second pass: whole models
    "f22_straight_through_quantizer__instance_called": "RuntimeError",
    "f22_straight_through_quantizer__ok_float_step": None,  # save_for_backward(float) under no_grad
    "f22_ema_teacher_student__narrow_nonstrict": "RuntimeError",
    "f22_ema_teacher_student__ok_nonstrict": None,
    "f22_summary_token_concat__scalar_spread": "RuntimeError",
    "f22_summary_token_concat__ok": None,
    "f22_memory_bank_grower__param_bank": "RuntimeError",
    "f22_memory_bank_grower__ok_frozen_param": None,
    "f22_broadcast_bias_accumulator__expanded_iadd": "RuntimeError",
    "f22_broadcast_bias_accumulator__ok_rebind": None,
    "f22_config_unet__odd_36": "RuntimeError",
    "f22_config_unet__ok_edge": None,
    "f22_patch_embed_pos_table__ok_patch6": None,
    "f22_dict_config_attention__heads_5": "RuntimeError",
    "f22_dict_config_attention__ok_6": None,
    "f22_halving_mlp__stale_width": "RuntimeError",
    "f22_strided_conv_stack__ok_edge": None,
    # third pass: values computed through Python
    "f22_loop_width_fusion__base_times_n": "RuntimeError",
    "f22_loop_width_fusion__ok_final_w": None,
    "f22_fstring_expert_router__one_based": "KeyError",
    "f22_fstring_expert_router__ok_last": None,
    "f22_factorized_embedding_lm__no_projection": "RuntimeError",
    "f22_factorized_embedding_lm__ok_same_projected": None,
    "f22_greedy_decode_loop__one_more": "IndexError",
    "f22_greedy_decode_loop__ok_edge": None,
    "f22_padding_mask_attention__float_mask": "RuntimeError",
    "f22_padding_mask_attention__ok_bool_cast": None,
    "f22_strided_token_downsampler__true_div": "IndexError",
    "f22_strided_token_downsampler__ok_floor_div": None,
}

globals().update(
    cb.batch_tests(
        "fresh22",
        "templates_fresh22",
        "f22_",
        SAMPLE,
        min_cases=200,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 30: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh22", 25)


def test_risky_clean_cases_run():
    """At least 25 clean cases that look risky (shapes that only just fit, an edge value, a
    spelling that works, a guarded call) and torch runs each one."""
    t = cb.template_module("templates_fresh22")
    assert len(t.RISKY_CLEAN) >= 25
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f22_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
