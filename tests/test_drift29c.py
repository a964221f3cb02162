"""Clean re-implementations of architectures the benchmark sets hold one case of (session 29,
issue #17): each written here in a plain user style, built in torch with transformers' own model's
parameter count for the same config, run on CPU, and compared with its saved config: nothing of
minor or above (a false positive on a correct port is the worst outcome for a user).
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

# Sinusoidal positions, separate Wq/Wk/Wv, an output bias beside the tied embedding (CTRLLMHeadModel's lm_head bias).
CTRL = """
import math

import torch
import torch.nn as nn

VOCAB = 64
MAX_LEN = 32
D_MODEL = 32
D_FF = 64
N_LAYERS = 2
N_HEADS = 4


def sinusoid(n, d):
    pos = torch.arange(n, dtype=torch.float).unsqueeze(1)
    rates = 1 / torch.pow(10000, (2 * (torch.arange(d) // 2)) / d)
    ang = pos * rates
    return torch.cat([torch.sin(ang[:, 0::2]), torch.cos(ang[:, 1::2])], dim=-1)


class MHA(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.depth = d // h
        self.Wq = nn.Linear(d, d)
        self.Wk = nn.Linear(d, d)
        self.Wv = nn.Linear(d, d)
        self.dense = nn.Linear(d, d)

    def split(self, x, b):
        return x.reshape(b, -1, self.h, self.depth).permute(0, 2, 1, 3)

    def forward(self, x, mask):
        b = x.shape[0]
        q, k, v = self.split(self.Wq(x), b), self.split(self.Wk(x), b), self.split(self.Wv(x), b)
        logits = q @ k.transpose(-1, -2) / math.sqrt(self.depth)
        logits = logits + mask * -1e4
        out = torch.softmax(logits, -1) @ v
        return self.dense(out.permute(0, 2, 1, 3).reshape(b, -1, self.h * self.depth))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.att = MHA(D_MODEL, N_HEADS)
        self.ffn = nn.Sequential(nn.Linear(D_MODEL, D_FF), nn.ReLU(), nn.Linear(D_FF, D_MODEL))
        self.ln1 = nn.LayerNorm(D_MODEL, eps=1e-6)
        self.ln2 = nn.LayerNorm(D_MODEL, eps=1e-6)

    def forward(self, x, mask):
        x = x + self.att(self.ln1(x), mask)
        return x + self.ffn(self.ln2(x))


class CTRLish(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Embedding(VOCAB, D_MODEL)
        self.register_buffer("pos", sinusoid(MAX_LEN, D_MODEL), persistent=False)
        self.blocks = nn.ModuleList([Layer() for _ in range(N_LAYERS)])
        self.ln_f = nn.LayerNorm(D_MODEL, eps=1e-6)
        self.out_bias = nn.Parameter(torch.zeros(VOCAB))

    def forward(self, ids):
        t = ids.shape[1]
        mask = torch.triu(torch.ones(t, t), 1)
        x = self.w(ids) * math.sqrt(D_MODEL) + self.pos[:t]
        for blk in self.blocks:
            x = blk(x, mask)
        return self.ln_f(x) @ self.w.weight.t() + self.out_bias
"""

# Fourier token mixing (no attention weights), sizes in a dataclass, an embedding projection and a pooler.
FNET = """
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Cfg:
    vocab: int = 64
    dim: int = 32
    depth: int = 2
    ff: int = 64
    max_pos: int = 32
    types: int = 2
    eps: float = 1e-12


class Embed(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.tok = nn.Embedding(c.vocab, c.dim)
        self.pos = nn.Embedding(c.max_pos, c.dim)
        self.typ = nn.Embedding(c.types, c.dim)
        self.norm = nn.LayerNorm(c.dim, eps=c.eps)
        self.proj = nn.Linear(c.dim, c.dim)

    def forward(self, ids):
        p = torch.arange(ids.shape[1], device=ids.device)
        e = self.tok(ids) + self.pos(p)[None] + self.typ(torch.zeros_like(ids))
        return self.proj(self.norm(e))


class MixBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.mix_norm = nn.LayerNorm(c.dim, eps=c.eps)
        self.fc_in = nn.Linear(c.dim, c.ff)
        self.fc_out = nn.Linear(c.ff, c.dim)
        self.ff_norm = nn.LayerNorm(c.dim, eps=c.eps)

    def forward(self, x):
        mixed = torch.fft.fftn(x, dim=(-2, -1)).real
        x = self.mix_norm(x + mixed)
        return self.ff_norm(x + self.fc_out(F.gelu(self.fc_in(x))))


class FNet(nn.Module):
    def __init__(self, c=Cfg()):
        super().__init__()
        self.embed = Embed(c)
        self.blocks = nn.ModuleList(MixBlock(c) for _ in range(c.depth))
        self.pool = nn.Linear(c.dim, c.dim)

    def forward(self, ids):
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x)
        return x, torch.tanh(self.pool(x[:, 0]))
"""

# RoBERTa with pre-layer norms: sizes in a dict, padding-offset positions, a final norm and a pooler.
RPLN = """
import torch
from torch import nn

H = {"vocab": 64, "hidden": 32, "layers": 2, "heads": 4, "inner": 64, "positions": 40, "pad": 1}


class SelfAttention(nn.Module):
    def __init__(self, hidden, heads):
        super().__init__()
        self.heads = heads
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, hidden)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // self.heads
        q = self.query(x).view(b, t, self.heads, hd).transpose(1, 2)
        k = self.key(x).view(b, t, self.heads, hd).transpose(1, 2)
        v = self.value(x).view(b, t, self.heads, hd).transpose(1, 2)
        a = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        return self.out(a.transpose(1, 2).reshape(b, t, d))


class PreLNLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm = nn.LayerNorm(H["hidden"], eps=1e-12)
        self.attn = SelfAttention(H["hidden"], H["heads"])
        self.ffn_norm = nn.LayerNorm(H["hidden"], eps=1e-12)
        self.up = nn.Linear(H["hidden"], H["inner"])
        self.down = nn.Linear(H["inner"], H["hidden"])

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.down(nn.functional.gelu(self.up(self.ffn_norm(x))))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(H["vocab"], H["hidden"], padding_idx=H["pad"])
        self.position = nn.Embedding(H["positions"], H["hidden"], padding_idx=H["pad"])
        self.token_type = nn.Embedding(2, H["hidden"])
        self.emb_norm = nn.LayerNorm(H["hidden"], eps=1e-12)
        self.layers = nn.ModuleList([PreLNLayer() for _ in range(H["layers"])])
        self.final_norm = nn.LayerNorm(H["hidden"], eps=1e-12)
        self.pooler = nn.Linear(H["hidden"], H["hidden"])

    def forward(self, ids):
        mask = ids.ne(H["pad"]).int()
        pos = torch.cumsum(mask, dim=1) * mask + H["pad"]
        x = self.word(ids) + self.position(pos) + self.token_type(torch.zeros_like(ids))
        x = self.emb_norm(x)
        for layer in self.layers:
            x = layer(x)
        x = self.final_norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""

# timm style: fused qkv reshaped to (B, N, 3, heads, -1), a Sequential of blocks, no pooler.
VITMSN = """
import torch
import torch.nn as nn

IMAGE, PATCH, CH, WIDTH, DEPTH, HEADS, MLP = 32, 8, 3, 32, 2, 4, 64


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(WIDTH, 3 * WIDTH, bias=True)
        self.proj = nn.Linear(WIDTH, WIDTH)

    def forward(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, HEADS, c // HEADS).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        x = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        return self.proj(x.transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(WIDTH, eps=1e-6)
        self.attn = Attention()
        self.norm2 = nn.LayerNorm(WIDTH, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(WIDTH, MLP), nn.GELU(), nn.Linear(MLP, WIDTH))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class MSNEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(CH, WIDTH, kernel_size=PATCH, stride=PATCH)
        n = (IMAGE // PATCH) ** 2
        self.cls_token = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, WIDTH))
        self.blocks = nn.Sequential(*[Block() for _ in range(DEPTH)])
        self.norm = nn.LayerNorm(WIDTH, eps=1e-6)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1) + self.pos_embed
        return self.norm(self.blocks(x))
"""

# Gemma norms (1 + w), head width 16 wider than hidden / heads, soft-capped logits, alternate sliding layers, tied head, sizes in a dict of config names.
VAULTGEMMA = """
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = dict(
    vocab_size=64,
    hidden_size=32,
    intermediate_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    rms_norm_eps=1e-6,
    rope_theta=10000.0,
    query_pre_attn_scalar=256,
    sliding_window=4096,
    attn_logit_softcapping=50.0,
    final_logit_softcapping=30.0,
)


class GemmaNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        x32 = x.float()
        y = x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * (1.0 + self.weight.float())).type_as(x)


def rotate(x, pos, theta):
    d = x.shape[-1]
    inv = 1.0 / (theta ** (torch.arange(0, d, 2).float() / d))
    f = torch.outer(pos.float(), inv)
    emb = torch.cat([f, f], -1)
    x1, x2 = x[..., : d // 2], x[..., d // 2 :]
    return x * emb.cos() + torch.cat([-x2, x1], -1) * emb.sin()


class Attention(nn.Module):
    def __init__(self, cfg, sliding):
        super().__init__()
        self.cfg = cfg
        self.sliding = sliding
        h, kv, hd, d = cfg["num_attention_heads"], cfg["num_key_value_heads"], cfg["head_dim"], cfg["hidden_size"]
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)

    def forward(self, x, pos):
        c = self.cfg
        b, t, _ = x.shape
        h, kv, hd = c["num_attention_heads"], c["num_key_value_heads"], c["head_dim"]
        q = rotate(self.q_proj(x).view(b, t, h, hd).transpose(1, 2), pos, c["rope_theta"])
        k = rotate(self.k_proj(x).view(b, t, kv, hd).transpose(1, 2), pos, c["rope_theta"])
        v = self.v_proj(x).view(b, t, kv, hd).transpose(1, 2)
        k = k.repeat_interleave(h // kv, 1)
        v = v.repeat_interleave(h // kv, 1)
        s = q @ k.transpose(-1, -2) * c["query_pre_attn_scalar"] ** -0.5
        cap = c["attn_logit_softcapping"]
        s = torch.tanh(s / cap) * cap
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        if self.sliding:
            mask = mask & torch.ones(t, t, dtype=torch.bool).triu(-c["sliding_window"] + 1)
        s = s.masked_fill(~mask, float("-inf"))
        o = s.softmax(-1) @ v
        return self.o_proj(o.transpose(1, 2).reshape(b, t, h * hd))


class Block(nn.Module):
    def __init__(self, cfg, i):
        super().__init__()
        d = cfg["hidden_size"]
        self.input_layernorm = GemmaNorm(d, cfg["rms_norm_eps"])
        self.self_attn = Attention(cfg, sliding=(i % 2 == 0))
        self.pre_feedforward_layernorm = GemmaNorm(d, cfg["rms_norm_eps"])
        self.gate_proj = nn.Linear(d, cfg["intermediate_size"], bias=False)
        self.up_proj = nn.Linear(d, cfg["intermediate_size"], bias=False)
        self.down_proj = nn.Linear(cfg["intermediate_size"], d, bias=False)

    def forward(self, x, pos):
        x = x + self.self_attn(self.input_layernorm(x), pos)
        h = self.pre_feedforward_layernorm(x)
        return x + self.down_proj(F.gelu(self.gate_proj(h), approximate="tanh") * self.up_proj(h))


class VaultGemma(nn.Module):
    def __init__(self, cfg=CONFIG):
        super().__init__()
        self.cfg = cfg
        self.embed_tokens = nn.Embedding(cfg["vocab_size"], cfg["hidden_size"])
        self.layers = nn.ModuleList([Block(cfg, i) for i in range(cfg["num_hidden_layers"])])
        self.norm = GemmaNorm(cfg["hidden_size"], cfg["rms_norm_eps"])

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        x = self.embed_tokens(ids) * math.sqrt(self.cfg["hidden_size"])
        for layer in self.layers:
            x = layer(x, pos)
        logits = self.norm(x) @ self.embed_tokens.weight.T
        cap = self.cfg["final_logit_softcapping"]
        return torch.tanh(logits / cap) * cap
"""

# Meta's llama layout (wq/w1/w2/w3, complex rotary, an Args class), KV heads expanded by hand.
HELIUM = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Args:
    dim = 32
    n_layers = 2
    n_heads = 4
    n_kv_heads = 2
    head_dim = 8
    hidden_dim = 64
    vocab_size = 64
    norm_eps = 1e-8
    rope_theta = 100000.0


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        v = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x.float() * torch.rsqrt(v + self.eps)).type_as(x)


def freqs(hd, t, theta):
    inv = 1.0 / theta ** (torch.arange(0, hd, 2).float() / hd)
    return torch.polar(torch.ones(t, hd // 2), torch.outer(torch.arange(t).float(), inv))


def apply_rot(x, fc):
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(xc * fc[None, :, None]).flatten(3).type_as(x)


class Attention(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.a = a
        self.wq = nn.Linear(a.dim, a.n_heads * a.head_dim, bias=False)
        self.wk = nn.Linear(a.dim, a.n_kv_heads * a.head_dim, bias=False)
        self.wv = nn.Linear(a.dim, a.n_kv_heads * a.head_dim, bias=False)
        self.wo = nn.Linear(a.n_heads * a.head_dim, a.dim, bias=False)

    def forward(self, x, fc):
        a = self.a
        b, t, _ = x.shape
        q = apply_rot(self.wq(x).view(b, t, a.n_heads, a.head_dim), fc)
        k = apply_rot(self.wk(x).view(b, t, a.n_kv_heads, a.head_dim), fc)
        v = self.wv(x).view(b, t, a.n_kv_heads, a.head_dim)
        rep = a.n_heads // a.n_kv_heads
        k = k[:, :, :, None].expand(b, t, a.n_kv_heads, rep, a.head_dim).reshape(b, t, a.n_heads, a.head_dim)
        v = v[:, :, :, None].expand(b, t, a.n_kv_heads, rep, a.head_dim).reshape(b, t, a.n_heads, a.head_dim)
        o = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class FeedForward(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.w1 = nn.Linear(a.dim, a.hidden_dim, bias=False)
        self.w2 = nn.Linear(a.hidden_dim, a.dim, bias=False)
        self.w3 = nn.Linear(a.dim, a.hidden_dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class TransformerBlock(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.attention = Attention(a)
        self.feed_forward = FeedForward(a)
        self.attention_norm = RMSNorm(a.dim, a.norm_eps)
        self.ffn_norm = RMSNorm(a.dim, a.norm_eps)

    def forward(self, x, fc):
        h = x + self.attention(self.attention_norm(x), fc)
        return h + self.feed_forward(self.ffn_norm(h))


class Transformer(nn.Module):
    def __init__(self, a=Args()):
        super().__init__()
        self.a = a
        self.tok_embeddings = nn.Embedding(a.vocab_size, a.dim)
        self.layers = nn.ModuleList(TransformerBlock(a) for _ in range(a.n_layers))
        self.norm = RMSNorm(a.dim, a.norm_eps)
        self.output = nn.Linear(a.dim, a.vocab_size, bias=False)

    def forward(self, ids):
        fc = freqs(self.a.head_dim, ids.shape[1], self.a.rope_theta)
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h, fc)
        return self.output(self.norm(h))
"""

# Sizes parsed from a JSON string, a fused gate_up split by chunk, F.rms_norm, interleaved rotary, sdpa's enable_gqa, tied head through F.linear.
ERNIE = """
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = json.loads(
    '{"vocab": 64, "width": 32, "depth": 2, "heads": 4, "kv_heads": 2, "head_dim": 8, "ffn": 64, '
    '"eps": 1e-05, "theta": 500000.0}'
)


class Norm(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(width))

    def forward(self, x):
        return F.rms_norm(x, (x.shape[-1],), self.weight, SETTINGS["eps"])


class Rotary(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("inv", 1.0 / SETTINGS["theta"] ** (torch.arange(0, dim, 2).float() / dim), persistent=False)

    def forward(self, x):
        t = torch.arange(x.shape[2]).float()
        f = torch.outer(t, self.inv)
        cos = f.cos().repeat_interleave(2, -1)
        sin = f.sin().repeat_interleave(2, -1)
        x1, x2 = x[..., 0::2], x[..., 1::2]
        rot = torch.stack([-x2, x1], -1).flatten(-2)
        return x * cos + rot * sin


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        s = SETTINGS
        self.q_proj = nn.Linear(s["width"], s["heads"] * s["head_dim"], bias=False)
        self.k_proj = nn.Linear(s["width"], s["kv_heads"] * s["head_dim"], bias=False)
        self.v_proj = nn.Linear(s["width"], s["kv_heads"] * s["head_dim"], bias=False)
        self.o_proj = nn.Linear(s["heads"] * s["head_dim"], s["width"], bias=False)
        self.rope = Rotary(s["head_dim"])

    def forward(self, x):
        s = SETTINGS
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, s["heads"], s["head_dim"]).transpose(1, 2)
        k = self.k_proj(x).view(b, t, s["kv_heads"], s["head_dim"]).transpose(1, 2)
        v = self.v_proj(x).view(b, t, s["kv_heads"], s["head_dim"]).transpose(1, 2)
        q, k = self.rope(q), self.rope(k)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).flatten(2))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        w, f = SETTINGS["width"], SETTINGS["ffn"]
        self.input_layernorm = Norm(w)
        self.self_attn = Attention()
        self.post_attention_layernorm = Norm(w)
        self.gate_up = nn.Linear(w, 2 * f, bias=False)
        self.down = nn.Linear(f, w, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        g, u = self.gate_up(self.post_attention_layernorm(x)).chunk(2, -1)
        return x + self.down(F.silu(g) * u)


class Ernie(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(SETTINGS["vocab"], SETTINGS["width"])
        self.layers = nn.ModuleList([Layer() for _ in range(SETTINGS["depth"])])
        self.norm = Norm(SETTINGS["width"])

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.embed.weight)
"""

# Pre-norm encoder-decoder: the decoder layer subclasses the encoder layer and adds cross attention, learned positions per stack, one shared embedding.
BLENDER = """
import torch
import torch.nn as nn
import torch.nn.functional as F

hp = {
    "vocab": 64,
    "d_model": 32,
    "enc_layers": 2,
    "dec_layers": 2,
    "heads": 4,
    "ffn": 64,
    "max_pos": 32,
}


class MultiHead(nn.Module):
    def __init__(self, d, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x, kv=None, causal=False):
        kv = x if kv is None else kv
        b, t, d = x.shape
        s = kv.shape[1]
        hd = d // self.n_heads
        q = self.q_proj(x).view(b, t, self.n_heads, hd).transpose(1, 2)
        k = self.k_proj(kv).view(b, s, self.n_heads, hd).transpose(1, 2)
        v = self.v_proj(kv).view(b, s, self.n_heads, hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, d))


class EncoderLayer(nn.Module):
    def __init__(self, d, n_heads, ffn):
        super().__init__()
        self.self_attn = MultiHead(d, n_heads)
        self.ln_attn = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)
        self.ln_ffn = nn.LayerNorm(d)

    def forward(self, x):
        x = x + self.self_attn(self.ln_attn(x))
        return x + self.fc2(F.gelu(self.fc1(self.ln_ffn(x))))


class DecoderLayer(EncoderLayer):
    def __init__(self, d, n_heads, ffn):
        super().__init__(d, n_heads, ffn)
        self.cross_attn = MultiHead(d, n_heads)
        self.ln_cross = nn.LayerNorm(d)

    def forward(self, y, memory):
        y = y + self.self_attn(self.ln_attn(y), causal=True)
        y = y + self.cross_attn(self.ln_cross(y), memory)
        return y + self.fc2(F.gelu(self.fc1(self.ln_ffn(y))))


class Seq2Seq(nn.Module):
    def __init__(self, p=hp):
        super().__init__()
        d = p["d_model"]
        self.shared = nn.Embedding(p["vocab"], d, padding_idx=0)
        self.enc_pos = nn.Embedding(p["max_pos"], d)
        self.dec_pos = nn.Embedding(p["max_pos"], d)
        self.encoder = nn.ModuleList([EncoderLayer(d, p["heads"], p["ffn"]) for _ in range(p["enc_layers"])])
        self.decoder = nn.ModuleList([DecoderLayer(d, p["heads"], p["ffn"]) for _ in range(p["dec_layers"])])
        self.enc_norm = nn.LayerNorm(d)
        self.dec_norm = nn.LayerNorm(d)

    def forward(self, src, tgt):
        x = self.shared(src) + self.enc_pos(torch.arange(src.shape[1]))
        for layer in self.encoder:
            x = layer(x)
        memory = self.enc_norm(x)
        y = self.shared(tgt) + self.dec_pos(torch.arange(tgt.shape[1]))
        for layer in self.decoder:
            y = layer(y, memory)
        return self.dec_norm(y)
"""

# A dense first layer then a sparse one: stacked expert kernels as Parameters (gate and up fused), a score-correction bias, a shared SwiGLU expert, bare-Parameter norms.
ERNIEMOE = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class C:
    vocab = 64
    hidden = 32
    layers = 2
    heads = 4
    kv_heads = 2
    dense_ffn = 64
    expert_ffn = 16
    experts = 4
    top_k = 2
    shared_experts = 1
    first_moe_layer = 1
    eps = 1e-5
    theta = 500000.0


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + C.eps)


class SwiGLU(nn.Module):
    def __init__(self, hidden, inner):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, inner, bias=False)
        self.up_proj = nn.Linear(hidden, inner, bias=False)
        self.down_proj = nn.Linear(inner, hidden, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(C.hidden, C.experts, bias=False)
        self.score_bias = nn.Parameter(torch.zeros(1, C.experts))
        self.w_gate_up = nn.Parameter(torch.empty(C.experts, 2 * C.expert_ffn, C.hidden))
        self.w_down = nn.Parameter(torch.empty(C.experts, C.hidden, C.expert_ffn))
        self.shared = SwiGLU(C.hidden, C.expert_ffn * C.shared_experts)

    def forward(self, x):
        b, t, d = x.shape
        flat = x.reshape(-1, d)
        probs = self.router(flat.float()).softmax(-1)
        _, idx = torch.topk(probs + self.score_bias, C.top_k, dim=-1)
        w = probs.gather(-1, idx)
        w = w / w.sum(-1, keepdim=True).clamp(min=1e-12)
        out = torch.zeros_like(flat)
        for e in range(C.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel() == 0:
                continue
            g, u = F.linear(flat[rows], self.w_gate_up[e]).chunk(2, -1)
            y = F.linear(F.silu(g) * u, self.w_down[e])
            out.index_add_(0, rows, y * w[rows, slot, None])
        return (out + self.shared(flat)).view(b, t, d)


class Block(nn.Module):
    def __init__(self, i):
        super().__init__()
        hd = C.hidden // C.heads
        self.hd = hd
        self.ln1 = nn.Parameter(torch.ones(C.hidden))
        self.ln2 = nn.Parameter(torch.ones(C.hidden))
        self.wq = nn.Linear(C.hidden, C.heads * hd, bias=False)
        self.wk = nn.Linear(C.hidden, C.kv_heads * hd, bias=False)
        self.wv = nn.Linear(C.hidden, C.kv_heads * hd, bias=False)
        self.wo = nn.Linear(C.heads * hd, C.hidden, bias=False)
        self.ffn = SparseMoE() if i >= C.first_moe_layer else SwiGLU(C.hidden, C.dense_ffn)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = rms(x, self.ln1)
        q = self.wq(h).view(b, t, C.heads, self.hd).transpose(1, 2)
        k = self.wk(h).view(b, t, C.kv_heads, self.hd).transpose(1, 2)
        v = self.wv(h).view(b, t, C.kv_heads, self.hd).transpose(1, 2)
        rot = lambda z: torch.stack((-z[..., 1::2], z[..., ::2]), -1).flatten(-2)  # noqa: E731
        q, k = q * cos + rot(q) * sin, k * cos + rot(k) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.ffn(rms(x, self.ln2))


class ErnieMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(C.vocab, C.hidden)
        self.blocks = nn.ModuleList([Block(i) for i in range(C.layers)])
        self.norm = nn.Parameter(torch.ones(C.hidden))

    def forward(self, ids):
        hd = C.hidden // C.heads
        inv = C.theta ** (-torch.arange(0, hd, 2).float() / hd)
        f = torch.outer(torch.arange(ids.shape[1]).float(), inv).repeat_interleave(2, -1)
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, f.cos(), f.sin())
        return rms(x, self.norm) @ self.embed.weight.T
"""

CASES = [
    pytest.param(
        CTRL,
        "CTRLish",
        "CTRLConfig",
        "CTRLLMHeadModel",
        dict(vocab_size=64, n_positions=32, n_embd=32, dff=64, n_layer=2, n_head=4),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="ctrl",
    ),
    pytest.param(
        FNET,
        "FNet",
        "FNetConfig",
        "FNetModel",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            intermediate_size=64,
            max_position_embeddings=32,
            type_vocab_size=2,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="fnet",
    ),
    pytest.param(
        RPLN,
        "Encoder",
        "RobertaPreLayerNormConfig",
        "RobertaPreLayerNormModel",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=64,
            max_position_embeddings=40,
        ),
        lambda: (torch.randint(2, 64, (1, 5)),),
        id="rpln",
    ),
    pytest.param(
        VITMSN,
        "MSNEncoder",
        "ViTMSNConfig",
        "ViTMSNModel",
        dict(
            image_size=32,
            patch_size=8,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            intermediate_size=64,
        ),
        lambda: (torch.zeros(1, 3, 32, 32),),
        id="vitmsn",
    ),
    pytest.param(
        VAULTGEMMA,
        "VaultGemma",
        "VaultGemmaConfig",
        "VaultGemmaForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=64,
            head_dim=16,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="vaultgemma",
    ),
    pytest.param(
        HELIUM,
        "Transformer",
        "HeliumConfig",
        "HeliumForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=64,
            head_dim=8,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="helium",
    ),
    pytest.param(
        ERNIE,
        "Ernie",
        "Ernie4_5Config",
        "Ernie4_5ForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=64,
            head_dim=8,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="ernie",
    ),
    pytest.param(
        BLENDER,
        "Seq2Seq",
        "BlenderbotConfig",
        "BlenderbotModel",
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
        lambda: (torch.randint(1, 64, (1, 5)), torch.randint(1, 64, (1, 3))),
        id="blender",
    ),
    pytest.param(
        ERNIEMOE,
        "ErnieMoE",
        "Ernie4_5_MoeConfig",
        "Ernie4_5_MoeForCausalLM",
        dict(
            vocab_size=64,
            hidden_size=32,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            intermediate_size=64,
            moe_intermediate_size=16,
            moe_num_experts=4,
            moe_k=2,
            moe_num_shared_experts=1,
            moe_layer_start_index=1,
        ),
        lambda: (torch.randint(0, 64, (1, 5)),),
        id="erniemoe",
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
    for p in real.parameters():
        torch.nn.init.normal_(p, std=0.02)  # stacked expert kernels are left uninitialised
    with torch.no_grad():
        real(*inputs())
    assert [f.message for f in _run(code, path)] == []


PLANTS = {
    "ctrl": ("N_LAYERS = 2", "N_LAYERS = 3", 3, 2),
    "fnet": ("depth: int = 2", "depth: int = 3", 3, 2),
    "rpln": ('"inner": 64', '"inner": 96', 96, 64),
    "vitmsn": (", 4, 64\n", ", 4, 96\n", 96, 64),
    "vaultgemma": ("num_key_value_heads=2,", "num_key_value_heads=1,", 1, 2),
    "helium": ("n_kv_heads = 2", "n_kv_heads = 1", 1, 2),
    "ernie": ('"ffn": 64', '"ffn": 96', 96, 64),
    "blender": ('"dec_layers": 2', '"dec_layers": 3', 3, 2),
    "erniemoe": ("experts = 4", "experts = 8", 8, 4),
}


@pytest.mark.parametrize(("source", "cls", "config_cls", "model_cls", "sizes", "inputs"), CASES)
def test_one_changed_size_of_each_port_is_one_finding(
    request, tmp_path, source, cls, config_cls, model_cls, sizes, inputs
):
    """The clean verdicts above are not blindness: one size changed in each port is one
    finding holding the code's and the config's values (torch: the counts then differ)."""
    old, new, mine, theirs = PLANTS[request.node.callspec.id]
    assert source.count(old) == 1
    code = _write(tmp_path, "model.py", source.replace(old, new))
    cfg, path = _config(tmp_path, "cfg", config_cls, architectures=[model_cls], **sizes)
    assert _count(_mine(code, cls)) != _count(_hf(cfg, model_cls))
    found = _run(code, path)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {mine, theirs}, found[0].message
