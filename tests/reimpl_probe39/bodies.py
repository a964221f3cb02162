"""Model bodies of the reimplfix39a clean-port hunt whose construct is in the model itself
(written for this probe): blocks made by ``functools.partial`` with a head tied through a
property (Llama), ``nn.MultiheadAttention`` with ``kdim`` / ``vdim`` given (BERT). Sizes come
through ``@key@`` placeholders a style fills (``styles.py``); keys as reimplfix38's bodies."""

from __future__ import annotations

from tests.reimpl_probe38.bodies import BERT, LLAMA, Body

LLAMA_PARTIAL = Body(
    code="""import math
from functools import partial

import torch
import torch.nn.functional as F
from torch import nn

#@CONFIG@


class RMS(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Decoder(nn.Module):
    def __init__(self, idx, *, width, heads, kv_heads, ffn, eps):
        super().__init__()
        self.idx, self.h, self.kv, self.hd = idx, heads, kv_heads, width // heads
        self.pre_attn = RMS(width, eps)
        self.wq = nn.Linear(width, heads * self.hd, bias=False)
        self.wkv = nn.Linear(width, 2 * kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(heads * self.hd, width, bias=False)
        self.pre_mlp = RMS(width, eps)
        self.w13 = nn.Linear(width, 2 * ffn, bias=False)
        self.w2 = nn.Linear(ffn, width, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.pre_attn(x)
        q = self.wq(h).view(b, t, self.h, self.hd).transpose(1, 2)
        k, v = self.wkv(h).view(b, t, 2, self.kv, self.hd).unbind(2)
        k, v = k.transpose(1, 2), v.transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        g, u = self.w13(self.pre_mlp(x)).chunk(2, dim=-1)
        return x + self.w2(F.silu(g) * u)


class LlamaLM(nn.Module):
    def __init__(self):
        super().__init__()
        make = partial(
            Decoder, width=@hidden@, heads=@heads@, kv_heads=@kv_heads@, ffn=@inter@, eps=@eps@
        )
        self.tok = nn.Embedding(@vocab@, @hidden@)
        self.blocks = nn.ModuleList(make(i) for i in range(@layers@))
        self.final = RMS(@hidden@, @eps@)

    @property
    def unembed(self):
        return self.tok.weight

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return F.linear(self.final(x), self.unembed)
""",
    keys=LLAMA.keys,
    plants={},
    hf_config="LlamaConfig",
    hf_model="LlamaForCausalLM",
    hf_extra={"tie_word_embeddings": True},
)

BERT_MHA = Body(
    code="""import math

import torch
import torch.nn.functional as F
from torch import nn

#@CONFIG@


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = @hidden@, @inter@
        self.mha = nn.MultiheadAttention(
            d, @heads@, kdim=d, vdim=d, batch_first=True, bias=True
        )
        self.ln1 = nn.LayerNorm(d, eps=@eps@)
        self.ff = nn.Sequential(nn.Linear(d, f), nn.GELU(), nn.Linear(f, d))
        self.ln2 = nn.LayerNorm(d, eps=@eps@)

    def forward(self, x):
        x = self.ln1(x + self.mha(x, x, x, need_weights=False)[0])
        return self.ln2(x + self.ff(x))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = @hidden@
        self.word = nn.Embedding(@vocab@, d)
        self.pos = nn.Embedding(@positions@, d)
        self.tok_type = nn.Embedding(2, d)
        self.ln = nn.LayerNorm(d, eps=@eps@)
        self.layers = nn.ModuleList(Layer() for _ in range(@layers@))
        self.pool = nn.Linear(d, d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.ln(self.word(ids) + self.pos(pos)[None] + self.tok_type(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pool(x[:, 0]))
""",
    keys=BERT.keys,
    plants={},
    hf_config="BertConfig",
    hf_model="BertModel",
)

BODIES39 = {"llama_partial": LLAMA_PARTIAL, "bert_mha": BERT_MHA}
