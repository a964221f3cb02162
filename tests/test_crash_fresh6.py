"""The crash study's sixth fresh batch (``benchmarks/crash/templates_fresh6.py``, split ``fresh6``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh6`` once at the session's base; its dev part then becomes a development set, its held-out
part stays blind). It checks the truth side only, what the batch promises (session 18): at least
45 templates and 120 cases judged by torch, at least 40% clean, every template on both sides of
the verdict, at least 10 defect classes no earlier set has, at least 25 whole small models, case
files that are what the templates render, no label that torch contradicts, and, for a sample of
cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f6_gpt_true_div__true_div": "TypeError",  # view(B, T, h, C / h): a float size
    "f6_gpt_true_div__ok": None,
    "f6_ddpm_item_timestep__item_b2": "RuntimeError",  # .item() of a batch of timesteps
    "f6_ddpm_item_timestep__ok_item_b1": None,  # the same .item() on a batch of one
    "f6_unet_inplace_temb__emb_inplace": "RuntimeError",  # (B, C, 1, 1) += (B, C, H, W)
    "f6_detr_topk_boxes__flat_arange": "IndexError",  # arange(B) with (B, K) indices
    "f6_detr_topk_boxes__ok_k_eq_b": None,  # the same indexing runs when K == B
    "f6_unet_convT_output_size__top_size_odd": "ValueError",  # output_size out of range
    "f6_gcn_degree_diag__keepdim_diag": "RuntimeError",  # torch.diag of a 3-D tensor
    "f6_llama_complex_rope__ok_hd4_swapped": None,  # (2, -1) pairs run when head_dim is 4
    "f6_fpn_topdown_range__one_past": "IndexError",  # lat[i + 1] one level past the list
    "f6_wavenet_dropout_percent__percent": "ValueError",  # F.dropout(p=10) even in eval
    "f6_chunked_conformer_zero_div__short": "ZeroDivisionError",  # T // (T // chunk)
    "f6_chunked_conformer_zero_div__ok_one_chunk": None,
    "f6_vocoder_upsample_mode__bilinear": "NotImplementedError",  # bilinear on (B, C, T)
    "f6_multiscale_gate_tensor__ok_b1": None,  # torch.tensor of one-element tensors
    "f6_vit_register_inplace__ok_b1": None,  # += on an expand of a batch of one
    "f6_bloom_alibi_baddbmm__per_head_bias": "RuntimeError",  # (H, 1, T) bias, B * H rows
}

globals().update(
    cb.batch_tests(
        "fresh6",
        "templates_fresh6",
        "f6_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 18: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh6", 25)
