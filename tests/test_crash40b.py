"""Session 40 (crashfix40b): crash rules checked against torch (CPU, seeded): a blocker exactly
when torch raises; the clean twins (``_ok``) show what the rules must not claim.

- ``torch.nested.nested_tensor(ts, layout=torch.jagged)`` reduces over a non-batch dim without
  ``keepdim`` (the strided rule of ``dataflow_fix30b`` had claimed it raises: crash fresh32's
  one false blocker); ``std`` / ``var`` raise on either layout; a jagged one over dim 0 raises.
- ``m.train(1)`` / ``m.eval(False)`` / ``m.to_empty()`` (``dataflow_fix40b``), polygamma,
  LKJCholesky, binomial, isin, renorm, tensor_split, wide-uint arange.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    blockers,
    check_blocker_iff_crash,
    registrar,
    torch_crashes,
    write,
)

# torch and the submodules these models use, imported before any test runs: tests/conftest.py's
# module-dropping fixture fails on torch's ``_ClassNamespace`` modules when a test imports them
pytest.importorskip("torch")
pytest.importorskip("torch.distributions")

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def net(name: str, init: str, body: str, shape: tuple[int, ...] = (2, 4), pre: str = "") -> None:
    src = (
        f"\n{pre}\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        {init}\n\n    def forward(self, x):\n        {body}\n        return x\n"
    )
    model(name, shape, src)


# ---------------------------------------------------------------- nested tensors
NT = (
    "seqs = [self.proj(x[i].expand(n, -1)) for i, n in enumerate([3, 5])]\n"
    "        nt = torch.nested.nested_tensor(seqs{layout})\n"
    "        r = {call}\n"
    "        x = x + 0"
)
NT_INIT = "self.proj = nn.Linear(4, 4)"
for _name, _layout, _call in (
    ("nested_ok_jagged_mean1", ", layout=torch.jagged", "nt.mean(1)"),
    ("nested_ok_jagged_sum1", ", layout=torch.jagged", "nt.sum(1)"),
    ("nested_ok_jagged_amax_last", ", layout=torch.jagged", "nt.amax(-1)"),
    ("nested_ok_jagged_fn_mean", ", layout=torch.jagged", "torch.mean(nt, 1)"),
    ("nested_ok_jagged_keepdim", ", layout=torch.jagged", "nt.sum(2, keepdim=True)"),
    ("nested_ok_strided_sum_keepdim_last", "", "nt.sum(-1, keepdim=True)"),
    ("nested_strided_mean1", "", "nt.mean(1)"),
    ("nested_strided_named_mean1", ", layout=torch.strided", "nt.mean(1)"),
    ("nested_jagged_std", ", layout=torch.jagged", "nt.std(1)"),
    ("nested_jagged_var_fn", ", layout=torch.jagged", "torch.var(nt, 2)"),
    ("nested_strided_std", "", "nt.std(1)"),
    ("nested_jagged_batch_dim", ", layout=torch.jagged", "nt.sum(0)"),
    ("nested_jagged_batch_dim_mean_kw", ", layout=torch.jagged", "nt.mean(dim=0)"),
):
    net(_name, NT_INIT, NT.format(layout=_layout, call=_call))

# ---------------------------------------------------------------- module modes
TOWER = """
class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(4, 4)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.l1(x))
"""
MODE_INIT = "self.t = Tower()\n        self.d = nn.Dropout(0.2)"
for _name, _call in (
    ("mode_ok_train_true", "self.t.train(True)"),
    ("mode_ok_train_default", "self.d.train()"),
    ("mode_ok_train_kw", "self.d.train(mode=False)"),
    ("mode_ok_eval", "self.t.eval()"),
    ("mode_train_int", "self.t.train(1)"),
    ("mode_train_zero_leaf", "self.d.train(0)"),
    ("mode_train_str", "self.d.train('mc')"),
    ("mode_eval_flag", "self.t.eval(False)"),
    ("mode_eval_kw", "self.d.eval(mode=True)"),
    ("mode_ok_to_empty_device", "self.t.to_empty(device='cpu')"),
    ("mode_to_empty_bare", "self.t.to_empty()"),
    ("mode_to_empty_positional", "self.d.to_empty('cpu')"),
):
    net(_name, MODE_INIT, f"{_call}\n        x = self.t(x)", pre=TOWER)
# a loop over the modules, the layer picked by isinstance
for _name, _arg in (("mode_loop_train_one", "1"), ("mode_ok_loop_train_true", "True")):
    net(
        _name,
        "self.net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.2))",
        f"for m in self.modules():\n            if isinstance(m, nn.Dropout):\n"
        f"                m.train({_arg})\n        x = self.net(x)",
    )
# a class of the code's own that redefines ``train``: not judged
model(
    "mode_ok_own_train",
    (2, 4),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 4)

    def train(self, mode=1):
        return super().train(bool(mode))

    def forward(self, x):
        self.train(1)
        return self.l(x)
""",
)

