"""GPT-2 as in the original TF port: Conv1D [in, out] kernels, sizes from a hparams.json string."""

import json

import torch
import torch.nn as nn
import torch.nn.functional as F

HPARAMS_JSON = '{"n_vocab": 512, "n_ctx": 128, "n_embd": 64, "n_head": 4, "n_layer": 3}'
hparams = json.loads(HPARAMS_JSON)


class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        return torch.addmm(self.bias, x.reshape(-1, x.shape[-1]), self.weight).view(
            *x.shape[:-1], -1
        )


class Block(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.n_head = n_head
        self.ln_1 = nn.LayerNorm(n_embd)
        self.c_attn = Conv1D(3 * n_embd, n_embd)
        self.c_proj = Conv1D(n_embd, n_embd)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.c_fc = Conv1D(4 * n_embd, n_embd)
        self.mlp_proj = Conv1D(n_embd, 4 * n_embd)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(c, -1)
        q, k, v = (z.view(b, t, self.n_head, -1).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(y.transpose(1, 2).reshape(b, t, c))
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT2(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(hparams["n_vocab"], hparams["n_embd"])
        self.wpe = nn.Embedding(hparams["n_ctx"], hparams["n_embd"])
        self.h = nn.ModuleList(
            Block(hparams["n_embd"], hparams["n_head"]) for _ in range(hparams["n_layer"])
        )
        self.ln_f = nn.LayerNorm(hparams["n_embd"])

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x) @ self.wte.weight.T
