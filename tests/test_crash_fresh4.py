"""The crash study's fourth fresh batch (``benchmarks/crash/templates_fresh4.py``, split ``fresh4``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh4`` once at the session's base; its dev part then becomes a development set, its held-out
part stays blind). It checks what the batch promises: at least 40 templates and 70 cases judged
by torch, at least 40% clean, every template on both sides of the verdict, at least 3 defect
classes no earlier set has, case files that are what the templates render, no label that torch
contradicts, and, for a sample of cases on both sides (new classes included), that torch's
verdict in ``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f4_segnet_unpool__swapped": "RuntimeError",  # max-unpool with the other stage's indices
    "f4_segnet_unpool__ok": None,
    "f4_crnn_ocr_squeeze__h32": "RuntimeError",  # squeeze(2) of a height-2 map is a no-op
    "f4_autoformer_decomp__even": "RuntimeError",  # even moving-average kernel drops a step
    "f4_autoformer_decomp__ok_even": None,  # the same kernel with asymmetric padding
    "f4_conv_padding_same_stride__stride2": "RuntimeError",  # padding="same" with stride 2
    "f4_reflect_pad_short__t8": "RuntimeError",  # reflect padding wider than the sequence
    "f4_reflect_pad_short__ok_short": None,  # one step longer: the padding fits
    "f4_prelu_channel_last__ok_t_eq": None,  # PReLU(64) on dim 1 of length 64 runs
    "f4_cpvt_peg__image_unpack": "ValueError",  # B, C, H, W = tokens.shape
    "f4_grucell_decoder_loop__step_3d": "ValueError",  # a (B, 1, E) step into GRUCell
    "f4_sdpa_key_padding__ok_b8": None,  # a (B, T) mask broadcasts when B == T
    "f4_pool_indices_sequential__indices": "TypeError",  # (values, indices) into the next conv
}


globals().update(cb.batch_tests("fresh4", "templates_fresh4", "f4_", SAMPLE, min_cases=70))


def test_a_quarter_are_whole_models():
    """Session 16: at least 25% of the templates are whole small models, not one layer."""
    cb.check_whole_models(
        "templates_fresh4", (len(cb.template_module("templates_fresh4").T) + 3) // 4
    )
