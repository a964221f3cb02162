"""Session 39 (crashfix39b): crash rules checked against torch (CPU, seeded): a blocker exactly
when torch raises; the clean twins (``_ok``) show what the rules must not claim.

``torch.autograd.grad(..., is_grads_batched=True)``: the first dim of each gradient is a batch,
``grad[0]`` must have its output's shape (a 0-dim gradient: IndexError).
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import check_blocker_iff_crash, registrar, torch_crashes, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def net(name: str, init: str, body: str, shape: tuple[int, ...] = (2, 4), pre: str = "") -> None:
    src = (
        f"\n{pre}\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        {init}\n\n    def forward(self, x):\n        {body}\n        return x\n"
    )
    model(name, shape, src)


# ---------------------------------------------------------------- is_grads_batched
LIN = "self.f = nn.Sequential(nn.Linear(4, 4), nn.Tanh())"
GRAD = (
    "with torch.enable_grad():\n"
    "            xi = x[0].clone().requires_grad_()\n"
    "            y = self.f(xi)\n"
    "            {pre}(J,) = torch.autograd.grad({call})\n"
    "        x = x + J.sum()"
)
for _name, _pre, _call in (
    ("batched_ok_eye", "", "y, xi, torch.eye(4), is_grads_batched=True"),
    ("batched_ok_two_rows", "", "y, xi, torch.eye(y.numel())[:2], is_grads_batched=True"),
    ("batched_ok_one_row", "", "y, xi, torch.ones(1, 4), is_grads_batched=True"),
    (
        "batched_ok_view",
        "",
        "y, xi, torch.eye(y.numel()).view(-1, *y.shape), is_grads_batched=True",
    ),
    ("batched_ok_positional", "", "y, xi, torch.eye(4), None, False, True, None, True"),
    (
        "batched_ok_flag_var",
        "flag = True\n            ",
        "y, xi, torch.eye(4), is_grads_batched=flag",
    ),
    ("batched_ok_list", "", "[y], [xi], [torch.eye(4)], is_grads_batched=True"),
    ("batched_ok_int_flag", "", "y, xi, torch.eye(4), is_grads_batched=1"),
    ("batched_no_batch_dim", "", "y, xi, torch.ones(4, 1), is_grads_batched=True"),
    ("batched_unbatched_grad", "", "y, xi, torch.ones(4), is_grads_batched=True"),
    ("batched_zero_dim", "", "y, xi, torch.tensor(1.0), is_grads_batched=True"),
    (
        "batched_transposed",
        "",
        "y, xi, torch.eye(8).reshape(2, 8, 4)[0].t(), is_grads_batched=True",
    ),
    ("batched_positional_bad", "", "y, xi, torch.ones(4, 1), None, False, True, None, True"),
    ("batched_flag_off_eye", "", "y, xi, torch.eye(4), is_grads_batched=False"),
    ("batched_flag_default_eye", "", "y, xi, torch.eye(4)"),
    ("batched_ok_flag_off_plain", "", "y, xi, torch.ones(4), is_grads_batched=False"),
):
    net(_name, LIN, GRAD.format(pre=_pre, call=_call))

# through a helper function, the basis built there
JAC = (
    "def jac_rows(y, x):\n"
    "    basis = {basis}\n"
    "    return torch.autograd.grad(y, x, basis, is_grads_batched=True)[0]\n"
)
for _name, _basis in (
    ("batched_ok_helper_view", "torch.eye(y.numel()).view(-1, *y.shape)"),
    ("batched_ok_helper_reshape", "torch.eye(y.numel()).reshape(y.numel(), *y.shape)"),
    ("batched_helper_transposed", "torch.eye(6).reshape(6, 3, 2)"),
):
    net(_name, "self.lin = nn.Linear(3, 3)",
        "with torch.enable_grad():\n"
        "            xr = x.clone().requires_grad_()\n"
        "            y = self.lin(xr).tanh()\n"
        "            J = jac_rows(y, xr)\n"
        "        x = J.flatten(1).norm(dim=1)",
        shape=(2, 3), pre=JAC.format(basis=_basis))  # fmt: skip


# ---------------------------------------------------------------- jacobian / hessian strategy
JACB = "with torch.enable_grad():\n            J = {call}\n        x = x + J.sum()"
for _name, _call in (
    ("jac_forward_default_vectorize", "jacobian(self.f, x[0], strategy='forward-mode')"),
    (
        "jac_ok_forward_vectorized",
        "jacobian(self.f, x[0], strategy='forward-mode', vectorize=True)",
    ),
    ("jac_ok_reverse", "jacobian(self.f, x[0])"),
    ("jac_ok_reverse_unvectorized", "jacobian(self.f, x[0], vectorize=False)"),
    (
        "jac_forward_create_graph",
        "jacobian(self.f, x[0], create_graph=True, vectorize=True, strategy='forward-mode')",
    ),
    ("jac_strategy_name", "jacobian(self.f, x[0], strategy='forward')"),
    ("jac_forward_positional", "jacobian(self.f, x[0], False, False, False, 'forward-mode')"),
    (
        "jac_hessian_forward_outer",
        "hessian(lambda z: self.f(z).sum(), x[0], outer_jacobian_strategy='forward-mode')",
    ),
    (
        "jac_ok_hessian_forward_vectorized",
        "hessian(lambda z: self.f(z).sum(), x[0], vectorize=True, outer_jacobian_strategy='forward-mode')",
    ),
    ("jac_ok_hessian_reverse", "hessian(lambda z: self.f(z).sum(), x[0])"),
):
    net(_name, "self.f = nn.Sequential(nn.Linear(4, 3), nn.Tanh())", JACB.format(call=_call),
        pre="from torch.autograd.functional import jacobian, hessian\n")  # fmt: skip
# the strategy held by the module (a default argument of __init__)
model(
    "jac_forward_from_init",
    (2, 4),
    """
