"""Forward-crash rules of session 27 (crashfix27b: fresh19's dev misses, made general) against
torch.

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin, most with
spellings the batch did not use.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

ROOT = Path(__file__).resolve().parents[1]
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], src: str, kind: str = "float") -> None:
    MODELS[name] = (textwrap.dedent(src), shape, kind)


def expr(
    name: str, body: str, shape: tuple[int, ...] = (4, 8), init: str = "", kind: str = "float"
) -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(*shape[:-1], 8)``) then ``body``
    (``kind="tokens"``: ``h`` is ``x`` itself, int64 ids)."""
    first = "h = x" if kind == "tokens" else "h = self.fc(x)"
    model(
        name,
        shape,
        f"""
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        {init or "pass"}

    def forward(self, x):
        {first}
        {body}
""",
        kind,
    )


# ---- fft: a 1-D transform takes one int dim (a tuple or list, even of one axis, is refused)
expr("fft_tuple", "return torch.fft.ifft(h, dim=(0, 1)).real")
expr("fft_list_one", "return torch.fft.rfft(h, 8, [-1]).abs()")
expr("fft_attr", "return torch.fft.hfft(h, dim=self.dims)", init="self.dims = (-1,)")
expr("fft_ok", "return torch.fft.rfft(h, dim=-1).abs() + torch.fft.fft2(h, dim=(0, 1)).real.sum()")

# ---- qr: numpy's modes
expr("qr_raw", 'return torch.linalg.qr(h, "raw")[0]')
expr("qr_attr", "return torch.linalg.qr(h, mode=self.mode)[0]", init='self.mode = "economic"')
expr("qr_ok", 'return torch.linalg.qr(h, mode="complete")[0].sum() + torch.linalg.qr(h, "r")[1]')

# ---- triangular: ``upper`` is keyword-only and required
_TRI = "a = torch.tril(h.T @ h) + 8 * torch.eye(8)\n        "
expr("triangular_left", _TRI + "return torch.linalg.solve_triangular(a, h.T, left=True)")
expr("triangular_unit", _TRI + "return torch.linalg.solve_triangular(a, h.T, unitriangular=False)")
expr("triangular_ok", _TRI + "return torch.linalg.solve_triangular(a, h.T, upper=False)")

# ---- diagembed: dim1 and dim2 name one axis of the result (rank + 1)
expr("diagembed_same_axis", "return torch.diag_embed(h, dim1=0, dim2=-3)")
expr("diagembed_method", "return h.diag_embed(1, 2, 2)")
expr("diagembed_ok", "return torch.diag_embed(h, dim1=0, dim2=-1) + h.diag_embed().sum()")

# ---- instnorm: ``use_input_stats=False`` needs both running statistics
_IN = "y = h.view(4, 2, 4)\n        "
expr("instnorm_one_stat", _IN + "return F.instance_norm(y, torch.zeros(2), use_input_stats=False)")
expr("instnorm_positional", _IN + "return F.instance_norm(y, None, None, None, None, False)")
expr(
    "instnorm_ok",
    _IN + "return F.instance_norm(y, torch.zeros(2), torch.ones(2), use_input_stats=False)",
)

# ---- bagweights: per_sample_weights in mode "mean" / "max"
_BAG = "w = torch.rand(4, 8)\n        h = torch.arange(32).view(4, 8) % 20\n        "
expr(
    "bagweights_functional",
    _BAG + "return F.embedding_bag(h, torch.randn(20, 3), per_sample_weights=w)",
)
expr(
    "bagweights_module_positional",
    _BAG + "return self.bag(h, None, w)",
    init='self.bag = nn.EmbeddingBag(20, 3, mode="max")',
)
expr(
    "bagweights_ok",
    _BAG
    + 'return self.bag(h, per_sample_weights=w) + F.embedding_bag(h, self.bag.weight, mode="mean")',
    init='self.bag = nn.EmbeddingBag(20, 3, mode="sum")',
)

