"""Falcon-Mamba: a Mamba-1 stack (in-projection to x and z, a causal depthwise conv, a selective
scan with input-dependent dt / B / C, a gate) whose B, C and dt are RMS-normalised before the
scan (no weights), an RMSNorm before each mixer and after the stack, the head tied to the
embeddings. Sizes come from a Megatron-style process-global ``get_args()`` singleton filled
once by ``set_args``."""

import math

import torch
import torch.nn.functional as F
from torch import nn

_GLOBAL_ARGS = None


def set_args(**kwargs):
    global _GLOBAL_ARGS
    _GLOBAL_ARGS = type("Args", (), kwargs)()


def get_args():
    assert _GLOBAL_ARGS is not None, "set_args() was not called"
    return _GLOBAL_ARGS


set_args(
    padded_vocab_size=544,
    hidden_size=64,
    num_layers=3,
    d_state=8,
    d_conv=4,
    expand=2,
    layernorm_epsilon=1e-5,
    mixer_rms_eps=1e-6,
)


def rms(x, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * rms(x, get_args().layernorm_epsilon)


class FalconMambaMixer(nn.Module):
    def __init__(self):
        super().__init__()
        a = get_args()
        inner = a.expand * a.hidden_size
        self.dt_rank = math.ceil(a.hidden_size / 16)
        self.in_proj = nn.Linear(a.hidden_size, 2 * inner, bias=False)
        self.conv1d = nn.Conv1d(inner, inner, a.d_conv, groups=inner, padding=a.d_conv - 1)
        self.x_proj = nn.Linear(inner, self.dt_rank + 2 * a.d_state, bias=False)
        self.dt_proj = nn.Linear(self.dt_rank, inner)
        self.A_log = nn.Parameter(
            torch.log(torch.arange(1, a.d_state + 1).float()).repeat(inner, 1)
        )
        self.D = nn.Parameter(torch.ones(inner))
        self.out_proj = nn.Linear(inner, a.hidden_size, bias=False)

    def forward(self, h):
        a = get_args()
        t = h.shape[1]
        x, z = self.in_proj(h).transpose(1, 2).chunk(2, dim=1)
        x = F.silu(self.conv1d(x)[..., :t])
        dt, B, C = self.x_proj(x.transpose(1, 2)).split([self.dt_rank, a.d_state, a.d_state], -1)
        dt, B, C = rms(dt, a.mixer_rms_eps), rms(B, a.mixer_rms_eps), rms(C, a.mixer_rms_eps)
        dt = F.softplus(self.dt_proj(dt)).transpose(1, 2)
        A = -torch.exp(self.A_log.float())
        state = torch.zeros(x.shape[0], x.shape[1], a.d_state)
        ys = []
        for i in range(t):
            state = (
                torch.exp(A * dt[:, :, i, None]) * state
                + (dt[:, :, i, None] * B[:, None, i]) * x[:, :, i, None]
            )
            ys.append((state * C[:, None, i]).sum(-1))
        y = torch.stack(ys, -1) + x * self.D[None, :, None]
        return self.out_proj((y * F.silu(z)).transpose(1, 2))


class FalconMambaBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RMSNorm(get_args().hidden_size)
        self.mixer = FalconMambaMixer()

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class FalconMamba(nn.Module):
    def __init__(self):
        super().__init__()
        a = get_args()
        self.embeddings = nn.Embedding(a.padded_vocab_size, a.hidden_size)
        self.layers = nn.ModuleList(FalconMambaBlock() for _ in range(a.num_layers))
        self.norm_f = RMSNorm(a.hidden_size)

    def forward(self, ids):
        x = self.embeddings(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm_f(x) @ self.embeddings.weight.T
