"""Equivalent implementations are not drift: each pair below is one model written two ways.

For every pair, torch proves the equivalence (same parameter count, and with the weights
mapped one to one, the same output for the same input), and ``compare`` of the two files
read statically reports nothing of minor or above. One planted change per form shows the
comparison still sees a real difference, as one finding holding both values."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from driftcheck.graph.match import compare
from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

D, H = 32, 4
HEAD = f"import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\nD = {D}\nH = {H}\n"

PAIRS: dict[str, tuple[str, str]] = {
    "fused_qkv": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * D)
        self.o = nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).split(D, dim=-1)
        q, k, v = (y.view(b, t, H, D // H).transpose(1, 2) for y in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.o(y.transpose(1, 2).reshape(b, t, D))
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.o = nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.q(x), self.k(x), self.v(x)
        q, k, v = (y.view(b, t, H, D // H).transpose(1, 2) for y in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.o(y.transpose(1, 2).reshape(b, t, D))
""",
    ),
    "multihead_attention": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(D, H, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.o = nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.q(x), self.k(x), self.v(x)
        q, k, v = (y.view(b, t, H, D // H).transpose(1, 2) for y in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v)
        return self.o(y.transpose(1, 2).reshape(b, t, D))
""",
    ),
    "conv1d": (
        """
class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.randn(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        out = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return out.view(x.size()[:-1] + (self.nf,))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_fc = Conv1D(4 * D, D)
        self.c_proj = Conv1D(D, 4 * D)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x)))
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_fc = nn.Linear(D, 4 * D)
        self.c_proj = nn.Linear(4 * D, D)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x)))
""",
    ),
    "fused_gate_up": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_up = nn.Linear(D, 2 * 3 * D, bias=False)
        self.down = nn.Linear(3 * D, D, bias=False)

    def forward(self, x):
        gate, up = self.gate_up(x).chunk(2, dim=-1)
        return self.down(F.silu(gate) * up)
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(D, 3 * D, bias=False)
        self.up = nn.Linear(D, 3 * D, bias=False)
        self.down = nn.Linear(3 * D, D, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))
""",
    ),
    "kernel_int_tuple": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(3, D, kernel_size=4, stride=4)

    def forward(self, x):
        return self.patch(x).flatten(2).transpose(1, 2)
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(3, D, kernel_size=(4, 4), stride=(4, 4))

    def forward(self, x):
        return self.patch(x).flatten(2).transpose(1, 2)
""",
    ),
    "position_table_rank": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(D, D)
        self.pos = nn.Parameter(torch.randn(17, D))

    def forward(self, x):
        return self.proj(x + self.pos)
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(D, D)
        self.pos = nn.Parameter(torch.randn(1, 17, D))

    def forward(self, x):
        return self.proj(x + self.pos)
""",
    ),
    "rmsnorm": (
        """
class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(D, D)
        self.norm = RMSNorm(D, eps=1e-6)

    def forward(self, x):
        return self.norm(self.proj(x))
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(D, D)
        self.norm = nn.RMSNorm(D, eps=1e-6)

    def forward(self, x):
        return self.norm(self.proj(x))
""",
    ),
    "tied_head": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, D)
        self.mix = nn.Linear(D, D)
        self.head = nn.Linear(D, 100, bias=False)
        self.head.weight = self.emb.weight

    def forward(self, ids):
        return self.head(self.mix(self.emb(ids)))
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, D)
        self.mix = nn.Linear(D, D)

    def forward(self, ids):
        return self.mix(self.emb(ids)) @ self.emb.weight.t()
