"""Clean re-implementations of architectures the benchmark sets hold few cases of (session 30,
issue #17): BART, RoBERTa, Phi, Qwen2-MoE, GPT-NeoX, ResNet, Swin and Gemma 2, each written here
in a plain user style. Each is built in torch with transformers' own model's parameter count for
the same config, run on CPU, and compared with its saved config: nothing of minor or above (a
false positive on a correct port is the worst outcome for a user). Two sizes planted in each are
each exactly one finding holding the code's and the config's values.
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

# BART with torch's own nn.MultiheadAttention (one in_proj of 3 x d, as fairseq wrote it),
# learned positions offset by 2, a hyperparameter dict.
BART = """
import torch
import torch.nn as nn
import torch.nn.functional as F

HP = {"vocab": 64, "d": 32, "heads": 4, "ffn": 64, "enc_layers": 2, "dec_layers": 2,
      "max_pos": 32, "pad": 1}
OFFSET = 2  # fairseq's learned positions start at 2


class LearnedPositions(nn.Embedding):
    def __init__(self, n, d):
        super().__init__(n + OFFSET, d)

    def forward(self, t):
        return super().forward(torch.arange(t) + OFFSET)


class EncLayer(nn.Module):
    def __init__(self, d, h, ffn):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, h, batch_first=True)
        self.attn_ln = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)
        self.ffn_ln = nn.LayerNorm(d)

    def forward(self, x):
        x = self.attn_ln(x + self.attn(x, x, x, need_weights=False)[0])
        return self.ffn_ln(x + self.fc2(F.gelu(self.fc1(x))))


class DecLayer(nn.Module):
    def __init__(self, d, h, ffn):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d, h, batch_first=True)
        self.self_ln = nn.LayerNorm(d)
        self.cross_attn = nn.MultiheadAttention(d, h, batch_first=True)
        self.cross_ln = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)
        self.ffn_ln = nn.LayerNorm(d)

    def forward(self, y, mem, causal):
        y = self.self_ln(y + self.self_attn(y, y, y, attn_mask=causal, need_weights=False)[0])
        y = self.cross_ln(y + self.cross_attn(y, mem, mem, need_weights=False)[0])
        return self.ffn_ln(y + self.fc2(F.gelu(self.fc1(y))))


