"""Forward-crash rules fixed from the shape fuzzer (``benchmarks/crash/shapefuzz.py``, session
20) against real torch: the false blockers it found (SDPA key/value lengths under the CPU flash
kernel, adaptive average pooling to ones, einsum with ``...``, ``torch.cat`` with a 1-D empty
tensor, a slice step on a list) and the misses of the most common ops.

Each model is small and written here. It is built and run in torch on the input given, and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised. Every rule
family (the name's first word) has a crashing model and a clean twin.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], body: str, init: str = "pass") -> None:
    """A model whose forward runs ``body`` on ``x`` (``body`` returns)."""
    MODELS[name] = (
        ("import einops\n\n" if "einops." in body else "") + "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        f"        {init}\n\n"
        "    def forward(self, x):\n"
        f"        {body}\n",
        shape,
        "float",
    )


R = "torch.randn"
# ---- false blockers found (the clean forms are the point; each has a crashing twin)
model(
    "sdpa_flash_kv_len",
    (1, 4, 8, 8),
    f"return F.scaled_dot_product_attention(x, x, {R}(1, 4, 4, 8))",
)
model(
    "sdpa_flash_kv_longer",
    (1, 4, 8, 8),
    f"return F.scaled_dot_product_attention(x, x, {R}(1, 4, 12, 8))",
)
model("sdpa_math_3d", (4, 8, 8), f"return F.scaled_dot_product_attention(x, x, {R}(4, 4, 8))")
model(
    "sdpa_math_dropout",
    (1, 4, 8, 8),
    f"return F.scaled_dot_product_attention(x, x, {R}(1, 4, 4, 8), dropout_p=0.5)",
)
model("adaptive_ones_2d", (3, 4), "return self.p(x)", "self.p = nn.AdaptiveAvgPool2d(1)")
model(
    "adaptive_ones_5d", (1, 2, 3, 4, 5), "return self.p(x)", "self.p = nn.AdaptiveAvgPool2d((1, 1))"
)
model("adaptive_tuple_2d", (3, 4), "return self.p(x)", "self.p = nn.AdaptiveAvgPool2d((1, 1))")
model("adaptive_two_5d", (1, 2, 3, 4, 5), "return self.p(x)", "self.p = nn.AdaptiveAvgPool2d(2)")
model("einsum_ellipsis_ok", (2, 3, 4), f'return torch.einsum("...i,ij->...j", x, {R}(4, 5))')
model(
    "einsum_ellipsis_implicit", (2, 3, 4), f'return torch.einsum("...ij,...jk", x, {R}(5, 1, 4, 6))'
)
model("einsum_ellipsis_bad", (2, 3, 4), f'return torch.einsum("...i,ij->...j", x, {R}(3, 5))')
model("cat_empty_1d", (2, 3, 4), f"return torch.cat([x, {R}(0)], dim=1)")
model("cat_empty_2d", (2, 3, 4), f"return torch.cat([x, {R}(0, 4)], dim=1)")
model("slice_list_reversed", (2, 3), "xs = [x, x * 2, x * 3]\n        return xs[::-1][0]")
model("slice_step_zero", (2, 6), "return x[:, ::0]")
model("slice_step_negative", (2, 6), "return x[:, ::-1]")
model("slice_step_two", (2, 6), "return x[:, 10::2]")
# ---- misses of common ops
model("chunk_past_count", (2, 6), "return x.chunk(4, dim=1)[3]")  # 6 in 4 chunks: 3 pieces
model("chunk_last", (2, 6), "return x.chunk(4, dim=1)[2]")
model("split_past_count", (2, 6), "return x.split(2, dim=1)[3]")
model("split_last", (2, 6), "return x.split(4, dim=1)[-1]")
model("tensorsplit_past", (2, 6), "return torch.tensor_split(x, 4, dim=1)[4]")
model("tensorsplit_last", (2, 3), "return torch.tensor_split(x, 4, dim=1)[3]")  # an empty piece
model("pad_cuts_too_much", (2, 2), "return F.pad(x, (-3, 2))")
model("pad_cuts_some", (2, 2), "return F.pad(x, (-1, 2))")
model("einops_rearrange_drops", (2, 3), 'return einops.rearrange(x, "b c -> b")')
model("einops_rearrange_swap", (2, 3), 'return einops.rearrange(x, "b c -> c b")')
model("einops_repeat_drops", (2, 3), 'return einops.repeat(x, "b c -> b r", r=2)')
model("einops_reduce_adds", (2, 3), 'return einops.reduce(x, "b c -> b z", "mean")')
model(
    "einops_repeat_then_linear",
    (2, 3),
    'return self.fc(einops.repeat(x, "b c -> b c r", r=2))',
    "self.fc = nn.Linear(3, 4)",
)
model(
    "einops_repeat_linear_ok",
    (2, 3),
    'return self.fc(einops.repeat(x, "b c -> b c r", r=2))',
    "self.fc = nn.Linear(2, 4)",
)
model("interp_to_zero", (1, 2, 1, 4), 'return F.interpolate(x, scale_factor=0.5, mode="nearest")')
model("interp_area_zero", (1, 2, 1, 4), 'return F.interpolate(x, scale_factor=0.5, mode="area")')
model("interp_scale_tuple_long", (1, 2, 4, 4), "return F.interpolate(x, scale_factor=(2, 2, 2))")
model("interp_scale_tuple", (1, 2, 4, 4), "return F.interpolate(x, scale_factor=(2, 1))")
model("groupnorm_one_value", (1, 2), "return self.n(x)", "self.n = nn.GroupNorm(2, 2)")
model("groupnorm_two_values", (1, 2), "return self.n(x)", "self.n = nn.GroupNorm(1, 2)")
model("groupnorm_functional_one", (1, 4, 1), "return F.group_norm(x, 4)")
model("indexselect_arange_past", (2, 4), "return x.index_select(1, torch.arange(5))")
model("indexselect_arange_fits", (2, 4), "return x.index_select(1, torch.arange(4))")
model("gather_value_past", (2, 4), "return x.gather(1, torch.full((2, 3), 4, dtype=torch.long))")
model("gather_value_fits", (2, 4), "return x.gather(1, torch.full((2, 3), 3, dtype=torch.long))")
model(
    "conv_kernel_past_input",
    (1, 2, 2, 5),
    "return F.conv2d(x, self.w)",
    "self.w = nn.Parameter(torch.randn(4, 2, 3, 3))",
)
model(
    "conv_kernel_fits_padded",
    (1, 2, 2, 5),
    "return F.conv2d(x, self.w, padding=1)",
    "self.w = nn.Parameter(torch.randn(4, 2, 3, 3))",
)
model("squeeze_tuple_out", (2, 1, 3), "return x.squeeze((1, 3))")
model("squeeze_tuple_twice", (2, 1, 3), "return x.squeeze((1, -2))")
model(
    "squeeze_tuple_then_linear",
    (2, 1, 3),
    "return self.fc(x.squeeze((0, 1)))",
    "self.fc = nn.Linear(3, 4)",
)
model("squeeze_tuple_view", (2, 1, 3), "return x.squeeze((0, 1)).view(3, 2)")
model("topk_negative", (2, 4), "return x.topk(-1).values")
model("topk_zero", (2, 4), "return x.topk(0).values")
model("expand_new_minus_one", (1, 3), "return x.expand(-1, -1, -1)")
model("expand_new_lead", (1, 3), "return x.expand(2, -1, -1)")
model(
    "maskedfill_widens_view",
    (3, 8),
    "y = x.masked_fill(torch.ones(2, 1, 8, dtype=torch.bool), 0.0)\n        return y.view(3, 8)",
)
model(
    "maskedfill_widens_ok",
    (3, 8),
    "y = x.masked_fill(torch.ones(2, 1, 8, dtype=torch.bool), 0.0)\n        return y.view(6, 8)",
)
model(
    "linear_vector_weight",
    (3, 6),
    "return F.linear(x, self.w)",
    "self.w = nn.Parameter(torch.randn(5))",
)
model(
    "linear_vector_fits",
    (3, 6),
    "return F.linear(x, self.w).view(3, 1)",
    "self.w = nn.Parameter(torch.randn(6))",
)
model("pixelunshuffle_odd", (1, 2, 3, 4), "return F.pixel_unshuffle(x, 2)")
model("pixelunshuffle_even", (1, 2, 4, 4), "return F.pixel_unshuffle(x, 2).view(1, 8, 4)")
model(
    "einops_rearrange_repeated_bad",
    (2, 3),
    'y = einops.repeat(x, "b c -> b c r", r=2)\n        return einops.rearrange(y, "b c (r q) -> b (c r) q", q=3)',
)
model(
    "einops_rearrange_repeated_ok",
    (2, 3),
    'y = einops.repeat(x, "b c -> b c r", r=2)\n        return einops.rearrange(y, "b c (r q) -> b (c r) q", q=2).view(2, 3)',
)
model("repeat_no_sizes", (2, 3), "return x.repeat()")
model("repeat_ones", (2, 3), "return x.repeat(1, 1)")
# fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    if "einops" in MODELS[name][0]:
        pytest.importorskip("einops")
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    pytest.importorskip("einops")
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(
        MODELS,
        HEAD,
        ("chunk_past_count", "pad_cuts_too_much", "gather_value_past"),
        tmp_path,
        capsys,
    )