""",
    ),
}


def _map(name: str, a, b) -> None:
    """Copy ``a``'s weights into ``b`` one to one (the equivalence's weight mapping)."""
    sa = dict(a.named_parameters())
    with torch.no_grad():
        if name == "fused_qkv":
            wq, wk, wv = sa["qkv.weight"].split(D)
            bq, bk, bv = sa["qkv.bias"].split(D)
            for n, w, bias in (("q", wq, bq), ("k", wk, bk), ("v", wv, bv)):
                getattr(b, n).weight.copy_(w)
                getattr(b, n).bias.copy_(bias)
            b.o.load_state_dict(a.o.state_dict())
        elif name == "multihead_attention":
            wq, wk, wv = sa["attn.in_proj_weight"].split(D)
            bq, bk, bv = sa["attn.in_proj_bias"].split(D)
            for n, w, bias in (("q", wq, bq), ("k", wk, bk), ("v", wv, bv)):
                getattr(b, n).weight.copy_(w)
                getattr(b, n).bias.copy_(bias)
            b.o.weight.copy_(a.attn.out_proj.weight)
            b.o.bias.copy_(a.attn.out_proj.bias)
        elif name == "conv1d":
            for n in ("c_fc", "c_proj"):
                getattr(b, n).weight.copy_(getattr(a, n).weight.t())
                getattr(b, n).bias.copy_(getattr(a, n).bias)
        elif name == "fused_gate_up":
            g, u = a.gate_up.weight.chunk(2, dim=0)
            b.gate.weight.copy_(g)
            b.up.weight.copy_(u)
            b.down.weight.copy_(a.down.weight)
        elif name == "position_table_rank":
            b.proj.load_state_dict(a.proj.state_dict())
            b.pos.copy_(a.pos.unsqueeze(0))
        elif name == "tied_head":
            b.emb.load_state_dict(a.emb.state_dict())
            b.mix.load_state_dict(a.mix.state_dict())
        else:
            b.load_state_dict(a.state_dict())


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(f"eq_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(spec.name, None)
    return mod


def _write(tmp_path: Path, name: str, body: str) -> Path:
    p = tmp_path / f"{name}.py"
    p.write_text(HEAD + body)
    return p


def _input(name: str):
    torch.manual_seed(0)
    if name == "kernel_int_tuple":
        return torch.randn(2, 3, 16, 16)
    if name == "tied_head":
        return torch.randint(0, 100, (2, 7))
    if name == "position_table_rank":
        return torch.randn(2, 17, D)
    return torch.randn(2, 5, D)


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_equivalent_forms(tmp_path, name):
    one, two = PAIRS[name]
    pa, pb = _write(tmp_path, "one", one), _write(tmp_path, "two", two)
    # torch: same parameter count, same output for the same weights
    torch.manual_seed(0)
    a, b = _module(pa).Model().eval(), _module(pb).Model().eval()
    count = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    assert count(a) == count(b)
    _map(name, a, b)
    x = _input(name)
    with torch.no_grad():
        torch.testing.assert_close(a(x), b(x), rtol=1e-5, atol=1e-5)
    # static: compare reports nothing of minor or above, either way round
    ga, gb = parse_source(str(pa)), parse_source(str(pb))
    for left, right in ((ga, gb), (gb, ga)):
        bad = [f.message for f in compare(left, right) if f.severity.rank >= 1]
        assert bad == [], bad


PLANTED = {
    "fused_qkv": ("self.o = nn.Linear(D, D)", "self.o = nn.Linear(D, D, bias=False)"),
    "conv1d": ("self.c_fc = nn.Linear(D, 4 * D)", "self.c_fc = nn.Linear(D, 3 * D)"),
    "fused_gate_up": (
        "nn.Linear(D, 3 * D, bias=False)\n        self.up",
        "nn.Linear(D, 2 * D, bias=False)\n        self.up",
    ),
    "kernel_int_tuple": ("kernel_size=(4, 4), stride=(4, 4)", "kernel_size=(8, 8), stride=(8, 8)"),
    "position_table_rank": ("torch.randn(1, 17, D)", "torch.randn(1, 18, D)"),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_real_change_beside_an_equivalent_form_is_found(tmp_path, name):
    one, two = PAIRS[name]
    old, new = PLANTED[name]
    assert two.count(old) == 1
    pa, pb = _write(tmp_path, "one", one), _write(tmp_path, "two", two.replace(old, new))
    fs = [f for f in compare(parse_source(str(pa)), parse_source(str(pb))) if f.severity.rank >= 1]
    assert fs, name
