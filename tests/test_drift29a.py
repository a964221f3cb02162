"""Drift between re-implementations and their configs (session 29, issue #17): matcher and
claim rules, each shown on code written here against transformers built for the same config.
"""

from __future__ import annotations

import runpy

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


# ------------------------------------------------- a RoPE scaling the code writes as constants
# Apertus' config claims llama3 RoPE scaling (factor 8, low/high frequency factors 1 and 4,
# 8192 original positions). Users port it as Meta's reference does: ``apply_scaling(freqs,
# scale_factor=8, low_freq_factor=1, high_freq_factor=4, old_context_len=8192)``, constants,
# never reading the config's ``rope_parameters``. The claim's own parameter names
# (``low_freq_factor``) name the scaling: unknown, not "never read".
APERTUS_MINE = """
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

DIM, N_LAYERS, N_HEADS, N_KV, FFN, VOCAB, EPS = 32, 2, 4, 2, 64, 64, 1e-5
HEAD = DIM // N_HEADS


class RMSNorm(nn.Module):
    def __init__(self, n, eps=EPS):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class XIELU(nn.Module):
    def __init__(self, alpha_p=0.8, alpha_n=0.8, beta=0.5, eps=-1e-6):
        super().__init__()
        self.alpha_p = nn.Parameter(torch.log(torch.expm1(torch.tensor([alpha_p]))))
        self.alpha_n = nn.Parameter(torch.log(torch.expm1(torch.tensor([alpha_n - beta]))))
        self.register_buffer("beta", torch.tensor(beta))
        self.register_buffer("eps", torch.tensor(eps))

    def forward(self, x):
        ap = F.softplus(self.alpha_p)
        an = self.beta + F.softplus(self.alpha_n)
        pos = ap * x * x + self.beta * x
        neg = (torch.expm1(torch.clamp(x, max=self.eps)) - x) * an + self.beta * x
        return torch.where(x > 0, pos, neg)


def apply_scaling(freqs, scale_factor=8.0, low_freq_factor=1.0, high_freq_factor=4.0, old_context_len=8192):
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / freqs
    scaled = torch.where(wavelen > low_freq_wavelen, freqs / scale_factor, freqs)
    smooth = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    mid = (1 - smooth) * scaled / scale_factor + smooth * scaled
    is_mid = (wavelen >= high_freq_wavelen) & (wavelen <= low_freq_wavelen)
    return torch.where(is_mid, mid, scaled)


def rope(x, pos):
    half = x.shape[-1] // 2
    freq = apply_scaling(1.0 / (12000000.0 ** (torch.arange(0, 2 * half, 2).float() / (2 * half))))
    ang = pos[:, None].float() * freq[None]
    cos, sin = ang.cos(), ang.sin()
    a, b = x[..., :half], x[..., half:]
    return torch.cat([a * cos - b * sin, b * cos + a * sin], -1)


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(DIM, N_HEADS * HEAD, bias=False)
        self.k_proj = nn.Linear(DIM, N_KV * HEAD, bias=False)
        self.v_proj = nn.Linear(DIM, N_KV * HEAD, bias=False)
        self.o_proj = nn.Linear(N_HEADS * HEAD, DIM, bias=False)
        self.q_norm = RMSNorm(HEAD)
        self.k_norm = RMSNorm(HEAD)

    def forward(self, x, pos):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, N_HEADS, HEAD)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, N_KV, HEAD)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, N_KV, HEAD).transpose(1, 2)
        q, k = rope(q, pos), rope(k, pos)
        k = k.repeat_interleave(N_HEADS // N_KV, dim=1)
        v = v.repeat_interleave(N_HEADS // N_KV, dim=1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.up_proj = nn.Linear(DIM, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, DIM, bias=False)
        self.act = XIELU()

    def forward(self, x):
        return self.down_proj(self.act(self.up_proj(x)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention_layernorm = RMSNorm(DIM)
        self.attn = Attn()
        self.feedforward_layernorm = RMSNorm(DIM)
        self.mlp = MLP()

    def forward(self, x, pos):
        x = x + self.attn(self.attention_layernorm(x), pos)
        return x + self.mlp(self.feedforward_layernorm(x))


class ApertusLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList([Layer() for _ in range(N_LAYERS)])
        self.norm = RMSNorm(DIM)
        self.lm_head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.tok(ids)
        for layer in self.layers:
            x = layer(x, pos)
        return self.lm_head(self.norm(x))
"""

APERTUS_CFG = dict(
    vocab_size=64,
    hidden_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    intermediate_size=64,
    architectures=["ApertusForCausalLM"],
)


def _apertus(tmp_path, source=APERTUS_MINE):
    code = _write(tmp_path, "apertus.py", source)
    cfg, path = _config(tmp_path, "cfg", "ApertusConfig", **APERTUS_CFG)
    return code, cfg, path


def _base_freqs():
    return 1.0 / (12000000.0 ** (torch.arange(0, 8, 2).float() / 8))


