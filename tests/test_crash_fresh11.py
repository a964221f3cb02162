"""The crash study's eleventh fresh batch (``benchmarks/crash/templates_fresh11.py``, split ``fresh11``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh11`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 20): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, case files that are what the
templates render, no label that torch contradicts, and, for a sample of cases on both sides (new
classes and clean traps included), that torch's verdict in ``truth.json`` is what torch says now
under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f11_convnext_float_pad__true_div": "TypeError",  # padding=(k - 1) / 2 reaches conv2d
    "f11_convnext_float_pad__ok_k_half": None,
    "f11_audio_hop_pool__k_true_div": "TypeError",  # MaxPool1d(kernel_size=hop / 2)
    "f11_audio_hop_pool__stride_zero": "RuntimeError",  # stride hop // 8 == 0
    "f11_audio_hop_pool__ok_int_cast": None,
    "f11_spatial_pyramid_head__true_div": "TypeError",  # AdaptiveAvgPool2d(4.0)
    "f11_grid_pool_classifier__three_d": "RuntimeError",  # adaptive_avg_pool2d of 3 sizes
    "f11_wavenet_causal_pad__half_true_div": "TypeError",  # F.pad with a float
    "f11_jax_port_attention__softmax_axis": "TypeError",  # F.softmax(axis=...)
    "f11_jax_port_attention__ok_cat_axis": None,  # torch.cat / sum take axis=
    "f11_flax_port_cnn__astype": "AttributeError",
    "f11_flax_port_cnn__ok_swapaxes": None,
    "f11_optional_time_embed_unet__none_used": "TypeError",  # Linear(None)
    "f11_attention_optional_bias__none_added": "TypeError",  # tensor + None
    "f11_head_view_size_concat__list_tail": "TypeError",  # torch.Size + list
    "f11_head_view_size_concat__ok_size": None,  # torch.Size + torch.Size
    "f11_token_mask_ratio__bool_mean": "RuntimeError",  # mean of a bool tensor
    "f11_quantized_code_onehot__float_ids": "RuntimeError",  # one_hot of a float tensor
    "f11_position_prior_softmax__long_softmax": "NotImplementedError",
    "f11_hourglass_stage_index__off_by_one": "IndexError",
    "f11_named_expert_dict__missing_key": "KeyError",
    "f11_functional_conv_stride_cfg__stride3": "RuntimeError",
    "f11_tied_embedding_padding__past_table": "AssertionError",
    "f11_tied_embedding_padding__ok_last": None,
    "f11_functional_layernorm_mlp__int_shape": "TypeError",
    "f11_keypoint_score_where__one_arg": "AttributeError",  # torch.where(cond) is a tuple
    "f11_chunked_time_encoder__true_div": "TypeError",  # range(float)
    "f11_moe_topk_gates__ok_index": None,
    "f11_diffusion_sinusoid_long__ok_int_freqs": None,  # sin of a long tensor promotes
    "f11_gnn_mean_aggregate__ok": None,  # sum of a long tensor is fine, mean is not
    "f11_gpt_fused_qkv_heads__h5": "RuntimeError",
    "f11_tiny_unet_odd_input__h18": "RuntimeError",
    "f11_einops_patch_embed__p3": "EinopsError",
}

globals().update(
    cb.batch_tests(
        "fresh11",
        "templates_fresh11",
        "f11_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 20: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh11", 25)
