"""Drift between re-implementations and their configs (session 18, issue #17): T5's
``relative_attention_max_distance``, a value no weight shape holds (it is only in the bucket
formula's ``math.log(max_distance / max_exact)``), as the fact ``relativeAttentionMaxDistance``:
stated by the config, held by the code under a name that means it (``MAX_DISTANCE``, an
attribute ``max_distance``), held by transformers' attention as
``relative_attention_max_distance``.

Proven in torch first: the code's bucket function is transformers' own
``T5Attention._relative_position_bucket`` at the distance the code holds (and not at another),
and the code has ``T5EncoderModel``'s parameter count. Then statically: the clean pair says
nothing, another distance in the config is one finding holding both.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

T5 = dict(
    architectures=["T5EncoderModel"],
    vocab_size=96,
    d_model=32,
    d_kv=8,
    d_ff=64,
    num_layers=2,
    num_heads=4,
    relative_attention_num_buckets=32,
    layer_norm_epsilon=1e-6,
    feed_forward_proj="relu",
)

CODE = """
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, KV, FF, L, H = 96, 32, 8, 64, 2, 4
BUCKETS, MAX_DISTANCE = 32, {dist}


def bucket(rel):
    n = BUCKETS // 2
    out = (rel > 0).long() * n
    rel = rel.abs()
    exact = n // 2
    small = rel < exact
    big = exact + (
        torch.log(rel.float() / exact) / math.log(MAX_DISTANCE / exact) * (n - exact)
    ).long()
    big = torch.min(big, torch.full_like(big, n - 1))
    return out + torch.where(small, rel, big)


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, rel):
        super().__init__()
        self.n1 = Norm()
        self.q = nn.Linear(D, H * KV, bias=False)
        self.k = nn.Linear(D, H * KV, bias=False)
        self.v = nn.Linear(D, H * KV, bias=False)
        self.o = nn.Linear(H * KV, D, bias=False)
        self.rel = nn.Embedding(BUCKETS, H) if rel else None
        self.n2 = Norm()
        self.wi = nn.Linear(D, FF, bias=False)
        self.wo = nn.Linear(FF, D, bias=False)

    def forward(self, x, bias):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, KV).transpose(1, 2)
        k = self.k(h).view(b, t, H, KV).transpose(1, 2)
        v = self.v(h).view(b, t, H, KV).transpose(1, 2)
        if self.rel is not None:
            pos = torch.arange(t)
            bias = self.rel(bucket(pos[None, :] - pos[:, None])).permute(2, 0, 1)[None]
        a = (q @ k.transpose(-1, -2) + bias).softmax(-1) @ v
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        return x + self.wo(F.relu(self.wi(self.n2(x)))), bias


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Block(i == 0) for i in range(L))
        self.final = Norm()

    def forward(self, ids):
        x, bias = self.shared(ids), None
        for blk in self.blocks:
            x, bias = blk(x, bias)
        return self.final(x)
"""


def test_max_distance(tmp_path):
    code = write(tmp_path, "t5_enc.py", CODE.format(dist=40))
    # torch: the code buckets as transformers does at max_distance 40, not at 128
    ns = __import__("runpy").run_path(str(code))
    i = torch.arange(300)
    rel = i[None, :] - i[:, None]
    hf_bucket = transformers.models.t5.modeling_t5.T5Attention._relative_position_bucket
    assert torch.equal(ns["bucket"](rel), hf_bucket(rel, True, 32, 40))
    assert not torch.equal(ns["bucket"](rel), hf_bucket(rel, True, 32, 128))
    cfg, path = config(tmp_path, "clean", "T5Config", relative_attention_max_distance=40, **T5)
    with torch.device("meta"):
        mine, hf = ns["M"](), transformers.T5EncoderModel(cfg)
    assert count(mine) == count(hf)
    # static: clean, and another distance in the config is one finding with both values
    assert run(code, path) == []
    _, other = config(tmp_path, "far", "T5Config", relative_attention_max_distance=128, **T5)
    f = one(run(code, other), 40, 128)
    assert "relativeAttentionMaxDistance" in f.message