class Bart(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        d = hp["d"]
        self.shared = nn.Embedding(hp["vocab"], d, padding_idx=hp["pad"])
        self.enc_pos = LearnedPositions(hp["max_pos"], d)
        self.dec_pos = LearnedPositions(hp["max_pos"], d)
        self.enc_ln = nn.LayerNorm(d)
        self.dec_ln = nn.LayerNorm(d)
        self.encoder = nn.ModuleList(
            EncLayer(d, hp["heads"], hp["ffn"]) for _ in range(hp["enc_layers"])
        )
        self.decoder = nn.ModuleList(
            DecLayer(d, hp["heads"], hp["ffn"]) for _ in range(hp["dec_layers"])
        )

    def forward(self, src, tgt):
        x = self.enc_ln(self.shared(src) + self.enc_pos(src.shape[1]))
        for layer in self.encoder:
            x = layer(x)
        t = tgt.shape[1]
        causal = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        y = self.dec_ln(self.shared(tgt) + self.dec_pos(t))
        for layer in self.decoder:
            y = layer(y, x, causal)
        return y
"""

# RoBERTa from a dataclass of settings; positions counted from the padding index + 1.
ROBERTA = """
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Settings:
    vocab_size: int = 64
    width: int = 32
    depth: int = 2
    heads: int = 4
    inner: int = 64
    positions: int = 40
    pad_id: int = 1
    eps: float = 1e-5


class SelfAttention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.heads = s.heads
        self.query = nn.Linear(s.width, s.width)
        self.key = nn.Linear(s.width, s.width)
        self.value = nn.Linear(s.width, s.width)
        self.out = nn.Linear(s.width, s.width)

    def forward(self, x):
        b, t, w = x.shape
        q, k, v = (
            f(x).view(b, t, self.heads, w // self.heads).transpose(1, 2)
            for f in (self.query, self.key, self.value)
        )
        a = torch.softmax(q @ k.transpose(-1, -2) / (w // self.heads) ** 0.5, -1) @ v
        return self.out(a.transpose(1, 2).reshape(b, t, w))


class Block(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.attention = SelfAttention(s)
        self.ln1 = nn.LayerNorm(s.width, eps=s.eps)
        self.up = nn.Linear(s.width, s.inner)
        self.down = nn.Linear(s.inner, s.width)
        self.ln2 = nn.LayerNorm(s.width, eps=s.eps)

    def forward(self, x):
        x = self.ln1(x + self.attention(x))
        return self.ln2(x + self.down(nn.functional.gelu(self.up(x))))


class Roberta(nn.Module):
    def __init__(self, s=Settings()):
        super().__init__()
        self.s = s
        self.tokens = nn.Embedding(s.vocab_size, s.width, padding_idx=s.pad_id)
        self.positions = nn.Embedding(s.positions, s.width, padding_idx=s.pad_id)
        self.segments = nn.Embedding(1, s.width)
        self.emb_ln = nn.LayerNorm(s.width, eps=s.eps)
        self.blocks = nn.ModuleList([Block(s) for _ in range(s.depth)])
        self.pool = nn.Linear(s.width, s.width)

    def forward(self, ids):
        mask = ids.ne(self.s.pad_id).long()
        pos = torch.cumsum(mask, 1) * mask + self.s.pad_id
        x = self.tokens(ids) + self.positions(pos) + self.segments(torch.zeros_like(ids))
        x = self.emb_ln(x)
        for blk in self.blocks:
            x = blk(x)
        return x, torch.tanh(self.pool(x[:, 0]))
"""

# Phi: parallel attention and MLP on one LayerNorm, half of each head rotated, settings in a
# SimpleNamespace.
PHI = """
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

cfg = SimpleNamespace(
    vocab=64, dim=32, n_layers=2, n_heads=4, mlp=64, rotary_frac=0.5, theta=10000.0, eps=1e-5
)


def rope(x, theta, rot):
    t = x.shape[-2]
    inv = 1.0 / (theta ** (torch.arange(0, rot, 2).float() / rot))
    ang = torch.outer(torch.arange(t).float(), inv)
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    xr, xp = x[..., :rot], x[..., rot:]
    x1, x2 = xr[..., : rot // 2], xr[..., rot // 2 :]
    xr = xr * cos + torch.cat([-x2, x1], -1) * sin
    return torch.cat([xr, xp], -1)


class PhiBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n_heads = c.n_heads
        self.hd = c.dim // c.n_heads
        self.rot = int(self.hd * c.rotary_frac)
        self.theta = c.theta
        self.ln = nn.LayerNorm(c.dim, eps=c.eps)
        self.q = nn.Linear(c.dim, c.dim)
        self.k = nn.Linear(c.dim, c.dim)
        self.v = nn.Linear(c.dim, c.dim)
        self.dense = nn.Linear(c.dim, c.dim)
        self.fc1 = nn.Linear(c.dim, c.mlp)
        self.fc2 = nn.Linear(c.mlp, c.dim)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln(x)
        q, k, v = (
            p(h).view(b, t, self.n_heads, self.hd).transpose(1, 2) for p in (self.q, self.k, self.v)
        )
        q, k = rope(q, self.theta, self.rot), rope(k, self.theta, self.rot)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        a = self.dense(a.transpose(1, 2).reshape(b, t, -1))
        return x + a + self.fc2(F.gelu(self.fc1(h), approximate="tanh"))


class Phi(nn.Module):
    def __init__(self, c=cfg):
        super().__init__()
        self.embed = nn.Embedding(c.vocab, c.dim)
        self.blocks = nn.ModuleList([PhiBlock(c) for _ in range(c.n_layers)])
        self.final_ln = nn.LayerNorm(c.dim, eps=c.eps)
        self.head = nn.Linear(c.dim, c.vocab)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.final_ln(x))
"""

# Qwen2-MoE: routed experts in a ModuleList dispatched by a loop, a gated shared expert.
QWEN2MOE = """
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, DIM, LAYERS, HEADS, KV_HEADS = 64, 32, 2, 4, 2
EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 16, 48
NORM_EPS, ROPE_THETA = 1e-6, 10000.0


class RMSNorm(nn.Module):
    def __init__(self, d, eps=NORM_EPS):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class SwiGLU(nn.Module):
    def __init__(self, d, inner):
        super().__init__()
        self.w1 = nn.Linear(d, inner, bias=False)
        self.w3 = nn.Linear(d, inner, bias=False)
        self.w2 = nn.Linear(inner, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoe(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(DIM, EXPERTS, bias=False)
        self.experts = nn.ModuleList(SwiGLU(DIM, EXPERT_FFN) for _ in range(EXPERTS))
        self.shared = SwiGLU(DIM, SHARED_FFN)
        self.shared_gate = nn.Linear(DIM, 1, bias=False)

    def forward(self, x):
        flat = x.reshape(-1, DIM)
        probs = F.softmax(self.router(flat), dim=-1)
        w, idx = probs.topk(TOP_K, dim=-1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out[rows] += w[rows, slot, None] * expert(flat[rows])
        out = out + torch.sigmoid(self.shared_gate(flat)) * self.shared(flat)
        return out.view_as(x)


def rotate(x):
    a, b = x.chunk(2, -1)
    return torch.cat([-b, a], -1)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = DIM // HEADS
        self.q_proj = nn.Linear(DIM, HEADS * self.hd)
        self.k_proj = nn.Linear(DIM, KV_HEADS * self.hd)
        self.v_proj = nn.Linear(DIM, KV_HEADS * self.hd)
        self.o_proj = nn.Linear(HEADS * self.hd, DIM, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV_HEADS, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV_HEADS, self.hd).transpose(1, 2)
        inv = 1.0 / ROPE_THETA ** (torch.arange(0, self.hd, 2).float() / self.hd)
        ang = torch.outer(torch.arange(t).float(), inv)
        ang = torch.cat([ang, ang], -1)
        q = q * ang.cos() + rotate(q) * ang.sin()
        k = k * ang.cos() + rotate(k) * ang.sin()
        k = k.repeat_interleave(HEADS // KV_HEADS, 1)
        v = v.repeat_interleave(HEADS // KV_HEADS, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(a.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = RMSNorm(DIM)
        self.attn = Attention()
        self.norm2 = RMSNorm(DIM)
        self.moe = SparseMoe()

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.moe(self.norm2(x))


class Qwen2Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, DIM)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = RMSNorm(DIM)
        self.lm_head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""

# GPT-NeoX: one fused query_key_value laid out head by head, a quarter of each head rotated,
# parallel residual, sizes as keyword arguments of the model.
NEOX = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class NeoXAttention(nn.Module):
    def __init__(self, width, n_head, rotary_pct, base):
        super().__init__()
        self.n_head = n_head
        self.head = width // n_head
        self.rot = int(self.head * rotary_pct)
        self.base = base
        self.query_key_value = nn.Linear(width, 3 * width)
        self.dense = nn.Linear(width, width)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.query_key_value(x).view(b, t, self.n_head, 3 * self.head).transpose(1, 2)
        q, k, v = qkv.split(self.head, dim=-1)
        inv = 1.0 / (self.base ** (torch.arange(0, self.rot, 2).float() / self.rot))
        f = torch.outer(torch.arange(t).float(), inv)
        f = torch.cat((f, f), dim=-1)

        def turn(z):
            zr, zp = z[..., : self.rot], z[..., self.rot :]
            h1, h2 = zr.chunk(2, dim=-1)
            return torch.cat((zr * f.cos() + torch.cat((-h2, h1), -1) * f.sin(), zp), -1)

        y = F.scaled_dot_product_attention(turn(q), turn(k), v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class NeoXLayer(nn.Module):
    def __init__(self, width, n_head, ff, rotary_pct, base, eps):
        super().__init__()
        self.ln_attn = nn.LayerNorm(width, eps=eps)
        self.ln_mlp = nn.LayerNorm(width, eps=eps)
        self.attention = NeoXAttention(width, n_head, rotary_pct, base)
        self.h_to_4h = nn.Linear(width, ff)
        self.fourh_to_h = nn.Linear(ff, width)

    def forward(self, x):
        mlp = self.fourh_to_h(F.gelu(self.h_to_4h(self.ln_mlp(x))))
        return x + self.attention(self.ln_attn(x)) + mlp


class NeoX(nn.Module):
    def __init__(
        self, vocab=96, width=32, n_layer=2, n_head=4, ff=128, rotary_pct=0.25,
        base=10000, eps=1e-5,
    ):
        super().__init__()
        self.embed_in = nn.Embedding(vocab, width)
        self.layers = nn.ModuleList(
            [NeoXLayer(width, n_head, ff, rotary_pct, base, eps) for _ in range(n_layer)]
        )
        self.final_layer_norm = nn.LayerNorm(width, eps=eps)
        self.embed_out = nn.Linear(width, vocab, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
"""

# ResNet (basic blocks) built by a stage helper, as torchvision writes it.
RESNET = """
import torch
import torch.nn as nn

STEM = 16
WIDTHS = [16, 32]
DEPTHS = [1, 2]


def conv3(cin, cout, stride=1):
    return nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = conv3(cin, cout, stride)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = conv3(cout, cout)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = None
        if stride != 1 or cin != cout:
            self.downsample = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout)
            )

    def forward(self, x):
        idt = x if self.downsample is None else self.downsample(x)
        y = self.relu(self.bn1(self.conv1(x)))
        return self.relu(self.bn2(self.conv2(y)) + idt)


def make_stage(cin, cout, n, stride):
    blocks = [BasicBlock(cin, cout, stride)]
    blocks += [BasicBlock(cout, cout, 1) for _ in range(n - 1)]
    return nn.Sequential(*blocks)


class ResNet(nn.Module):
    def __init__(self, in_ch=3):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(in_ch, STEM, 7, stride=2, padding=3, bias=False),
            nn.BatchNorm2d(STEM),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(3, stride=2, padding=1),
        )
        stages, cin = [], STEM
        for i, (w, d) in enumerate(zip(WIDTHS, DEPTHS)):
            stages.append(make_stage(cin, w, d, 1 if i == 0 else 2))
            cin = w
        self.stages = nn.Sequential(*stages)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        return self.pool(self.stages(self.stem(x))).flatten(1)
"""

# Swin in the timm style: fused qkv, a relative position bias table, shifted windows with an
# attention mask, patch merging between stages.
SWIN = """
import torch
import torch.nn as nn
import torch.nn.functional as F

IMG, PATCH, IN_CH, EMBED = 32, 4, 3, 16
DEPTHS, HEADS, WINDOW, MLP_RATIO = (2, 1), (2, 4), 4, 2.0


def windows(x, w):
    b, h, wd, c = x.shape
    x = x.view(b, h // w, w, wd // w, w, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, w * w, c)


def unwindows(x, w, h, wd):
    c = x.shape[-1]
    b = x.shape[0] // ((h // w) * (wd // w))
    x = x.view(b, h // w, wd // w, w, w, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(b, h, wd, c)


class WindowAttention(nn.Module):
    def __init__(self, dim, heads, w):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.table = nn.Parameter(torch.zeros((2 * w - 1) ** 2, heads))
        ys, xs = torch.meshgrid(torch.arange(w), torch.arange(w), indexing="ij")
        coords = torch.stack([ys.flatten(), xs.flatten()])
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + (w - 1)
        self.register_buffer("index", rel[..., 0] * (2 * w - 1) + rel[..., 1], persistent=False)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask=None):
        n, t, c = x.shape
        q, k, v = self.qkv(x).view(n, t, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        a = (q * self.scale) @ k.transpose(-2, -1)
        a = a + self.table[self.index.view(-1)].view(t, t, -1).permute(2, 0, 1)
        if mask is not None:
            a = a.view(-1, mask.shape[0], self.heads, t, t) + mask[None, :, None]
            a = a.view(-1, self.heads, t, t)
        return self.proj((a.softmax(-1) @ v).transpose(1, 2).reshape(n, t, c))


class SwinBlock(nn.Module):
    def __init__(self, dim, heads, w, shift, res):
        super().__init__()
        self.w, self.shift, self.res = w, shift, res
        self.norm1 = nn.LayerNorm(dim)
        self.attn = WindowAttention(dim, heads, w)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, int(dim * MLP_RATIO)), nn.GELU(), nn.Linear(int(dim * MLP_RATIO), dim)
        )
        mask = None
        if shift:
            img = torch.zeros(1, res, res, 1)
            cnt = 0
            for hs in (slice(0, -w), slice(-w, -shift), slice(-shift, None)):
                for ws in (slice(0, -w), slice(-w, -shift), slice(-shift, None)):
                    img[:, hs, ws, :] = cnt
                    cnt += 1
            mw = windows(img, w).squeeze(-1)
            mask = (mw[:, None, :] - mw[:, :, None]).ne(0).float() * -100.0
        self.register_buffer("mask", mask, persistent=False)

    def forward(self, x):
        b, t, c = x.shape
        h = self.norm1(x).view(b, self.res, self.res, c)
        if self.shift:
            h = torch.roll(h, (-self.shift, -self.shift), (1, 2))
        h = unwindows(self.attn(windows(h, self.w), self.mask), self.w, self.res, self.res)
        if self.shift:
            h = torch.roll(h, (self.shift, self.shift), (1, 2))
        x = x + h.reshape(b, t, c)
        return x + self.mlp(self.norm2(x))


class Merge(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x, res):
        b, _, c = x.shape
        x = x.view(b, res, res, c)
        x = torch.cat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
        return self.reduction(self.norm(x.view(b, -1, 4 * c)))


class Swin(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(IN_CH, EMBED, PATCH, stride=PATCH)
        self.patch_norm = nn.LayerNorm(EMBED)
        self.stages = nn.ModuleList()
        self.merges = nn.ModuleList()
        dim, res = EMBED, IMG // PATCH
        for i, (depth, heads) in enumerate(zip(DEPTHS, HEADS)):
            w = min(WINDOW, res)
            blocks = [
                SwinBlock(dim, heads, w, 0 if j % 2 == 0 or res <= WINDOW else w // 2, res)
                for j in range(depth)
            ]
            self.stages.append(nn.ModuleList(blocks))
            if i < len(DEPTHS) - 1:
                self.merges.append(Merge(dim))
                dim, res = dim * 2, res // 2
        self.norm = nn.LayerNorm(dim)

    def forward(self, img):
        x = self.patch_norm(self.patch(img).flatten(2).transpose(1, 2))
        res = IMG // PATCH
        for i, stage in enumerate(self.stages):
            for blk in stage:
                x = blk(x)
            if i < len(self.merges):
                x = self.merges[i](x, res)
                res //= 2
        x = self.norm(x)
        return x, x.mean(1)
"""

# Gemma 2: four norms a layer (weights around zero, 1 + w), alternating sliding and global
# attention, logit soft-capping, the embedding scaled by sqrt(width) and tied to the head.
GEMMA2 = """
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

ARGS = dict(
    vocab_size=64, hidden=32, layers=2, n_heads=4, n_kv=2, head_dim=8, ffn=64,
    window=16, attn_cap=50.0, final_cap=30.0, query_scale=8, theta=10000.0, eps=1e-6,
)


class GemmaNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(d))

    def forward(self, x):
        y = x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * (1.0 + self.weight.float())).type_as(x)


def rot(x, theta):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / (theta ** (torch.arange(0, d, 2).float() / d))
    f = torch.outer(torch.arange(t).float(), inv)
    cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
    a, b = x[..., : d // 2], x[..., d // 2 :]
    return x * cos + torch.cat([-b, a], -1) * sin


class Gemma2Layer(nn.Module):
    def __init__(self, a, sliding):
        super().__init__()
        self.a = a
        self.sliding = sliding
        h, hd = a["hidden"], a["head_dim"]
        self.q = nn.Linear(h, a["n_heads"] * hd, bias=False)
        self.k = nn.Linear(h, a["n_kv"] * hd, bias=False)
        self.v = nn.Linear(h, a["n_kv"] * hd, bias=False)
        self.o = nn.Linear(a["n_heads"] * hd, h, bias=False)
        self.gate = nn.Linear(h, a["ffn"], bias=False)
        self.up = nn.Linear(h, a["ffn"], bias=False)
        self.down = nn.Linear(a["ffn"], h, bias=False)
        self.pre_attn = GemmaNorm(h, a["eps"])
        self.post_attn = GemmaNorm(h, a["eps"])
        self.pre_ffn = GemmaNorm(h, a["eps"])
        self.post_ffn = GemmaNorm(h, a["eps"])

    def attention(self, x):
        a = self.a
        b, t, _ = x.shape
        q = self.q(x).view(b, t, a["n_heads"], a["head_dim"]).transpose(1, 2)
        k = self.k(x).view(b, t, a["n_kv"], a["head_dim"]).transpose(1, 2)
        v = self.v(x).view(b, t, a["n_kv"], a["head_dim"]).transpose(1, 2)
        q, k = rot(q, a["theta"]), rot(k, a["theta"])
        rep = a["n_heads"] // a["n_kv"]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        s = q @ k.transpose(-1, -2) / math.sqrt(a["query_scale"])
        s = torch.tanh(s / a["attn_cap"]) * a["attn_cap"]
        i = torch.arange(t)
        keep = i[None, :] <= i[:, None]
        if self.sliding:
            keep = keep & (i[:, None] - i[None, :] < a["window"])
        s = s.masked_fill(~keep, float("-inf"))
        y = torch.softmax(s, -1) @ v
        return self.o(y.transpose(1, 2).reshape(b, t, -1))

    def forward(self, x):
        x = x + self.post_attn(self.attention(self.pre_attn(x)))
        h = self.pre_ffn(x)
        h = self.down(F.gelu(self.gate(h), approximate="tanh") * self.up(h))
        return x + self.post_ffn(h)


class Gemma2(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.a = a
        self.embed = nn.Embedding(a["vocab_size"], a["hidden"])
        self.layers = nn.ModuleList(Gemma2Layer(a, i % 2 == 0) for i in range(a["layers"]))
        self.norm = GemmaNorm(a["hidden"], a["eps"])

    def forward(self, ids):
        x = self.embed(ids) * (self.a["hidden"] ** 0.5)
        for layer in self.layers:
            x = layer(x)
        logits = self.norm(x) @ self.embed.weight.T
        cap = self.a["final_cap"]
        return torch.tanh(logits / cap) * cap
"""

CASES = [
    pytest.param(
        BART,
        "Bart",
        "BartConfig",
        "BartModel",
        dict(
            vocab_size=64,
            d_model=32,
            encoder_layers=2,
            decoder_layers=2,
            encoder_attention_heads=4,
            decoder_attention_heads=4,
            encoder_ffn_dim=64,
            decoder_ffn_dim=64,
            max_position_embeddings=32,
        ),
        lambda: (torch.randint(2, 64, (1, 5)), torch.randint(2, 64, (1, 3))),
        id="bart",
    ),
    pytest.param(
        ROBERTA,
        "Roberta",
        "RobertaConfig",
        "RobertaModel",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=64,
            max_position_embeddings=40,
            type_vocab_size=1,
            layer_norm_eps=1e-5,
            pad_token_id=1,
        ),
        lambda: (torch.randint(2, 64, (1, 5)),),
        id="roberta",
    ),
    pytest.param(
        PHI,
        "Phi",
        "PhiConfig",
        "PhiForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            partial_rotary_factor=0.5,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="phi",
    ),
    pytest.param(
        QWEN2MOE,
        "Qwen2Moe",
        "Qwen2MoeConfig",
        "Qwen2MoeForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_experts=4,
            num_experts_per_tok=2,
            moe_intermediate_size=16,
            shared_expert_intermediate_size=48,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="qwen2moe",
    ),
    pytest.param(
        NEOX,
        "NeoX",
        "GPTNeoXConfig",
        "GPTNeoXForCausalLM",
        dict(
            vocab_size=96,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=128,
            partial_rotary_factor=0.25,
        ),
        lambda: (torch.randint(0, 96, (1, 5)),),
        id="neox",
    ),
    pytest.param(
        RESNET,
        "ResNet",
        "ResNetConfig",
        "ResNetModel",
        dict(embedding_size=16, hidden_sizes=[16, 32], depths=[1, 2], layer_type="basic"),
        lambda: (torch.zeros(1, 3, 32, 32),),
        id="resnet",
    ),
    pytest.param(
        SWIN,
        "Swin",
        "SwinConfig",
        "SwinModel",
        dict(
            image_size=32,
            patch_size=4,
            embed_dim=16,
            depths=[2, 1],
            num_heads=[2, 4],
            window_size=4,
            mlp_ratio=2.0,
        ),
        lambda: (torch.zeros(1, 3, 32, 32),),
        id="swin",
    ),
    pytest.param(
        GEMMA2,
        "Gemma2",
        "Gemma2Config",
        "Gemma2ForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=8,
            query_pre_attn_scalar=8,
            sliding_window=16,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="gemma2",
    ),
]


# Phi in the original mixformer layout: one fused ``Wqkv``, ``out_proj``, settings as class
# attributes of a plain class.
PHI_MIXFORMER = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class PhiCfg:
    vocab_size = 64
    n_embd = 32
    n_inner = 64
    n_layer = 2
    n_head = 4
    rotary_dim = 4
    layer_norm_epsilon = 1e-5


class MHA(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n_head = c.n_head
        self.head_dim = c.n_embd // c.n_head
        self.rotary_dim = c.rotary_dim
        self.Wqkv = nn.Linear(c.n_embd, 3 * c.n_embd)
        self.out_proj = nn.Linear(c.n_embd, c.n_embd)

    def rotary(self, x):
        t, r = x.shape[2], self.rotary_dim
        inv = 1.0 / (10000.0 ** (torch.arange(0, r, 2, dtype=torch.float32) / r))
        f = torch.einsum("i,j->ij", torch.arange(t, dtype=torch.float32), inv)
        cos, sin = f.cos(), f.sin()
        x1, x2, rest = x[..., : r // 2], x[..., r // 2 : r], x[..., r:]
        return torch.cat([x1 * cos - x2 * sin, x1 * sin + x2 * cos, rest], -1)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.Wqkv(x).view(b, t, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        out = F.scaled_dot_product_attention(self.rotary(q), self.rotary(k), v, is_causal=True)
        return self.out_proj(out.transpose(1, 2).reshape(b, t, d))


class ParallelBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln = nn.LayerNorm(c.n_embd, eps=c.layer_norm_epsilon)
        self.mixer = MHA(c)
        self.fc1 = nn.Linear(c.n_embd, c.n_inner)
        self.fc2 = nn.Linear(c.n_inner, c.n_embd)

    def forward(self, x):
        h = self.ln(x)
        return x + self.mixer(h) + self.fc2(F.gelu(self.fc1(h), approximate="tanh"))


class MixFormer(nn.Module):
    def __init__(self, c=PhiCfg):
        super().__init__()
        self.wte = nn.Embedding(c.vocab_size, c.n_embd)
        self.h = nn.ModuleList([ParallelBlock(c) for _ in range(c.n_layer)])
        self.ln_f = nn.LayerNorm(c.n_embd, eps=c.layer_norm_epsilon)
        self.lm_head = nn.Linear(c.n_embd, c.vocab_size)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
"""

# Qwen2-MoE with the routed experts as stacked tensors (einsum over the expert axis) and the
# shared expert's weights as bare parameters, sizes from a JSON string.
QWEN2MOE_STACKED = """
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

P = json.loads(
    '{"vocab": 64, "dim": 32, "layers": 2, "heads": 4, "kv_heads": 2, "n_experts": 4,'
    ' "top_k": 2, "expert_dim": 16, "shared_dim": 48, "eps": 1e-6, "theta": 10000.0}'
)


class Experts(nn.Module):
    def __init__(self):
        super().__init__()
        e, d, f = P["n_experts"], P["dim"], P["expert_dim"]
        self.w_gate_up = nn.Parameter(torch.randn(e, 2 * f, d) * 0.02)
        self.w_down = nn.Parameter(torch.randn(e, d, f) * 0.02)

    def forward(self, x, weights):
        gu = torch.einsum("td,efd->tef", x, self.w_gate_up)
        g, u = gu.chunk(2, dim=-1)
        y = torch.einsum("tef,edf->ted", F.silu(g) * u, self.w_down)
        return (y * weights[..., None]).sum(1)


class MoeBlock(nn.Module):
    def __init__(self):
        super().__init__()
        d, s = P["dim"], P["shared_dim"]
        self.gate = nn.Linear(d, P["n_experts"], bias=False)
        self.experts = Experts()
        self.shared_gate_proj = nn.Parameter(torch.randn(s, d) * 0.02)
        self.shared_up_proj = nn.Parameter(torch.randn(s, d) * 0.02)
        self.shared_down_proj = nn.Parameter(torch.randn(d, s) * 0.02)
        self.shared_expert_gate = nn.Linear(d, 1, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        x = x.reshape(-1, d)
        probs = self.gate(x).softmax(-1)
        top, idx = probs.topk(P["top_k"], -1)
        dense = torch.zeros_like(probs).scatter(1, idx, top)
        out = self.experts(x, dense)
        shared = F.silu(x @ self.shared_gate_proj.T) * (x @ self.shared_up_proj.T)
        out = out + torch.sigmoid(self.shared_expert_gate(x)) * (shared @ self.shared_down_proj.T)
        return out.view(b, t, d)


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + P["eps"])


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = P["dim"], P["heads"], P["kv_heads"]
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd)
        self.k_proj = nn.Linear(d, kv * self.hd)
        self.v_proj = nn.Linear(d, kv * self.hd)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)
        self.input_layernorm = RMSNorm(d)
        self.post_attention_layernorm = RMSNorm(d)
        self.mlp = MoeBlock()

    def forward(self, x):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, P["heads"], self.hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, P["kv_heads"], self.hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, P["kv_heads"], self.hd).transpose(1, 2)
        inv = 1.0 / P["theta"] ** (torch.arange(0, self.hd, 2).float() / self.hd)
        f = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return z * cos + torch.cat([-z2, z1], -1) * sin

        a = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(a.transpose(1, 2).reshape(b, t, -1))
        return x + self.mlp(self.post_attention_layernorm(x))


class StackedMoe(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(P["vocab"], P["dim"])
        self.layers = nn.ModuleList([Block() for _ in range(P["layers"])])
        self.norm = RMSNorm(P["dim"])
        self.lm_head = nn.Linear(P["dim"], P["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""

# ResNet with bottleneck blocks and a classifier, stages from a list of dicts.
RESNET_BOTTLENECK = """
import torch
import torch.nn as nn

STAGES = [dict(width=32, blocks=1, stride=1), dict(width=64, blocks=1, stride=2)]
STEM_CH = 16
LABELS = 2
REDUCTION = 4


def conv_bn(cin, cout, k, stride=1, act=True):
    layers = [nn.Conv2d(cin, cout, k, stride, k // 2, bias=False), nn.BatchNorm2d(cout)]
    return nn.Sequential(*layers, nn.ReLU()) if act else nn.Sequential(*layers)


class Bottleneck(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        mid = cout // REDUCTION
        self.shortcut = (
            conv_bn(cin, cout, 1, stride, act=False)
            if cin != cout or stride != 1
            else nn.Identity()
        )
        self.body = nn.Sequential(
            conv_bn(cin, mid, 1), conv_bn(mid, mid, 3, stride), conv_bn(mid, cout, 1, act=False)
        )

    def forward(self, x):
        return torch.relu(self.body(x) + self.shortcut(x))


class ResNetClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, STEM_CH, 7, 2), nn.MaxPool2d(3, 2, 1))
        blocks, cin = [], STEM_CH
        for st in STAGES:
            for i in range(st["blocks"]):
                blocks.append(Bottleneck(cin, st["width"], st["stride"] if i == 0 else 1))
                cin = st["width"]
        self.blocks = nn.Sequential(*blocks)
        self.head = nn.Linear(cin, LABELS)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean((2, 3)))
"""

# Gemma 2 with every weight a bare parameter in one ParameterDict per layer, einsum
# projections and a scale held as a number.
GEMMA2_EINSUM = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, NH, NKV, HD, FF = 64, 32, 2, 4, 2, 8, 64
WINDOW, ATTN_CAP, FINAL_CAP, QSCALE, EPS = 16, 50.0, 30.0, 8, 1e-6


def rms(x, w):
    x32 = x.float()
    return (x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + EPS) * (1 + w)).type_as(x)


def rope(x):
    t = x.shape[1]
    inv = 1.0 / 10000.0 ** (torch.arange(0, HD, 2).float() / HD)
    ang = torch.outer(torch.arange(t).float(), inv)[None, :, None, :]
    a, b = x[..., : HD // 2], x[..., HD // 2 :]
    return torch.cat([a * ang.cos() - b * ang.sin(), b * ang.cos() + a * ang.sin()], -1)


class G2(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Parameter(torch.randn(V, D) * 0.02)
        self.blocks = nn.ModuleList()
        for _ in range(L):
            self.blocks.append(
                nn.ParameterDict(
                    {
                        "wq": nn.Parameter(torch.randn(D, NH, HD) * 0.02),
                        "wk": nn.Parameter(torch.randn(D, NKV, HD) * 0.02),
                        "wv": nn.Parameter(torch.randn(D, NKV, HD) * 0.02),
                        "wo": nn.Parameter(torch.randn(NH, HD, D) * 0.02),
                        "w_gate": nn.Parameter(torch.randn(D, FF) * 0.02),
                        "w_up": nn.Parameter(torch.randn(D, FF) * 0.02),
                        "w_down": nn.Parameter(torch.randn(FF, D) * 0.02),
                        "n1": nn.Parameter(torch.zeros(D)),
                        "n2": nn.Parameter(torch.zeros(D)),
                        "n3": nn.Parameter(torch.zeros(D)),
                        "n4": nn.Parameter(torch.zeros(D)),
                    }
                )
            )
        self.final_norm = nn.Parameter(torch.zeros(D))

    def attend(self, p, x, sliding):
        t = x.shape[1]
        q = rope(torch.einsum("btd,dnh->btnh", x, p["wq"]))
        k = rope(torch.einsum("btd,dnh->btnh", x, p["wk"]))
        v = torch.einsum("btd,dnh->btnh", x, p["wv"])
        k = k.repeat_interleave(NH // NKV, 2)
        v = v.repeat_interleave(NH // NKV, 2)
        s = torch.einsum("bqnh,bknh->bnqk", q, k) * QSCALE**-0.5
        s = ATTN_CAP * torch.tanh(s / ATTN_CAP)
        i = torch.arange(t)
        ok = i[None, :] <= i[:, None]
        if sliding:
            ok = ok & (i[:, None] - i[None, :] < WINDOW)
        s = s.masked_fill(~ok, float("-inf")).softmax(-1)
        return torch.einsum("bnqk,bknh,nhd->bqd", s, v, p["wo"])

    def forward(self, ids):
        x = F.embedding(ids, self.emb) * D**0.5
        for i, p in enumerate(self.blocks):
            x = x + rms(self.attend(p, rms(x, p["n1"]), i % 2 == 0), p["n2"])
            h = rms(x, p["n3"])
            h = (F.gelu(h @ p["w_gate"], approximate="tanh") * (h @ p["w_up"])) @ p["w_down"]
            x = x + rms(h, p["n4"])
        logits = rms(x, self.final_norm) @ self.emb.T
        return FINAL_CAP * torch.tanh(logits / FINAL_CAP)
"""

CASES += [
    pytest.param(
        PHI_MIXFORMER,
        "MixFormer",
        "PhiConfig",
        "PhiForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            partial_rotary_factor=0.5,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="phi_mixformer",
    ),
    pytest.param(
        QWEN2MOE_STACKED,
        "StackedMoe",
        "Qwen2MoeConfig",
        "Qwen2MoeForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            num_experts=4,
            num_experts_per_tok=2,
            moe_intermediate_size=16,
            shared_expert_intermediate_size=48,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="qwen2moe_stacked",
    ),
    pytest.param(
        RESNET_BOTTLENECK,
        "ResNetClassifier",
        "ResNetConfig",
        "ResNetForImageClassification",
        dict(embedding_size=16, hidden_sizes=[32, 64], depths=[1, 1], layer_type="bottleneck"),
        lambda: (torch.zeros(1, 3, 32, 32),),
        id="resnet_bottleneck",
    ),
    pytest.param(
        GEMMA2_EINSUM,
        "G2",
        "Gemma2Config",
        "Gemma2ForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=8,
            query_pre_attn_scalar=8,
            sliding_window=16,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="gemma2_einsum",
    ),
]


@pytest.mark.parametrize(("source", "cls", "config_cls", "model_cls", "sizes", "inputs"), CASES)
def test_clean_port_counts_equal_transformers_and_compares_clean(
    tmp_path, source, cls, config_cls, model_cls, sizes, inputs
):
    code = _write(tmp_path, "model.py", source)
    cfg, path = _config(tmp_path, "cfg", config_cls, architectures=[model_cls], **sizes)
    assert _count(_mine(code, cls)) == _count(_hf(cfg, model_cls))
    real = runpy.run_path(str(code), run_name="__port__")[cls]()  # runs on CPU
    with torch.no_grad():
        real(*inputs())
    assert [f.message for f in _run(code, path)] == []


# two plants a port: (old text, new text, the code's value, the config's value)
PLANTS = {
    "bart": [('"ffn": 64', '"ffn": 96', 96, 64), ('"dec_layers": 2', '"dec_layers": 3', 3, 2)],
    "roberta": [
        ("inner: int = 64", "inner: int = 80", 80, 64),
        ("eps: float = 1e-5", "eps: float = 1e-6", 1e-6, 1e-5),
    ],
    "phi": [("n_heads=4", "n_heads=2", 2, 4), ("mlp=64", "mlp=96", 96, 64)],
    "qwen2moe": [
        (
            "EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 16, 48",
            "EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 24, 48",
            24,
            16,
        ),
        (
            "EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 16, 48",
            "EXPERTS, TOP_K, EXPERT_FFN, SHARED_FFN = 4, 2, 16, 32",
            32,
            48,
        ),
    ],
    "neox": [("n_layer=2", "n_layer=3", 3, 2), ("ff=128", "ff=96", 96, 128)],
    "resnet": [
        ("WIDTHS = [16, 32]", "WIDTHS = [16, 48]", [16, 48], [16, 32]),
        ("STEM = 16", "STEM = 8", 8, 16),
    ],
    "swin": [
        ("EMBED = 32, 4, 3, 16", "EMBED = 32, 4, 3, 24", 24, 16),
        ("(2, 4), 4, 2.0", "(2, 4), 2, 2.0", 2, 4),
    ],
    "gemma2": [("n_kv=2", "n_kv=1", 1, 2), ("ffn=64", "ffn=80", 80, 64)],
    "phi_mixformer": [
        ("rotary_dim = 4", "rotary_dim = 8", 1.0, 0.5),
        ("n_layer = 2", "n_layer = 3", 3, 2),
    ],
    "qwen2moe_stacked": [
        ('"top_k": 2', '"top_k": 3', 3, 2),
        ('"shared_dim": 48', '"shared_dim": 40', 40, 48),
    ],
    "resnet_bottleneck": [
        ("dict(width=64, blocks=1", "dict(width=96, blocks=1", [32, 96], [32, 64]),
        ("STEM_CH = 16", "STEM_CH = 8", 8, 16),
    ],
    "gemma2_einsum": [
        ("= 16, 50.0, 30.0, 8, 1e-6", "= 8, 50.0, 30.0, 8, 1e-6", 8, 16),
        (
            "V, D, L, NH, NKV, HD, FF = 64, 32, 2, 4, 2, 8, 64",
            "V, D, L, NH, NKV, HD, FF = 64, 32, 2, 4, 1, 8, 64",
            1,
            2,
        ),
    ],
}


def _holds(v, want) -> bool:
    if isinstance(v, (list, tuple)):
        return v == want or any(_holds(x, want) for x in v)
    return v == want


@pytest.mark.parametrize("plant", [0, 1])
@pytest.mark.parametrize(("source", "cls", "config_cls", "model_cls", "sizes", "inputs"), CASES)
def test_two_planted_sizes_of_each_port_are_one_finding_each(
    request, tmp_path, plant, source, cls, config_cls, model_cls, sizes, inputs
):
    """The clean verdicts above are not blindness: each planted size is exactly one finding
    holding the code's and the config's values (torch: the built model differs from
    transformers' for the config: its parameter count, or for an eps / window the value the
    port holds)."""
    old, new, mine, theirs = PLANTS[request.node.callspec.id.split("-")[0]][plant]
    assert source.count(old) == 1
    code = _write(tmp_path, "model.py", source.replace(old, new))
    cfg, path = _config(tmp_path, "cfg", config_cls, architectures=[model_cls], **sizes)
    found = _run(code, path)
    assert len(found) == 1, [f.message for f in found]
    vals = [found[0].values["left"], found[0].values["right"]]
    assert any(_holds(v, mine) for v in vals), found[0].message
    assert any(_holds(v, theirs) for v in vals), found[0].message
