"""The crash study's eighth fresh batch (``benchmarks/crash/templates_fresh8.py``, split ``fresh8``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh8`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 19): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, case files that are what the
templates render, no label that torch contradicts, and, for a sample of cases on both sides (new
classes and clean traps included), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f8_siamese_pairwise__d16": "RuntimeError",  # pairwise_distance of widths 32 and 16
    "f8_siamese_pairwise__ok_width1": None,  # a width of 1 broadcasts
    "f8_text_classifier_nll__step2": "IndexError",  # nll_loss target 6 of 5 classes
    "f8_weighted_seg_ce__w4": "RuntimeError",  # class weights of 4 for 5 classes
    "f8_ctc_asr__frames_before_sub": "RuntimeError",  # CTC input length before subsampling
    "f8_caption_cross_attn_kdim__k64": "AssertionError",  # MHA kdim 64, keys of width 48
    "f8_llama_gqa_sdpa__no_repeat": "RuntimeError",  # 8 query heads, 2 key heads
    "f8_llama_gqa_sdpa__ok_enable_gqa": None,  # the same with enable_gqa=True
    "f8_kalman_mv__mv_batched": "RuntimeError",  # torch.mv of a batch
    "f8_flow_logdet__trace_batched": "RuntimeError",  # torch.trace of (B, D, D)
    "f8_flow_logdet__diag_same_dim": "RuntimeError",  # diagonal(dim1=-1, dim2=-1)
    "f8_point_cloud_pdist__ok_first": None,  # pdist of one cloud
    "f8_vit_movedim__src_longer": "RuntimeError",  # movedim((1, 2), (3,))
    "f8_texture_circular_pad__h8": "RuntimeError",  # circular pad 2 on a 1x1 map
    "f8_texture_circular_pad__ok_edge": None,  # circular pad 2 on a 2x2 map
    "f8_lstm_packed_total_length__t8": "ValueError",  # total_length below the longest
    "f8_detr_box_head__ok_two_ellipsis": None,  # torch takes two ellipses (numpy does not)
    "f8_simclr_bn_proj__b1": "ValueError",  # batch statistics of one value
    "f8_simclr_bn_proj__ok_running_b1": None,  # running statistics in eval
    "f8_fractional_pool_net__ok_h9": None,  # output 8 + kernel 2 - 1 == 9
    "f8_quantile_clip_norm__percent": "RuntimeError",  # quantile 99
    "f8_gem_pool_retrieval__ok_neg": None,  # (2, -1) are two dims
    "f8_roberta_position_ids__no_dim": "TypeError",  # cumsum() without dim
    "f8_mixer_unfold_patches__two_inferred": "RuntimeError",  # reshape(B, -1, -1)
    "f8_lazy_embedding_padding__pad_vocab": "AssertionError",  # padding_idx == vocab, lazily
    "f8_conformer_conv_module__ok_t_eq_d": None,  # no transpose runs when T == D
    "f8_ssd_conf_head__ok_wrong_width": None,  # a wrong class width that still divides
}

globals().update(
    cb.batch_tests(
        "fresh8",
        "templates_fresh8",
        "f8_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 19: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh8", 25)
