"""CodeGen port: the run's settings are the ``ENV`` lines of its Dockerfile (kept as a string),
split on ``=`` into the defaults the code reads (``os.environ`` still wins, as in the image);
the model-parallel fused qkv layout, rotary on interleaved pairs, a parallel block."""

import os

import torch
import torch.nn as nn
import torch.nn.functional as F

DOCKERFILE = """\
FROM nvcr.io/nvidia/pytorch:24.05-py3
WORKDIR /workspace
ENV CG_VOCAB=600
ENV CG_N_EMBD=64
ENV CG_N_LAYER=2
ENV CG_N_HEAD=4
ENV CG_ROTARY_DIM=8
ENV CG_N_INNER=192
ENV CG_N_CTX=256
ENV CG_LN_EPS=1e-5
COPY . .
CMD ["python", "train.py"]
"""
ENV = dict(
    line.removeprefix("ENV ").split("=", 1)
    for line in DOCKERFILE.splitlines()
    if line.startswith("ENV ")
)


def setting(name, cast=int):
    return cast(os.environ.get(name, ENV[name]))


MP_NUM = 4


def rotate_every_two(x):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack((-x2, x1), dim=-1).flatten(-2)


class CodeGenAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.d = setting("CG_N_EMBD")
        self.nh = setting("CG_N_HEAD")
        self.hd = self.d // self.nh
        self.rotary_dim = setting("CG_ROTARY_DIM")
        self.qkv_proj = nn.Linear(self.d, 3 * self.d, bias=False)
        self.out_proj = nn.Linear(self.d, self.d, bias=False)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.qkv_proj(x).view(b, t, MP_NUM, -1)
        local = d // MP_NUM
        q, v, k = torch.split(qkv, local, dim=-1)
        q, k, v = (z.reshape(b, t, self.nh, self.hd) for z in (q, k, v))
        r = self.rotary_dim
        inv = 1.0 / 10000 ** (torch.arange(0, r, 2).float() / r)
        ang = torch.outer(torch.arange(t).float(), inv).repeat_interleave(2, -1)[:, None]
        q = torch.cat(
            [q[..., :r] * ang.cos() + rotate_every_two(q[..., :r]) * ang.sin(), q[..., r:]], -1
        )
        k = torch.cat(
            [k[..., :r] * ang.cos() + rotate_every_two(k[..., :r]) * ang.sin(), k[..., r:]], -1
        )
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True
        )
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class CodeGenBlock(nn.Module):
    def __init__(self):
        super().__init__()
        d, inner = setting("CG_N_EMBD"), setting("CG_N_INNER")
        self.ln_1 = nn.LayerNorm(d, eps=setting("CG_LN_EPS", float))
        self.attn = CodeGenAttention()
        self.fc_in = nn.Linear(d, inner)
        self.fc_out = nn.Linear(inner, d)

    def forward(self, x):
        h = self.ln_1(x)
        return x + self.attn(h) + self.fc_out(F.gelu(self.fc_in(h), approximate="tanh"))


class CodeGen(nn.Module):
    def __init__(self):
        super().__init__()
        d, vocab = setting("CG_N_EMBD"), setting("CG_VOCAB")
        self.wte = nn.Embedding(vocab, d)
        self.h = nn.ModuleList([CodeGenBlock() for _ in range(setting("CG_N_LAYER"))])
        self.ln_f = nn.LayerNorm(d, eps=setting("CG_LN_EPS", float))
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
