"""The crash study's eighteenth fresh batch (``benchmarks/crash/templates_fresh18.py``, split
``fresh18``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh18`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 26): at least 40 templates and 100
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
20 defect classes no earlier set has, at least 12 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f18_reverse_time_encoder__numpy_reverse": "ValueError",  # x[:, ::-1]
    "f18_reverse_time_encoder__ok": None,
    "f18_spectral_whitener_old_api__symeig": "RuntimeError",  # removed in torch 2
    "f18_rank_probe__old_matrix_rank": "RuntimeError",
    "f18_fourier_mixer_old_fft__old_call": "TypeError",  # torch.fft is a module
    "f18_fourier_mixer_old_fft__old_rfft": "AttributeError",
    "f18_fourier_mixer_old_fft__ok_fft2": None,
    "f18_conv_pad_mode_helper__conv_zeros": "NotImplementedError",
    "f18_conv_pad_mode_helper__ok_circular": None,
    "f18_upsample_decoder_mode__typo": "NotImplementedError",
    "f18_warp_sampler__zero_pad": "ValueError",
    "f18_first_token_pooler__bool_argmax": "RuntimeError",
    "f18_first_token_pooler__ok": None,
    "f18_weighted_ce_numpy_weights__from_numpy": "RuntimeError",  # float64 class weights
    "f18_weighted_ce_numpy_weights__ok_from_numpy": None,
    "f18_token_length_stats__long_quantile": "RuntimeError",
    "f18_token_length_stats__ok_median": None,  # median of integers is fine
    "f18_spectral_gate__clamp_spec": "NotImplementedError",
    "f18_spectral_gate__ok_polar": None,
    "f18_dropout_on_counts__long_ids": "RuntimeError",  # F.dropout trains by default
    "f18_dropout_on_counts__ok_half": None,
    "f18_moe_loop_router__row_of_ids": "TypeError",
    "f18_moe_loop_router__ok": None,  # a one-element index tensor is an index
    "f18_moe_index_add_combine__double_out": "RuntimeError",
    "f18_expert_load_balance__short": "RuntimeError",
    "f18_expert_load_balance__ok_none": None,
    "f18_segment_pool_index_reduce__sum": "RuntimeError",
    "f18_flat_lookup_take__numel": "IndexError",
    "f18_flat_lookup_take__ok_negative": None,
    "f18_diag_bias_attention__short": "RuntimeError",
    "f18_graph_spectrum_feats__long_adj": "NotImplementedError",
    "f18_volume_log_det__wide": "RuntimeError",
    "f18_closed_form_readout__short_targets": "RuntimeError",
    "f18_hermitian_gram__batch_H": "RuntimeError",
    "f18_hermitian_gram__ok_matrix_H": None,
    "f18_cond_expand_cfg__fewer_sizes": "RuntimeError",
    "f18_bias_broadcast_to__batch_bias": "RuntimeError",
    "f18_bias_broadcast_to__ok_row": None,
    "f18_shape_unpacker_block__past_rank": "IndexError",
    "f18_scalar_gate_len__scalar": "TypeError",
    "f18_scalar_gate_len__ok_one": None,
    "f18_multilabel_tagger__multi_hot": "RuntimeError",
    "f18_audio_frontend_stft__half_window": "RuntimeError",
    "f18_audio_frontend_stft__ok_short": None,
    "f18_cumulative_log_scores__argsort": "NotImplementedError",
    "f18_score_histogram__long_vals": "NotImplementedError",
    "f18_score_histogram__ok_double": None,
    "f18_unet_two_level__odd_15": "RuntimeError",
    "f18_unet_two_level__ok_18": None,
    "f18_decoder_block_sdpa_mask__padding_mask": "RuntimeError",
    "f18_decoder_block_sdpa_mask__ok_float": None,
    "f18_pyramid_pool_cnn__pool_to_zero": "RuntimeError",
    "f18_pyramid_pool_cnn__ok_min": None,
    "f18_einops_cls_pack__cls_3d": "RuntimeError",
    "f18_gather_topk_tokens__ok_narrow_index": None,  # a smaller index is legal
    "f18_gather_topk_tokens__wide_idx": "RuntimeError",
}

globals().update(
    cb.batch_tests(
        "fresh18",
        "templates_fresh18",
        "f18_",
        SAMPLE,
        min_cases=100,
        min_new=20,
        min_templates=40,
    )
)


def test_whole_models():
    """Session 26: at least 12 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh18", 12)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (legal casts, old-looking calls that still exist,
    shapes that only just fit, index tensors smaller than the input) and torch runs each one."""
    t = cb.template_module("templates_fresh18")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f18_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
