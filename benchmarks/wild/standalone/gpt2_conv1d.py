"""GPT-2 written with the "Conv1D" projection (a transposed linear with its own Parameter), as in older repos."""

import math

import torch
import torch.nn as nn


class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        w = torch.empty(nx, nf)
        nn.init.normal_(w, std=0.02)
        self.weight = nn.Parameter(w)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(*size_out)


class Attention(nn.Module):
    def __init__(self, nx, n_ctx, n_head, scale=False):
        super().__init__()
        n_state = nx
        assert n_state % n_head == 0
        self.register_buffer("bias", torch.tril(torch.ones(n_ctx, n_ctx)).view(1, 1, n_ctx, n_ctx))
        self.n_head = n_head
        self.split_size = n_state
        self.scale = scale
        self.c_attn = Conv1D(n_state * 3, nx)
        self.c_proj = Conv1D(n_state, nx)

    def forward(self, x):
        q, k, v = self.c_attn(x).split(self.split_size, dim=2)
        B, T, C = q.shape
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        w = q @ k.transpose(-1, -2)
        if self.scale:
            w = w / math.sqrt(v.size(-1))
        w = w.masked_fill(self.bias[:, :, :T, :T] == 0, -1e4).softmax(-1)
        return self.c_proj((w @ v).transpose(1, 2).reshape(B, T, C))


class MLP(nn.Module):
    def __init__(self, n_state, nx):
        super().__init__()
        self.c_fc = Conv1D(n_state, nx)
        self.c_proj = Conv1D(nx, n_state)
        self.act = nn.GELU()

    def forward(self, x):
        return self.c_proj(self.act(self.c_fc(x)))


class Block(nn.Module):
    def __init__(self, n_ctx, config, scale=False):
        super().__init__()
        nx = config["n_embd"]
        self.ln_1 = nn.LayerNorm(nx, eps=config["layer_norm_epsilon"])
        self.attn = Attention(nx, n_ctx, config["n_head"], scale)
        self.ln_2 = nn.LayerNorm(nx, eps=config["layer_norm_epsilon"])
        self.mlp = MLP(4 * nx, nx)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT2LMHeadModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.wte = nn.Embedding(config["vocab_size"], config["n_embd"])
        self.wpe = nn.Embedding(config["n_positions"], config["n_embd"])
        self.h = nn.ModuleList([Block(config["n_ctx"], config, scale=True) for _ in range(config["n_layer"])])
        self.ln_f = nn.LayerNorm(config["n_embd"], eps=config["layer_norm_epsilon"])
        self.lm_head = nn.Linear(config["n_embd"], config["vocab_size"], bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, input_ids):
        pos = torch.arange(input_ids.size(-1), device=input_ids.device)
        h = self.wte(input_ids) + self.wpe(pos)
        for block in self.h:
            h = block(h)
        return self.lm_head(self.ln_f(h))


config = {"vocab_size": 500, "n_positions": 64, "n_ctx": 64, "n_embd": 64, "n_layer": 2, "n_head": 4}
config.update(layer_norm_epsilon=1e-5)
model = GPT2LMHeadModel(config)
