"""Drift between re-implementations and their configs (session 18, issue #17): ``forward``
written with Python the static pass did not follow, so the blocks never ran and no head count
was read (a config's head change said nothing):

- the blocks folded over the tokens with ``functools.reduce(lambda h, blk: blk(h), blocks, x)``;
- the blocks registered with ``add_module(f"layer_{i}", ...)`` and found again in ``forward``
  by ``self.named_children()`` filtered with ``name.startswith(...)``, read back with
  ``getattr(self, f"...")``.

Proven in torch first (the code has transformers' Llama parameter count and runs), then
statically: the clean pair says nothing, and a config with twice the heads (the same widths:
``head_dim`` follows) gives a ``numHeads`` finding holding both counts.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
)

HEAD = """
import functools
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, FF = 96, 64, 2, 4, 128


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.q = nn.Linear(D, D, bias=False)
        self.k = nn.Linear(D, D, bias=False)
        self.v = nn.Linear(D, D, bias=False)
        self.o = nn.Linear(D, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, -1).transpose(1, 2)
        k = self.k(h).view(b, t, H, -1).transpose(1, 2)
        v = self.v(h).view(b, t, H, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))
"""

REDUCE = (
    HEAD
    + """

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = functools.reduce(lambda h, blk: blk(h), self.layers, self.emb(ids))
        return self.lm_head(self.norm(x))
"""
)

NAMED = (
    HEAD
    + """

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.add_module("emb", nn.Embedding(V, D))
        for i in range(L):
            self.add_module(f"layer_{i}", Layer())
        self.add_module("final_norm", nn.RMSNorm(D, eps=1e-5))
        self.lm_head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = getattr(self, f"{'emb'}")(ids)
        for name, m in self.named_children():
            if name.startswith("layer_"):
                x = m(x)
        return self.lm_head(self.final_norm(x))
"""
)


@pytest.mark.parametrize("src", [REDUCE, NAMED], ids=["reduce", "named_children"])
def test_blocks_followed(tmp_path, src):
    code = write(tmp_path, "llama_forms.py", src)
    cfg, path = config(
        tmp_path, "clean", "LlamaConfig", num_attention_heads=4, num_key_value_heads=4, **LLAMA
    )
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    with torch.device("cpu"):  # the forward runs in torch
        ns = __import__("runpy").run_path(str(code))
        assert ns["M"]()(torch.zeros(1, 5, dtype=torch.long)).shape == (1, 5, 96)
    assert run(code, path) == []
    _, other = config(
        tmp_path, "heads", "LlamaConfig", num_attention_heads=8, num_key_value_heads=8, **LLAMA
    )
    found = run(code, other)
    heads = [
        f for f in found if f.values and {f.values.get("left"), f.values.get("right")} == {4, 8}
    ]
    assert any("numHeads" in f.message for f in heads), [f.message for f in found]
