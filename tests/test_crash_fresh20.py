"""The crash study's twentieth fresh batch (``benchmarks/crash/templates_fresh20.py``, split
``fresh20``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh20`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 28): at least 40 templates and 100
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 20 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (every new class and the risky clean ones), that torch's
verdict in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f20_fno_spectral_block__gelu_spectrum": "NotImplementedError",  # gelu of a complex spectrum
    "f20_fno_spectral_block__ok_split": None,  # real and imaginary parts one at a time
    "f20_spectral_resampler__interp_spectrum": "NotImplementedError",
    "f20_spectral_resampler__ok_zero_pad": None,  # constant pad of a complex tensor is legal
    "f20_gradient_penalty_critic__input_no_grad": "RuntimeError",
    "f20_gradient_penalty_critic__ok": None,  # enable_grad inside no_grad
    "f20_gradient_penalty_critic__ok_func": None,  # torch.func.grad needs no recorded graph
    "f20_aux_loss_logger__per_sample": "TypeError",  # f"{t:.4f}" of a 1-D tensor
    "f20_aux_loss_logger__ok_nospec": None,  # an empty format spec works for any tensor
    "f20_lstm_style_gates__three_gates": "ValueError",  # chunk(4) of width 6: 3 pieces
    "f20_lstm_style_gates__ok_small": None,
    "f20_self_masked_attention__batched_fill": "RuntimeError",
    "f20_self_masked_attention__ok_cube": None,  # (2, 2, 2): all dims equal
    "f20_gcn_sparse_norm__sparse_view": "NotImplementedError",
    "f20_gcn_sparse_norm__ok": None,
    "f20_policy_sampler__int_count": "TypeError",  # sample(4)
    "f20_policy_sampler__ok_size": None,
    "f20_gaussian_actor__int_count": "TypeError",
    "f20_exp_noise_regularizer__keep_all": "RuntimeError",  # rate 2.0 * (1 - 1.0) = 0
    "f20_exp_noise_regularizer__ok_zero_keep": None,
    "f20_segment_mean_pooler__short": "RuntimeError",
    "f20_segment_mean_pooler__ok_three": None,
    "f20_anchor_scale_head__list": "TypeError",
    "f20_anchor_scale_head__ok_np": None,
    "f20_distill_head__teacher_wider": "RuntimeError",
    "f20_distill_head__ok_square": None,  # (4, 4) transposed still fits
    "f20_windowed_position_mixer__window_zero": "RuntimeError",  # arange % (16 // 32)
    "f20_windowed_position_mixer__ok_one": None,
    "f20_bert_padding_encoder__raw_mask": "AssertionError",  # a long attention_mask
    "f20_bert_padding_encoder__ok": None,
    "f20_latent_cross_attention__ok_float": None,  # a float key_padding_mask is legal
    "f20_packed_gru_tagger__keepdim": "IndexError",
    "f20_packed_gru_tagger__ok_list": None,
    "f20_keypoint_peak_decoder__two_names": "ValueError",
    "f20_keypoint_peak_decoder__ok_one_map": None,
    "f20_feature_whitening__svd_two": "ValueError",
    "f20_feature_whitening__ok_eigh": None,
    "f20_hf_style_backbone__as_tensor": "AttributeError",
    "f20_hf_style_backbone__index_zero": "KeyError",
    "f20_slot_memory_writer__one_past": "IndexError",
    "f20_slot_memory_writer__ok_last": None,
    "f20_bag_of_ngrams__plus_one": "RuntimeError",
    "f20_bag_of_ngrams__ok": None,
    "f20_rope_cache_block__plain_none": "KeyError",
    "f20_rope_cache_block__ok_empty": None,
    "f20_dtype_matched_head__input_dtype": "TypeError",
    "f20_dtype_matched_head__ok": None,
    "f20_vit_cls_grid__with_cls": "RuntimeError",
    "f20_unet_upsample_skip__odd_14": "RuntimeError",
    "f20_unet_upsample_skip__ok_12": None,
    "f20_gpt_block_mask__ok_exact": None,
    "f20_moe_topk_router__ok_all": None,
    "f20_simclr_targets__one_short": "RuntimeError",
    "f20_deep_pool_classifier__ok_edge": None,
    "f20_einops_mhsa__five_heads": "EinopsError",
    "f20_einops_mhsa__ok_three": None,
    "f20_seq2seq_transformer_mask__seq_first": "AssertionError",
    "f20_swin_shift_block__true_div": "TypeError",  # roll shifts of -4 / 2
    "f20_swin_shift_block__ok": None,
    "f20_bidirectional_conv_smoother__int_dim": "TypeError",  # torch.flip(x, -1)
    "f20_bidirectional_conv_smoother__ok_list": None,
    "f20_patch_tokenizer__permute_varargs": "TypeError",  # torch.permute(x, 0, 2, 1)
    "f20_patch_tokenizer__ok_method": None,
    "f20_deferred_init_encoder__never_materialized": "RuntimeError",
    "f20_deferred_init_encoder__ok_to_empty": None,
    "f20_tiled_feature_mixer__int_reps": "TypeError",
    "f20_special_token_filter__list": "TypeError",  # torch.isin(ids, [0, 3])
    "f20_special_token_filter__ok_scalar": None,
    "f20_heatmap_channel_gate__tuple_dims": "TypeError",
    "f20_vq_code_decoder__uint8_codes": "RuntimeError",  # Embedding ids must be int64 / int32
    "f20_vq_code_decoder__ok_int32": None,
    "f20_seq_classifier_loss__int32_targets": "RuntimeError",  # cross_entropy wants int64
    "f20_seq_classifier_loss__ok": None,
    "f20_weight_tap_regularizer__past_end": "AttributeError",
    "f20_weight_tap_regularizer__ok_first": None,
}

globals().update(
    cb.batch_tests(
        "fresh20",
        "templates_fresh20",
        "f20_",
        SAMPLE,
        min_cases=100,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 28: at least 20 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh20", 20)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (shapes that only just fit, an edge value, a
    spelling that works) and torch runs each one."""
    t = cb.template_module("templates_fresh20")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f20_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
