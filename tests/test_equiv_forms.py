"""More equivalent implementations that are not drift (issue #17), each proven in torch: same
parameter count and, with the weights mapped one to one, the same output; and ``compare`` of
the two files read statically reports nothing of minor or above, either way round. A planted
change beside each equivalent form is still found, as one finding holding both values.

- ``adaptive_pool_int_tuple``: ``AdaptiveAvgPool2d(1)`` is ``AdaptiveAvgPool2d((1, 1))`` (every
  per-axis size of a convolution or pooling: ``canon.per_axis``);
- ``torch_encoder``: ``nn.TransformerEncoder(nn.TransformerEncoderLayer(...), n)`` against the
  same layers written out (q/k/v/o, linear1/linear2, two LayerNorms: ``canon.COMPOSITES``),
  on the full and on the core install (no torch: ``machine.torch_stack_init``);
- ``norms_declared_apart``: a layer's norms declared after its MLP (as transformers does)
  against beside what each feeds (``diff._moved``).

Heads read off ``forward`` (``derive._head_splits``): a head count held only in a ``view`` or
an ``einops.rearrange`` is compared with the other side's.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import installs
from driftcheck.graph.match import compare
from driftcheck.parsers.source import parse_source
from tests.conftest import ROOT

torch = pytest.importorskip("torch")

D, H = 32, 4
HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
    f"D = {D}\nH = {H}\nFF = 2 * D\n"
)

ENCODER_BY_HAND = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.o = nn.Linear(D, D)
        self.norm1 = nn.LayerNorm(D)
        self.linear1 = nn.Linear(D, FF)
        self.linear2 = nn.Linear(FF, D)
        self.norm2 = nn.LayerNorm(D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (p(x).view(b, t, H, D // H).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, D)
        x = self.norm1(x + self.o(a))
        return self.norm2(x + self.linear2(F.relu(self.linear1(x))))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, D)
        self.blocks = nn.ModuleList([Block() for _ in range(2)])

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return x
"""

RMS = """
class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)

"""

PAIRS: dict[str, tuple[str, str]] = {
    "adaptive_pool_int_tuple": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, D, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        return self.pool(self.conv(x)).flatten(1)
""",
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, D, (3, 3), padding=(1, 1))
        self.pool = nn.AdaptiveAvgPool2d((1, 1))

    def forward(self, x):
        return self.pool(self.conv(x)).flatten(1)
""",
    ),
    "torch_encoder": (
        """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, D)
        layer = nn.TransformerEncoderLayer(D, H, FF, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)

    def forward(self, ids):
        return self.encoder(self.emb(ids))
""",
        ENCODER_BY_HAND,
    ),
    "norms_declared_apart": (
        RMS
        + """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = RMSNorm(D)
        self.attn = nn.Linear(D, D, bias=False)
        self.norm2 = RMSNorm(D)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.down(F.silu(self.up(self.norm2(x))))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(2)])

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return x
""",
        RMS
        + """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.Linear(D, D, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)
        self.norm1 = RMSNorm(D)
        self.norm2 = RMSNorm(D)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.down(F.silu(self.up(self.norm2(x))))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(2)])

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return x
""",
    ),
}


PAIRS["raw_tables"] = (  # GPT-2 as a list of raw Parameters against Embedding tables
    """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(50, D)
        self.wpe = nn.Embedding(16, D)
        self.blocks = nn.ModuleList([nn.Linear(D, D) for _ in range(2)])
        self.ln = nn.LayerNorm(D)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.blocks:
            x = x + blk(x)
        return self.ln(x)
""",
    """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Parameter(torch.randn(50, D))
        self.wpe = nn.Parameter(torch.randn(16, D))
        self.blocks = nn.ModuleList([nn.Linear(D, D) for _ in range(2)])
        self.ln_g = nn.Parameter(torch.ones(D))
        self.ln_b = nn.Parameter(torch.zeros(D))

    def forward(self, ids):
        x = self.wte[ids] + self.wpe[: ids.shape[1]]
        for blk in self.blocks:
            x = x + blk(x)
        return F.layer_norm(x, (D,), self.ln_g, self.ln_b)
""",
)
HAND_LINEAR = """
class HandLinear(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(o, i))
        self.bias = nn.Parameter(torch.zeros(o))
        nn.init.kaiming_uniform_(self.weight)

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)

"""
BERTISH = """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = LIN(D, D)
        self.k = LIN(D, D)
        self.v = LIN(D, D)
        self.o = LIN(D, D)
        self.up = LIN(D, FF)
        self.down = LIN(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (p(x).view(b, t, H, D // H).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, D)
        x = x + self.o(a)
        return x + self.down(F.gelu(self.up(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, D)
        self.blocks = nn.ModuleList([Block() for _ in range(2)])

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return x
"""
PAIRS["hand_linears"] = (  # a hand-written kaiming Linear class against nn.Linear
    BERTISH.replace("LIN(", "nn.Linear("),
    HAND_LINEAR + BERTISH.replace("LIN(", "HandLinear("),
)


