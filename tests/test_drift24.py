"""Drift between re-implementations and their configs (session 24, reimplfix24, issue #17:
fresh19's and fresh20's burned and dev parts).

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
    num_key_value_heads=4,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)

KEYED = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, HEADS, FFN = 96, 64, 2, {heads}, 128


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(WIDTH, WIDTH, bias=False)
        self.k = nn.Linear(WIDTH, WIDTH, bias=False)
        self.v = nn.Linear(WIDTH, WIDTH, bias=False)
        self.o = nn.Linear(WIDTH, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)
        self.n1, self.n2 = Norm(WIDTH), Norm(WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, HEADS, -1).transpose(1, 2)
        k = self.k(h).view(b, t, HEADS, -1).transpose(1, 2)
        v = self.v(h).view(b, t, HEADS, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, WIDTH)
        self.blocks = nn.ModuleDict({{f"layers_{{i}}": Block() for i in range(LAYERS)}})
        self.norm = Norm(WIDTH)
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks.{how}():
            x = blk(x)
        return self.head(self.norm(x))
"""


def test_module_dict_of_layers_iterated_in_the_graph_pass(tmp_path):
    """``for blk in self.blocks.values()`` over a ``ModuleDict`` of layers (keyed the Flax way,
    ``layers_{i}``) runs every layer in order, as a ``ModuleList`` loop does; the graph's pass
    did not follow it (only the pass on real sizes did), so the head count, read only in
    ``forward`` (``view(b, t, HEADS, -1)``), was never seen: a planted count was missed
    (fresh20 pop2piano_flax_kernels). (``for _, blk in ....items()`` is not followed there yet.)"""
    src, how = KEYED, "values"
    code = write(tmp_path, "keyed.py", src.format(heads=4, how=how))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    wrong = write(tmp_path, "heads.py", src.format(heads=8, how=how))
    one(run(wrong, path), 8, 4)