# ---------------------------------------------------------------- polygamma
for _name, _call in (
    ("polygamma_ok_zero", "torch.polygamma(0, x.abs() + 1)"),
    ("polygamma_ok_special_one", "torch.special.polygamma(1, x.abs() + 1)"),
    ("polygamma_neg", "torch.polygamma(-1, x.abs() + 1)"),
    ("polygamma_special_neg", "torch.special.polygamma(self.n, x.abs() + 1)"),
    ("polygamma_method_neg", "(x.abs() + 1).polygamma(-2)"),
):
    net(_name, "self.n = -1", f"x = x + {_call}")

# ---------------------------------------------------------------- LKJCholesky
for _name, _dim in (("lkj_ok_two", "2"), ("lkj_one", "1"), ("lkj_from_shape", "x.shape[-1] // 4")):
    net(
        _name,
        "pass",
        f"L = LKJCholesky({_dim}, concentration=2.0).sample()\n        x = x + L.sum()",
        pre="from torch.distributions import LKJCholesky\n",
    )

# ---------------------------------------------------------------- binomial
for _name, _count in (
    ("binomial_ok_float", "torch.full(x.shape, 5.0)"),
    ("binomial_ok_rounded_float", "(x.abs() * 4).round()"),
    ("binomial_long", "torch.full(x.shape, 5)"),
    ("binomial_int", "(x.abs() * 4).round().int()"),
    ("binomial_sum_counts", "(x > -10).sum(1, keepdim=True).expand_as(x)"),
):
    net(_name, "pass", f"x = x + torch.binomial({_count}, torch.sigmoid(x))")

# ---------------------------------------------------------------- isin
for _name, _call in (
    ("isin_ok_real", "torch.isin(x, x.flatten()[:3])"),
    ("isin_ok_abs_of_complex", "torch.isin(torch.fft.rfft(x).abs(), x.flatten()[:3])"),
    ("isin_complex", "torch.isin(torch.fft.rfft(x), x.flatten()[:3])"),
    ("isin_complex_kw", "torch.isin(elements=x, test_elements=torch.fft.fft(x)[:, :2])"),
):
    net(_name, "pass", f"m = {_call}\n        x = x + m.sum()")

# ---------------------------------------------------------------- renorm
for _name, _call in (
    ("renorm_ok_positive", "self.w.renorm(2, 0, 1.0)"),
    ("renorm_ok_zero", "torch.renorm(self.w, 2, 0, 0)"),
    ("renorm_negative", "self.w.renorm(2, 0, self.m)"),
    ("renorm_fn_negative", "torch.renorm(self.w, 2, 0, -0.5)"),
):
    net(_name, "self.w = nn.Parameter(torch.randn(4, 4))\n        self.m = -1.0",
        f"x = x @ {_call}")  # fmt: skip

# ---------------------------------------------------------------- tensor_split
for _name, _ind in (
    ("split_ok_long", "torch.tensor([1, 3])"),
    ("split_ok_list", "[1, 3]"),
    ("split_ok_linspace_long", "torch.linspace(0, 4, 3)[1:-1].long()"),
    ("split_float", "torch.tensor([0.25, 0.75]) * x.shape[1]"),
    ("split_linspace", "torch.linspace(0, 4, 3)[1:-1]"),
    ("split_double", "torch.tensor([1, 3], dtype=torch.float64)"),
):
    net(_name, "pass", f"parts = x.tensor_split({_ind}, dim=1)\n        x = parts[0].sum() + x")