# ---- poolpad: a string padding of a pooling op
model(
    "poolpad_avg_module",
    (2, 3, 8, 8),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(3, 1, "valid")

    def forward(self, x):
        return self.pool(x)
""",
)
expr("poolpad_functional", 'return F.max_pool1d(h.unsqueeze(1), 3, 1, padding="same")')
expr("poolpad_ok", "return F.max_pool1d(h.unsqueeze(1), 3, 1, padding=1)")

# ---- listreduce: a reduction of a Python list or tuple
expr("listreduce_max", "parts = [h[:2], h[2:]]\n        return torch.amax(parts)")
expr(
    "listreduce_tuple_dim", "parts = (h.sum(), h.mean())\n        return torch.logsumexp(parts, 0)"
)
expr(
    "listreduce_ok",
    "parts = [h.sum(), h.mean()]\n        return torch.stack(parts).sum() + sum(parts)",
)

# ---- intfloat: cosine_similarity / hypot of two integer (or bool) tensors
expr("intfloat_cosine_bool", "return F.cosine_similarity(h > 0, h > 0.5, 0)")
expr(
    "intfloat_hypot_grid",
    "a, b = torch.meshgrid(torch.arange(3), torch.arange(4), indexing='xy')\n"
    "        return torch.hypot(a - 1, b)",
)
expr("intfloat_hypot_method", "i = h.long()\n        return i.hypot(i * 2)")
expr(
    "intfloat_ok",
    "i = h.long()\n"
    "        return F.cosine_similarity(i, h, 1) + torch.hypot(i.float(), h.double()).sum()",
)

# ---- copyshape: ``t.copy_(src)`` where ``src`` does not broadcast to ``t``
expr(
    "copyshape_swapped",
    "self.buf.copy_(h[:2].T)\n        return h",
    init="self.register_buffer('buf', torch.zeros(2, 8))",
)
expr(
    "copyshape_more_axes",
    "self.buf.copy_(h[:2][None])\n        return h",
    init="self.register_buffer('buf', torch.zeros(2, 8))",
)
expr(
    "copyshape_ok",
    "self.buf.copy_(h[0])\n        return h + self.buf.sum()",
    init="self.register_buffer('buf', torch.zeros(2, 8))",
)

# ---- floatcount: a Python float where torch (or a slice) takes an int
expr("floatcount_randperm", "n = h.shape[0] / 2\n        return h[torch.randperm(n)]")
expr("floatcount_slice", "k = h.shape[1] * 0.5\n        return h[:, :k]")
expr("floatcount_list_slice", "rows = list(h)\n        return torch.stack(rows[: len(rows) / 2])")
expr(
    "floatcount_ok",
    "n = h.shape[0] // 2\n        k = int(h.shape[1] * 0.5)\n"
    "        return h[torch.randperm(n)][:, :k]",
)

# ---- vmapdim: ``in_dims`` out of a mapped tensor's range
model(
    "vmapdim_negative",
    (4, 6),
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4))

    def row(self, r):
        return (r * self.w).sum()

    def forward(self, x):
        return torch.func.vmap(self.row, in_dims=(-3,))(x)
""",
)
model(
    "vmapdim_pair",
    (4, 6),
    """
class Net(nn.Module):
    def forward(self, x):
        return torch.vmap(lambda a, b: a @ b, in_dims=(None, 2))(x[0], x)
""",
)
model(
    "vmapdim_ok",
    (4, 6),
    """
class Net(nn.Module):
    def forward(self, x):
        return torch.vmap(lambda a, b: a @ b, in_dims=(None, -1))(x[:, 0], x)
""",
)

