"""DINOv3 ViT (tiny, gated MLP variant) whose sizes are two parallel lists zipped into a dict,
``dict(zip(NAMES, VALUES))``, as when they are read from two columns of a results table."""

import math

import torch
import torch.nn.functional as F
from torch import nn

NAMES = ["patch", "width", "depth", "heads", "mlp", "registers"]
VALUES = [16, 96, 2, 6, 256, 2]
S = dict(zip(NAMES, VALUES, strict=True))


class GatedMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(S["width"], S["mlp"])
        self.up_proj = nn.Linear(S["width"], S["mlp"])
        self.down_proj = nn.Linear(S["mlp"], S["width"])

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LayerScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.lambda1 = nn.Parameter(torch.ones(S["width"]))

    def forward(self, x):
        return x * self.lambda1


class ViTLayer(nn.Module):
    def __init__(self):
        super().__init__()
        w = S["width"]
        self.norm1 = nn.LayerNorm(w, eps=1e-5)
        self.q_proj = nn.Linear(w, w)
        self.k_proj = nn.Linear(w, w, bias=False)
        self.v_proj = nn.Linear(w, w)
        self.o_proj = nn.Linear(w, w)
        self.layer_scale1 = LayerScale()
        self.norm2 = nn.LayerNorm(w, eps=1e-5)
        self.mlp = GatedMLP()
        self.layer_scale2 = LayerScale()

    def forward(self, x):
        b, n, w = x.shape
        h = self.norm1(x)
        q, k, v = (
            p(h).view(b, n, S["heads"], -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        a = (q @ k.transpose(-1, -2) / math.sqrt(w // S["heads"])).softmax(-1) @ v
        x = x + self.layer_scale1(self.o_proj(a.transpose(1, 2).reshape(b, n, w)))
        return x + self.layer_scale2(self.mlp(self.norm2(x)))


class DINOv3Gated(nn.Module):
    def __init__(self):
        super().__init__()
        w = S["width"]
        self.cls_token = nn.Parameter(torch.zeros(1, 1, w))
        self.mask_token = nn.Parameter(torch.zeros(1, 1, w))
        self.register_tokens = nn.Parameter(torch.zeros(1, S["registers"], w))
        self.patch_embeddings = nn.Conv2d(3, w, S["patch"], stride=S["patch"])
        self.layer = nn.ModuleList([ViTLayer() for _ in range(S["depth"])])
        self.norm = nn.LayerNorm(w, eps=1e-5)

    def forward(self, pixels):
        x = self.patch_embeddings(pixels).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat(
            [self.cls_token.expand(b, -1, -1), self.register_tokens.expand(b, -1, -1), x], 1
        )
        for layer in self.layer:
            x = layer(x)
        return self.norm(x)
