"""TIPSv2's text encoder (no learned position table: fixed sinusoids; ReLU MLP); sizes come
from the command line our export script was run with, split by ``shlex`` and parsed again."""

import argparse
import math
import shlex

import torch
import torch.nn as nn

CMD = "export.py --vocab 320 --width 64 --layers 2 --heads 4 --mlp 128 --max-len 32"
_ap = argparse.ArgumentParser()
for flag in ("--vocab", "--width", "--layers", "--heads", "--mlp", "--max-len"):
    _ap.add_argument(flag, type=int)
ARGS = _ap.parse_args(shlex.split(CMD)[1:])


def sinusoids(n, d):
    pos = torch.arange(n).float()[:, None]
    inv = torch.exp(torch.arange(0, d, 2).float() * (-math.log(10000.0) / d))
    out = torch.zeros(n, d)
    out[:, 0::2], out[:, 1::2] = torch.sin(pos * inv), torch.cos(pos * inv)
    return out


class EncoderLayer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.self_attn = nn.ModuleDict(
            {n: nn.Linear(a.width, a.width) for n in ("q_proj", "k_proj", "v_proj", "out_proj")}
        )
        self.layer_norm1 = nn.LayerNorm(a.width, eps=1e-5)
        self.fc1, self.fc2 = nn.Linear(a.width, a.mlp), nn.Linear(a.mlp, a.width)
        self.layer_norm2 = nn.LayerNorm(a.width, eps=1e-5)
        self.heads = a.heads

    def forward(self, x):
        b, t, d = x.shape
        a, h = self.self_attn, self.layer_norm1(x)
        q, k, v = (
            a[n](h).view(b, t, self.heads, -1).transpose(1, 2)
            for n in ("q_proj", "k_proj", "v_proj")
        )
        w = (q @ k.transpose(-1, -2) / math.sqrt(d // self.heads)).softmax(-1)
        x = x + a["out_proj"]((w @ v).transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(torch.relu(self.fc1(self.layer_norm2(x))))


class TipsText(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.token_embedding = nn.Embedding(a.vocab, a.width)
        self.register_buffer("pos", sinusoids(a.max_len, a.width), persistent=False)
        self.layers = nn.ModuleList(EncoderLayer(a) for _ in range(a.layers))
        self.final_layer_norm = nn.LayerNorm(a.width, eps=1e-5)
        self.scale = math.sqrt(a.width)

    def forward(self, ids):
        x = self.token_embedding(ids) * self.scale + self.pos[: ids.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return self.final_layer_norm(x)
