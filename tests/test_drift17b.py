"""Drift between re-implementations and their configs (session 17, issue #17): sparse layers
that stand once each. Each rule is proven in torch first, on code written here: the code
builds transformers' parameter count for the same config, and transformers' own model shows
the sizes the rule reads; then the comparison says nothing on the clean pair and one finding
holding both values where one value differs.

- A Switch Transformer's sparse layer every other block: no layer repeats, so the canonical
  sequence holds every layer's parts side by side; a router ``Linear`` to E scores right before
  E copies of an MLP is the mixture there too, so an expert-count change is one ``numExperts``
  finding (not a layer count, a router width and extra layers).
- A depth change and nothing else in such a stack: the remaining layers pair with the wrong
  copies (a sparse layer's experts against a dense MLP), and the copies those pairs count are
  the depth change's doing: one layer-count finding. (The code's encoder and decoder layer
  counts are its outermost ``encoder`` / ``decoder`` stacks: a sparse layer's ``ModuleList``
  of experts inside them is no second stack.)
"""

from __future__ import annotations

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, count, holds, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

SWITCH = dict(
    architectures=["SwitchTransformersModel"],
    vocab_size=96,
    d_model=32,
    d_kv=8,
    d_ff=64,
    num_layers=2,
    num_decoder_layers=2,
    num_heads=4,
    num_experts=4,
    encoder_sparse_step=2,
    decoder_sparse_step=2,
    relative_attention_num_buckets=8,
    relative_attention_max_distance=32,
    router_bias=False,
    pad_token_id=0,
    eos_token_id=1,
    decoder_start_token_id=0,
)

# T5-style blocks as a list of named parts built in one function; every second block's MLP is
# a router over a ModuleList of experts
CODE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, DKV, FF, LAYERS, H, E, STEP, B = 96, 32, 8, 64, 2, 4, 4, 2, 8


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self, rel):
        super().__init__()
        self.q, self.k = nn.Linear(D, H * DKV, bias=False), nn.Linear(D, H * DKV, bias=False)
        self.v, self.o = nn.Linear(D, H * DKV, bias=False), nn.Linear(H * DKV, D, bias=False)
        self.rel = nn.Embedding(B, H) if rel else None

    def forward(self, x, mem=None):
        mem = x if mem is None else mem
        b, t, _ = x.shape
        q = self.q(x).view(b, t, H, DKV).transpose(1, 2)
        k = self.k(mem).view(b, -1, H, DKV).transpose(1, 2)
        v = self.v(mem).view(b, -1, H, DKV).transpose(1, 2)
        return self.o((q @ k.transpose(-1, -2)).softmax(-1).matmul(v).transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.wi = nn.Linear(D, FF, bias=False)
        self.wo = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.wo(F.relu(self.wi(x)))


class Sparse(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, E, bias=False)
        self.experts = nn.ModuleList(MLP() for _ in range(E))

    def forward(self, x):
        p, idx = self.router(x).softmax(-1).max(-1)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            sel = idx == i
            out[sel] = expert(x[sel])
        return out * p[..., None]


class Block(nn.Module):
    def __init__(self, i, cross):
        super().__init__()
        self.attn, self.n1 = Attn(i == 0), Norm()
        self.cross = Attn(False) if cross else None
        self.n2 = Norm() if cross else None
        self.ff = Sparse() if i % STEP == 1 else MLP()
        self.n3 = Norm()

    def forward(self, x, mem=None):
        x = x + self.attn(self.n1(x))
        if self.cross is not None:
            x = x + self.cross(self.n2(x), mem)
        return x + self.ff(self.n3(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(V, D)
        self.encoder = nn.ModuleList(Block(i, False) for i in range(LAYERS))
        self.enc_norm = Norm()
        self.decoder = nn.ModuleList(Block(i, True) for i in range(LAYERS))
        self.dec_norm = Norm()

    def forward(self, src, tgt):
        x = self.shared(src)
        for blk in self.encoder:
            x = blk(x)
        mem = self.enc_norm(x)
        y = self.shared(tgt)
        for blk in self.decoder:
            y = blk(y, mem)
        return self.dec_norm(y)
"""


def test_sparse_layers_standing_once_read_the_experts(tmp_path):
    cfg, cfg_path = config(tmp_path, "switch", "SwitchTransformersConfig", **SWITCH)
    code = write(tmp_path, "switch.py", CODE)
    mine, hf = torch_pair(code, cfg, "AutoModel")
    sparse = hf.encoder.block[1].layer[-1].mlp
    assert sparse.router.classifier.out_features == 4 and len(sparse.experts) == 4
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    from driftcheck.graph.match import canonicalise, derive

    sides = load_sides(str(code), str(cfg_path))
    a, b = canonicalise(sides.left, sides.right)
    assert derive(a)["numExperts"].value == derive(b)["numExperts"].value == 4
    # the code with 8 experts: one finding holding 8 and 4
    eight = write(
        tmp_path,
        "eight.py",
        CODE.replace("H, E, STEP", "H, E, STEP").replace("4, 4, 2, 8", "4, 8, 2, 8"),
    )
    assert count(torch_pair(eight, cfg, "AutoModel")[0]) == count(hf) + 2 * (
        4 * 2 * 32 * 64 + 4 * 32
    )
    fs = run(eight, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 8, 4), [(f.message, f.values) for f in fs]


def test_no_router_beside_the_copies_is_no_mixture(tmp_path):
    # the same copies with the router's output one wider than the experts: no reading
    cfg, cfg_path = config(tmp_path, "switch", "SwitchTransformersConfig", **SWITCH)
    code = write(
        tmp_path,
        "wide.py",
        CODE.replace("nn.Linear(D, E, bias=False)", "nn.Linear(D, E + 1, bias=False)"),
    )
    from driftcheck.graph.match import canonicalise, derive

    sides = load_sides(str(code), str(cfg_path))
    assert "numExperts" not in derive(canonicalise(sides.left, sides.right)[0])


def test_depth_change_in_a_stack_of_dense_and_sparse_layers_is_one_finding(tmp_path):
    cfg, cfg_path = config(
        tmp_path, "switch3", "SwitchTransformersConfig", **{**SWITCH, "num_layers": 3}
    )
    code = write(tmp_path, "switch.py", CODE)
    hf = torch_pair(code, cfg, "AutoModel")[1]
    assert len(hf.encoder.block) == 3 and len(hf.decoder.block) == 2
    fs = run(code, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 2, 3), [(f.message, f.values) for f in fs]
    assert fs[0].name == "layer-count"
