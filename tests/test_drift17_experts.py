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
- Experts stacked on the rows of 2-d weights (DBRX's ``w1``, ``v1``, ``w2`` of ``[E * I, d]``)
  beside a router to E scores: E is read there too, so an expert-count change is one
  ``numExperts`` finding.
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


DBRX = dict(
    architectures=["DbrxForCausalLM"],
    d_model=64,
    n_heads=4,
    n_layers=2,
    max_seq_len=128,
    vocab_size=100,
    attn_config={"kv_n_heads": 2, "rope_theta": 10000.0},
    ffn_config={"ffn_hidden_size": 96, "moe_num_experts": 4, "moe_top_k": 2},
    tie_word_embeddings=False,
)

# DBRX with its experts stacked on the rows of three 2-d weights, each viewed as (E, I, d) and
# run with F.linear per expert, beside a router to E scores
STACKED = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, H, KV, FF, E, L = 100, 64, 4, 2, 96, 4, 2
HD = D // H


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.LayerNorm(D, bias=False)
        self.qkv = nn.Linear(D, D + 2 * KV * HD, bias=False)
        self.out = nn.Linear(D, D, bias=False)
        self.n2 = nn.LayerNorm(D, bias=False)
        self.router = nn.Linear(D, E, bias=False)
        self.w1 = nn.Parameter(torch.empty(E * FF, D))
        self.v1 = nn.Parameter(torch.empty(E * FF, D))
        self.w2 = nn.Parameter(torch.empty(E * FF, D))

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.n1(x)).split([D, KV * HD, KV * HD], -1)
        q = q.view(b, t, H, HD).transpose(1, 2)
        k = k.view(b, t, KV, HD).transpose(1, 2)
        v = v.view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.out(y.transpose(1, 2).reshape(b, t, D))
        h = self.n2(x)
        w, idx = self.router(h).softmax(-1).topk(2, -1)
        out = torch.zeros_like(h)
        w1, v1, w2 = (p.view(E, FF, D) for p in (self.w1, self.v1, self.w2))
        for e in range(E):
            y = F.linear(F.silu(F.linear(h, w1[e])) * F.linear(h, v1[e]), w2[e].t())
            out = out + y * (w * (idx == e)).sum(-1, keepdim=True)
        return x + out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Block() for _ in range(L))
        self.norm_f = nn.LayerNorm(D, bias=False)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(self.norm_f(x))
"""


def test_experts_stacked_on_the_rows_of_2d_weights(tmp_path):
    cfg, cfg_path = config(tmp_path, "dbrx", "DbrxConfig", **DBRX)
    code = write(tmp_path, "dbrx.py", STACKED)
    mine, hf = torch_pair(code, cfg)
    ffn = hf.transformer.blocks[0].ffn
    assert tuple(ffn.experts.mlp.w1.shape) == (4 * 96, 64) and ffn.router.layer.out_features == 4
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    from driftcheck.graph.match import canonicalise, derive

    sides = load_sides(str(code), str(cfg_path))
    a, b = canonicalise(sides.left, sides.right)
    assert derive(a)["numExperts"].value == derive(b)["numExperts"].value == 4
    # the code with 8 experts: one finding holding 8 and 4 (not the fused q|k|v's 128 rows,
    # which divide the stacked rows too: a router scores fewer experts than its input width)
    eight = write(
        tmp_path,
        "eight.py",
        STACKED.replace("FF, E, L = 100, 64, 4, 2, 96, 4, 2", "FF, E, L = 100, 64, 4, 2, 96, 8, 2"),
    )
    fs = run(eight, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 8, 4), [(f.message, f.values) for f in fs]


ROW_CUT = """
import torch
from torch import nn


class Experts(nn.Module):
    def __init__(self, e=4, i=96, d=16):
        super().__init__()
        self.e, self.i = e, i
        self.w1 = nn.Parameter(torch.randn(e * i, d))
        self.w2 = nn.Parameter(torch.randn(e * i, d))

    def forward(self, x):
        out = 0
        for k in range(self.e):
            rows = slice(k * self.i, (k + 1) * self.i)
            h = torch.relu(x @ self.w1[rows].t())
            out = out + h @ self.w2[rows]
        return out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 16)
        self.moe = Experts()
        self.head = nn.Linear(16, 100)

    def forward(self, ids):
        return self.head(self.moe(self.emb(ids)))
"""


def test_experts_cut_by_row_slices_are_not_a_lookup_table(tmp_path):
    # ``self.w1[rows]`` with ``rows = slice(...)`` cuts one expert's rows out of a [E * I, d]
    # weight; it was typed a lookup table of E * I = 384 rows, read as the vocabulary (384
    # against the embedding's 100: a confident wrong reading on a faithful model)
    import runpy

    import torch

    from driftcheck.parsers.source import parse_source

    path = tmp_path / "cut.py"
    path.write_text(ROW_CUT)
    with torch.device("meta"):
        model = runpy.run_path(str(path))["M"]()
        model(torch.zeros(2, 5, dtype=torch.long))
    g = parse_source(str(path), entry="M")
    assert g.params_total() == sum(p.numel() for p in model.parameters())
    tables = sorted(n.id for n in g.nodes if n.type == "Embedding")
    assert tables == ["emb"], tables
