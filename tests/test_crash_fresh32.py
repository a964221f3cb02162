"""The crash study's thirty-second fresh batch (``benchmarks/crash/templates_fresh32.py``, split
``fresh32``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh32`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 40): at least 55 templates and 280
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
55 crash classes with at least 15 no earlier set has and at least 35 earlier ones, at least 25
whole small models, at least 60 clean cases that look risky, case files that are what the
templates render, no label that torch contradicts, every new class written in at least 3 crash
cases over at least 2 templates, every crash class with 2 or more crash cases in both split
parts, the forward-only classes of the brief (view / reshape sizes, cat then linear, matmul / bmm /
einsum, split / chunk, broadcasting, einops) present, and, for a sample of cases on both sides
(every crash case and one risky clean twin per template, plus the two labels torch overturned
while the batch was written), that torch's verdict in ``truth.json`` is what torch says now under
two seeds.
"""

from __future__ import annotations

import hashlib

from tests import crash_batch_support as cb

SAMPLE = {
    "f32_evidential_head__order_minus_one": "RuntimeError",
    "f32_evidential_head__order_from_index": "RuntimeError",
    "f32_dirichlet_calibrator__order_minus_two_v5": "RuntimeError",
    "f32_dirichlet_calibrator__weights_wrong_width": "RuntimeError",
    "f32_weighted_whitening__fweights_as_float": "RuntimeError",
    "f32_weighted_whitening__aweights_centered": "RuntimeError",
    "f32_weighted_whitening__fweights_per_feature": "RuntimeError",
    "f32_ensemble_spread_stats__counts_per_member": "RuntimeError",
    "f32_ensemble_spread_stats__diag_of_vector": "IndexError",
    "f32_read_depth_simulator__total_as_long": "ValueError",
    "f32_read_depth_simulator__total_rounded_to_int": "ValueError",
    "f32_token_dropout_counts__lengths_from_sum": "ValueError",
    "f32_token_dropout_counts__lengths_long_tensor_v2": "ValueError",
    "f32_sparse_gcn_layer__csr_indices": "RuntimeError",
    "f32_sparse_gcn_layer__coo_crow_indices": "RuntimeError",
    "f32_sparse_grad_report__values_of_dense": "RuntimeError",
    "f32_sparse_grad_report__coalesce_dense": "RuntimeError",
    "f32_sparse_grad_report__ccol_of_coo_v5": "RuntimeError",
    "f32_int8_export_stub__scale_of_float": "NotImplementedError",
    "f32_int8_export_stub__int_repr_of_float": "NotImplementedError",
    "f32_calib_table_dump__scales_of_float": "NotImplementedError",
    "f32_calib_table_dump__zero_points_of_float": "NotImplementedError",
    "f32_mc_dropout_predictor__train_one": "ValueError",
    "f32_mc_dropout_predictor__train_string_mode": "ValueError",
    "f32_mc_dropout_predictor__eval_false": "TypeError",
    "f32_teacher_student_modes__flag_as_int": "ValueError",
    "f32_teacher_student_modes__flag_none_v2": "ValueError",
    "f32_teacher_student_modes__eval_with_flag": "TypeError",
    "f32_frozen_backbone_ft__eval_passed_flag_v8": "TypeError",
    "f32_frozen_backbone_ft__head_width_spatial": "RuntimeError",
    "f32_latent_prior_batch__prior_rows_two": "RuntimeError",
    "f32_latent_prior_batch__expand_with_event": "ValueError",
    "f32_action_dist_tiles__tiles_trailing": "RuntimeError",
    "f32_action_dist_tiles__tiles_per_action": "RuntimeError",
    "f32_action_dist_tiles__logprob_of_wrong_rows": "ValueError",
    "f32_gmm_density_score__proj_wider_than_event": "ValueError",
    "f32_gmm_density_score__value_not_unsqueezed_v2": "ValueError",
    "f32_vae_gauss_recon__decoder_half_width": "ValueError",
    "f32_vae_gauss_recon__target_transposed_v7": "ValueError",
    "f32_corr_prior_head__one_dim_groups": "ValueError",
    "f32_corr_prior_head__groups_past_width": "ValueError",
    "f32_corr_prior_head__groups_not_dividing": "ValueError",
    "f32_scale_tril_sampler__single_dim": "ValueError",
    "f32_scale_tril_sampler__zero_dims_v7": "ValueError",
    "f32_fast_init_builder__instance_passed": "TypeError",
    "f32_fast_init_builder__adapter_without_device": "RuntimeError",
    "f32_lazy_head_registry__built_then_skipped": "TypeError",
    "f32_lazy_head_registry__sequential_skipped": "RuntimeError",
    "f32_meta_materialize__device_positional": "TypeError",
    "f32_meta_materialize__device_missing": "TypeError",
    "f32_sharded_load_stub__target_positional": "TypeError",
    "f32_sharded_load_stub__shadow_out_narrower": "RuntimeError",
    "f32_memmap_token_batch__uint16_plus_offset": "NotImplementedError",
    "f32_memmap_token_batch__uint16_add_method": "NotImplementedError",
    "f32_packed_position_ids__uint16_positions": "NotImplementedError",
    "f32_packed_position_ids__uint32_positions_v2": "NotImplementedError",
    "f32_codebook_hit_rate__complex_codes": "RuntimeError",
    "f32_codebook_hit_rate__complex_elements_real_book": "RuntimeError",
    "f32_spectral_peak_mask__peaks_of_spectrum": "RuntimeError",
    "f32_spectral_peak_mask__mask_via_method_v4": "RuntimeError",
    "f32_maxnorm_embedding_reg__off_flag_passed": "RuntimeError",
    "f32_maxnorm_embedding_reg__function_spelling": "RuntimeError",
    "f32_conv_filter_constraint__limit_negative_inplace": "RuntimeError",
    "f32_conv_filter_constraint__limit_log_scale": "RuntimeError",
    "f32_conv_filter_constraint__dim_past_rank": "IndexError",
    "f32_segment_mean_pool__float_bounds": "RuntimeError",
    "f32_segment_mean_pool__rounded_float_bounds": "RuntimeError",
    "f32_segment_mean_pool__four_segments_kept_head": "RuntimeError",
    "f32_utterance_chunker__linspace_float_bounds": "RuntimeError",
    "f32_utterance_chunker__bounds_as_double_v5": "RuntimeError",
    "f32_kv_cache_decoder__cache_one_short": "RuntimeError",
    "f32_kv_cache_decoder__head_dim_sixteen": "RuntimeError",
    "f32_beam_reorder_step__k_past_candidates": "RuntimeError",
    "f32_beam_reorder_step__gather_index_2d": "RuntimeError",
    "f32_patch_embed_einops__patch_six": "EinopsError",
    "f32_patch_embed_einops__channels_left_out": "RuntimeError",
    "f32_fused_qkv_split_cfg__sizes_assume_dim": "RuntimeError",
    "f32_fused_qkv_split_cfg__uniform_split_four_parts": "ValueError",
    "f32_fused_qkv_split_cfg__narrow_kv_matmul": "RuntimeError",
    "f32_relation_bmm_head__bmm_untransposed": "RuntimeError",
    "f32_relation_bmm_head__einsum_wrong_subscripts": "RuntimeError",
    "f32_masked_mean_pooler__mask_not_unsqueezed": "RuntimeError",
    "f32_masked_mean_pooler__mask_transposed": "RuntimeError",
    "f32_lora_wrapped_linear__A_not_transposed": "RuntimeError",
    "f32_lora_wrapped_linear__merged_delta_wrong_order": "RuntimeError",
    "f32_window_attention_block__view_after_permute": "RuntimeError",
    "f32_window_attention_block__window_not_dividing": "RuntimeError",
    "f32_gated_mlp_chunks__three_parts_two_names": "ValueError",
    "f32_gated_mlp_chunks__unbind_hidden_axis": "ValueError",
    "f32_amp_step_with_scaler__eps_negative": "ValueError",
    "f32_amp_step_with_scaler__betas_triple": "ValueError",
    "f32_amp_step_with_scaler__unscale_twice": "RuntimeError",
    "f32_warmup_cosine_sched__two_milestones": "ValueError",
    "f32_warmup_cosine_sched__start_factor_zero": "ValueError",
    "f32_ckpt_buffer_roundtrip__not_rewound": "EOFError",
    "f32_ckpt_buffer_roundtrip__enc_wider_v5": "RuntimeError",
    "f32_ckpt_buffer_roundtrip__whole_module_weights_only": "UnpicklingError",
    "f32_rotary_cached_attention__offset_past_table": "RuntimeError",
    "f32_rotary_cached_attention__rot_dim_model_width": "RuntimeError",
    "f32_grouped_query_cfg__kv_heads_three": "RuntimeError",
    "f32_grouped_query_cfg__mask_batch_only": "RuntimeError",
    "f32_grouped_query_cfg__no_repeat_kv": "RuntimeError",
    "f32_packed_gru_encoder__unsorted_lengths": "RuntimeError",
    "f32_packed_gru_encoder__tagger_one_direction": "RuntimeError",
    "f32_packed_gru_encoder__total_length_short": "ValueError",
    "f32_lstm_state_carry__state_batch_first": "RuntimeError",
    "f32_lstm_state_carry__state_one_layer": "RuntimeError",
    "f32_stft_feature_frontend__window_longer_than_fft": "RuntimeError",
    "f32_stft_feature_frontend__relu_on_spectrum": "NotImplementedError",
    "f32_stft_feature_frontend__log_of_complex_then_linear": "RuntimeError",
    "f32_spectral_conv_mixer__weights_not_complex": "RuntimeError",
    "f32_spectral_conv_mixer__modes_past_spectrum": "RuntimeError",
    "f32_spectral_conv_mixer__complex_from_wrong_axis": "RuntimeError",
    "f32_per_sample_grads_func__loss_per_element": "RuntimeError",
    "f32_per_sample_grads_func__y_in_dim_past_rank": "ValueError",
    "f32_straight_through_quant__returns_only_input_grad": "RuntimeError",
    "f32_activation_stats_hooks__returns_stats_tuple": "TypeError",
    "f32_activation_stats_hooks__returns_mean_only": "RuntimeError",
    "f32_init_scheme_cfg__xavier_on_bias": "ValueError",
    "f32_init_scheme_cfg__orthogonal_bias": "ValueError",
    "f32_init_scheme_cfg__eye_on_conv": "ValueError",
    "f32_unet_decoder_cfg__fuse_expects_up_only": "RuntimeError",
    "f32_unet_decoder_cfg__interp_size_with_channels": "ValueError",
    "f32_subpixel_upsampler__expand_not_square": "RuntimeError",
    "f32_subpixel_upsampler__out_expects_expanded_v2": "RuntimeError",
    "f32_clip_style_contrastive__text_embed_wider": "RuntimeError",
    "f32_clip_style_contrastive__labels_as_float": "RuntimeError",
    "f32_clip_style_contrastive__smoothing_percent": "RuntimeError",
    "f32_multilabel_tagger_loss__pos_weight_per_sample": "RuntimeError",
    "f32_multilabel_tagger_loss__target_all_features": "ValueError",
    "f32_multilabel_tagger_loss__target_class_ids_v3": "ValueError",
    "f32_fake_quant_observer__range_reversed": "RuntimeError",
    "f32_fake_quant_observer__scale_per_tensor": "RuntimeError",
    "f32_topk_sampling_decode__many_without_replacement": "RuntimeError",
    "f32_topk_sampling_decode__k_past_vocab": "RuntimeError",
    "f32_topk_sampling_decode__greedy_as_zero_temp": "RuntimeError",
    "f32_ragged_collate_pipeline__default_collate_ragged": "RuntimeError",
    "f32_ragged_collate_pipeline__stack_in_collate": "RuntimeError",
    "f32_moe_topk_router__router_more_logits": "IndexError",
    "f32_moe_topk_router__k_past_experts": "RuntimeError",
    "f32_retrieval_knn_head__query_dim_mismatch": "RuntimeError",
    "f32_retrieval_knn_head__k_past_memory_v2": "RuntimeError",
    "f32_einops_video_pool__repeat_axis_unnamed": "EinopsError",
    "f32_einops_video_pool__pos_time_last_v2": "RuntimeError",
    "f32_norm_stack_builder__groups_not_dividing": "ValueError",
    "f32_norm_stack_builder__layernorm_on_channels": "RuntimeError",
    "f32_trajectory_integral__knots_one_short": "RuntimeError",
    "f32_trajectory_integral__edges_as_matrix": "RuntimeError",
    "f32_nested_sentence_pool__std_over_time": "NotImplementedError",
    "f32_nested_sentence_pool__flatten_tokens": "RuntimeError",
    "f32_causal_lm_mask_fill__pad_mask_not_expanded": "RuntimeError",
    "f32_causal_lm_mask_fill__pad_mask_as_float": "RuntimeError",
    "f32_causal_lm_mask_fill__heads_not_dividing_v2": "RuntimeError",
    "f32_evidential_head__ok_digamma_order": None,
    "f32_dirichlet_calibrator__ok_second_order": None,
    "f32_weighted_whitening__ok_aweights_softmax": None,
    "f32_ensemble_spread_stats__ok_counts_repeat": None,
    "f32_read_depth_simulator__ok_rounded_float": None,
    "f32_token_dropout_counts__ok_double_lengths": None,
    "f32_sparse_gcn_layer__ok_csr_rows": None,
    "f32_sparse_grad_report__ok_dense_nonzero": None,
    "f32_int8_export_stub__ok_int_repr": None,
    "f32_calib_table_dump__ok_zero_points": None,
    "f32_mc_dropout_predictor__ok_true_flag": None,
    "f32_teacher_student_modes__ok_bool_cast": None,
    "f32_frozen_backbone_ft__ok_train_false": None,
    "f32_latent_prior_batch__ok_rows_match": None,
    "f32_action_dist_tiles__ok_single": None,
    "f32_gmm_density_score__ok_three_dim": None,
    "f32_vae_gauss_recon__ok_scalar_broadcast": None,
    "f32_corr_prior_head__ok_three_groups": None,
    "f32_scale_tril_sampler__ok_two_dims": None,
    "f32_fast_init_builder__ok_adapter_plain": None,
    "f32_lazy_head_registry__ok_norm": None,
    "f32_meta_materialize__ok_device_object": None,
    "f32_sharded_load_stub__ok_recurse_kw": None,
    "f32_memmap_token_batch__ok_cast_first": None,
    "f32_packed_position_ids__ok_int32": None,
    "f32_codebook_hit_rate__ok_angle_hits": None,
    "f32_spectral_peak_mask__ok_threshold": None,
    "f32_maxnorm_embedding_reg__ok_guarded": None,
    "f32_conv_filter_constraint__ok_zero_limit": None,
    "f32_segment_mean_pool__ok_python_ints": None,
    "f32_utterance_chunker__ok_uneven_parts": None,
    "f32_kv_cache_decoder__ok_roomy_cache": None,
    "f32_beam_reorder_step__ok_k_all_beams": None,
    "f32_patch_embed_einops__ok_patch_eight": None,
    "f32_fused_qkv_split_cfg__ok_uniform_split": None,
    "f32_relation_bmm_head__ok_einsum": None,
    "f32_masked_mean_pooler__ok_bool_mul": None,
    "f32_lora_wrapped_linear__ok_rank_one_functional": None,
    "f32_window_attention_block__ok_window_two": None,
    "f32_gated_mlp_chunks__ok_tensor_split": None,
    "f32_amp_step_with_scaler__ok_sgd_momentum": None,
    "f32_warmup_cosine_sched__ok_start_one": None,
    "f32_ckpt_buffer_roundtrip__ok_getvalue_copy": None,
    "f32_rotary_cached_attention__ok_offset_fits": None,
    "f32_grouped_query_cfg__ok_mqa_bool_mask": None,
    "f32_packed_gru_encoder__ok_unsorted_allowed": None,
    "f32_lstm_state_carry__ok_literal_layers": None,
    "f32_stft_feature_frontend__ok_power": None,
    "f32_spectral_conv_mixer__ok_all_modes": None,
    "f32_per_sample_grads_func__ok_sum_reduction": None,
    "f32_straight_through_quant__ok_zero_scale_grad": None,
    "f32_activation_stats_hooks__ok_scaled_output": None,
    "f32_init_scheme_cfg__ok_orthogonal_conv": None,
    "f32_unet_decoder_cfg__ok_interp_to_skip": None,
    "f32_subpixel_upsampler__ok_scale_three": None,
    "f32_clip_style_contrastive__ok_smoothed": None,
    "f32_multilabel_tagger_loss__ok_scalar_pos_weight": None,
    "f32_fake_quant_observer__ok_four_bits": None,
    "f32_topk_sampling_decode__ok_many_with_replacement": None,
    "f32_ragged_collate_pipeline__ok_left_pad": None,
    "f32_moe_topk_router__ok_top1": None,
    "f32_retrieval_knn_head__ok_all_neighbours": None,
    "f32_einops_video_pool__ok_broadcast_pos": None,
    "f32_norm_stack_builder__ok_batchnorm": None,
    "f32_trajectory_integral__ok_single_edge": None,
    "f32_nested_sentence_pool__ok_padded_max": None,
    "f32_causal_lm_mask_fill__ok_four_heads": None,
    "f32_straight_through_quant__scale_grad_full_shape": None,  # written as a crash; torch runs it
    "f32_nested_sentence_pool__padded_to_shortest": None,  # written as a crash; torch runs it
}

