"""Llama (tiny) whose module classes are made at import with ``type(name, bases, namespace)``
from plain functions, as code generated from a layer table does. Sizes are module constants;
the output head shares the embedding matrix."""

import torch
import torch.nn.functional as F
from torch import nn

N_VOCAB = 768
N_EMBD = 96
N_LAYER = 2
N_HEAD = 6
N_KV_HEAD = 2
N_FF = 256
NORM_EPS = 1e-5


def _norm_init(self, d):
    nn.Module.__init__(self)
    self.weight = nn.Parameter(torch.ones(d))


def _norm_forward(self, x):
    return F.rms_norm(x, (x.shape[-1],), self.weight, NORM_EPS)


def _attn_init(self):
    nn.Module.__init__(self)
    hd = N_EMBD // N_HEAD
    self.q_proj = nn.Linear(N_EMBD, N_HEAD * hd, bias=False)
    self.k_proj = nn.Linear(N_EMBD, N_KV_HEAD * hd, bias=False)
    self.v_proj = nn.Linear(N_EMBD, N_KV_HEAD * hd, bias=False)
    self.o_proj = nn.Linear(N_HEAD * hd, N_EMBD, bias=False)


def _attn_forward(self, x):
    b, t, _ = x.shape
    q = self.q_proj(x).view(b, t, N_HEAD, -1).transpose(1, 2)
    k = self.k_proj(x).view(b, t, N_KV_HEAD, -1).transpose(1, 2)
    v = self.v_proj(x).view(b, t, N_KV_HEAD, -1).transpose(1, 2)
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
    return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


def _mlp_init(self):
    nn.Module.__init__(self)
    self.gate_proj = nn.Linear(N_EMBD, N_FF, bias=False)
    self.up_proj = nn.Linear(N_EMBD, N_FF, bias=False)
    self.down_proj = nn.Linear(N_FF, N_EMBD, bias=False)


def _mlp_forward(self, x):
    return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


def _layer_init(self):
    nn.Module.__init__(self)
    self.input_layernorm = RMSNorm(N_EMBD)
    self.self_attn = Attention()
    self.post_attention_layernorm = RMSNorm(N_EMBD)
    self.mlp = MLP()


def _layer_forward(self, x):
    x = x + self.self_attn(self.input_layernorm(x))
    return x + self.mlp(self.post_attention_layernorm(x))


RMSNorm = type("RMSNorm", (nn.Module,), {"__init__": _norm_init, "forward": _norm_forward})
Attention = type("Attention", (nn.Module,), {"__init__": _attn_init, "forward": _attn_forward})
MLP = type("MLP", (nn.Module,), {"__init__": _mlp_init, "forward": _mlp_forward})
DecoderLayer = type(
    "DecoderLayer", (nn.Module,), {"__init__": _layer_init, "forward": _layer_forward}
)


class LlamaTied(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(N_VOCAB, N_EMBD)
        self.layers = nn.ModuleList(DecoderLayer() for _ in range(N_LAYER))
        self.norm = RMSNorm(N_EMBD)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.norm(x), self.embed_tokens.weight)