# ---- dist: torch.distributions (parameters that do not broadcast, Independent past the batch,
# rsample of a discrete family, a KL pair with no implementation)
_TD = "td = torch.distributions\n        "
expr("dist_laplace_params", _TD + "return td.Laplace(h, torch.ones(3)).sample()")
expr(
    "dist_studentt_keywords",
    _TD + "return td.StudentT(df=torch.full((5,), 3.0), loc=h).log_prob(h)",
)
expr("dist_independent_past", _TD + "return td.Independent(td.Gamma(h.exp(), 1.0), 3).mean")
expr(
    "dist_independent_logits",
    _TD + "return td.Independent(td.Bernoulli(logits=h), 2).sample()",
)
expr("dist_uniform_params", _TD + "return td.Uniform(torch.zeros(3), h.exp() + 1.0).rsample()")
expr("dist_rsample_poisson", _TD + "return td.Poisson(h.exp()).rsample((2,))")
expr(
    "dist_rsample_indep",
    _TD + "return td.Independent(td.Categorical(logits=h), 1).rsample()",
)
expr(
    "dist_kl_laplace",
    _TD + "return td.kl_divergence(td.Laplace(h, 1.0), td.Gumbel(h, 1.0)).sum()",
)
expr(
    "dist_ok",
    _TD + "d = td.Independent(td.Normal(h, torch.ones(8)), 1)\n"
    "        kl = td.kl_divergence(d, td.Independent(td.Normal(0.0 * h, 2.0), 1))\n"
    "        c = td.Categorical(logits=h).sample()\n"
    "        u = td.Uniform(torch.zeros(8), h.exp() + 1.0).rsample()\n"
    "        return d.rsample().sum() + kl.sum() + c.sum() + td.Laplace(h, 1.0).rsample().sum() + u.sum()",
)
expr(
    "dist_kl_ok",
    _TD + "p, q = td.Bernoulli(logits=h), td.Bernoulli(probs=torch.full((4, 8), 0.5))\n"
    "        return td.kl_divergence(p, q).sum() + td.kl_divergence(td.Beta(h.exp(), 1.0), "
    "td.Beta(1.0, 1.0)).sum()",
)

# ---- adaptive: AdaptiveLogSoftmaxWithLoss targets every one of which lies past n_classes
# (value bounds kept through a basic index)
_ALS = "self.crit = nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[4, 8])"
expr(
    "adaptive_shifted",
    "t = torch.arange(6).view(1, 6)[:, 1:5].reshape(-1) + 10\n        return self.crit(h, t).loss",
    init=_ALS,
)
expr(
    "adaptive_negative",
    "t = -torch.arange(1, 9).view(2, 4)[0]\n        return self.crit(h, t).output",
    init=_ALS,
)
expr(
    "adaptive_ok",
    "t = torch.arange(6).view(1, 6)[:, 1:5].reshape(-1) + 5\n        return self.crit(h, t).loss",
    init=_ALS,
)

# ---- lineardtype: F.linear of operands of two floating dtypes (a float64 buffer, float32 input)
_F64 = "self.register_buffer('fb', torch.linspace(0, 1, 40, dtype=torch.float64).view(5, 8))"
expr("lineardtype_buffer", "return F.linear(h.abs(), self.fb)", init=_F64)
expr("lineardtype_half", "return F.linear(h, self.fc.weight.half())")
expr(
    "lineardtype_ok",
    "return F.linear(h.double(), self.fb) + F.linear(h, self.fb.float())",
    init=_F64,
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("qr_raw", "floatcount_slice"), tmp_path, capsys)


def test_dist_table_is_torchs():
    """The distribution table the rules read agrees with the installed torch."""
    pytest.importorskip("torch")
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_dist_table.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_linear_dtype_rule_is_matmuls():
    """``F.linear(x, w)`` raises for exactly the dtype pairs ``x @ w.T`` raises for (the rule
    reads ``dataflow_dtype_ops.matmul_error``), 2-D and 1-D input, over 8 dtypes."""
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    dts = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64,
           torch.int32, torch.uint8, torch.bool]  # fmt: skip

    def raises(fn, *args) -> bool:
        try:
            fn(*args)
        except (RuntimeError, NotImplementedError):
            return True
        return False

    crashed = 0
    for a in dts:
        for b in dts:
            x, w = (torch.rand(3, 4) * 3).to(a), (torch.rand(5, 4) * 3).to(b)
            m = raises(torch.matmul, x, w.T)
            assert raises(F.linear, x, w) is m, (a, b)
            assert raises(F.linear, x[0], w) is m, (a, b)
            crashed += m
    assert crashed >= 40
