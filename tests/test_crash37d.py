"""Session 37 (crashfix37b): known crash classes in new code shapes (``dataflow_fix37d`` and the
static run of a custom Function's ``backward`` in ``dataflow_fix34c``). Each model is run by
torch (CPU, seeded): a blocker exactly when torch raises; the clean twins (``_ok``) show what
the rules must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "from torch.utils.data import StackDataset, Subset, TensorDataset\n"
    "D = torch.distributions\n\n"
    "CFG = {'mode': 'bilinear2d', 'side': 'before', 'uplo': 'lower', 'k': 4}\n\n"
    "class Scale(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, x, w, s):\n"
    "        ctx.save_for_backward(x, w)\n        ctx.s = s\n        return x * w\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n"
    "        x, w = ctx.saved_tensors\n        return g * w * ctx.s\n\n"
    "def post_var(t: torch.Tensor, *o: float) -> torch.Tensor:\n    return t * o[0]\n\n"
    "def post_kwdef(t: torch.Tensor, *, s: float = 2.0) -> torch.Tensor:\n    return t * s\n\n"
    "def post_try(t: torch.Tensor) -> torch.Tensor:\n    if t.sum() > 0:\n        try:\n"
    "            t = t * 2\n        finally:\n            t = t + 1\n    return t\n\n"
    "def post_ok(t: torch.Tensor, *, s: float) -> torch.Tensor:\n"
    "    return t * s\n\n"
    "def post_ok2(t: torch.Tensor, s: float = 2.0) -> torch.Tensor:\n    return t * s\n\n"
    "def _grads(g, w, s):\n    return g * w * s, g, None\n\n"
    "class ScaleOk(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, x, w, s):\n"
    "        ctx.save_for_backward(x, w)\n        ctx.s = s\n        return x * w\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n"
    "        x, w = ctx.saved_tensors\n        return _grads(g, w, ctx.s)\n\n"
    "class ScaleShort(torch.autograd.Function):\n"
    "    @staticmethod\n    def forward(ctx, x, w, s):\n"
    "        ctx.save_for_backward(x, w)\n        ctx.s = s\n        return x * w\n\n"
    "    @staticmethod\n    def backward(ctx, g):\n"
    "        x, w = ctx.saved_tensors\n        return _grads(g, w, ctx.s)[:2]\n\n"
)
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(8, 8)",)


def op(name: str, body: str, init: str = "", shape: tuple[int, ...] = (2, 6, 8)) -> None:
    model(name, shape, net_source(FC, body, init))


# a softmax's result is contiguous whatever its input's layout: view after a permute of it
SPLIT = "v = h.view(2, 6, 2, 4).transpose(1, 2)\n        "
op(
    "softmax_view_method",
    SPLIT + "y = v.softmax(-1)\n        return y.permute(0, 2, 1, 3).view(2, 6, -1)",
)
op(
    "softmax_view_fn",
    SPLIT + "y = F.softmax(v, dim=1)\n        return y.transpose(1, 2).view(2, 6, 8)",
)
op("softmax_view_layer", SPLIT + "y = self.sm(v)\n        return y.transpose(1, 2).view(2, 6, 8)",
   "self.sm = nn.LogSoftmax(-1)")  # fmt: skip
op(
    "softmax_ok_view_no_permute",
    SPLIT + "y = torch.softmax(v, -1)\n        return y.view(2, 2, -1)",
)
op(
    "softmax_ok_reshape",
    SPLIT + "y = v.softmax(-1)\n        return y.permute(0, 2, 1, 3).reshape(2, 6, -1)",
)
op("softmax_ok_view_of_transposed_input", "v = h.transpose(0, 1).contiguous()\n        "
   "return v.softmax(-1).view(6, 2, 2, 4)")  # fmt: skip
# F.interpolate: a mode string no branch takes
IMG = (2, 3, 4, 4)
CONV = ("self.fc = nn.Conv2d(3, 3, 1)",)


def img(name: str, body: str, init: str = "") -> None:
    model(name, IMG, net_source(CONV, body, init))


img("interp_mode_attr", "return F.interpolate(h, scale_factor=2, mode=self.mode)",
    "self.mode = 'bilinear2d'")  # fmt: skip
img("interp_mode_cfg_size", "return F.interpolate(h, size=(8, 8), mode=CFG['mode'])")
img("interp_mode_positional", "return F.interpolate(h, None, 2.0, 'cubic')")
img("interp_ok_bilinear", "return F.interpolate(h, scale_factor=2, mode='bilinear')")
img("interp_ok_nearest_exact", "return F.interpolate(h, size=8, mode='nearest-exact')")
# einsum of a complex tensor and a real one, contracted over an axis of size > 1
W = "self.w = nn.Parameter(torch.randn(8, 8))\n        self.b = nn.Parameter(torch.zeros(4))"
op("einsum_complex_real", "z = torch.fft.rfft(h, dim=1)[:, :3]\n        "
   "return torch.einsum('bmi,io->bmo', z, self.w).real", W)  # fmt: skip
op("einsum_real_complex", "z = torch.fft.fft(h)\n        "
   "return torch.einsum('io,bmo->bmi', self.w, z).abs()", W)  # fmt: skip
op("einsum_ok_outer", "z = torch.fft.fft(h)\n        "
   "return torch.einsum('bmi,o->bmio', z, self.b).abs()", W)  # fmt: skip
op("einsum_ok_cast", "z = torch.fft.rfft(h, dim=1)[:, :3]\n        "
   "return torch.einsum('bmi,io->bmo', z, self.w.to(z.dtype)).real", W)  # fmt: skip
# MultivariateNormal: exactly one matrix argument; a square covariance
MU = ("self.fc = nn.Linear(6, 3)",)


def mvn(name: str, body: str) -> None:
    model(name, (4, 6), net_source(MU, body))


EYE = "L = torch.eye(3).expand(4, 3, 3)\n        "
mvn(
    "mvn_two_matrices",
    EYE
    + "d = D.MultivariateNormal(h, scale_tril=L, covariance_matrix=L @ L.mT)\n        return d.log_prob(h)",
)
mvn("mvn_no_matrix", "d = D.MultivariateNormal(h)\n        return d.log_prob(h)")
mvn(
    "mvn_cov_vector",
    EYE
    + "d = D.MultivariateNormal(h, covariance_matrix=L.diagonal(dim1=-2, dim2=-1))\n        return d.log_prob(h)",
)
mvn(
    "mvn_precision_positional",
    EYE + "d = D.MultivariateNormal(h, None, L[..., :2])\n        return d.log_prob(h)",
)
mvn("mvn_ok_tril", EYE + "d = D.MultivariateNormal(h, scale_tril=L)\n        return d.log_prob(h)")
mvn(
    "mvn_ok_cov_none",
    EYE
    + "d = D.MultivariateNormal(h, covariance_matrix=None, precision_matrix=L)\n        return d.log_prob(h)",
)
# MixtureSameFamily: batch shapes and component counts
MIX = ("self.fc = nn.Linear(6, 4)", "self.means = nn.Linear(6, 8)")


def mix(name: str, body: str) -> None:
    model(name, (5, 6), net_source(MIX, body))


MEANS = "m = self.means(x).view(-1, 4, 2)\n        "
mix("mix_count", MEANS + "cat = D.Categorical(logits=h[:, :3])\n        "
    "d = D.MixtureSameFamily(cat, D.Independent(D.Normal(m, torch.ones_like(m)), 1))\n        "
    "return d.log_prob(x[:, :2])")  # fmt: skip
mix("mix_batch", MEANS + "d = D.MixtureSameFamily(D.Categorical(logits=h), D.Normal(m, 1.0))\n        "
    "return d.log_prob(x[:, :1])")  # fmt: skip
mix("mix_probs_count", "loc = self.means(x)[:, :CFG['k']]\n        "
    "d = D.MixtureSameFamily(D.Categorical(probs=h.softmax(-1)[:, :3]), D.Normal(loc, 1.0))\n        "
    "return d.log_prob(x[:, 0])")  # fmt: skip
mix("mix_ok_independent", MEANS + "cat = D.Categorical(logits=h)\n        "
    "d = D.MixtureSameFamily(cat, D.Independent(D.Normal(m, torch.ones_like(m)), 1))\n        "
    "return d.log_prob(x[:, :2])")  # fmt: skip
mix("mix_ok_broadcast_batch", "loc = self.means(x)[:, :4]\n        "
    "d = D.MixtureSameFamily(D.Categorical(logits=torch.zeros(1, 4)), D.Normal(loc, 1.0))\n        "
    "return d.log_prob(x[:, 0])")  # fmt: skip
# searchsorted: side names, side against right
SS = "edges = torch.linspace(-2, 2, 7)\n        "
op(
    "search_side_upper",
    SS + "return torch.searchsorted(edges, h.contiguous(), side='upper').float()",
)
op(
    "search_side_cfg",
    SS + "return torch.searchsorted(edges, h.contiguous(), side=CFG['side'], right=False).float()",
)
op(
    "search_left_right_true",
    SS + "return torch.searchsorted(edges, h.contiguous(), side='left', right=True).float()",
)
op(
    "search_ok_right_false",
    SS + "return torch.searchsorted(edges, h.contiguous(), side='right', right=False).float()",
)
op("search_ok_left", SS + "return torch.searchsorted(edges, h.contiguous(), side='left').float()")
# linalg.eigh / eigvalsh: UPLO L or U
SQ = "a = h[0].T @ h[0] + torch.eye(8)\n        "
op("uplo_word", SQ + "return h @ torch.linalg.eigh(a, UPLO=CFG['uplo'])[1]")
op("uplo_positional", SQ + "return h * torch.linalg.eigvalsh(a, 'Lower')")
op("uplo_ok_lower_letter", SQ + "return h * torch.linalg.eigvalsh(a, UPLO='l')")
op("uplo_ok_upper", SQ + "return h @ torch.linalg.eigh(a, 'U')[1]")
# a custom Function's backward giving too few gradients, counted by running it statically
GRAD = ("self.fc = nn.Linear(5, 5)", "self.w = nn.Parameter(torch.ones(5))")


def fn(name: str, cls: str) -> None:
    body = ("with torch.enable_grad():\n            xr = torch.zeros(3, 5).requires_grad_()\n"
            f"            y = {cls}.apply(xr, self.w, 0.5)\n            y.sum().backward()\n"
            "        return h")  # fmt: skip
    model(name, (3, 5), net_source(GRAD, body))


fn("function_saved_tensor_product", "Scale")
fn("function_helper_sliced", "ScaleShort")
fn("function_ok_helper_tuple", "ScaleOk")


# torch.set_default_dtype of a dtype that is not floating
op("default_dtype_int8", "torch.set_default_dtype(getattr(torch, 'int8'))\n        return h")
op("default_dtype_of_bool", "old = torch.get_default_dtype()\n        "
   "torch.set_default_dtype((h > 0).dtype)\n        torch.set_default_dtype(old)\n        return h")  # fmt: skip
op("default_dtype_ok_double", "old = torch.get_default_dtype()\n        "
   "torch.set_default_dtype(torch.float64)\n        torch.set_default_dtype(old)\n        return h")  # fmt: skip
# weight_norm's dim in the parameter's rank; orthogonal of a matrix
P = "from torch.nn.utils import parametrizations as P\n        "
op("wnorm_dim_past_rank", P + "P.weight_norm(self.fc, dim=2)\n        return self.fc(h)")
op("wnorm_dim_negative", P + "P.weight_norm(self.c, dim=-4)\n        return h",
   "self.c = nn.Conv1d(3, 4, 3)")  # fmt: skip
op("wnorm_bias_dim_one", "torch.nn.utils.weight_norm(self.fc, 'bias', 1)\n        return h")
op("wnorm_ok_dim_minus_two", P + "P.weight_norm(self.fc, dim=-2)\n        return self.fc(h)")
op("wnorm_ok_conv_last", P + "P.weight_norm(self.c, dim=self.c.weight.dim() - 1)\n        return h",
   "self.c = nn.Conv1d(3, 4, 3)")  # fmt: skip
op("ortho_bias", P + "P.orthogonal(self.fc, 'bias')\n        return self.fc(h)")
op("ortho_ok_weight", P + "P.orthogonal(self.fc, name='weight')\n        return self.fc(h)")

# CyclicLR / OneCycleLR cycling momentum of an optimizer without momentum or betas
NET2 = "net = nn.Linear(8, 1)\n        "


def sched(name: str, opt: str, tail: str) -> None:
    op(name, NET2 + f"opt = getattr(torch.optim, '{opt}')(net.parameters(), lr=0.1)\n        "
       f"s = torch.optim.lr_scheduler.{tail}\n        return h")  # fmt: skip


sched("cyclic_adagrad", "Adagrad", "CyclicLR(opt, 1e-4, 1e-2, step_size_up=4)")
sched("cyclic_rprop_flag", "Rprop", "CyclicLR(opt, base_lr=1e-4, max_lr=1e-2, cycle_momentum=True)")
sched("onecycle_asgd", "ASGD", "OneCycleLR(opt, max_lr=1e-2, total_steps=10)")
sched("cyclic_ok_adam", "Adam", "CyclicLR(opt, 1e-4, 1e-2, step_size_up=4)")
sched("cyclic_ok_no_cycle", "Adagrad", "CyclicLR(opt, 1e-4, 1e-2, cycle_momentum=False)")
sched("onecycle_ok_sgd", "SGD", "OneCycleLR(opt, max_lr=1e-2, epochs=2, steps_per_epoch=5)")


def test_no_momentum_table_is_torchs():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix37d import NO_MOMENTUM

    for n in NO_MOMENTUM:
        o = getattr(torch.optim, n)([torch.nn.Parameter(torch.zeros(2, 2))], lr=0.1)
        assert "momentum" not in o.defaults and "betas" not in o.defaults, n


# torch.func: vmap's chunk_size, jvp's primals / tangents structure; autograd.backward's counts
ROW = "def _row(r):\n    return r * 2\n\n"
op("vmap_chunk_zero", "return torch.func.vmap(torch.sin, chunk_size=h.shape[0] // 8)(h)")
op("vmap_chunk_negative_positional", "return torch.vmap(torch.sin, 0, 0, 'error', -1)(h)")
op("vmap_ok_chunk_one", "return torch.func.vmap(torch.sin, chunk_size=max(1, h.shape[0] // 8))(h)")
op("jvp_bare_primal", "return torch.func.jvp(torch.sin, h, torch.ones_like(h))[1]")
op("jvp_list_primals", "return torch.func.jvp(torch.sin, [h], [h])[1]")
op("jvp_bare_tangent", "return torch.func.jvp(torch.sin, (h,), torch.ones_like(h))[1]")
op("jvp_ok_tuples", "return torch.func.jvp(torch.sin, (h,), (torch.ones_like(h),))[1]")
op("jvp_ok_star_args", "def go(*ps):\n            return torch.func.jvp(torch.sin, ps, ps)[1]\n"
   "        return go(h)")  # fmt: skip
op(
    "jvp_ok_tuple_of_list",
    "ps = [h]\n        return torch.func.jvp(torch.sin, tuple(ps), tuple(ps))[1]",
)
op(
    "vmap_randomness_word",
    "f = torch.func.vmap(torch.sin, randomness='random')\n        return f(h)",
)
op("vmap_in_dims_short", "f = torch.func.vmap(torch.mul, in_dims=(0,))\n        return f(h, h[0])")
op("vmap_in_dims_long_opts", "opts = dict(in_dims=(0, None, None))\n        "
   "f = torch.func.vmap(torch.mul, **opts)\n        return f(h, h[0])")  # fmt: skip
op("vmap_in_dims_list", "f = torch.vmap(torch.mul, [0, None])\n        return f(h, h[0])")
op("vmap_ok_in_dims", "opts = dict(in_dims=(0, None), randomness='same')\n        "
   "f = torch.func.vmap(torch.mul, **opts)\n        return f(h, h[0])")  # fmt: skip
op("vmap_ok_in_dims_int", "f = torch.func.vmap(torch.mul, in_dims=0)\n        return f(h, h)")

LOSSES = ("with torch.enable_grad():\n            y = self.fc(x)\n"
          "            ls = [y.sum(), y.pow(2).sum(), y.mean()]\n            ")  # fmt: skip
op(
    "backward_two_grads",
    LOSSES + "torch.autograd.backward(ls, grad_tensors=[torch.tensor(1.0)] * 2)\n        return h",
)
op(
    "backward_one_tensor_grad",
    LOSSES + "torch.autograd.backward(ls, torch.tensor(1.0))\n        return h",
)
op(
    "backward_ok_more_grads",
    LOSSES
    + "torch.autograd.backward(ls[:2], grad_tensors=[torch.tensor(1.0)] * 3)\n        return h",
)
op(
    "backward_ok_counts",
    LOSSES
    + "torch.autograd.backward(ls, [torch.tensor(1.0), None, torch.tensor(2.0)])\n        return h",
)

# torch.signal.windows: length and parameter checks
WIN = "W = torch.signal.windows\n        "
op("window_hann_negative", WIN + "k = W.hann(3 - 2 * 2)\n        return h * k.sum()")
op("window_kaiser_beta", WIN + "k = W.kaiser(8, beta=-1.5)\n        return h * k[0]")
op("window_exponential_tau", WIN + "k = W.exponential(7, tau=0.0)\n        return h * k[0]")
op(
    "window_exponential_center_sym",
    WIN + "k = W.exponential(7, center=2.0)\n        return h * k[0]",
)
op("window_gaussian_std", WIN + "k = W.gaussian(7, std=-0.5)\n        return h * k[0]")
op("window_ok_kaiser_zero", WIN + "k = W.kaiser(8, beta=0.0)\n        return h * k[0]")
op("window_ok_empty", WIN + "k = W.hann(3 - 3)\n        return h + k.sum()")
op(
    "window_ok_center_periodic",
    WIN + "k = W.exponential(7, center=2.0, sym=False)\n        return h * k[0]",
)

# StackDataset: equal lengths
op("stack_lengths", "a = TensorDataset(h)\n        b = TensorDataset(torch.arange(h.shape[0] - 1))\n        "
   "ds = StackDataset(a, b)\n        return h")  # fmt: skip
op("stack_named_subset", "a = TensorDataset(h)\n        b = Subset(TensorDataset(h), [0])\n        "
   "ds = StackDataset(x=a, y=b)\n        return h")  # fmt: skip
op("stack_both_kinds", "a = TensorDataset(h)\n        ds = StackDataset(a, y=a)\n        return h")
op("stack_ok_equal", "a = TensorDataset(h)\n        b = TensorDataset(torch.arange(h.shape[0]))\n        "
   "ds = StackDataset(x=a, y=b)\n        return h + len(ds)")  # fmt: skip

# LBFGS takes one parameter group
TWO = ("self.fc = nn.Linear(8, 8)", "self.t = nn.Parameter(torch.zeros(1))")


def lbfgs(name: str, params: str) -> None:
    model(
        name,
        (2, 8),
        net_source(TWO, f"opt = torch.optim.LBFGS({params}, lr=0.1)\n        return h"),
    )


lbfgs(
    "lbfgs_two_groups", "[dict(params=[self.t]), dict(params=list(self.fc.parameters()), lr=0.01)]"
)
lbfgs("lbfgs_group_per_param", "[dict(params=[p]) for p in (self.t, self.fc.bias)]")
lbfgs("lbfgs_ok_one_group", "[dict(params=[self.t, self.fc.bias])]")
lbfgs("lbfgs_ok_list", "[self.t, self.fc.weight]")

# register_post_accumulate_grad_hook: leaves that require grad only
EG = "with torch.enable_grad():\n            "
op("posthook_activation", EG + "a = torch.tanh(self.fc(x))\n            "
   "a.register_post_accumulate_grad_hook(lambda p: None)\n        return h")  # fmt: skip
op(
    "posthook_weight_view",
    EG + "self.fc.weight.view(-1).register_post_accumulate_grad_hook(print)\n        return h",
)
op(
    "posthook_plain_tensor",
    EG + "torch.zeros(3).register_post_accumulate_grad_hook(print)\n        return h",
)
op(
    "posthook_ok_weight",
    EG + "self.fc.weight.register_post_accumulate_grad_hook(print)\n        return h",
)
op("posthook_ok_detached_leaf", EG + "a = torch.zeros(3).requires_grad_()\n            "
   "a.register_post_accumulate_grad_hook(print)\n        return h")  # fmt: skip

# torch.jit.script of a function TorchScript cannot compile
op("script_varargs", "f = torch.jit.script(post_var)\n        return f(h, 2.0)")
op("script_kwonly_default", "f = torch.jit.script(post_kwdef)\n        return f(h)")
op("script_try", "f = torch.jit.script(post_try)\n        return f(h)")
op("script_ok_kwonly", "f = torch.jit.script(post_ok)\n        return f(h, s=2.0)")
op("script_ok_default", "f = torch.jit.script(post_ok2)\n        return f(h)")

# Adam / AdamW: a tensor lr with foreach=True needs capturable=True
op(
    "adam_tensor_lr_foreach",
    "opt = torch.optim.AdamW(self.fc.parameters(), lr=torch.tensor(1e-3), foreach=True)\n        return h",
)
op(
    "adam_ok_tensor_lr_capturable",
    "opt = torch.optim.Adam(self.fc.parameters(), lr=torch.tensor(1e-3), foreach=True, capturable=True)\n        return h",
)
op(
    "adam_ok_tensor_lr_no_foreach",
    "opt = torch.optim.Adam(self.fc.parameters(), torch.tensor(1e-3))\n        return h",
)


def test_default_dtype_table_is_torchs():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix37d import FLOAT_DEFAULTS, NOT_DEFAULTS

    old = torch.get_default_dtype()
    try:
        for n in NOT_DEFAULTS:
            with pytest.raises(TypeError, match="only floating-point types"):
                torch.set_default_dtype(getattr(torch, n))
        for n in FLOAT_DEFAULTS:
            torch.set_default_dtype(getattr(torch, n))
    finally:
        torch.set_default_dtype(old)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


@pytest.mark.parametrize(
    "name",
    ["softmax_view_method", "interp_mode_attr", "einsum_complex_real", "mvn_two_matrices",
     "mix_count", "search_side_upper", "uplo_word", "function_saved_tensor_product",
     "default_dtype_int8", "wnorm_dim_past_rank", "ortho_bias", "cyclic_adagrad",
     "vmap_chunk_zero", "jvp_bare_primal", "backward_two_grads",
     "vmap_in_dims_short", "vmap_randomness_word", "window_hann_negative",
     "posthook_activation", "lbfgs_two_groups", "stack_lengths"],
)  # fmt: skip
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """These rules are what flag these: with ``DRIFTCHECK_NO_FIX37D=1`` nothing does."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX37D", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_FIX37D")
    assert blockers(path, shape, capsys)


def test_interp_modes_are_torchs():
    """Every mode the rule takes as valid is one torch's interpolate accepts on a 4-D input (or
    raises for another reason than the mode), and an unknown one reaches the last line."""
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    from driftcheck.parsers.source.forward.dataflow_fix37d import INTERP_MODES, interp_error

    x = torch.zeros(1, 1, 4, 4)
    for m in INTERP_MODES:
        try:
            F.interpolate(x, size=(8, 8), mode=m, antialias=m == "lanczos")
        except NotImplementedError as e:
            assert "Only 3D, 4D and 5D" not in str(e), m
        except (ValueError, RuntimeError):
            pass
    for shape in ((1, 2, 5), (1, 1, 4, 4), (1, 1, 2, 2, 2)):
        with pytest.raises(NotImplementedError) as got:
            F.interpolate(torch.zeros(shape), scale_factor=2, mode="bilinear2d")
        from driftcheck.parsers.source.values.dataflow_values import Tens

        want = interp_error(Tens(None, shape), [None, 2], {"mode": "bilinear2d"})
        assert want == f"NotImplementedError: {got.value}"
