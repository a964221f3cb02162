"""DiffLlama (differential attention), reproduced from a Weights & Biases run: the sizes are the
run's ``config.yaml`` as wandb writes it (each key a block with ``desc`` and ``value``), read
here line by line into a namespace. Two softmax maps per head pair, subtracted with a learned
lambda (four head_dim vectors per layer) and a per-layer lambda_init; a weightless RMSNorm over
the doubled head width."""

import ast
import math
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn

WANDB_CONFIG_YAML = """
wandb_version: 1

_wandb:
  desc: null
  value:
    python_version: 3.11.9
vocab:
  desc: null
  value: 512
width:
  desc: null
  value: 96
ffn:
  desc: null
  value: 192
depth:
  desc: null
  value: 3
heads:
  desc: null
  value: 4
kv_heads:
  desc: null
  value: 2
theta:
  desc: null
  value: 10000.0
eps:
  desc: null
  value: 1.0e-05
"""


def read_wandb_config(text):
    out, key = {}, None
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            key = line[:-1]
        elif key and line.startswith("  value: "):
            out[key] = ast.literal_eval(line.removeprefix("  value: "))
    return out


class DiffConfig(SimpleNamespace):
    """The run's configuration: wandb's values as attributes."""


CFG = DiffConfig(**read_wandb_config(WANDB_CONFIG_YAML))
CFG.head_dim = CFG.width // CFG.heads


def rope(x):
    d = x.shape[-1]
    inv = CFG.theta ** (-torch.arange(0, d, 2).float() / d)
    a = torch.arange(x.shape[-2]).float()[:, None] * inv
    a = torch.cat([a, a], -1)
    h = d // 2
    return x * a.cos() + torch.cat([-x[..., h:], x[..., :h]], -1) * a.sin()


class DiffAttention(nn.Module):
    def __init__(self, layer_idx):
        super().__init__()
        hd = CFG.head_dim
        self.lambda_init = 0.8 - 0.6 * math.exp(-0.3 * layer_idx)
        self.q_proj = nn.Linear(CFG.width, CFG.heads * hd, bias=False)
        self.k_proj = nn.Linear(CFG.width, CFG.kv_heads * hd, bias=False)
        self.v_proj = nn.Linear(CFG.width, CFG.kv_heads * hd, bias=False)
        self.o_proj = nn.Linear(CFG.heads * hd, CFG.width, bias=False)
        self.lambda_q1 = nn.Parameter(torch.zeros(hd))
        self.lambda_k1 = nn.Parameter(torch.zeros(hd))
        self.lambda_q2 = nn.Parameter(torch.zeros(hd))
        self.lambda_k2 = nn.Parameter(torch.zeros(hd))
        self.sub_norm = nn.RMSNorm(2 * hd, eps=CFG.eps, elementwise_affine=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd, rep = CFG.head_dim, CFG.heads // CFG.kv_heads
        q = rope(self.q_proj(x).view(b, t, -1, hd).transpose(1, 2))
        k = rope(self.k_proj(x).view(b, t, -1, hd).transpose(1, 2)).repeat_interleave(rep, 1)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        v1, v2 = (part.repeat(1, 2, 1, 1).repeat_interleave(rep, 1) for part in v.chunk(2, 1))
        o1 = F.scaled_dot_product_attention(q, k, v1, is_causal=True)
        o2 = F.scaled_dot_product_attention(q, k, v2, is_causal=True)
        o = torch.cat([o1, o2], -1).transpose(1, 2)  # b t heads 2*hd
        a, c = o.chunk(2, 2)
        lam = (
            torch.exp((self.lambda_q1 * self.lambda_k1).sum())
            - torch.exp((self.lambda_q2 * self.lambda_k2).sum())
            + self.lambda_init
        )
        o = (1 - self.lambda_init) * self.sub_norm(a - lam * c)
        return self.o_proj(o.reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(CFG.width, eps=CFG.eps)
        self.self_attn = DiffAttention(i)
        self.post_attention_layernorm = nn.RMSNorm(CFG.width, eps=CFG.eps)
        self.gate_proj = nn.Linear(CFG.width, CFG.ffn, bias=False)
        self.up_proj = nn.Linear(CFG.width, CFG.ffn, bias=False)
        self.down_proj = nn.Linear(CFG.ffn, CFG.width, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class DiffLlama(nn.Module):
    def __init__(self, cfg: DiffConfig = CFG):
        super().__init__()
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.width)
        self.layers = nn.ModuleList(Layer(i) for i in range(cfg.depth))
        self.norm = nn.RMSNorm(cfg.width, eps=cfg.eps)
        self.lm_head = nn.Linear(cfg.width, cfg.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
