"""Session 30 (reimplfix30b, issue #17): routed experts held one projection at a time, each an
``nn.ParameterList`` of ``e`` 2-d weights (``w_gate[e]``, ``w_up[e]``, ``w_down[e]``), beside a
shared expert written as bare 2-d weights of the same module: the sparse module is found
through those lists (``derive._expert_params``), so the shared expert's width is read
(fresh27's ``qwen2_moe_config_json_namespace`` plant: 96 where the config says 64, reported
as three structural findings). torch: the port has ``Qwen2MoeForCausalLM``'s parameter count
and the planted width changes it. The rule-off test shows the plant missed without it.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, hf_model, mine, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

QWEN2_MOE = dict(
    architectures=["Qwen2MoeForCausalLM"],
    vocab_size=128,
    hidden_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    num_experts=4,
    num_experts_per_tok=2,
    moe_intermediate_size=16,
    shared_expert_intermediate_size=48,
    intermediate_size=64,
    tie_word_embeddings=False,
)

CODE = """
import torch
import torch.nn.functional as F
from torch import nn

V, D, L, H, KV, E, K, S, SH = 128, 32, 2, 4, 2, 4, 2, 16, {shared}


def norm(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Sparse(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Parameter(torch.zeros(E, D))
        self.w_gate = nn.ParameterList(nn.Parameter(torch.zeros(S, D)) for _ in range(E))
        self.w_up = nn.ParameterList(nn.Parameter(torch.zeros(S, D)) for _ in range(E))
        self.w_down = nn.ParameterList(nn.Parameter(torch.zeros(D, S)) for _ in range(E))
        self.s_gate = nn.Parameter(torch.zeros(SH, D))
        self.s_up = nn.Parameter(torch.zeros(SH, D))
        self.s_down = nn.Parameter(torch.zeros(D, SH))
        self.s_scale = nn.Parameter(torch.zeros(1, D))

    def forward(self, x):
        top, idx = F.linear(x, self.router).softmax(-1).topk(K, -1)
        out = torch.zeros_like(x)
        for e in range(E):
            w = (top * (idx == e)).sum(-1, keepdim=True)
            y = F.silu(F.linear(x, self.w_gate[e])) * F.linear(x, self.w_up[e])
            out = out + w * F.linear(y, self.w_down[e])
        s = F.silu(F.linear(x, self.s_gate)) * F.linear(x, self.s_up)
        return out + torch.sigmoid(F.linear(x, self.s_scale)) * F.linear(s, self.s_down)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = D // H
        self.n1 = nn.Parameter(torch.ones(D))
        self.n2 = nn.Parameter(torch.ones(D))
        self.q = nn.Linear(D, H * hd)
        self.k = nn.Linear(D, KV * hd)
        self.v = nn.Linear(D, KV * hd)
        self.o = nn.Linear(H * hd, D, bias=False)
        self.moe = Sparse()

    def forward(self, x):
        b, t, _ = x.shape
        hd = D // H
        h = norm(x, self.n1)
        q = self.q(h).view(b, t, H, hd).transpose(1, 2)
        k = self.k(h).view(b, t, KV, hd).transpose(1, 2).repeat_interleave(H // KV, 1)
        v = self.v(h).view(b, t, KV, hd).transpose(1, 2).repeat_interleave(H // KV, 1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(norm(x, self.n2))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Block() for _ in range(L))
        self.nf = nn.Parameter(torch.ones(D))
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for b in self.blocks:
            x = b(x)
        return self.head(norm(x, self.nf))
"""


def _pair(tmp_path, shared: int):
    cfg, path = config(tmp_path, "cfg", "Qwen2MoeConfig", **QWEN2_MOE)
    return cfg, path, write(tmp_path, f"port{shared}.py", CODE.format(shared=shared))


def test_parameter_list_experts_give_the_shared_width(tmp_path):
    cfg, path, clean = _pair(tmp_path, 48)
    _, _, planted = _pair(tmp_path, 80)
    hf = hf_model(cfg, "Qwen2MoeForCausalLM")
    assert count(mine(clean, "M")) == count(hf)  # torch: the port is Qwen2-MoE
    assert count(mine(planted, "M")) != count(hf)
    assert run(clean, path) == []
    one(run(planted, path), 48, 80)


def test_parameter_list_experts_off_misses_the_shared_plant(tmp_path, monkeypatch):
    import importlib

    derive = importlib.import_module("driftcheck.graph.match.derive")

    monkeypatch.setattr(derive, "_expert_params", lambda *a, **k: False)
    _, path, planted = _pair(tmp_path, 80)
    found = run(planted, path)
    assert not any({f.values.get("left"), f.values.get("right")} == {48, 80} for f in found)
