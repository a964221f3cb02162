"""VideoMAE (Tong et al., 2022), the encoder: 2x16x16 "tubelet" patches cut by a 3-D conv, a
fixed sinusoid table (interleaved sin/cos, not learned) added to them, pre-norm layers whose
attention uses the original repository's layout (one bias-free qkv Linear plus separate query
and value biases, the key unbiased), no final norm (mean pooling happens downstream). Sizes
live in a ``collections.UserDict`` that checks each value as it is set."""

from collections import UserDict

import torch
import torch.nn.functional as F
from torch import nn


class Sizes(UserDict):
    def __setitem__(self, key, value):
        if not isinstance(value, (int, float)) or value <= 0:
            raise ValueError(f"{key} must be a positive number")
        super().__setitem__(key, value)


S = Sizes(frames=4, tubelet=2, image=32, patch=16, width=64, depth=3, heads=4, mlp=256, eps=1e-12)


def sinusoid_table(n, d):
    pos = torch.arange(n, dtype=torch.float64)[:, None]
    j = torch.arange(d, dtype=torch.float64)[None, :]
    angle = pos / torch.pow(10000.0, 2 * (j // 2) / d)
    angle[:, 0::2] = angle[:, 0::2].sin()
    angle[:, 1::2] = angle[:, 1::2].cos()
    return angle.float()[None]


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        w = S["width"]
        self.norm1 = nn.LayerNorm(w, eps=S["eps"])
        self.qkv = nn.Linear(w, 3 * w, bias=False)
        self.q_bias = nn.Parameter(torch.zeros(w))
        self.v_bias = nn.Parameter(torch.zeros(w))
        self.proj = nn.Linear(w, w)
        self.norm2 = nn.LayerNorm(w, eps=S["eps"])
        self.fc1 = nn.Linear(w, S["mlp"])
        self.fc2 = nn.Linear(S["mlp"], w)

    def forward(self, x):
        b, n, w = x.shape
        bias = torch.cat([self.q_bias, torch.zeros_like(self.q_bias), self.v_bias])
        qkv = F.linear(self.norm1(x), self.qkv.weight, bias)
        q, k, v = qkv.view(b, n, 3, S["heads"], -1).permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, w)
        x = x + self.proj(a)
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class VideoMAE(nn.Module):
    def __init__(self):
        super().__init__()
        t, p = S["tubelet"], S["patch"]
        n = (S["frames"] // t) * (S["image"] // p) ** 2
        self.tubelets = nn.Conv3d(3, S["width"], (t, p, p), stride=(t, p, p))
        self.register_buffer("pos", sinusoid_table(n, S["width"]), persistent=False)
        self.blocks = nn.ModuleList(Block() for _ in range(S["depth"]))

    def forward(self, video):
        x = self.tubelets(video.permute(0, 2, 1, 3, 4)).flatten(2).transpose(1, 2) + self.pos
        for blk in self.blocks:
            x = blk(x)
        return x
