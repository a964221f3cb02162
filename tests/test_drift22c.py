"""Drift between re-implementations and their configs (session 22, drift22c; issue #17: fresh18's
dev part, what drift22b left).

Each test proves its rule in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above and one planted value gives one finding holding both values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

# -- fused experts of hybrid layers flattened into the top level ------------------------------

LARA = dict(
    vocab_size=256,
    hidden_size=64,
    intermediate_size=128,
    moe_intermediate_size=32,
    shared_expert_intermediate_size=32,
    num_hidden_layers=2,
    layer_types=["linear_attention", "sliding_attention"],
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    linear_num_key_heads=2,
    linear_num_value_heads=4,
    linear_key_head_dim=16,
    linear_value_head_dim=16,
    linear_conv_kernel_dim=4,
    num_experts=4,
    num_experts_per_tok=2,
    sliding_window=16,
    rms_norm_eps=1e-6,
    tie_word_embeddings=True,
)

_HYBRID = """

import math

import torch
import torch.nn.functional as F
from torch import nn

WIDTH = 64
VOCAB = 256
LAYER_PLAN = ["linear", "window"]
ATTN = {{"heads": 4, "kv_heads": 2, "head_dim": 16, "window": 16}}
LINEAR = {{"k_heads": 2, "v_heads": 4, "k_dim": 16, "v_dim": 16, "conv": 4}}
MOE = {{"experts": 4, "top_k": 2, "expert_ffn": {ffn}, "shared_ffn": 32}}


def empty_param(*shape):
    w = torch.empty(*shape)
    nn.init.kaiming_uniform_(w, a=math.sqrt(5))
    return nn.Parameter(w)


class Norm(nn.Module):
    def __init__(self, n, eps=1e-6):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(n)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class LinearAttn(nn.Module):
    def __init__(self):
        super().__init__()
        L = LINEAR
        qkv = 2 * L["k_heads"] * L["k_dim"] + L["v_heads"] * L["v_dim"]
        vd = L["v_heads"] * L["v_dim"]
        self.in_proj_qkv = nn.Linear(WIDTH, qkv, bias=False)
        self.in_proj_z = nn.Linear(WIDTH, vd, bias=False)
        self.in_proj_b = nn.Linear(WIDTH, L["v_heads"], bias=False)
        self.in_proj_a = nn.Linear(WIDTH, L["v_heads"], bias=False)
        self.conv1d = nn.Conv1d(qkv, qkv, L["conv"], groups=qkv, padding=L["conv"] - 1, bias=False)
        self.dt_bias = nn.Parameter(torch.ones(L["v_heads"]))
        self.A_log = nn.Parameter(torch.zeros(L["v_heads"]))
        self.norm = Norm(L["v_dim"])
        self.out_proj = nn.Linear(vd, WIDTH, bias=False)

    def forward(self, x):
        t = x.shape[1]
        qkv = F.silu(self.conv1d(self.in_proj_qkv(x).transpose(1, 2))[..., :t]).transpose(1, 2)
        kd = LINEAR["k_heads"] * LINEAR["k_dim"]
        q, k, v = qkv.split([kd, kd, qkv.shape[-1] - 2 * kd], -1)
        # a crude stand-in for the delta rule: causal cumulative key-value sums
        state = torch.cumsum((q * k).sum(-1, keepdim=True) * v, 1)
        y = self.norm(state.unflatten(-1, (LINEAR["v_heads"], -1))).flatten(-2)
        return self.out_proj(y * F.silu(self.in_proj_z(x)))