def _map(name: str, a, b) -> None:
    """Copy ``a``'s weights into ``b`` one to one (the equivalence's weight mapping)."""
    with torch.no_grad():
        if name == "torch_encoder":
            b.emb.load_state_dict(a.emb.state_dict())
            for la, lb in zip(a.encoder.layers, b.blocks):
                wq, wk, wv = la.self_attn.in_proj_weight.split(D)
                bq, bk, bv = la.self_attn.in_proj_bias.split(D)
                for n, w, bias in (("q", wq, bq), ("k", wk, bk), ("v", wv, bv)):
                    getattr(lb, n).weight.copy_(w)
                    getattr(lb, n).bias.copy_(bias)
                lb.o.load_state_dict(la.self_attn.out_proj.state_dict())
                for n in ("linear1", "linear2", "norm1", "norm2"):
                    getattr(lb, n).load_state_dict(getattr(la, n).state_dict())
        elif name == "raw_tables":
            b.wte.copy_(a.wte.weight)
            b.wpe.copy_(a.wpe.weight)
            b.blocks.load_state_dict(a.blocks.state_dict())
            b.ln_g.copy_(a.ln.weight)
            b.ln_b.copy_(a.ln.bias)
        else:
            b.load_state_dict(a.state_dict())


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(f"eqf_{path.stem}", path)
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
    if name == "adaptive_pool_int_tuple":
        return torch.randn(2, 3, 8, 8)
    if name in ("torch_encoder", "raw_tables", "hand_linears"):
        return torch.randint(0, 50, (2, 5))
    return torch.randn(2, 5, D)


def _major(left, right) -> list:
    return [f for f in compare(left, right) if f.severity.rank >= 1]


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_equivalent_forms(tmp_path, name):
    one, two = PAIRS[name]
    pa, pb = _write(tmp_path, "one", one), _write(tmp_path, "two", two)
    torch.manual_seed(0)
    a, b = _module(pa).Model().eval(), _module(pb).Model().eval()
    count = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    assert count(a) == count(b)
    _map(name, a, b)
    x = _input(name)
    with torch.no_grad():
        torch.testing.assert_close(a(x), b(x), rtol=1e-5, atol=1e-5)
    ga, gb = parse_source(str(pa)), parse_source(str(pb))
    for left, right in ((ga, gb), (gb, ga)):
        bad = [f.message for f in _major(left, right)]
        assert bad == [], bad


PLANTED = {  # name -> (text in the second file, its replacement, first value, second value)
    "adaptive_pool_int_tuple": ("nn.AdaptiveAvgPool2d((1, 1))", "nn.AdaptiveAvgPool2d((2, 2))", 1, 2),
    "torch_encoder": ("FF = 2 * D", "FF = 3 * D", 2 * D, 3 * D),
    "norms_declared_apart": ("FF = 2 * D", "FF = 3 * D", 2 * D, 3 * D),
    # one longer position table: one finding with both shapes (``diff._one_table``)
    "raw_tables": ("torch.randn(16, D)", "torch.randn(24, D)", 16, 24),
    # a wider MLP in hand-written linears: one finding with both widths (``diff._resized``)
    "hand_linears": ("FF = 2 * D", "FF = 3 * D", 2 * D, 3 * D),
}  # fmt: skip