def test_llama3_scaling_in_constants_is_no_unread_claim(tmp_path):
    code, cfg, path = _apertus(tmp_path)
    assert cfg.rope_parameters["rope_type"] == "llama3"
    mine, hf = _mine(code, "ApertusLM"), _hf(cfg, "ApertusForCausalLM")
    assert _count(mine) == _count(hf)
    # torch: the code's scaled frequencies are transformers' llama3 ones, not the plain ones
    real = transformers.ApertusForCausalLM(cfg).model.rotary_emb.inv_freq
    scaled = runpy.run_path(str(code))["apply_scaling"](_base_freqs())
    assert torch.allclose(scaled, real) and not torch.allclose(_base_freqs(), real)
    assert _run(code, path) == []


def test_unscaled_rope_still_ignores_the_claim(tmp_path):
    old = "    freq = apply_scaling("
    assert old in APERTUS_MINE
    source = APERTUS_MINE.replace(old, "    freq = (")
    code, cfg, path = _apertus(tmp_path, source)
    # the code keeps a scaling function it never calls, but names no scaling parameter
    source = source.replace("low_freq_factor", "low").replace("high_freq_factor", "high")
    code = _write(tmp_path, "apertus.py", source)
    found = _run(code, path)
    assert [f.kind for f in found] == ["unread-config-key"], [f.message for f in found]
    assert "rope_parameters" in found[0].message


# ------------------------------------------ per-layer RoPE bases picked in a submodule's forward
# An UltraBERT-style encoder: every second layer is global, and the attention (a submodule of
# the repeated block) keeps ``is_global`` and picks its rotary base in its own code. The blocks
# are one structure, folded into one node: the copy whose attention holds another switch must
# have its forward followed too, or the global layers' base is never seen.
ULTRA_MINE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, LAYERS, HEADS, KV, HEAD_DIM, FFN = 64, 32, 2, 4, 2, 8, 64
LOCAL_BASE, GLOBAL_BASE, WINDOW, GLOBAL_EVERY = 10000.0, 2560000.0, 128, 2


class Attention(nn.Module):
    def __init__(self, is_global):
        super().__init__()
        self.is_global = is_global
        self.q_proj = nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)

    def freqs(self):
        base = GLOBAL_BASE if self.is_global else LOCAL_BASE
        return 1.0 / base ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)

    def forward(self, x):
        b, t, _ = x.shape
        a = torch.arange(t).float()[:, None] * self.freqs()
        a = torch.cat([a, a], -1)

        def rot(z):
            return z * a.cos() + torch.cat([-z[..., HEAD_DIM // 2 :], z[..., : HEAD_DIM // 2]], -1) * a.sin()

        q = rot(self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2))
        k = rot(self.k_proj(x).view(b, t, KV, HEAD_DIM).transpose(1, 2))
        v = self.v_proj(x).view(b, t, KV, HEAD_DIM).transpose(1, 2)
        mask = None
        if not self.is_global:
            i = torch.arange(t)
            mask = (i[:, None] - i[None]).abs() < WINDOW
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(WIDTH, eps=1e-6)
        self.self_attn = Attention((i + 1) % GLOBAL_EVERY == 0)
        self.post_attention_layernorm = nn.RMSNorm(WIDTH, eps=1e-6)
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Block(i) for i in range(LAYERS))
        self.norm = nn.RMSNorm(WIDTH, eps=1e-6)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
"""

ULTRA_CFG = dict(
    vocab_size=64,
    hidden_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=8,
    intermediate_size=64,
    layer_types=["sliding_attention", "full_attention"],
    sliding_window=127,
    architectures=["UltrabertModel"],
)


def _ultra(tmp_path, source=ULTRA_MINE):
    code = _write(tmp_path, "encoder.py", source)
    cfg, path = _config(tmp_path, "cfg", "UltrabertConfig", **ULTRA_CFG)
    return code, cfg, path


def test_submodule_switch_gives_each_layer_its_rope_base(tmp_path):
    from driftcheck.parsers import load

    code, cfg, path = _ultra(tmp_path)
    real = runpy.run_path(str(code))["Encoder"]()
    hf = transformers.UltrabertModel(cfg)
    assert _count(real) == _count(hf)
    # torch: the code's two layers use transformers' two per-layer-type frequency tables
    rot = hf.rotary_emb
    mine = [layer.self_attn.freqs() for layer in real.layers]
    assert torch.allclose(mine[0], rot.sliding_attention_inv_freq)
    assert torch.allclose(mine[1], rot.full_attention_inv_freq)
    held = {u.value for u in load(str(code)).uses if u.key == "ropeTheta"}
    assert held == {10000.0, 2560000.0}
    assert _run(code, path) == []


def test_submodule_switch_changed_global_base_is_one_finding(tmp_path):
    old = "LOCAL_BASE, GLOBAL_BASE, WINDOW, GLOBAL_EVERY = 10000.0, 2560000.0"
    assert old in ULTRA_MINE
    source = ULTRA_MINE.replace(old, old.replace("2560000.0", "1000000.0"))
    code, cfg, path = _ultra(tmp_path, source)
    real = runpy.run_path(str(code))["Encoder"]()
    hf = transformers.UltrabertModel(cfg)
    assert not torch.allclose(
        real.layers[1].self_attn.freqs(), hf.rotary_emb.full_attention_inv_freq
    )
    found = _run(code, path)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {1000000, 2560000}, found[
        0
    ].message