from torch.autograd.functional import jacobian

class Net(nn.Module):
    def __init__(self, vec=False, strategy="forward-mode"):
        super().__init__()
        self.vec, self.strategy = vec, strategy
        self.f = nn.Linear(4, 3)

    def forward(self, x):
        with torch.enable_grad():
            J = jacobian(self.f, x[0], vectorize=self.vec, strategy=self.strategy)
        return J.sum(0)
""",
)

# ---------------------------------------------------------------- grid_sample bicubic 5-D
GS = (
    "g = torch.zeros(x.shape[0], {grid}, {last})\n"
    "        x = F.grid_sample(x, g, mode={mode!r}, align_corners=False)"
)
for _name, _shape, _grid, _last, _mode in (
    ("grid_bicubic_volume", (1, 2, 4, 4, 4), "3, 3, 3", 3, "bicubic"),
    ("grid_ok_bilinear_volume", (1, 2, 4, 4, 4), "3, 3, 3", 3, "bilinear"),
    ("grid_ok_bicubic_image", (1, 2, 4, 4), "3, 3", 2, "bicubic"),
    ("grid_ok_nearest_volume", (1, 2, 4, 4, 4), "3, 3, 3", 3, "nearest"),
    ("grid_bicubic_volume_bad_grid", (1, 2, 4, 4, 4), "3, 3", 2, "bicubic"),
):
    net(_name, "pass", GS.format(grid=_grid, last=_last, mode=_mode), shape=_shape)

# ---------------------------------------------------------------- householder_product
for _name, _a, _tau in (
    ("house_tau_longer", "6, 4", "6"),
    ("house_ok", "6, 4", "4"),
    ("house_ok_fewer_tau", "6, 4", "2"),
    ("house_wide_input", "3, 5", "2"),
    ("house_tau_rank", "6, 4", "2, 3"),
    ("house_batch_mismatch", "2, 6, 4", "3, 4"),
    ("house_ok_batched", "2, 6, 4", "2, 4"),
):
    net(_name, f"self.v = nn.Parameter(torch.randn({_a}))\n        self.tau = nn.Parameter(torch.rand({_tau}))",
        "q = torch.linalg.householder_product(self.v, self.tau)\n        x = x + q.sum()")  # fmt: skip
net("house_ok_geqrf", "self.w = nn.Parameter(torch.randn(8, 5))",
    "a, tau = torch.geqrf(self.w)\n        x = x + torch.linalg.householder_product(a, tau).sum()")  # fmt: skip

# ---------------------------------------------------------------- soft-target cross entropy
CEB = "t = F.softmax(torch.randn(x.shape), -1)\n        x = x + {call}"
for _name, _call in (
    ("ce_soft_ignore_zero", "F.cross_entropy(x, t, ignore_index=0)"),
    ("ce_soft_ignore_three", "F.cross_entropy(x, t, None, None, 3)"),
    ("ce_ok_soft_default", "F.cross_entropy(x, t)"),
    ("ce_ok_soft_negative", "F.cross_entropy(x, t, ignore_index=-1)"),
    ("ce_ok_hard_ignore", "F.cross_entropy(x, t.argmax(-1), ignore_index=0)"),
):
    net(_name, "pass", CEB.format(call=_call))
net("ce_soft_helper_pad", "pass",
    "x = x + distill(x, torch.randn(x.shape))", pre=(
        "def distill(s, t, T=2.0, pad_id=0):\n"
        "    return F.cross_entropy(s, F.softmax(t / T, -1), ignore_index=pad_id)\n"))  # fmt: skip
net("ce_ok_soft_helper_nopad", "pass",
    "x = x + distill(x, torch.randn(x.shape))", pre=(
        "def distill(s, t, T=2.0, pad_id=-100):\n"
        "    return F.cross_entropy(s, F.softmax(t / T, -1), ignore_index=pad_id)\n"))  # fmt: skip

# ---------------------------------------------------------------- spectral_norm iterations
for _name, _fn, _k in (
    ("sn_zero", "nn.utils.spectral_norm", "n_power_iterations=0"),
    ("sn_negative_positional", "nn.utils.spectral_norm", "'weight', -1"),
    ("sn_ok_two", "nn.utils.spectral_norm", "n_power_iterations=2"),
    ("sn_param_zero", "nn.utils.parametrizations.spectral_norm", "n_power_iterations=0"),
    ("sn_ok_param_default", "nn.utils.parametrizations.spectral_norm", ""),
):
    net(_name, "self.fc = nn.Linear(4, 4)",
        f"fc = {_fn}(nn.Linear(4, 4), {_k})\n        x = fc(x)")  # fmt: skip
model(
    "sn_lazy_build",
    (2, 4),
    """