globals().update(
    cb.batch_tests(
        "fresh32",
        "templates_fresh32",
        "f32_",
        SAMPLE,
        min_cases=280,
        min_new=15,
        min_templates=55,
    )
)


def _classes():
    cases = cb.batch("fresh32")
    earlier = set(cb.ORDER[: cb.ORDER.index("fresh32")])
    older = {e["defect"] for e in cb.CASES.values() if e["split"] in earlier}
    crash = {n: cb.TRUTH["cases"][n]["defect"] for n in cases if cb.TRUTH["cases"][n]["crash"]}
    return crash, older


def test_sample_covers_every_crash_case_and_every_template():
    """The torch-verdict sample holds every crash case and a clean case of every template."""
    cases = cb.batch("fresh32")
    crash = {n for n in cases if cb.TRUTH["cases"][n]["crash"]}
    assert crash <= set(SAMPLE)
    clean_templates = {n.split("__")[0] for n, v in SAMPLE.items() if v is None}
    assert clean_templates == {n.split("__")[0] for n in cases}


def test_whole_models():
    """At least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh32", 25)


def test_risky_clean_cases_run():
    """At least 60 clean cases that look risky (an edge value, a spelling that works, a
    near-miss) and torch runs each one."""
    t = cb.template_module("templates_fresh32")
    assert len(t.RISKY_CLEAN) >= 60
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f32_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name


def test_at_least_55_classes_15_new_35_earlier():
    """Session 40's brief: at least 55 crash classes, at least 15 of them new (no earlier split
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
    cases = cb.batch("fresh32")
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
    for path in cb.earlier_template_files(32):
        text = path.read_text()
        hits = sorted(c for c in new if f'"{c}"' in text)
        assert not hits, (path.name, hits)