def _holds(v, want) -> bool:
    if isinstance(v, (list, tuple)):
        return any(_holds(x, want) for x in v)
    return v == want


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_real_change_beside_an_equivalent_form_is_one_finding(tmp_path, name):
    one, two = PAIRS[name]
    old, new, lv, rv = PLANTED[name]
    pa = _write(tmp_path, "one", one)
    pb = tmp_path / "two.py"
    text = HEAD + two
    assert text.count(old) == 1
    pb.write_text(text.replace(old, new))
    fs = _major(parse_source(str(pa)), parse_source(str(pb)))
    assert len(fs) == 1, [f.message for f in fs]
    assert _holds(fs[0].values["left"], lv) and _holds(fs[0].values["right"], rv), fs[0].values


CORE = """
import json, sys
from driftcheck.graph.match import compare
from driftcheck.parsers.source import parse_source
left, right = parse_source(sys.argv[1]), parse_source(sys.argv[2])
print(json.dumps({
    "types": sorted({n.type for n in left.nodes}),
    "findings": [f.message for f in compare(left, right) if f.severity.rank >= 1],
}))
if _dc_imported():
    sys.exit(3)
"""


def test_torch_encoder_stack_on_the_core_install(tmp_path):
    """Without torch's source, ``nn.TransformerEncoder(layer, 2)`` is built as torch's
    ``__init__`` builds it (two copies of the layer), not an unknown layer."""
    one, two = PAIRS["torch_encoder"]
    pa, pb = _write(tmp_path, "one", one), _write(tmp_path, "two", two)
    src = installs.prelude("core") + "MODE = 'core'\n" + CORE
    p = subprocess.run(
        [sys.executable, "-c", src, str(pa), str(pb)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert "Unknown" not in out["types"], out
    assert "TransformerEncoderLayer" in out["types"], out
    assert out["findings"] == []


HEADS = """
class Model(nn.Module):
    def __init__(self, kv=2):
        super().__init__()
        self.kv = kv
        self.q = nn.Linear(D, D, bias=False)
        self.k = nn.Linear(D, kv * (D // H), bias=False)
        self.v = nn.Linear(D, kv * (D // H), bias=False)
        self.o = nn.Linear(D, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = SPLIT(self.q(x), H)
        k = SPLIT(self.k(x), self.kv).repeat_interleave(H // self.kv, dim=1)
        v = SPLIT(self.v(x), self.kv).repeat_interleave(H // self.kv, dim=1)
        a = F.scaled_dot_product_attention(q, k, v)
        return self.o(a.transpose(1, 2).reshape(b, t, D))


class Stack(nn.Module):
    def __init__(self, kv=2):
        super().__init__()
        self.layers = nn.ModuleList([Model(kv) for _ in range(2)])

    def forward(self, x):
        for m in self.layers:
            x = x + m(x)
        return x
"""
SPLITS = {
    "view": "def SPLIT(y, n):\n    b, t, _ = y.shape\n    return y.view(b, t, n, D // H).transpose(1, 2)\n",
    "einops": "from einops import rearrange\n\n\ndef SPLIT(y, n):\n"
    '    return rearrange(y, "b t (h d) -> b h t d", h=n)\n',
}


@pytest.mark.parametrize("how", sorted(SPLITS))
def test_kv_heads_read_off_the_forward_head_split(tmp_path, how):
    """The key/value head count lives only in how ``forward`` splits the projections: a
    change of it is one finding holding both counts (the narrower k/v its consequence)."""
    pytest.importorskip("einops") if how == "einops" else None
    body = SPLITS[how] + HEADS
    pa, pb = tmp_path / "a.py", tmp_path / "b.py"
    pa.write_text(HEAD + body)
    pb.write_text(HEAD + body.replace("kv=2", "kv=1"))
    for p, kv in ((pa, 2), (pb, 1)):  # the model runs, with these head counts, in torch
        m = _module(p).Stack()
        assert m(torch.randn(2, 3, D)).shape == (2, 3, D)
        assert m.layers[0].k.out_features == kv * (D // H)
    fs = _major(parse_source(str(pa)), parse_source(str(pb)))
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": 2, "right": 1}, fs[0].values
