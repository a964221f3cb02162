"""GPT-J sized by a mesh-transformer-jax ``params`` JSON (the file GPT-J-6B was trained from:
``layers``, ``d_model``, ``n_heads``, ``n_vocab``, ``pe_rotary_dims``, ``seq`` beside the TPU
settings), read with ``json.loads``; the MLP is ``4 * d_model`` as in mesh-transformer-jax.
Rotary on interleaved pairs of only the first ``rotary_dim`` channels from a precomputed sin|cos
table, a parallel block (attention and MLP share one LayerNorm), bias-free q/k/v/out, and an
untied head with a bias."""

import json
import math
from argparse import Namespace

import torch
import torch.nn as nn
import torch.nn.functional as F

PARAMS_JSON = """{
  "layers": 2,
  "d_model": 64,
  "n_heads": 4,
  "n_vocab": 1000,
  "norm": "layernorm",
  "pe": "rotary",
  "pe_rotary_dims": 16,
  "seq": 256,
  "cores_per_replica": 8,
  "per_replica_batch": 1,
  "gradient_accumulation_steps": 16,
  "warmup_steps": 3000,
  "lr": 1.2e-4,
  "tpu_size": 256,
  "bucket": "neo-models",
  "model_dir": "mesh_jax_pile_6B_rotary"
}"""
LN_EPS = 1e-5

params = json.loads(PARAMS_JSON)
opt = Namespace(
    vocab=params["n_vocab"],
    n_positions=params["seq"],
    n_embd=params["d_model"],
    n_layer=params["layers"],
    n_head=params["n_heads"],
    rotary_dim=params["pe_rotary_dims"],
    n_inner=params["d_model"] * 4,
)


def sincos_table(n_pos, dim):
    inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
    ang = torch.einsum("i,j->ij", torch.arange(n_pos).float(), inv)
    return torch.cat((ang.sin(), ang.cos()), dim=1)


def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


class GPTJAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = opt.n_embd // opt.n_head
        self.q_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.k_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.v_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.out_proj = nn.Linear(opt.n_embd, opt.n_embd, bias=False)
        self.register_buffer(
            "embed_positions", sincos_table(opt.n_positions, opt.rotary_dim), persistent=False
        )

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, opt.n_head, self.hd)
        k = self.k_proj(x).view(b, t, opt.n_head, self.hd)
        v = self.v_proj(x).view(b, t, opt.n_head, self.hd).transpose(1, 2)
        sin, cos = self.embed_positions[:t].chunk(2, dim=-1)
        sin = sin.repeat_interleave(2, -1)[None, :, None]
        cos = cos.repeat_interleave(2, -1)[None, :, None]
        r = opt.rotary_dim
        q = torch.cat((q[..., :r] * cos + rotate_every_two(q[..., :r]) * sin, q[..., r:]), -1)
        k = torch.cat((k[..., :r] * cos + rotate_every_two(k[..., :r]) * sin, k[..., r:]), -1)
        q, k = q.transpose(1, 2), k.transpose(1, 2)
        s = (q @ k.transpose(-1, -2)) / math.sqrt(self.hd)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), torch.finfo(s.dtype).min)
        y = s.softmax(-1) @ v
        return self.out_proj(y.transpose(1, 2).reshape(b, t, -1))


class GPTJBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(opt.n_embd, eps=LN_EPS)
        self.attn = GPTJAttention()
        self.fc_in = nn.Linear(opt.n_embd, opt.n_inner)
        self.fc_out = nn.Linear(opt.n_inner, opt.n_embd)

    def forward(self, x):
        h = self.ln_1(x)
        return x + self.attn(h) + self.fc_out(F.gelu(self.fc_in(h), approximate="tanh"))


class GPTJ(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(opt.vocab, opt.n_embd)
        self.h = nn.ModuleList([GPTJBlock() for _ in range(opt.n_layer)])
        self.ln_f = nn.LayerNorm(opt.n_embd, eps=LN_EPS)
        self.lm_head = nn.Linear(opt.n_embd, opt.vocab)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