# ---------------------------------------------------------------- arange of a wide uint
for _name, _dt in (
    ("arange_ok_uint8", "torch.uint8"),
    ("arange_ok_int16", "torch.int16"),
    ("arange_uint16", "torch.uint16"),
    ("arange_uint32", "torch.uint32"),
):
    net(
        _name,
        "pass",
        f"p = positions(x.shape[1], {_dt})\n        x = x + p.float()",
        pre="def positions(n, dt):\n    return torch.arange(n, dtype=dt)\n",
    )


# ---------------------------------------------------------------- distributions
DIST_PRE = "from torch.distributions import Categorical, Independent, MultivariateNormal, Normal\n"
for _name, _body in (
    (
        "dist_ok_expand_rows",
        "d = Independent(Normal(self.p[:1], 1.0), 1).expand((2,))\n"
        "        x = x + d.log_prob(self.p[1:].expand(2, 4)).sum()",
    ),
    (
        "dist_ok_expand_new_dim",
        "d = Normal(self.p[0], 1.0).expand((2, 4))\n        x = x + d.rsample().sum()",
    ),
    (
        "dist_expand_rows",
        "d = Independent(Normal(self.p, 1.0), 1).expand((3,))\n        x = x + d.mean.sum()",
    ),
    ("dist_expand_tiles", "d = Categorical(logits=x).expand((2, 3))\n        x = x + 1"),
    (
        "dist_ok_logprob",
        "d = Independent(Normal(x, 1.0), 1)\n        x = x + d.log_prob(x)[:, None]",
    ),
    ("dist_ok_logprob_broadcast", "d = Normal(x, 1.0)\n        x = x + d.log_prob(x[:1])"),
    ("dist_logprob_width", "d = Normal(x[:, :2], 1.0)\n        x = x + d.log_prob(x).sum()"),
    (
        "dist_logprob_expanded_event",
        "d = Independent(Normal(self.p[:1], 1.0), 1).expand(x.shape)\n"
        "        x = x + d.log_prob(x).sum()",
    ),
    (
        "dist_logprob_of_sample_t",
        "d = Categorical(logits=x)\n        a = d.expand((3, 2)).sample()\n"
        "        x = x + d.log_prob(a.T).sum()",
    ),
    (
        "dist_ok_logprob_of_sample",
        "d = Categorical(logits=x)\n        a = d.expand((3, 2)).sample()\n"
        "        x = x + d.log_prob(a).sum()",
    ),
    (
        "dist_ok_mvn",
        "m = MultivariateNormal(self.p, covariance_matrix=torch.eye(4))\n"
        "        x = x + m.log_prob(x.unsqueeze(1)).sum()",
    ),
    (
        "dist_mvn_event",
        "m = MultivariateNormal(self.p, covariance_matrix=torch.eye(4))\n"
        "        x = x + m.log_prob(x[:, :2].unsqueeze(1)).sum()",
    ),
):
    net(_name, "self.p = nn.Parameter(torch.zeros(2, 4))", _body, pre=DIST_PRE)
# validation off: torch does not check the value's shape (not judged)
net(
    "dist_ok_validation_off",
    "pass",
    "d = Normal(x[:, :2], 1.0, validate_args=False)\n        x = x + d.mean.sum()",
    pre=DIST_PRE,
)


# ---------------------------------------------------------------- skip_init
for _name, _call in (
    ("skip_ok_class", "skip_init(nn.Linear, 4, 4)"),
    ("skip_ok_layernorm", "skip_init(nn.LayerNorm, 4)"),
    ("skip_instance", "skip_init(nn.Linear(4, 4))"),
    ("skip_own_instance", "skip_init(Head())"),
    ("skip_sequential", "skip_init(nn.Sequential, nn.Linear(4, 4))"),
    ("skip_relu", "skip_init(nn.ReLU)"),
):
    net(
        _name,
        "pass",
        f"m = {_call}\n        x = x + sum(p.numel() for p in m.parameters())",
        pre="from torch.nn.utils import skip_init\n\nclass Head(nn.Module):\n"
        "    def __init__(self, device=None):\n        super().__init__()\n"
        "        self.l = nn.Linear(4, 4, device=device)\n",
    )


