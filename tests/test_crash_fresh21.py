"""The crash study's twenty-first fresh batch (``benchmarks/crash/templates_fresh21.py``, split
``fresh21``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh21`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 29): at least 40 templates and 100
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 20 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (every new class and the risky clean ones), that torch's
verdict in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    # MultiheadAttention: the is_causal hint without a mask, the (output, weights) tuple
    "f21_causal_decoder_block__ok_hint_fastpath": None,  # eval + no_grad self-attention fast path
    "f21_causal_decoder_block__tuple_out": "TypeError",
    "f21_perceiver_latent_reader__causal_hint": "RuntimeError",  # cross-attention: no fast path
    "f21_perceiver_latent_reader__ok_unpacked": None,
    "f21_seq_first_causal_lm__hint_only": "RuntimeError",  # batch_first=False: no fast path
    "f21_seq_first_causal_lm__ok_both": None,
    # RNN and pooling tuples
    "f21_gru_sentence_encoder__tuple_slice": "TypeError",
    "f21_gru_sentence_encoder__ok_hn_slice": None,  # h_n[:, -1] is a wrong axis, not a crash
    "f21_unpool_autoencoder__indices_tuple": "TypeError",
    "f21_unpool_autoencoder__ok_first": None,
    # FFT of half / bfloat16 on the CPU
    "f21_fnet_mixer__half": "RuntimeError",
    "f21_fnet_mixer__bf16": "RuntimeError",
    "f21_fnet_mixer__ok_double": None,
    # size and keyword arguments
    "f21_beam_score_init__int_size": "TypeError",
    "f21_beam_score_init__ok_list": None,
    "f21_feature_standardizer__both": "TypeError",
    "f21_feature_standardizer__ok_correction": None,
    "f21_feature_map_norm_head__three_dims": "RuntimeError",
    "f21_feature_map_norm_head__ok": None,  # vector_norm takes any number of dims
    # einsum
    "f21_prior_weighted_pool__double_prior": "RuntimeError",
    "f21_prior_weighted_pool__ok_cast": None,
    "f21_token_gram_attention__repeated_out": "RuntimeError",
    "f21_token_gram_attention__ok_diag": None,
    # EmbeddingBag, stack, unique, split
    "f21_bag_of_words_classifier__grouped_3d": "ValueError",
    "f21_bag_of_words_classifier__ok_offsets": None,
    "f21_segment_length_encoder__python_ints": "TypeError",
    "f21_segment_length_encoder__ok_scalar": None,
    "f21_frequency_scaled_embedding__no_counts": "ValueError",
    "f21_frequency_scaled_embedding__ok_sorted": None,
    "f21_fused_qkv_attention__split_heads": "ValueError",
    "f21_fused_qkv_attention__ok_list": None,
    # autograd helpers inside a no_grad forward
    "f21_gradcam_backbone__always_hook": "RuntimeError",
    "f21_gradcam_backbone__ok": None,
    "f21_saliency_probe__always_retain": "RuntimeError",
    "f21_saliency_probe__ok": None,
    "f21_grad_norm_logger__grad_read": "AttributeError",
    "f21_grad_norm_logger__ok_guarded": None,
    # vander, iinfo, clamp bounds, nanmean, where
    "f21_poly_feature_regressor__matrix": "RuntimeError",
    "f21_poly_feature_regressor__ok": None,
    "f21_padded_self_attention__iinfo": "TypeError",
    "f21_padded_self_attention__ok": None,
    "f21_learned_clip_activation__flat_bounds": "RuntimeError",
    "f21_learned_clip_activation__ok": None,
    "f21_length_normalized_pool__long_lengths": "RuntimeError",
    "f21_length_normalized_pool__int32_lengths": "RuntimeError",
    "f21_gated_residual_unit__none_branch": "TypeError",
    "f21_gated_residual_unit__ok": None,
    # swapped arguments
    "f21_tied_embedding_lm__swapped": "RuntimeError",
    "f21_tied_embedding_lm__ok_kw": None,
    "f21_greedy_token_picker__swapped": "TypeError",
    "f21_greedy_token_picker__method_swapped": "TypeError",
    "f21_channel_subset_head__swapped": "TypeError",
    "f21_channel_subset_head__ok_kw": None,
    # reflect padding after downsampling, a short position table
    "f21_reflect_conv_downsampler__short_12": "RuntimeError",
    "f21_reflect_conv_downsampler__ok_edge": None,  # 14 -> 7 -> 4: the last reflect pad 3 < 4
    "f21_reflect_conv_downsampler__ok_13": None,
    "f21_learned_pos_encoder__offset_by_one": "IndexError",
    "f21_learned_pos_encoder__ok_exact": None,
    # familiar classes in whole models, near misses
    "f21_unet_two_level__odd_18": "RuntimeError",
    "f21_unet_two_level__ok_20": None,
    "f21_vit_patch_classifier__ok_35": None,  # 35 // 8 = 4 patches a side, as for 32
    "f21_vgg_tiny__ok_edge": None,  # 63 -> 31 -> 15 -> 7 -> 3 -> 1
    "f21_vgg_tiny__odd_31": "RuntimeError",
    "f21_clip_conv3d__ok_edge": None,
    "f21_smoothed_label_loss__ok_inferred": None,  # num_classes=-1
    "f21_smoothed_label_loss__one_short": "RuntimeError",
    "f21_bert_extended_mask__bool_mask": "RuntimeError",
    "f21_rope_angle_table__long_pos": "RuntimeError",
    "f21_gqa_decoder_attention__rep_kv": "RuntimeError",
    "f21_fpn_fuse__ok_square_int": None,
    # second pass: dtypes of masks and values computed in forward
    "f21_detr_mask_resizer__bool_mask": "NotImplementedError",  # nearest resize of a bool mask
    "f21_detr_mask_resizer__ok_uint8": None,
    "f21_accuracy_reporting_classifier__bool_mean": "RuntimeError",
    "f21_accuracy_reporting_classifier__ok_sum": None,  # sum of bools / int is a float
    "f21_numpy_style_cast__to_string": "RuntimeError",  # "float32" read as a device string
    "f21_numpy_style_cast__like_string": "TypeError",
    "f21_causal_mask_builder__device_tensor": "TypeError",
    "f21_causal_mask_builder__float_diag": "TypeError",  # diagonal=T / T
    "f21_causal_mask_builder__ok_int_ratio": None,
    "f21_sdpa_dropout_block__percent": "RuntimeError",
    "f21_sdpa_dropout_block__ok_eval_percent": None,  # dropout_p is 0.0 outside training
    "f21_sdpa_dropout_block__ok_one": None,  # p = 1.0 is in range
    "f21_quantized_value_embedding__raw_scale": "IndexError",
    "f21_quantized_value_embedding__ok": None,
    "f21_heatmap_peak_picker__bool_mask": "NotImplementedError",
    "f21_heatmap_peak_picker__ok_float_mask": None,
    "f21_length_regulator__float_durations": "NotImplementedError",
    "f21_length_regulator__ok_int": None,  # int32 repeats are legal
    "f21_action_sampler__raw_logits": "RuntimeError",
    "f21_action_sampler__ok_exp": None,
    "f21_strided_position_encoder__true_div": "RuntimeError",
    "f21_centre_token_pooler__true_div": "IndexError",
    "f21_progressive_downsampler__ok_edge": None,  # 32 / 2**5 = 1
    "f21_progressive_downsampler__six_levels": "RuntimeError",
    # third pass: dtypes and layouts of tensors built in forward
    "f21_stn_resampler__double_grid": "RuntimeError",
    "f21_stn_resampler__ok_cast": None,
    "f21_channels_last_cnn__view_flat": "RuntimeError",
    "f21_channels_last_cnn__ok_reshape": None,
    "f21_mixed_precision_moe__bf16_store": "RuntimeError",
    "f21_mixed_precision_moe__ok": None,
    "f21_image_token_injector__half_features": "RuntimeError",
    "f21_image_token_injector__ok_cast": None,
    "f21_mixed_precision_block__ok_autocast": None,  # CPU autocast to float16
    "f21_mixed_precision_block__ok_bf16_norm": None,  # LayerNorm: bf16 input, float weights
    "f21_mixed_precision_block__half_matmul": "RuntimeError",
    "f21_dilated_tcn__true_div": "TypeError",
    "f21_dilated_tcn__ok_int": None,
    "f21_window_partition_attention__window_5": "RuntimeError",
    "f21_window_partition_attention__ok_6": None,
    # fourth pass: sizes and dtypes inferred from the data
    "f21_bf16_activation_logger__bf16_numpy": "TypeError",
    "f21_bf16_activation_logger__ok_half": None,  # numpy has float16, not bfloat16
    "f21_one_hot_token_mixer__inferred": "RuntimeError",  # ids in [0, 2): 2 classes, not 8
    "f21_one_hot_token_mixer__ok_positional": None,
    "f21_class_balance_reweighter__inferred": "RuntimeError",
    "f21_class_balance_reweighter__ok": None,
    "f21_mixed_precision_block__ok_cuda_autocast": None,
}

globals().update(
    cb.batch_tests(
        "fresh21",
        "templates_fresh21",
        "f21_",
        SAMPLE,
        min_cases=100,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 29: at least 20 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh21", 20)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (shapes that only just fit, an edge value, a
    spelling that works, a guarded call) and torch runs each one."""
    t = cb.template_module("templates_fresh21")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f21_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
