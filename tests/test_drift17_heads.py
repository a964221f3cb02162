"""Drift between re-implementations and their configs (session 17, issue #17: the seventh
re-implementation set's development part). Each rule is proven in torch first, on code
written here (not the corpus's): the code builds transformers' parameter count for the same
config, and transformers' own model shows the sizes the rule reads; then the comparison says
nothing on the clean pair and one finding holding both values where one value differs.

- A fused q|k|v projection cut on its last axis (``qkv[..., a:b]`` slices as Phi-3's own
  attention does, or ``split``) and each part viewed as ``(-1, head_dim)``: the heads of a
  part are the cut's width over the head width, so a KV-head change is one ``numKvHeads``
  finding (not a fused-width shape).
- A hybrid stack (LFM2: short-convolution layers and attention layers alternating, so no
  layer repeats and every copy stands alone): the heads are read off the reshapes of the
  whole model by the rule a repeated block's are read by, so a KV-head change is one
  ``numKvHeads`` finding.
"""

from __future__ import annotations

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, count, holds, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

PHI3 = dict(
    architectures=["Phi3ForCausalLM"],
    vocab_size=100,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
    pad_token_id=0,
    bos_token_id=1,
    eos_token_id=2,
)

# Phi-3 with one fused q|k|v projection cut by slices on the last axis (``CUT`` is replaced
# by a ``split`` in one test) and each part viewed as (-1, head_dim)
SLICED = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, KV, FF = 100, 64, 2, 4, 2, 128
HD = D // H


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.qkv = nn.Linear(D, (H + 2 * KV) * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate_up = nn.Linear(D, 2 * FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv(self.n1(x))
        CUT
        q = q.view(b, t, -1, HD).transpose(1, 2)
        k = k.view(b, t, -1, HD).transpose(1, 2)
        v = v.view(b, t, -1, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        g, u = self.gate_up(self.n2(x)).chunk(2, -1)
        return x + self.down(F.silu(g) * u)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""
SLICES = "q, k, v = qkv[..., : H * HD], qkv[..., H * HD : (H + KV) * HD], qkv[..., (H + KV) * HD :]"
SPLIT = "q, k, v = qkv.split([H * HD, KV * HD, KV * HD], dim=-1)"


def _derived(code, cfg_path) -> dict:
    from driftcheck.graph.match import canonicalise, derive

    sides = load_sides(str(code), str(cfg_path))
    return {k: v.value for k, v in derive(canonicalise(sides.left, sides.right)[0]).items()}


@pytest.mark.parametrize("cut", [SLICES, SPLIT], ids=["slices", "split"])
def test_fused_qkv_cut_then_viewed_reads_kv_heads(tmp_path, cut):
    cfg, cfg_path = config(tmp_path, "phi3", "Phi3Config", **PHI3)
    code = write(tmp_path, "phi3.py", SLICED.replace("CUT", cut))
    mine, hf = torch_pair(code, cfg)
    assert hf.model.layers[0].self_attn.qkv_proj.out_features == (4 + 2 * 2) * 16
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    got = _derived(code, cfg_path)
    assert (got["numHeads"], got["numKvHeads"], got["headDim"]) == (4, 2, 16)
    # the code with as many KV heads as query heads: one finding holding 4 and 2
    more = SLICED.replace("CUT", cut).replace(
        "H, KV, FF = 100, 64, 2, 4, 2", "H, KV, FF = 100, 64, 2, 4, 4"
    )
    full = write(tmp_path, "mha.py", more)
    assert count(torch_pair(full, cfg)[0]) == count(hf) + 2 * 2 * 2 * 16 * 64
    fs = run(full, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 4, 2), [(f.message, f.values) for f in fs]
    assert fs[0].values.get("left") == 4


def test_slice_with_a_step_is_no_cut(tmp_path):
    # every other channel of the fused output is not a part of it: no head count is read off
    # such a "cut" (an honest unknown rather than 2 x the heads)
    code = SLICED.replace("CUT", "q, k, v = qkv[..., ::2], qkv[..., 1::4], qkv[..., 3::4]")
    got = _derived(write(tmp_path, "step.py", code), config(tmp_path, "p", "Phi3Config", **PHI3)[1])
    assert "numKvHeads" not in got


LFM2 = dict(
    architectures=["Lfm2ForCausalLM"],
    vocab_size=100,
    hidden_size=64,
    intermediate_size=96,
    num_hidden_layers=4,
    num_attention_heads=4,
    num_key_value_heads=2,
    layer_types=["conv", "full_attention", "conv", "full_attention"],
    conv_L_cache=3,
    block_auto_adjust_ff_dim=False,
    norm_eps=1e-5,
    tie_word_embeddings=True,
    pad_token_id=0,
    bos_token_id=1,
    eos_token_id=2,
)

# LFM2 written with one layer class whose mixer is chosen by the layer kind: no two
# consecutive layers alike, so nothing repeats
HYBRID = """
import torch
import torch.nn as nn
import torch.nn.functional as F

KINDS = ("conv", "attn", "conv", "attn")
V, D, H, KV, FF, K = 100, 64, 4, 2, 96, 3


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(D, 3 * D, bias=False)
        self.conv = nn.Conv1d(D, D, K, groups=D, padding=K - 1, bias=False)
        self.out_proj = nn.Linear(D, D, bias=False)

    def forward(self, x):
        t = x.shape[1]
        b, c, h = self.in_proj(x).transpose(1, 2).chunk(3, dim=1)
        return self.out_proj((c * self.conv(b * h)[..., :t]).transpose(1, 2))


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D // H
        self.q = nn.Linear(D, H * self.hd, bias=False)
        self.k = nn.Linear(D, KV * self.hd, bias=False)
        self.v = nn.Linear(D, KV * self.hd, bias=False)
        self.out = nn.Linear(H * self.hd, D, bias=False)
        self.qn = nn.RMSNorm(self.hd, eps=1e-5)
        self.kn = nn.RMSNorm(self.hd, eps=1e-5)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.qn(self.q(x).view(b, t, -1, self.hd)).transpose(1, 2)
        k = self.kn(self.k(x).view(b, t, -1, self.hd)).transpose(1, 2)
        v = self.v(x).view(b, t, -1, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.mix = Attn() if kind == "attn" else Conv()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.w1 = nn.Linear(D, FF, bias=False)
        self.w3 = nn.Linear(D, FF, bias=False)
        self.w2 = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        x = x + self.mix(self.n1(x))
        h = self.n2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer(k) for k in KINDS)
        self.norm = nn.RMSNorm(D, eps=1e-5)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.emb.weight.T
"""


def test_hybrid_stack_reads_heads_off_the_whole_model(tmp_path):
    cfg, cfg_path = config(tmp_path, "lfm2", "Lfm2Config", **LFM2)
    code = write(tmp_path, "lfm2.py", HYBRID)
    mine, hf = torch_pair(code, cfg)
    att = hf.model.layers[1].self_attn
    assert (att.k_proj.out_features, att.q_proj.out_features) == (2 * 16, 4 * 16)
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    got = _derived(code, cfg_path)
    assert (got["numHeads"], got["numKvHeads"], got["headDim"]) == (4, 2, 16)
    # the config claims 4 KV heads (transformers then builds k/v 64 wide): one finding
    cfg4, cfg4_path = config(
        tmp_path, "lfm2_kv4", "Lfm2Config", **{**LFM2, "num_key_value_heads": 4}
    )
    assert count(torch_pair(code, cfg4)[1]) == count(hf) + 2 * 2 * 2 * 16 * 64
    fs = run(code, cfg4_path)
    assert len(fs) == 1 and holds(fs[0], 2, 4), [(f.message, f.values) for f in fs]
