"""AFM-4.5B (Arcee) reproduction: Llama-shaped attention with a squared-ReLU MLP.

The frozen hyper-parameter table is a read-only MappingProxyType so no module can edit it.
"""

from types import MappingProxyType

import torch
import torch.nn as nn

HPARAMS = MappingProxyType(
    {
        "n_vocab": 656,
        "n_embd": 64,
        "n_inner": 224,
        "n_layer": 3,
        "n_head": 8,
        "n_head_kv": 2,
        "rope_freq_base": 10000.0,
        "rms_eps": 0.1,
    }
)
HD = HPARAMS["n_embd"] // HPARAMS["n_head"]


class RootMeanSquare(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(HPARAMS["n_embd"]))

    def forward(self, x):
        rms = x.float().pow(2).mean(-1, keepdim=True).add(HPARAMS["rms_eps"]).sqrt()
        return self.scale * (x.float() / rms).type_as(x)


def rope(x, pos):
    inv = HPARAMS["rope_freq_base"] ** (-torch.arange(0, HD, 2, device=x.device) / HD)
    theta = pos.float()[:, None] * inv[None, :].float()
    c, s = theta.cos().repeat(1, 2), theta.sin().repeat(1, 2)
    x_swapped = torch.cat([-x[..., HD // 2 :], x[..., : HD // 2]], dim=-1)
    return x * c + x_swapped * s


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        n, kv = HPARAMS["n_head"], HPARAMS["n_head_kv"]
        self.to_q = nn.Linear(HPARAMS["n_embd"], n * HD, bias=False)
        self.to_k = nn.Linear(HPARAMS["n_embd"], kv * HD, bias=False)
        self.to_v = nn.Linear(HPARAMS["n_embd"], kv * HD, bias=False)
        self.to_out = nn.Linear(n * HD, HPARAMS["n_embd"], bias=False)

    def forward(self, x):
        B, T, _ = x.shape
        n, kv = HPARAMS["n_head"], HPARAMS["n_head_kv"]
        pos = torch.arange(T, device=x.device)
        q = rope(self.to_q(x).view(B, T, n, HD).transpose(1, 2), pos)
        k = rope(self.to_k(x).view(B, T, kv, HD).transpose(1, 2), pos)
        v = self.to_v(x).view(B, T, kv, HD).transpose(1, 2)
        idx = torch.arange(n, device=x.device) // (n // kv)
        k, v = k[:, idx], v[:, idx]
        w = (q @ k.transpose(-2, -1)) * HD**-0.5
        causal = torch.tril(torch.ones(T, T, device=x.device)).bool()
        w = w.masked_fill(~causal, torch.finfo(w.dtype).min).softmax(-1)
        return self.to_out((w @ v).transpose(1, 2).reshape(B, T, n * HD))


class ReluSquaredMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(HPARAMS["n_embd"], HPARAMS["n_inner"], bias=False)
        self.down = nn.Linear(HPARAMS["n_inner"], HPARAMS["n_embd"], bias=False)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)).square())


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rms_1 = RootMeanSquare()
        self.attn = Attn()
        self.rms_2 = RootMeanSquare()
        self.mlp = ReluSquaredMLP()

    def forward(self, x):
        x = x + self.attn(self.rms_1(x))
        return x + self.mlp(self.rms_2(x))


class ArceeLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(HPARAMS["n_vocab"], HPARAMS["n_embd"])
        self.decoders = nn.ModuleList([Decoder() for _ in range(HPARAMS["n_layer"])])
        self.rms_f = RootMeanSquare()
        self.unembed = nn.Linear(HPARAMS["n_embd"], HPARAMS["n_vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for d in self.decoders:
            x = d(x)
        return self.unembed(self.rms_f(x))
