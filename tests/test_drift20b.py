"""Drift between re-implementations and their configs (session 20b, issue #17: fresh15's dev part).

Each test proves its rule in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above and one planted value gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)

STAMPED = """
import torch
import torch.nn.functional as F
from torch import nn


def with_sizes(**sizes):
    def stamp(cls):
        for k, v in sizes.items():
            setattr(cls, k.upper(), v)
        return cls

    return stamp


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, m):
        super().__init__()
        hd = m.WIDTH // m.HEADS
        self.q = nn.Linear(m.WIDTH, m.HEADS * hd, bias=False)
        self.k = nn.Linear(m.WIDTH, m.KV_HEADS * hd, bias=False)
        self.v = nn.Linear(m.WIDTH, m.KV_HEADS * hd, bias=False)
        self.o = nn.Linear(m.HEADS * hd, m.WIDTH, bias=False)
        self.gate = nn.Linear(m.WIDTH, m.FFN, bias=False)
        self.up = nn.Linear(m.WIDTH, m.FFN, bias=False)
        self.down = nn.Linear(m.FFN, m.WIDTH, bias=False)
        self.n1, self.n2 = Norm(m.WIDTH), Norm(m.WIDTH)
        self.hd = hd

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, -1, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


@with_sizes(vocab=96, width=64, layers=2, heads=4, kv_heads=2, ffn={ffn})
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(self.VOCAB, self.WIDTH)
        self.blocks = nn.ModuleList(Block(type(self)) for _ in range(self.LAYERS))
        self.norm = Norm(self.WIDTH)
        self.head = nn.Linear(self.WIDTH, self.VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""


def test_class_decorator_stamping_sizes(tmp_path):
    """A class decorator of the user's code that stamps sizes onto the class (``setattr(cls,
    k.upper(), v)`` in a loop) runs at the ``class`` statement: ``self.VOCAB`` reads 96. It was
    not run, so every size was unknown and the layers an ``Unknown`` (a missing-layer and an
    extra-layer finding on a clean pair); a planted FFN width is one finding, 128 against 160."""
    code = write(tmp_path, "stamped.py", STAMPED.format(ffn=128))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    wide = write(tmp_path, "wide.py", STAMPED.format(ffn=160))
    one(run(wide, path), 128, 160)