# ---------------------------------------------------------------- bucketize, cov, polygamma's shape
for _name, _body in (
    ("bucketize_ok_edges", "x = x + torch.bucketize(x, torch.tensor([0.0, 0.5])).float()"),
    ("bucketize_matrix", "x = x + torch.bucketize(x, torch.tensor([[0.0, 0.5]])).float()"),
    ("bucketize_scalar_edge", "x = x + torch.bucketize(x, torch.tensor(0.5)).float()"),
    (
        "cov_ok_fweights",
        "c = torch.cov(x.T, fweights=torch.ones(2, dtype=torch.long))\n        x = x + c.sum()",
    ),
    ("cov_ok_aweights_1d", "c = torch.cov(x[0], aweights=x[1].abs())\n        x = x + c.sum()"),
    (
        "cov_fweights_per_feature",
        "c = torch.cov(x.T, fweights=torch.ones(4, dtype=torch.long))\n        x = x + c.sum()",
    ),
    ("cov_fweights_float", "c = torch.cov(x.T, fweights=torch.ones(2))\n        x = x + c.sum()"),
    ("cov_aweights_method_2d", "c = x.T.cov(aweights=torch.ones(1, 2))\n        x = x + c.sum()"),
    ("polyshape_ok", "x = x + x.abs().polygamma(1) * torch.ones(4)"),
    ("polyshape_ok_fn", "x = x + torch.polygamma(1, x.abs() + 1) * torch.ones(2, 1)"),
    ("polyshape_wrong_width", "x = x + (x.abs() + 1).polygamma(1) * torch.ones(3)"),
):
    net(_name, "pass", _body)


# ---------------------------------------------------------------- sparse layouts
for _name, _body in (
    ("sparse_ok_coo_indices", "s = (x > 0).float().to_sparse()\n        n = s.indices().shape[1]"),
    (
        "sparse_ok_coalesced_values",
        "s = (x > 0).float().to_sparse().coalesce()\n        n = s.values().numel()",
    ),
    ("sparse_ok_csr_crow", "s = (x > 0).float().to_sparse_csr()\n        n = s.crow_indices()[-1]"),
    (
        "sparse_ok_dense_after",
        "s = (x > 0).float()\n        t = s.to_sparse_csr()\n        n = s.sum()",
    ),
    ("sparse_csr_indices", "s = (x > 0).float().to_sparse_csr()\n        n = s.indices().shape[1]"),
    (
        "sparse_coo_crow",
        "s = (x > 0).float().to_sparse().coalesce()\n        n = s.crow_indices()[-1]",
    ),
    ("sparse_csr_coalesce", "s = (x > 0).float().to_sparse_csr().coalesce()\n        n = 1"),
    ("sparse_csc_col", "s = (x > 0).float().to_sparse_csc()\n        n = s.col_indices()[-1]"),
):
    net(_name, "pass", f"{_body}\n        x = x + n")


# ---------------------------------------------------------------- dtypes through views, renorm dim
for _name, _body in (
    (
        "keep_ok_abs_then_linear",
        "z = torch.fft.rfft(x, n=6).abs().transpose(0, 1)\n        x = x + self.l(z.T).sum()",
    ),
    (
        "keep_ok_real_then_linear",
        "z = torch.fft.rfft(x, n=6).exp().real\n        x = x + self.l(z).sum()",
    ),
    (
        "keep_log1p_transpose",
        "z = torch.fft.rfft(x, n=6).log1p().transpose(0, 1)\n"
        "        x = x + self.l(z.T).abs().sum()",
    ),
    (
        "keep_exp_flatten",
        "z = torch.exp(torch.fft.rfft(x, n=6)).flatten(1)\n        x = x + self.l(z).abs().sum()",
    ),
    (
        "keep_long_reshape",
        "i = torch.arange(8).reshape(2, 4).t()\n        x = x + self.l(i[:, :1].T).sum()",
    ),
):
    net(_name, "self.l = nn.Linear(4, 3)", _body)
