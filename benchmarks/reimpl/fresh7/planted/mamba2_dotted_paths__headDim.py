"""Mamba-2: one in-projection producing z, x, B, C and dt (per head), a causal depthwise conv
over x|B|C, a chunk-free SSD recurrence with one scalar decay per head, a gated RMSNorm before
the out-projection, an untied head. The config is one nested dict read through dotted paths
(``cfg_get(CFG, "model.ssm.d_state")``, folded with ``functools.reduce``), as OmegaConf-style
configs are read."""

import functools

import torch
import torch.nn.functional as F
from torch import nn

CFG = {
    "model": {
        "d_model": 64,
        "n_layer": 2,
        "vocab_size": 560,
        "ssm": {"d_state": 16, "d_conv": 4, "expand": 2, "headdim": 32, "ngroups": 1},
        "norm_eps": 1e-5,
    },
    "optim": {"lr": 1e-3},
}


def cfg_get(cfg, path):
    return functools.reduce(lambda node, key: node[key], path.split("."), cfg)


class GatedRMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x, z):
        x = x * F.silu(z)
        return self.weight * (
            x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + cfg_get(CFG, "model.norm_eps"))
        )


class Mamba2Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        d = cfg_get(CFG, "model.d_model")
        self.n = cfg_get(CFG, "model.ssm.d_state")
        self.g = cfg_get(CFG, "model.ssm.ngroups")
        self.p = cfg_get(CFG, "model.ssm.headdim")
        self.inner = cfg_get(CFG, "model.ssm.expand") * d
        self.heads = self.inner // self.p
        k = cfg_get(CFG, "model.ssm.d_conv")
        conv_dim = self.inner + 2 * self.g * self.n
        self.in_proj = nn.Linear(d, 2 * self.inner + 2 * self.g * self.n + self.heads, bias=False)
        self.conv1d = nn.Conv1d(conv_dim, conv_dim, k, groups=conv_dim, padding=k - 1)
        self.dt_bias = nn.Parameter(torch.zeros(self.heads))
        self.A_log = nn.Parameter(torch.zeros(self.heads))
        self.D = nn.Parameter(torch.ones(self.heads))
        self.norm = GatedRMSNorm(self.inner)
        self.out_proj = nn.Linear(self.inner, d, bias=False)

    def forward(self, h):
        b, t, _ = h.shape
        z, xbc, dt = self.in_proj(h).split(
            [self.inner, self.inner + 2 * self.g * self.n, self.heads], -1
        )
        xbc = F.silu(self.conv1d(xbc.transpose(1, 2))[..., :t].transpose(1, 2))
        x, B, C = xbc.split([self.inner, self.g * self.n, self.g * self.n], -1)
        x = x.view(b, t, self.heads, self.p)
        dt = F.softplus(dt + self.dt_bias)
        A = -torch.exp(self.A_log)
        state = torch.zeros(b, self.heads, self.p, self.n)
        ys = []
        for i in range(t):
            decay = torch.exp(dt[:, i] * A)[:, :, None, None]
            state = (
                decay * state
                + (dt[:, i, :, None, None] * x[:, i, :, :, None]) * B[:, i, None, None, :]
            )
            ys.append((state * C[:, i, None, None, :]).sum(-1) + self.D[:, None] * x[:, i])
        y = torch.stack(ys, 1).reshape(b, t, self.inner)
        return self.out_proj(self.norm(y, z))


class Mamba2Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.RMSNorm(cfg_get(CFG, "model.d_model"), eps=cfg_get(CFG, "model.norm_eps"))
        self.mixer = Mamba2Mixer()

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class Mamba2LM(nn.Module):
    def __init__(self):
        super().__init__()
        d, v = cfg_get(CFG, "model.d_model"), cfg_get(CFG, "model.vocab_size")
        self.embeddings = nn.Embedding(v, d)
        self.layers = nn.ModuleList(Mamba2Block() for _ in range(cfg_get(CFG, "model.n_layer")))
        self.norm_f = nn.RMSNorm(d, eps=cfg_get(CFG, "model.norm_eps"))
        self.lm_head = nn.Linear(d, v, bias=False)

    def forward(self, ids):
        x = self.embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm_f(x))
