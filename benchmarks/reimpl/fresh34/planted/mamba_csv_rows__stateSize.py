"""Mamba (selective state-space) language model, plain PyTorch, sequential scan.

Hyper-parameters are a small CSV table (name, type, value) exported from the sweep sheet.
"""

import csv
import io

import torch
import torch.nn as nn
import torch.nn.functional as F

TABLE = """name,type,value
vocab,int,512
d_model,int,64
d_state,int,16
n_layer,int,2
expand,int,2
d_conv,int,4
dt_rank,int,8
norm_eps,float,1e-5
tie_embeddings,bool,1
"""
_CAST = {"int": int, "float": float, "bool": lambda s: bool(int(s))}
H = {row["name"]: _CAST[row["type"]](row["value"]) for row in csv.DictReader(io.StringIO(TABLE))}
D_INNER = H["expand"] * H["d_model"]


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class SelectiveSSM(nn.Module):
    def __init__(self):
        super().__init__()
        n = H["d_state"]
        self.in_proj = nn.Linear(H["d_model"], 2 * D_INNER, bias=False)
        self.conv = nn.Conv1d(
            D_INNER, D_INNER, H["d_conv"], groups=D_INNER, padding=H["d_conv"] - 1, bias=True
        )
        self.x_proj = nn.Linear(D_INNER, H["dt_rank"] + 2 * n, bias=False)
        self.dt_proj = nn.Linear(H["dt_rank"], D_INNER, bias=True)
        a = torch.arange(1, n + 1, dtype=torch.float32).repeat(D_INNER, 1)
        self.A_log = nn.Parameter(torch.log(a))
        self.D = nn.Parameter(torch.ones(D_INNER))
        self.out_proj = nn.Linear(D_INNER, H["d_model"], bias=False)

    def forward(self, x):
        L = x.shape[1]
        u, z = self.in_proj(x).chunk(2, dim=-1)
        u = F.silu(self.conv(u.transpose(1, 2))[..., :L]).transpose(1, 2)  # (B, L, D)
        dt, Bm, Cm = self.x_proj(u).split([H["dt_rank"], H["d_state"], H["d_state"]], dim=-1)
        delta = F.softplus(self.dt_proj(dt))  # (B, L, D)
        A = -torch.exp(self.A_log)  # (D, N)
        state = x.new_zeros(x.shape[0], D_INNER, H["d_state"])
        ys = []
        for t in range(L):
            decay = torch.exp(delta[:, t, :, None] * A)
            state = decay * state + delta[:, t, :, None] * Bm[:, t, None, :] * u[:, t, :, None]
            ys.append(torch.einsum("bdn,bn->bd", state, Cm[:, t]))
        y = torch.stack(ys, dim=1) + u * self.D
        return self.out_proj(y * F.silu(z))


class ResidualBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNorm(H["d_model"], H["norm_eps"])
        self.mixer = SelectiveSSM()

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class MambaLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(H["vocab"], H["d_model"])
        self.layers = nn.ModuleList([ResidualBlock() for _ in range(H["n_layer"])])
        self.norm_f = RMSNorm(H["d_model"], H["norm_eps"])
        if not H["tie_embeddings"]:
            self.lm_head = nn.Linear(H["d_model"], H["vocab"], bias=False)

    def forward(self, ids):
        x = self.embedding(ids)
        for layer in self.layers:
            x = layer(x)
        x = self.norm_f(x)
        w = self.embedding.weight if H["tie_embeddings"] else self.lm_head.weight
        return F.linear(x, w)