for _name, _dim in (("rdim_ok_last", "1"), ("rdim_ok_neg", "-2"), ("rdim_past", "2"),
                    ("rdim_neg_past", "-3")):  # fmt: skip
    net(_name, "self.w = nn.Parameter(torch.randn(4, 4))",
        f"with torch.no_grad():\n            self.w.renorm_(2, {_dim}, 1.0)\n        x = x @ self.w")  # fmt: skip


# modules of the code's own built in forward
FRESH = """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return self.fc(x)


class Own(Block):
    def to_empty(self, device="cpu", recurse=True):
        return super().to_empty(device=device, recurse=recurse)
"""
for _name, _make, _call in (
    ("fresh_ok_to_empty_device", "Block(4)", "b.to_empty(device='cpu')"),
    ("fresh_ok_own_to_empty", "Own(4)", "b.to_empty()"),
    ("fresh_to_empty_bare", "Block(4)", "b.to_empty()"),
    ("fresh_train_int", "Block(4)", "b.train(1)"),
):
    net(
        _name,
        "pass",
        f"with torch.device('meta'):\n            b = {_make}\n        b = {_call}\n"
        "        b.fc.reset_parameters()\n        x = b(x)",
        pre=FRESH,
    )


# ---------------------------------------------------------------- tensor_split's pieces
for _name, _split, _width in (
    ("pieces_ok_tensor_three", "torch.tensor([4, 8])", "12"),
    ("pieces_ok_list", "[4, 8]", "12"),
    ("pieces_ok_sections", "3", "12"),
    ("pieces_ok_sections_five", "5", "20"),
    ("pieces_tensor_four", "torch.tensor([3, 6, 9])", "12"),
    ("pieces_list_past_end", "[4, 8, 20]", "12"),
    ("pieces_sections_five", "5", "12"),
):
    net(
        _name,
        f"self.out = nn.Linear({_width}, 3)",
        f"segs = torch.tensor_split(self.p(x), {_split}, dim=1)\n"
        "        x = self.out(torch.cat([s.mean(1) for s in segs], -1))",
        shape=(2, 12, 4),
    )
    MODELS[_name] = (MODELS[_name][0].replace("super().__init__()", "super().__init__()\n"
                     "        self.p = nn.Linear(4, 4)"), *MODELS[_name][1:])  # fmt: skip

for _name, _width in (("pieces_ok_last_uneven", "8"), ("pieces_last_uneven", "12")):
    net(
        _name,
        f"self.out = nn.Linear({_width}, 3)",
        "segs = x.tensor_split(5, 1)\n        x = self.out(segs[-1].flatten(1))",
        shape=(2, 12, 4),
    )

# an instance attribute shadows the method: not judged
model(
    "mode_ok_attr_shadows",
    (2, 4),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(4, 4)
        self.eval = lambda *a: None

    def forward(self, x):
        self.eval(False)
        return self.l(x)
""",
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


@pytest.mark.parametrize("name", ["mode_train_int", "binomial_long", "nested_jagged_std"])
def test_switch_off_silences(name, tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_FIX40B=1``: the module's rules are off (torch still raises)."""
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    assert torch_crashes(path, shape, kind)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX40B", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    assert not blockers(path, shape, capsys)


def test_jagged_fix_stays_with_switch_off(tmp_path, capsys, monkeypatch):
    """The jagged layout's correction of ``dataflow_fix30b`` is no rule of the switch."""
    monkeypatch.setenv("DRIFTCHECK_NO_FIX40B", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    path = write(MODELS, HEAD, "nested_ok_jagged_mean1", tmp_path)
    assert not blockers(path, (2, 4), capsys)


def test_no_device_table_matches_torch():
    """``dataflow_fix40b.NO_DEVICE``: torch.nn classes whose ``__init__`` has no ``device``."""
    import inspect

    import torch

    from driftcheck.parsers.source.forward.dataflow_fix40b import NO_DEVICE

    for name in NO_DEVICE:
        params = inspect.signature(getattr(torch.nn, name)).parameters
        assert "device" not in params, name
