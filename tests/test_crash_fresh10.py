"""The crash study's tenth fresh batch (``benchmarks/crash/templates_fresh10.py``, split ``fresh10``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh10`` once; its dev part then becomes a development set, its held-out part stays blind). It
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
    "f10_size_attr_cnn__size_sub": "TypeError",  # x.size[0]
    "f10_size_attr_seq__shape_call": "TypeError",  # x.shape(1)
    "f10_rank_switch_encoder__ok_dim_attr": None,  # x.dim == 2 is just False
    "f10_rank_switch_encoder__ndim_call": "TypeError",  # x.ndim()
    "f10_film_sequential_cond__seq_cond": "TypeError",  # Sequential called with a condition
    "f10_diffusion_time_blocks__ok_seq_loop": None,  # iterating a Sequential with two args is fine
    "f10_diffusion_time_blocks__modulelist_call": "NotImplementedError",  # ModuleList has no forward
    "f10_gnn_message_kwarg__edge_index": "TypeError",  # unknown keyword
    "f10_late_super_vit__late": "AttributeError",  # super().__init__() after a submodule
    "f10_functional_in_sequential__f_relu": "TypeError",  # F.relu inside Sequential (built lazily)
    "f10_pruned_linear_forward__assign": "TypeError",  # a tensor over a registered parameter
    "f10_pruned_linear_forward__ok_data": None,
    "f10_position_normalizer__long": "RuntimeError",  # arange(T) /= T
    "f10_histogram_counts_norm__ok_floordiv": None,  # //= keeps the integer dtype
    "f10_mask_combine_attention__float_or": "NotImplementedError",  # float | bool
    "f10_padding_keep_mask__float_pad": "TypeError",  # ~ of a float mask
    "f10_harmonic_features__int_neg": "RuntimeError",  # arange(...) ** -1
    "f10_harmonic_features__ok_float_pow": None,  # ** -1.0 promotes to float
    "f10_kaiming_init_mlp__gelu": "ValueError",
    "f10_xavier_all_params__all": "ValueError",  # xavier on a bias
    "f10_transformer_swish__swish": "RuntimeError",
    "f10_full_padding_conv1d__ok_same": None,
    "f10_antialias_pyramid__nearest_aa": "ValueError",
    "f10_resize_recompute__size_recompute": "ValueError",
    "f10_robust_box_regressor__ok_beta0": None,  # smooth L1 takes beta 0, Huber not delta 0
    "f10_robust_box_regressor__delta0": "RuntimeError",
    "f10_svm_margin_head__p3": "ValueError",
    "f10_hetero_regression_nll__raw": "ValueError",  # variance from a raw linear
    "f10_intensity_histogram__ok_auto": None,  # min == max == 0: the data's range
    "f10_intensity_histogram__swapped": "RuntimeError",
    "f10_prototype_cdist__neg": "RuntimeError",
    "f10_stochastic_depth_resnet__plus": "RuntimeError",  # bernoulli(1.1)
    "f10_coord_grid_nerf__grid_in": "RuntimeError",
    "f10_hsplit_multihead__p4": "RuntimeError",
    "f10_config_stride_cnn__dil0": "RuntimeError",
    "f10_sparse_code_shrink__neg": "RuntimeError",
    "f10_spatial_softmax_keypoints__ok_3d": None,
    "f10_gru_cell_decoder__whole_seq": "ValueError",
    "f10_moduledict_experts__int_key": "TypeError",
    "f10_named_buffers_stats__dotted": "KeyError",
    "f10_einsum_bilinear_attn__ok_swap": None,
    "f10_gather_topk_tokens__idx_1": "RuntimeError",  # gather runs; the linear after it fails
    "f10_stage_loop_unet__h28": "RuntimeError",
}

globals().update(
    cb.batch_tests(
        "fresh10",
        "templates_fresh10",
        "f10_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 20: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh10", 25)