class Net(nn.Module):
    def __init__(self, iters=0):
        super().__init__()
        self.iters, self.layers = iters, None

    def build(self):
        self.layers = nn.Sequential(nn.utils.spectral_norm(nn.Linear(4, 4), n_power_iterations=self.iters))

    def forward(self, x):
        if self.layers is None:
            self.build()
        return self.layers(x)
""",
)

# ---------------------------------------------------------------- SobolEngine dimension
for _name, _dim in (("sobol_zero", "0"), ("sobol_too_many", "21202"), ("sobol_ok_max", "21201"),
                    ("sobol_ok_input_width", "x.shape[-1]"), ("sobol_cfg_zero", "CFG['dims']")):  # fmt: skip
    net(_name, "pass",
        f"eng = SobolEngine(dimension={_dim}, scramble=False)\n        x = x + eng.draw(2).sum()",
        pre="from torch.quasirandom import SobolEngine\n\nCFG = dict(dims=0)\n")  # fmt: skip

# ---------------------------------------------------------------- torch.gradient spacing
for _name, _kw, _shape in (
    ("gradient_spacing_one_for_two", "spacing=[1.0], dim=(2, 3)", (2, 3, 8, 8)),
    ("gradient_ok_spacing_two_for_two", "spacing=[1.0, 2.0], dim=(2, 3)", (2, 3, 8, 8)),
    ("gradient_ok_scalar", "spacing=2.0, dim=(2, 3)", (2, 3, 8, 8)),
    ("gradient_ok_one_int_dim", "spacing=[torch.arange(8.0)], dim=2", (2, 3, 8, 8)),
    ("gradient_two_for_int_dim", "spacing=(torch.arange(2.0), torch.arange(3.0)), dim=0", (2, 3)),
    ("gradient_no_dim_short", "spacing=[1.0, 1.0]", (2, 3, 8, 8)),
    ("gradient_ok_no_dim_full", "spacing=[1.0, 1.0, 1.0, 1.0]", (2, 3, 8, 8)),
):
    net(_name, "pass", f"gs = torch.gradient(x, {_kw})\n        x = x + gs[0]", shape=_shape)

# ---------------------------------------------------------------- ReshapeTransform sizes
RT = (
    "base = D.Independent(D.Normal(x, torch.ones_like(x)), 1)\n"
    "        flow = D.TransformedDistribution(base, [D.transforms.ReshapeTransform({a}, {b})])\n"
    "        x = flow.log_prob(flow.sample())"
)
for _name, _a, _b in (
    ("reshapet_six_to_eight", "(6,)", "(2, 4)"),
    ("reshapet_ok_six", "(6,)", "(2, 3)"),
    ("reshapet_size_mismatch", "torch.Size([6])", "torch.Size([6, 6])"),
    ("reshapet_ok_size", "torch.Size([6])", "torch.Size([3, 2])"),
):
    net(_name, "pass", RT.format(a=_a, b=_b), shape=(3, 6), pre="import torch.distributions as D\n")


# ---------------------------------------------------------------- torch.func argnums
ARGF = "def score(a, b, W):\n    return (a @ W * b).sum()\n\n\nWRT = dict(nums=(1, 1))\n"
ARGB = (
    "W = torch.eye(4)\n"
    "        with torch.enable_grad():\n"
    "            g = {call}\n"
    "        x = x + g[0].sum()"
)
for _name, _call in (
    ("argnums_jacrev_twice", "jacrev(score, argnums=(0, 0))(x, x, W)"),
    ("argnums_grad_twice", "grad(score, argnums=(1, 1))(x, x, W)"),
    ("argnums_jacfwd_empty", "jacfwd(score, argnums=())(x, x, W)"),
    ("argnums_grad_from_dict", "grad(score, argnums=WRT['nums'])(x, x, W)"),
    ("argnums_hessian_twice", "hessian(score, argnums=(0, 0))(x, x, W)"),
    ("argnums_ok_jacrev_pair", "jacrev(score, argnums=(0, 1))(x, x, W)"),
    ("argnums_ok_grad_int", "(grad(score, argnums=1)(x, x, W),)"),
    ("argnums_ok_grad_and_value", "grad_and_value(score, argnums=(0, 2))(x, x, W)[0]"),
):
    net(_name, "pass", ARGB.format(call=_call), shape=(4, 4),
        pre="from torch.func import grad, grad_and_value, hessian, jacfwd, jacrev\n\n" + ARGF)  # fmt: skip
net("argnums_ok_never_called", "pass",
    "g = jacrev(score, argnums=(0, 0))\n        x = x * 2", shape=(4, 4),
    pre="from torch.func import jacrev\n\n" + ARGF)  # fmt: skip

# ---------------------------------------------------------------- geqrf then householder_product
for _name, _cut in (
    ("house_geqrf_fewer_columns", "a[:, :3], tau"),
    ("house_ok_geqrf_full", "a, tau"),
    ("house_ok_geqrf_tau_cut", "a[:, :3], tau[:3]"),
):
    net(_name, "self.w = nn.Parameter(torch.randn(8, 5))",
        f"a, tau = torch.geqrf(self.w)\n        q = torch.linalg.householder_product({_cut})\n"
        "        x = x + q.sum()")  # fmt: skip


# ---------------------------------------------------------------- SDPA mask under GQA
GQA = (
    "q = x.view(2, 6, 4, 6).transpose(1, 2)\n"
    "        k = x[..., :12].reshape(2, 6, 2, 6).transpose(1, 2)\n"
    "        m = torch.ones({mask}, dtype=torch.bool)\n"
    "        y = F.scaled_dot_product_attention(q, k, k, attn_mask=m, enable_gqa=True)\n"
    "        x = y.transpose(1, 2).reshape(2, 6, 24)"
)
for _name, _mask in (
    ("gqa_mask_batch_no_head", "2, 6, 6"),
    ("gqa_mask_kv_heads", "1, 2, 6, 6"),
    ("gqa_mask_extra_axis", "3, 2, 4, 6, 6"),
    ("gqa_ok_mask_one_head", "2, 1, 6, 6"),
    ("gqa_ok_mask_q_heads", "4, 6, 6"),
    ("gqa_ok_mask_plain", "6, 6"),
    ("gqa_ok_mask_full", "2, 4, 6, 6"),
):
    net(_name, "pass", GQA.format(mask=_mask), shape=(2, 6, 24))


# ---------------------------------------------------------------- tensorsolve / tensorinv
for _name, _a, _call in (
    ("tsolve_rhs_flat", "2, 3, 6", "torch.linalg.tensorsolve(self.A, x.reshape(6))"),
    ("tsolve_ok_rhs_grid", "2, 3, 6", "torch.linalg.tensorsolve(self.A, x)"),
    ("tsolve_ok_rhs_swapped", "2, 3, 6", "torch.linalg.tensorsolve(self.A, x.reshape(3, 2))"),
    ("tsolve_ok_lead", "6, 2, 3", "torch.linalg.tensorsolve(self.A, x.reshape(6))"),
    ("tsolve_inv_ind_one", "2, 3, 6", "torch.linalg.tensorinv(self.A, ind=1)"),
    ("tsolve_inv_ind_zero", "6, 6", "torch.linalg.tensorinv(self.A, 0)"),
    ("tsolve_ok_inv_lead", "6, 2, 3", "torch.linalg.tensorinv(self.A, ind=1)"),
):
    net(_name, f"self.A = nn.Parameter(torch.randn({_a}) + 3 * torch.eye(6).reshape({_a}))",
        f"s = {_call}\n        x = x + s.sum()", shape=(2, 3))  # fmt: skip

# ---------------------------------------------------------------- pad_sequence side (dataflow_fix35c's rule)
for _name, _side in (("padside_front", "'front'"), ("padside_ok_left", "'left'"),
                     ("padside_ok_right", "'right'"), ("padside_upper", "'Left'")):  # fmt: skip
    net(_name, "pass",
        f"p = pad_sequence([x[0, :2], x[1]], batch_first=True, padding_side={_side})\n"
        "        x = x + p.sum()", shape=(2, 4),
        pre="from torch.nn.utils.rnn import pad_sequence\n")  # fmt: skip

# ---------------------------------------------------------------- torch.func.vjp cotangent
VJPB = (
    "out, pullback = vjp({fn}, x)\n"
    "        (sal,) = pullback({cot})\n"
    "        x = sal.abs() + out.sum()"
)
for _name, _fn, _cot in (
    ("vjp_cot_like_input", "self.model", "torch.ones_like(x)"),
    ("vjp_ok_cot_like_out", "self.model", "torch.ones_like(out)"),
    ("vjp_ok_cot_zeros", "self.model", "torch.zeros(2, 3)"),
    ("vjp_cot_transposed", "self.model", "torch.ones(3, 2)"),
    ("vjp_helper_cot_wide", "lambda z: head(self.model, z)", "torch.ones(2, 6)"),
    ("vjp_ok_helper", "lambda z: head(self.model, z)", "torch.ones(2, 3)"),
):
    net(_name, "self.model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))",
        VJPB.format(fn=_fn, cot=_cot), shape=(2, 6),
        pre="from torch.func import vjp\n\n\ndef head(m, z):\n    return m(z).tanh()\n")  # fmt: skip

# the pullback's result has the primal's shape: a layer sized for the output refuses it
for _name, _width in (
    ("vjp_grad_into_out_sized_layer", 3),
    ("vjp_ok_grad_into_input_sized_layer", 6),
):
    net(_name, f"self.model = nn.Linear(6, 3)\n        self.fc = nn.Linear({_width}, 1)",
        "out, pullback = vjp(self.model, x)\n        (g,) = pullback(torch.ones_like(out))\n"
        "        x = self.fc(g)", shape=(2, 6), pre="from torch.func import vjp\n")  # fmt: skip


# ---------------------------------------------------------------- functional_call dicts
FC = "params = dict(self.base.named_parameters())\n        x = functional_call(self.base, {dicts}, (x,))"
for _name, _dicts in (
    ("fcall_delta_then_params", "(lora(self.base, 0.5), params)"),
    ("fcall_params_then_delta", "[params, lora(self.base, 0.5)]"),
    ("fcall_ok_delta_and_bias", "(lora(self.base, 0.5), {'bias': params['bias']})"),
    ("fcall_ok_single_dict", "params"),
    ("fcall_ok_pair_split", "({'weight': params['weight']}, {'bias': params['bias']})"),
):
    net(_name, "self.base = nn.Linear(4, 3)", FC.format(dicts=_dicts), shape=(2, 4),
        pre="from torch.func import functional_call\n\n\ndef lora(base, s):\n"
            "    return dict(weight=base.weight * s)\n")  # fmt: skip
net("fcall_ok_weight_popped", "self.base = nn.Linear(4, 3)",
    "params = dict(self.base.named_parameters())\n        params.pop('weight')\n"
    "        x = functional_call(self.base, (lora(self.base, 0.5), params), (x,))", shape=(2, 4),
    pre="from torch.func import functional_call\n\n\ndef lora(base, s):\n"
        "    return dict(weight=base.weight * s)\n")  # fmt: skip

# the engine's count of drawn points: draw_base2 wants a power-of-two total
SOB = "eng = SobolEngine(6, scramble=True, seed=0)\n        {steps}\n        x = x + 0.01 * pts[:2].sum()"
for _name, _steps in (
    ("sobol_skip_five_then_base2", "eng.fast_forward(5)\n        pts = eng.draw_base2(3)"),
    ("sobol_ok_skip_eight_then_base2", "eng.fast_forward(8)\n        pts = eng.draw_base2(3)"),
    ("sobol_ok_base2_twice", "eng.draw_base2(3)\n        pts = eng.draw_base2(3)"),
    ("sobol_draw_three_then_base2", "eng.draw(3)\n        pts = eng.draw_base2(2)"),
    (
        "sobol_ok_reset_then_base2",
        "eng.draw(3)\n        eng.reset()\n        pts = eng.draw_base2(2)",
    ),
    ("sobol_ok_draw_any", "eng.draw(3)\n        pts = eng.draw(5)"),
    ("sobol_ok_first_draw_one", "eng.draw()\n        pts = eng.draw_base2(0)"),
):
    net(_name, "pass", SOB.format(steps=_steps), shape=(4, 6),
        pre="from torch.quasirandom import SobolEngine\n")  # fmt: skip
# the draw's shape (n, d) reaches a layer
for _name, _width in (("sobol_draw_into_wrong_layer", 4), ("sobol_ok_draw_into_layer", 6)):
    net(_name, f"self.fc = nn.Linear({_width}, 2)",
        "pts = probe(6, 3)\n        x = x[:, :2] + self.fc(pts).sum()", shape=(4, 6),
        pre="from torch.quasirandom import SobolEngine\n\n\ndef probe(d, m):\n"
            "    eng = SobolEngine(d, scramble=False)\n    return eng.draw_base2(m)\n")  # fmt: skip


# ---------------------------------------------------------------- set_rng_state dtype
for _name, _state in (
    ("rng_state_as_float", "torch.get_rng_state().float()"),
    ("rng_state_long", "torch.get_rng_state().long()"),
    ("rng_ok_state_kept", "torch.get_rng_state()"),
    ("rng_ok_state_clone", "torch.get_rng_state().clone()"),
):
    net(
        _name,
        "pass",
        f"s = {_state}\n        torch.set_rng_state(s)\n        x = x + torch.randn(x.shape)",
    )


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    assert torch_crashes(write(MODELS, HEAD, name, tmp_path), shape, kind) is ("_ok" not in name)
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_both_sides_present():
    """Each family has crashing and clean models (the names say which)."""
    fams: dict[str, set[bool]] = {}
    for name in MODELS:
        fams.setdefault(name.split("_")[0], set()).add("_ok" in name)
    assert all(v == {True, False} for v in fams.values()), fams


def test_argnums_bound_name(tmp_path, capsys):
    """``g = jacrev(f, argnums=(0, 0)); g(a, b)``: torch raises on the call of ``g``."""
    models: dict = {}
    registrar(models)(
        "argnums_bound",
        (4, 4),
        """
from torch.func import jacrev

def score(a, b):
    return (a * b).sum()

class Net(nn.Module):
    def forward(self, x):
        with torch.enable_grad():
            g = jacrev(score, argnums=(0, 0))
            out = g(x, x)
        return x + out[0]
""",
    )
    check_blocker_iff_crash(models, HEAD, "argnums_bound", tmp_path, capsys)


@pytest.mark.xfail(
    strict=True, reason="torch.tensor(state.tolist()): the list's items unknown, its dtype too"
)
def test_rng_state_rebuilt_from_list(tmp_path, capsys):
    """``torch.tensor(s.tolist())`` is int64: torch's TypeError; the pass does not know it."""
    models: dict = {}
    registrar(models)(
        "rng_state_from_list",
        (2, 4),
        """
class Net(nn.Module):
    def forward(self, x):
        s = torch.tensor(torch.get_rng_state().tolist())
        torch.set_rng_state(s)
        return x + torch.randn(x.shape)
""",
    )
    check_blocker_iff_crash(models, HEAD, "rng_state_from_list", tmp_path, capsys)
