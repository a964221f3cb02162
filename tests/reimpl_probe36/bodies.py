"""Model bodies of the reimplfix36 probe ports (12 architectures), written for this probe.

Each body is plain torch whose sizes are ``@c.key@`` / ``@self.c.key@`` placeholders: a style
(``styles.py``) replaces each with its own way of reading the size (a class attribute, a nested
dict's item, an argparse namespace's attribute, ...) over the object it names. ``KEYS`` maps each
of the body's keys to its HF config key and the tiny run's value; ``PLANTS`` the values a plant
sets (a key the HF config holds, a value the tiny run does not have)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Body:
    arch: str
    hf_config: str  # transformers' config class
    hf_model: str  # the HF class whose parameter count the clean probe has
    keys: dict[str, tuple[str, object]]  # body key -> (HF config key, tiny value)
    big: dict[str, object]  # a larger preset's values (class bases, defaults, tables)
    plants: dict[str, object]  # body key -> the planted value
    code: str
    hf_extra: dict[str, object] = field(default_factory=dict)


HEAD = """import math

import torch
import torch.nn.functional as F
from torch import nn

"""

GPT1 = """
class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.qkv = nn.Linear(@c.width@, 3 * @c.width@)
        self.proj = nn.Linear(@c.width@, @c.width@)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q, k, v = (z.view(b, t, @self.c.heads@, -1).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attn = Attention(c)
        self.ln_1 = nn.LayerNorm(@c.width@, eps=@c.eps@)
        self.fc = nn.Linear(@c.width@, 4 * @c.width@)
        self.out = nn.Linear(4 * @c.width@, @c.width@)
        self.ln_2 = nn.LayerNorm(@c.width@, eps=@c.eps@)

    def forward(self, x):
        x = self.ln_1(x + self.attn(x))
        return self.ln_2(x + self.out(F.gelu(self.fc(x))))


class GPT1(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.tok = nn.Embedding(@c.vocab@, @c.width@)
        self.pos = nn.Embedding(@c.ctx@, @c.width@)
        self.blocks = nn.ModuleList([Block(c) for _ in range(@c.layers@)])

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.tok(ids) + self.pos(pos)
        for blk in self.blocks:
            x = blk(x)
        return x @ self.tok.weight.T
"""

XGLM = """
def sinusoids(n, dim, pad):
    half = dim // 2
    step = math.log(10000) / (half - 1)
    freqs = torch.exp(torch.arange(half, dtype=torch.float32) * -step)
    ang = torch.arange(n, dtype=torch.float32)[:, None] * freqs[None, :]
    table = torch.cat([ang.sin(), ang.cos()], dim=1)
    table[pad] = 0
    return table


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.d_model@
        self.norm1 = nn.LayerNorm(d)
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.o = nn.Linear(d, d)
        self.norm2 = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, @c.ffn@)
        self.fc2 = nn.Linear(@c.ffn@, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.norm1(x)
        q = self.q(h).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        k = self.k(h).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        v = self.v(h).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class XGLM(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.width = @c.d_model@
        self.embed = nn.Embedding(@c.vocab@, @c.d_model@, padding_idx=1)
        self.register_buffer("pos", sinusoids(@c.max_pos@ + 2, @c.d_model@, 1), persistent=False)
        self.layers = nn.ModuleList([Layer(c) for _ in range(@c.layers@)])
        self.norm = nn.LayerNorm(@c.d_model@)

    def forward(self, ids):
        x = self.embed(ids) * math.sqrt(self.width) + self.pos[2 : ids.shape[1] + 2]
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed.weight.T
"""

LLAMA_ROPE = """
def rope(x, theta):
    d = x.shape[-1]
    inv = 1.0 / theta ** (torch.arange(0, d, 2, dtype=torch.float32) / d)
    ang = torch.arange(x.shape[-2], dtype=torch.float32)[:, None] * inv[None, :]
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat([-b, a], -1) * sin


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
"""

HELIUM = (
    LLAMA_ROPE
    + """

class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        hd = @c.head_dim@
        self.wq = nn.Linear(@c.hidden@, @c.heads@ * hd, bias=False)
        self.wk = nn.Linear(@c.hidden@, @c.kv_heads@ * hd, bias=False)
        self.wv = nn.Linear(@c.hidden@, @c.kv_heads@ * hd, bias=False)
        self.wo = nn.Linear(@c.heads@ * hd, @c.hidden@, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, @self.c.heads@, @self.c.head_dim@).transpose(1, 2)
        k = self.wk(x).view(b, t, @self.c.kv_heads@, @self.c.head_dim@).transpose(1, 2)
        v = self.wv(x).view(b, t, @self.c.kv_heads@, @self.c.head_dim@).transpose(1, 2)
        q, k = rope(q, @self.c.theta@), rope(k, @self.c.theta@)
        rep = @self.c.heads@ // @self.c.kv_heads@
        k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attn_norm = RMSNorm(@c.hidden@, @c.eps@)
        self.attn = Attention(c)
        self.mlp_norm = RMSNorm(@c.hidden@, @c.eps@)
        self.gate = nn.Linear(@c.hidden@, @c.ffn@, bias=False)
        self.up = nn.Linear(@c.hidden@, @c.ffn@, bias=False)
        self.down = nn.Linear(@c.ffn@, @c.hidden@, bias=False)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        h = self.mlp_norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Helium(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed = nn.Embedding(@c.vocab@, @c.hidden@)
        self.blocks = nn.ModuleList(Block(c) for _ in range(@c.layers@))
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.lm_head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x)
        return self.lm_head(self.norm(x))
"""
)

ARCEE = (
    LLAMA_ROPE
    + """

class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.hidden@
        hd = d // @c.heads@
        self.qkv = nn.Linear(d, (@c.heads@ + 2 * @c.kv_heads@) * hd, bias=False)
        self.o = nn.Linear(d, d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // @self.c.heads@
        nq, nk = @self.c.heads@ * hd, @self.c.kv_heads@ * hd
        q, k, v = self.qkv(x).split([nq, nk, nk], dim=-1)
        q = q.view(b, t, -1, hd).transpose(1, 2)
        k = k.view(b, t, -1, hd).transpose(1, 2)
        v = v.view(b, t, -1, hd).transpose(1, 2)
        q, k = rope(q, @self.c.theta@), rope(k, @self.c.theta@)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n1 = RMSNorm(@c.hidden@, @c.eps@)
        self.attn = Attention(c)
        self.n2 = RMSNorm(@c.hidden@, @c.eps@)
        self.up = nn.Linear(@c.hidden@, @c.ffn@, bias=False)
        self.down = nn.Linear(@c.ffn@, @c.hidden@, bias=False)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.down(F.relu(self.up(self.n2(x))) ** 2)


class Arcee(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.tok = nn.Embedding(@c.vocab@, @c.hidden@)
        self.layers = nn.ModuleList([Layer(c) for _ in range(@c.layers@)])
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
"""
)

PERSIMMON = """
class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.hidden@
        self.hd = d // @c.heads@
        self.qkv = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.q_norm = nn.LayerNorm(self.hd, eps=@c.eps@)
        self.k_norm = nn.LayerNorm(self.hd, eps=@c.eps@)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.qkv(x).view(b, t, @self.c.heads@, 3, self.hd)
        q, k, v = qkv.unbind(dim=3)
        q, k = self.q_norm(q), self.k_norm(k)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))


class Decoder(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln1 = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.attn = Attention(c)
        self.ln2 = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.h_to_4h = nn.Linear(@c.hidden@, @c.ffn@)
        self.h4_to_h = nn.Linear(@c.ffn@, @c.hidden@)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.h4_to_h(F.relu(self.h_to_4h(self.ln2(x))) ** 2)


class Persimmon(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed = nn.Embedding(@c.vocab@, @c.hidden@)
        self.decoders = nn.ModuleList([Decoder(c) for _ in range(@c.layers@)])
        self.final_ln = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.lm_head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for dec in self.decoders:
            x = dec(x)
        return self.lm_head(self.final_ln(x))
"""

BERT_LAYER = """
class SelfAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.hidden@
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q = self.query(x).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        k = self.key(x).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        v = self.value(x).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class EncoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attn = SelfAttention(c)
        self.attn_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.inter = nn.Linear(@c.hidden@, @c.ffn@)
        self.output = nn.Linear(@c.ffn@, @c.hidden@)
        self.out_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)

    def forward(self, x):
        x = self.attn_norm(x + self.attn(x))
        return self.out_norm(x + self.output(F.gelu(self.inter(x))))
"""

BERTGEN = (
    BERT_LAYER
    + """

class BertGenEncoder(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.words = nn.Embedding(@c.vocab@, @c.hidden@)
        self.positions = nn.Embedding(@c.max_pos@, @c.hidden@)
        self.emb_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.layers = nn.ModuleList([EncoderLayer(c) for _ in range(@c.layers@)])

    def forward(self, input_ids):
        pos = torch.arange(input_ids.shape[1], device=input_ids.device)
        x = self.emb_norm(self.words(input_ids) + self.positions(pos))
        for layer in self.layers:
            x = layer(x)
        return x
"""
)

DATA2VEC = (
    BERT_LAYER
    + """

class Data2VecText(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.words = nn.Embedding(@c.vocab@, @c.hidden@, padding_idx=1)
        self.positions = nn.Embedding(@c.max_pos@, @c.hidden@, padding_idx=1)
        self.types = nn.Embedding(@c.type_vocab@, @c.hidden@)
        self.emb_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.layers = nn.ModuleList([EncoderLayer(c) for _ in range(@c.layers@)])
        self.pool = nn.Linear(@c.hidden@, @c.hidden@)

    def forward(self, input_ids):
        mask = input_ids.ne(1).int()
        pos = torch.cumsum(mask, dim=1) * mask + 1
        x = self.words(input_ids) + self.positions(pos) + self.types(torch.zeros_like(input_ids))
        x = self.emb_norm(x)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pool(x[:, 0]))
"""
)

ROBERTA_PRELN = """
class PreLNLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.hidden@
        self.attn_ln = nn.LayerNorm(d, eps=@c.eps@)
        self.qkv = nn.ModuleList([nn.Linear(d, d) for _ in range(3)])
        self.attn_out = nn.Linear(d, d)
        self.ffn_ln = nn.LayerNorm(d, eps=@c.eps@)
        self.ffn_in = nn.Linear(d, @c.ffn@)
        self.ffn_out = nn.Linear(@c.ffn@, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.attn_ln(x)
        q, k, v = [p(h).view(b, t, @self.c.heads@, -1).transpose(1, 2) for p in self.qkv]
        y = F.scaled_dot_product_attention(q, k, v)
        x = x + self.attn_out(y.transpose(1, 2).reshape(b, t, d))
        return x + self.ffn_out(F.gelu(self.ffn_in(self.ffn_ln(x))))


class RobertaPreLN(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.word_emb = nn.Embedding(@c.vocab@, @c.hidden@, padding_idx=1)
        self.pos_emb = nn.Embedding(@c.max_pos@, @c.hidden@, padding_idx=1)
        self.type_emb = nn.Embedding(@c.type_vocab@, @c.hidden@)
        self.emb_ln = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.layers = nn.ModuleList([PreLNLayer(c) for _ in range(@c.layers@)])
        self.final_ln = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.pooler = nn.Linear(@c.hidden@, @c.hidden@)

    def forward(self, ids):
        mask = ids.ne(1).int()
        pos = torch.cumsum(mask, dim=1) * mask + 1
        x = self.word_emb(ids) + self.pos_emb(pos) + self.type_emb(torch.zeros_like(ids))
        x = self.emb_ln(x)
        for layer in self.layers:
            x = layer(x)
        x = self.final_ln(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""

FNET = """
class FourierLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.mix_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.up = nn.Linear(@c.hidden@, @c.ffn@)
        self.down = nn.Linear(@c.ffn@, @c.hidden@)
        self.out_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)

    def forward(self, x):
        x = self.mix_norm(x + torch.fft.fft2(x).real)
        return self.out_norm(x + self.down(F.gelu(self.up(x), approximate="tanh")))


class FNet(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.words = nn.Embedding(@c.vocab@, @c.hidden@, padding_idx=3)
        self.positions = nn.Embedding(@c.max_pos@, @c.hidden@)
        self.types = nn.Embedding(@c.type_vocab@, @c.hidden@)
        self.emb_norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)
        self.project = nn.Linear(@c.hidden@, @c.hidden@)
        self.layers = nn.ModuleList([FourierLayer(c) for _ in range(@c.layers@)])
        self.pooler = nn.Linear(@c.hidden@, @c.hidden@)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)[None]
        x = self.words(ids) + self.positions(pos) + self.types(torch.zeros_like(ids))
        x = self.project(self.emb_norm(x))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""

BIOGPT = """
class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.hidden@
        self.attn_norm = nn.LayerNorm(d, eps=@c.eps@)
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)
        self.ffn_norm = nn.LayerNorm(d, eps=@c.eps@)
        self.fc1 = nn.Linear(d, @c.ffn@)
        self.fc2 = nn.Linear(@c.ffn@, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.attn_norm(x)
        n = @self.c.heads@
        q = self.q_proj(h).view(b, t, n, d // n).transpose(1, 2)
        k = self.k_proj(h).view(b, t, n, d // n).transpose(1, 2)
        v = self.v_proj(h).view(b, t, n, d // n).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.ffn_norm(x))))


class BioGPT(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.scale = math.sqrt(@c.hidden@)
        self.embed = nn.Embedding(@c.vocab@, @c.hidden@, padding_idx=1)
        self.positions = nn.Embedding(@c.max_pos@ + 2, @c.hidden@)
        self.layers = nn.ModuleList([Layer(c) for _ in range(@c.layers@)])
        self.norm = nn.LayerNorm(@c.hidden@, eps=@c.eps@)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device) + 2
        x = self.embed(ids) * self.scale + self.positions(pos)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed.weight.T
"""

CTRL = """
def angles(n, d):
    pos = torch.arange(n, dtype=torch.float32)[:, None]
    i = torch.arange(d, dtype=torch.float32)[None, :]
    a = pos / torch.pow(10000, (2 * (i // 2)) / d)
    return torch.cat([torch.sin(a[:, 0::2]), torch.cos(a[:, 1::2])], dim=-1)


class MHA(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.d_model@
        self.wq, self.wk, self.wv = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.dense = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        h = @self.c.heads@
        q, k, v = [w(x).view(b, t, h, d // h).transpose(1, 2) for w in (self.wq, self.wk, self.wv)]
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln1 = nn.LayerNorm(@c.d_model@, eps=1e-6)
        self.mha = MHA(c)
        self.ln2 = nn.LayerNorm(@c.d_model@, eps=1e-6)
        self.ff = nn.Sequential(
            nn.Linear(@c.d_model@, @c.dff@), nn.ReLU(), nn.Linear(@c.dff@, @c.d_model@)
        )

    def forward(self, x):
        x = x + self.mha(self.ln1(x))
        return x + self.ff(self.ln2(x))


class CTRL(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.d = @c.d_model@
        self.w = nn.Embedding(@c.vocab@, @c.d_model@)
        self.register_buffer("sin", angles(@c.ctx@, @c.d_model@), persistent=False)
        self.blocks = nn.ModuleList([Block(c) for _ in range(@c.layers@)])
        self.ln_f = nn.LayerNorm(@c.d_model@, eps=@c.eps@)
        self.bias = nn.Parameter(torch.zeros(@c.vocab@))

    def forward(self, ids):
        x = self.w(ids) * math.sqrt(self.d) + self.sin[: ids.shape[1]]
        for blk in self.blocks:
            x = blk(x)
        return F.linear(self.ln_f(x), self.w.weight, self.bias)
"""

GRANITEMOE = (
    LLAMA_ROPE
    + """

class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        d = @c.hidden@
        hd = d // @c.heads@
        self.q = nn.Linear(d, d, bias=False)
        self.k = nn.Linear(d, @c.kv_heads@ * hd, bias=False)
        self.v = nn.Linear(d, @c.kv_heads@ * hd, bias=False)
        self.o = nn.Linear(d, d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        q = self.q(x).view(b, t, @self.c.heads@, -1).transpose(1, 2)
        k = self.k(x).view(b, t, @self.c.kv_heads@, -1).transpose(1, 2)
        v = self.v(x).view(b, t, @self.c.kv_heads@, -1).transpose(1, 2)
        q, k = rope(q, 10000.0), rope(k, 10000.0)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, d))


class Experts(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.router = nn.Linear(@c.hidden@, @c.experts@, bias=False)
        self.w_in = nn.Parameter(torch.randn(@c.experts@, 2 * @c.ffn@, @c.hidden@) * 0.02)
        self.w_out = nn.Parameter(torch.randn(@c.experts@, @c.hidden@, @c.ffn@) * 0.02)

    def forward(self, x):
        logits = self.router(x)
        top, idx = logits.topk(@self.c.top_k@, dim=-1)
        gate = torch.zeros_like(logits).scatter(-1, idx, top.softmax(-1))
        h = torch.einsum("btd,efd->btef", x, self.w_in)
        a, g = h.chunk(2, dim=-1)
        y = torch.einsum("btef,edf->bted", F.silu(a) * g, self.w_out)
        return (y * gate[..., None]).sum(2)


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n1 = RMSNorm(@c.hidden@, @c.eps@)
        self.attn = Attention(c)
        self.n2 = RMSNorm(@c.hidden@, @c.eps@)
        self.moe = Experts(c)

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.moe(self.n2(x))


class GraniteMoe(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed = nn.Embedding(@c.vocab@, @c.hidden@)
        self.layers = nn.ModuleList([Layer(c) for _ in range(@c.layers@)])
        self.norm = RMSNorm(@c.hidden@, @c.eps@)
        self.lm_head = nn.Linear(@c.hidden@, @c.vocab@, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""
)


def _b(arch, cfg, model, keys, big, plants, code, **extra) -> Body:
    return Body(arch, cfg, model, keys, big, plants, HEAD + "\n#@CONFIG@\n" + code, extra)


BODIES: dict[str, Body] = {
    b.arch: b
    for b in (
        _b(
            "openai-gpt",
            "OpenAIGPTConfig",
            "OpenAIGPTLMHeadModel",
            {
                "vocab": ("vocab_size", 600),
                "ctx": ("n_positions", 64),
                "width": ("n_embd", 64),
                "layers": ("n_layer", 2),
                "heads": ("n_head", 4),
                "eps": ("layer_norm_epsilon", 1e-5),
            },
            {"vocab": 40478, "ctx": 512, "width": 768, "layers": 12, "heads": 12, "eps": 1e-5},
            {"vocab": 700, "width": 96, "layers": 3, "heads": 8, "ctx": 128, "eps": 1e-6},
            GPT1,
        ),
        _b(
            "xglm",
            "XGLMConfig",
            "XGLMForCausalLM",
            {
                "vocab": ("vocab_size", 800),
                "d_model": ("d_model", 64),
                "ffn": ("ffn_dim", 256),
                "layers": ("num_layers", 2),
                "heads": ("attention_heads", 4),
                "max_pos": ("max_position_embeddings", 64),
            },
            {"vocab": 256008, "d_model": 1024, "ffn": 4096, "layers": 24, "heads": 16},
            {"vocab": 900, "d_model": 128, "ffn": 192, "layers": 3, "heads": 8},
            XGLM,
        ),
        _b(
            "helium",
            "HeliumConfig",
            "HeliumForCausalLM",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "ffn": ("intermediate_size", 160),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "kv_heads": ("num_key_value_heads", 2),
                "head_dim": ("head_dim", 16),
                "eps": ("rms_norm_eps", 1e-8),
                "theta": ("rope_theta", 20000.0),
            },
            {"vocab": 48000, "hidden": 2560, "ffn": 7040, "layers": 24, "heads": 20},
            {
                "vocab": 600,
                "hidden": 96,
                "ffn": 128,
                "layers": 3,
                "heads": 8,
                "kv_heads": 4,
                "head_dim": 32,
                "eps": 1e-6,
                "theta": 10000.0,
            },
            HELIUM,
        ),
        _b(
            "arcee",
            "ArceeConfig",
            "ArceeForCausalLM",
            {
                "vocab": ("vocab_size", 512),
                "hidden": ("hidden_size", 64),
                "ffn": ("intermediate_size", 192),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "kv_heads": ("num_key_value_heads", 2),
                "eps": ("rms_norm_eps", 1e-5),
                "theta": ("rope_theta", 10000.0),
            },
            {"vocab": 32000, "hidden": 2560, "ffn": 18432, "layers": 32, "heads": 32},
            {
                "vocab": 640,
                "hidden": 128,
                "ffn": 256,
                "layers": 3,
                "heads": 8,
                "kv_heads": 1,
                "eps": 1e-6,
                "theta": 500000.0,
            },
            ARCEE,
            head_dim=16,
        ),
        _b(
            "persimmon",
            "PersimmonConfig",
            "PersimmonForCausalLM",
            {
                "vocab": ("vocab_size", 700),
                "hidden": ("hidden_size", 64),
                "ffn": ("intermediate_size", 256),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "eps": ("layer_norm_eps", 1e-5),
            },
            {"vocab": 262144, "hidden": 4096, "ffn": 16384, "layers": 36, "heads": 64},
            {"vocab": 800, "hidden": 128, "ffn": 192, "layers": 3, "heads": 8, "eps": 1e-6},
            PERSIMMON,
        ),
        _b(
            "bert-generation",
            "BertGenerationConfig",
            "BertGenerationEncoder",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "ffn": ("intermediate_size", 128),
                "max_pos": ("max_position_embeddings", 64),
                "eps": ("layer_norm_eps", 1e-12),
            },
            {"vocab": 50358, "hidden": 1024, "layers": 24, "heads": 16, "ffn": 4096},
            {
                "vocab": 600,
                "hidden": 96,
                "layers": 3,
                "heads": 8,
                "ffn": 256,
                "max_pos": 128,
                "eps": 1e-5,
            },
            BERTGEN,
        ),
        _b(
            "data2vec-text",
            "Data2VecTextConfig",
            "Data2VecTextModel",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "ffn": ("intermediate_size", 128),
                "max_pos": ("max_position_embeddings", 66),
                "type_vocab": ("type_vocab_size", 1),
                "eps": ("layer_norm_eps", 1e-5),
            },
            {"vocab": 50265, "hidden": 768, "layers": 12, "heads": 12, "ffn": 3072},
            {
                "vocab": 600,
                "hidden": 96,
                "layers": 3,
                "heads": 8,
                "ffn": 256,
                "max_pos": 130,
                "type_vocab": 2,
                "eps": 1e-12,
            },
            DATA2VEC,
        ),
        _b(
            "roberta-prelayernorm",
            "RobertaPreLayerNormConfig",
            "RobertaPreLayerNormModel",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "ffn": ("intermediate_size", 128),
                "max_pos": ("max_position_embeddings", 66),
                "type_vocab": ("type_vocab_size", 1),
                "eps": ("layer_norm_eps", 1e-5),
            },
            {"vocab": 50265, "hidden": 1024, "layers": 24, "heads": 16, "ffn": 4096},
            {
                "vocab": 600,
                "hidden": 96,
                "layers": 3,
                "heads": 8,
                "ffn": 256,
                "max_pos": 130,
                "type_vocab": 2,
                "eps": 1e-12,
            },
            ROBERTA_PRELN,
        ),
        _b(
            "fnet",
            "FNetConfig",
            "FNetModel",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "layers": ("num_hidden_layers", 2),
                "ffn": ("intermediate_size", 128),
                "max_pos": ("max_position_embeddings", 64),
                "type_vocab": ("type_vocab_size", 4),
                "eps": ("layer_norm_eps", 1e-12),
            },
            {"vocab": 32000, "hidden": 768, "layers": 12, "ffn": 3072, "max_pos": 512},
            {
                "vocab": 600,
                "hidden": 96,
                "layers": 3,
                "ffn": 256,
                "max_pos": 128,
                "type_vocab": 2,
                "eps": 1e-5,
            },
            FNET,
        ),
        _b(
            "biogpt",
            "BioGptConfig",
            "BioGptForCausalLM",
            {
                "vocab": ("vocab_size", 600),
                "hidden": ("hidden_size", 64),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "ffn": ("intermediate_size", 256),
                "max_pos": ("max_position_embeddings", 64),
                "eps": ("layer_norm_eps", 1e-5),
            },
            {"vocab": 42384, "hidden": 1024, "layers": 24, "heads": 16, "ffn": 4096},
            {
                "vocab": 700,
                "hidden": 96,
                "layers": 3,
                "heads": 8,
                "ffn": 192,
                "max_pos": 128,
                "eps": 1e-12,
            },
            BIOGPT,
        ),
        _b(
            "ctrl",
            "CTRLConfig",
            "CTRLLMHeadModel",
            {
                "vocab": ("vocab_size", 700),
                "ctx": ("n_positions", 64),
                "d_model": ("n_embd", 64),
                "dff": ("dff", 256),
                "layers": ("n_layer", 2),
                "heads": ("n_head", 4),
                "eps": ("layer_norm_epsilon", 1e-6),
            },
            {"vocab": 246534, "d_model": 1280, "dff": 8192, "layers": 48, "heads": 16},
            {"vocab": 800, "d_model": 96, "dff": 192, "layers": 3, "heads": 8, "eps": 1e-5},
            CTRL,
        ),
        _b(
            "granitemoe",
            "GraniteMoeConfig",
            "GraniteMoeForCausalLM",
            {
                "vocab": ("vocab_size", 500),
                "hidden": ("hidden_size", 64),
                "ffn": ("intermediate_size", 96),
                "layers": ("num_hidden_layers", 2),
                "heads": ("num_attention_heads", 4),
                "kv_heads": ("num_key_value_heads", 2),
                "experts": ("num_local_experts", 4),
                "top_k": ("num_experts_per_tok", 2),
                "eps": ("rms_norm_eps", 1e-6),
            },
            {"vocab": 49155, "hidden": 1024, "ffn": 512, "layers": 24, "heads": 16},
            {
                "vocab": 600,
                "hidden": 128,
                "ffn": 128,
                "layers": 3,
                "heads": 8,
                "kv_heads": 1,
                "experts": 8,
                "top_k": 1,
                "eps": 1e-5,
            },
            GRANITEMOE,
        ),
    )
}
