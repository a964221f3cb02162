"""The crash study's fifteenth fresh batch (``benchmarks/crash/templates_fresh15.py``, split
``fresh15``).

The batch is blind: this test never runs the analyzer on it (the lead runs ``bench_crash.py
--fresh15`` once; its dev part then becomes a development set, its held-out part stays blind). It
checks the truth side only, what the batch promises (session 23): at least 45 templates and 120
cases judged by torch, at least 40% clean, every template on both sides of the verdict, at least
10 defect classes no earlier set has, at least 25 whole small models, at least 20 clean cases that
look risky, case files that are what the templates render, no label that torch contradicts, and,
for a sample of cases on both sides (new classes and clean traps included), that torch's verdict in
``truth.json`` is what torch says now under two seeds.
"""

from __future__ import annotations

from tests import crash_batch_support as cb

SAMPLE = {
    "f15_addmv_readout__bias_short": "RuntimeError",
    "f15_addmv_readout__ok_bcast_bias": None,  # a 1-element bias broadcasts in addmv
    "f15_bilinear_addr_update__v_wide": "RuntimeError",
    "f15_inner_product_scorer__key_width_input": "RuntimeError",
    "f15_vecdot_similarity__ok_bcast_one": None,  # vecdot broadcasts a width-1 operand
    "f15_lie_rotation_flow__rect": "RuntimeError",  # matrix_exp of a 3x4 matrix
    "f15_graph_walk_power__dropped_self_loop": "RuntimeError",
    "f15_complex_from_parts__raw_ids": "RuntimeError",  # torch.complex of long parts
    "f15_step_gate_activation__int_values": "RuntimeError",  # heaviside float, long
    "f15_step_gate_activation__ok_scalar_tensor": None,
    "f15_period_gcd_features__float_periods": "NotImplementedError",
    "f15_prefix_broadcast_bias__minus_one_lead": "RuntimeError",
    "f15_prefix_broadcast_bias__ok": None,  # expand adds a leading dim with a size, not -1
    "f15_bounded_residual__mixed_bounds": "TypeError",  # clamp(min=tensor, max=float)
    "f15_bounded_residual__ok": None,
    "f15_count_ratio_update__long_acc": "RuntimeError",
    "f15_bucket_quantizer__round_mode": "RuntimeError",
    "f15_rmsnorm_llama_block__hidden_norm": "RuntimeError",
    "f15_window_slice_scatter__stop_off_by_one": "RuntimeError",
    "f15_spatial_gradient_edges__row_pool": "RuntimeError",
    "f15_act_zoo_mlp__celu_zero": "RuntimeError",
    "f15_act_zoo_mlp__ok_rrelu": None,  # CELU(alpha=0) built but never called
    "f15_spectrum_2d_features__flat_signal": "IndexError",
    "f15_lazy_dirac_conv__head_weight": "ValueError",
    "f15_token_nll_head__float_target": "RuntimeError",
    "f15_einops_patch_embed__hw18": "EinopsError",
    "f15_loop_built_unet__odd_18": "RuntimeError",
    "f15_embedding_offsets__size_off_by_one": "IndexError",
    "f15_int_cast_embed__ok_int32": None,  # an int32 index feeds nn.Embedding
    "f15_inplace_legal_ops__ok_count": None,  # long += long sum of a bool
    "f15_inplace_legal_ops__count_float": "RuntimeError",
    "f15_broadcast_stats_norm__ok_last": None,
    "f15_bool_mask_arith__ok_where": None,
}

globals().update(
    cb.batch_tests(
        "fresh15",
        "templates_fresh15",
        "f15_",
        SAMPLE,
        min_cases=120,
        min_new=10,
        min_templates=45,
    )
)


def test_whole_models():
    """Session 23: at least 25 of the templates are whole small models, not one layer."""
    cb.check_whole_models("templates_fresh15", 25)


def test_risky_clean_cases_run():
    """At least 20 clean cases that look risky (broadcasts that fit, views that divide, dtype
    promotions torch allows, integer casts feeding embeddings, legal in-place ops) and torch runs
    each one."""
    t = cb.template_module("templates_fresh15")
    assert len(t.RISKY_CLEAN) >= 20
    for name in t.RISKY_CLEAN:
        rec = cb.TRUTH["cases"][f"f15_{name}"]
        assert rec["defect"] == "clean" and rec["crash"] is False, name