class WindowAttn(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, d = ATTN["heads"], ATTN["kv_heads"], ATTN["head_dim"]
        self.q_proj = nn.Linear(WIDTH, h * d, bias=False)
        self.k_proj = nn.Linear(WIDTH, kv * d, bias=False)
        self.v_proj = nn.Linear(WIDTH, kv * d, bias=False)
        self.o_proj = nn.Linear(h * d, WIDTH, bias=False)
        self.q_norm, self.k_norm = Norm(d), Norm(d)

    def forward(self, x):
        b, t, _ = x.shape
        h, kv, d = ATTN["heads"], ATTN["kv_heads"], ATTN["head_dim"]
        q = self.q_norm(self.q_proj(x).view(b, t, h, d)).transpose(1, 2)
        k = (
            self.k_norm(self.k_proj(x).view(b, t, kv, d))
            .transpose(1, 2)
            .repeat_interleave(h // kv, 1)
        )
        v = self.v_proj(x).view(b, t, kv, d).transpose(1, 2).repeat_interleave(h // kv, 1)
        i = torch.arange(t)
        ok = (i[None] <= i[:, None]) & (i[:, None] - i[None] < ATTN["window"])
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=ok)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class StackedMoE(nn.Module):
    def __init__(self):
        super().__init__()
        e, f = MOE["experts"], MOE["expert_ffn"]
        self.router = empty_param(e, WIDTH)
        self.w_gate_up = empty_param(e, 2 * f, WIDTH)
        self.w_down = empty_param(e, WIDTH, f)
        self.shared_gate = nn.Linear(WIDTH, MOE["shared_ffn"], bias=False)
        self.shared_up = nn.Linear(WIDTH, MOE["shared_ffn"], bias=False)
        self.shared_down = nn.Linear(MOE["shared_ffn"], WIDTH, bias=False)

    def forward(self, x):
        probs = (x @ self.router.T).softmax(-1)
        top, idx = probs.topk(MOE["top_k"], -1)
        top = top / top.sum(-1, keepdim=True)
        gate, up = torch.einsum("btd,efd->btef", x, self.w_gate_up).chunk(2, -1)
        every = torch.einsum("btef,edf->bted", F.silu(gate) * up, self.w_down)
        mix = torch.zeros_like(probs).scatter(-1, idx, top)
        shared = self.shared_down(F.silu(self.shared_gate(x)) * self.shared_up(x))
        return torch.einsum("bte,bted->btd", mix, every) + shared


KINDS = {{"linear": LinearAttn, "window": WindowAttn}}


class HybridLayer(nn.Module):
    def __init__(self, kind):
        super().__init__()
        self.mixer = KINDS[kind]()
        self.moe = StackedMoE()
        self.norm1, self.norm2 = Norm(WIDTH), Norm(WIDTH)

    def forward(self, x):
        x = x + self.mixer(self.norm1(x))
        return x + self.moe(self.norm2(x))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(HybridLayer(k) for k in LAYER_PLAN)
        self.final_norm = Norm(WIDTH)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.final_norm(x) @ self.embed.weight.T
"""


def test_fused_experts_of_hybrid_layers_at_the_top_level(tmp_path):
    """Two layers of different kinds (linear attention, then windowed softmax), each with
    stacked ``[E, 2I, D]`` / ``[E, D, I]`` expert tensors and a shared expert: no block
    repeats, so every layer stands flattened in the top level, where ``_expert_width`` did not
    look; the model's one width back was the shared expert's, so a planted expert width
    (32 -> 48) gave only shape findings (fresh18's Lara-mini, Mistral-Large-4 text,
    Kimi-Linear). Each run of adjacent expert tensors there is read as one layer's experts."""
    cfg, path = config(tmp_path, "cfg", "LaraMiniConfig", **LARA)
    code = write(tmp_path, "m.py", _HYBRID.format(ffn=32))
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _HYBRID.format(ffn=48))
    one(run(planted, path), 32, 48)


# -- experts in a projected space --------------------------------------------------------------

MUSE = dict(
    vocab_size=256,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    layer_types=["full_attention", "full_attention"],
    mlp_layer_types=["sparse", "sparse"],
    moe_hidden_size=48,
    moe_intermediate_size=32,
    num_local_experts=4,
    num_experts_per_tok=2,
    tie_word_embeddings=False,
)

_PROJECTED = """

import torch
import torch.nn.functional as F
from torch import nn

ARGS = "--vocab 256 --dim 64 --layers 2 --heads 4 --kv-heads 2 --head-dim 16".split()
MOE_ARGS = "--experts 4 --top-k 2 --expert-dim 48 --expert-ffn {ffn}".split()


def parse(argv):
    return {{k[2:].replace("-", "_"): int(v) for k, v in zip(argv[::2], argv[1::2])}}


A = parse(ARGS)
MOE = parse(MOE_ARGS)


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class GatedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, d = A["heads"], A["kv_heads"], A["head_dim"]
        self.q = nn.Linear(A["dim"], h * d, bias=False)
        self.k = nn.Linear(A["dim"], kv * d, bias=False)
        self.v = nn.Linear(A["dim"], kv * d, bias=False)
        self.g = nn.Linear(A["dim"], h * d, bias=False)
        self.o = nn.Linear(h * d, A["dim"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, A["heads"], -1).transpose(1, 2)
        k = self.k(x).view(b, t, A["kv_heads"], -1).transpose(1, 2)
        v = self.v(x).view(b, t, A["kv_heads"], -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(o.transpose(1, 2).reshape(b, t, -1) * torch.sigmoid(self.g(x)))


class ProjectedMoE(nn.Module):
    def __init__(self):
        super().__init__()
        e, w, f = MOE["experts"], MOE["expert_dim"], MOE["expert_ffn"]
        self.router = nn.Linear(A["dim"], e, bias=False)
        self.down_in = nn.Linear(A["dim"], w, bias=False)
        self.norm_in = Norm(w)
        self.experts_gate_up = nn.Parameter(torch.randn(e, 2 * f, w) * 0.02)
        self.experts_down = nn.Parameter(torch.randn(e, w, f) * 0.02)
        self.norm_out = Norm(w)
        self.up_out = nn.Linear(w, A["dim"], bias=False)

    def forward(self, x):
        z = self.norm_in(self.down_in(x))
        p, idx = self.router(x).softmax(-1).topk(MOE["top_k"], -1)
        y = torch.zeros_like(z)
        for e in range(MOE["experts"]):
            g, u = (z @ self.experts_gate_up[e].T).chunk(2, -1)
            y = y + (p * (idx == e)).sum(-1, keepdim=True) * (
                (F.silu(g) * u) @ self.experts_down[e].T
            )
        return self.up_out(self.norm_out(y))


class SparkLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_in = Norm(A["dim"])
        self.attn = GatedAttention()
        self.attn_gate = nn.Parameter(torch.ones(A["dim"]))
        self.ffn_in = Norm(A["dim"])
        self.ffn_out = Norm(A["dim"])
        self.moe = ProjectedMoE()
        self.ffn_gate = nn.Parameter(torch.ones(A["dim"]))

    def forward(self, x):
        x = x + self.attn_gate * self.attn(self.attn_in(x))
        return x + self.ffn_gate * self.ffn_out(self.moe(self.ffn_in(x)))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(A["vocab"], A["dim"])
        self.layers = nn.ModuleList(SparkLayer() for _ in range(A["layers"]))
        self.norm = Norm(A["dim"])

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
"""


def test_experts_in_a_projected_space(tmp_path):
    """Experts that run in a narrower space of their own (a ``Linear`` from the width 64 into
    48, fused ``[E, 2I, 48]`` / ``[E, 48, I]`` tensors, a ``Linear`` back): no tensor has the
    model width on an axis, so their width was not read and the projection back (48) stood
    as the MLP's; a planted expert width (32 -> 64) gave only shape findings (fresh18's
    Muse-Spark text). The one axis the tensors share, where a ``Linear`` beside them maps the
    width into it, is read as their space."""
    cfg, path = config(tmp_path, "cfg", "MuseSparkTextConfig", **MUSE)
    code = write(tmp_path, "m.py", _PROJECTED.format(ffn=32))
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, path) == []
    planted = write(tmp_path, "p.py", _PROJECTED.format(ffn=64))
    one(run(planted, path), 32, 64)
