"""The crash study's fifth fresh batch (``benchmarks/crash/templates_fresh5.py``, split ``fresh5``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh5`` once at the session's base; its dev part then becomes a development set, its held-out
part stays blind). It checks the truth side only, what the batch promises (session 17): at least
45 templates and 120 cases judged by torch, at least 40% clean, every template on both sides of
the verdict, at least 10 defect classes no earlier set has, at least 25 whole small models, case
files that are what the templates render, no label that torch contradicts, and, for a sample of
cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f5_gpt_float_mask__float_mask": "RuntimeError",  # a float tril mask into masked_fill
    "f5_gpt_float_mask__ok_bool": None,
    "f5_vit_qkv_unbind__batch_first_b2": "ValueError",  # q, k, v = unbind(0) over the batch
    "f5_vit_qkv_unbind__ok_b3": None,  # the same wrong permute runs when the batch is 3
    "f5_fpn_return_stages__past_end": "ValueError",  # torch.cat of no stage outputs
    "f5_optional_prenorm__norm_off": "AttributeError",  # a norm built only under a flag
    "f5_lazy_mha_pool__heads6": "AssertionError",  # MHA built in forward, 32 dims / 6 heads
    "f5_lazy_groupnorm_block__ok_c8": None,
    "f5_early_exit_confidence__ok_b1": None,  # `if conf > t` is fine on one sample
    "f5_graphsage_index_select__whole_index": "IndexError",  # index_select with (2, E)
    "f5_se_gate_expand__ok_2d_fits": None,  # (B, C).expand_as(x) runs when (H, W) == (B, C)
    "f5_resnet_stem_pool_pad__k3_pad2": "RuntimeError",  # max-pool padding past half a kernel
    "f5_sdpa_causal_padding__ok_both": None,  # a mask together with is_causal runs here
    "f5_stft_window_cnn__nfft_window": "RuntimeError",  # window of n_fft, win_length 400
}

globals().update(
    cb.batch_tests(
        "fresh5",
        "templates_fresh5",
        "f5_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 17: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh5", 25)
