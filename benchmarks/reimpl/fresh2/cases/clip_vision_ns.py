"""CLIP image tower: the settings are a nested dict turned into nested SimpleNamespaces by a
small recursive helper, attention by SDPA with the head count read off a property, quick-GELU,
a class embedding vector, a bias-free conv patch embedding, pre- and post-LN."""

from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = {
    "image": {"size": 32, "patch": 8, "channels": 3},
    "width": 64,
    "layers": 2,
    "heads": 4,
    "mlp": 128,
    "eps": 1e-5,
}


def to_ns(d):
    return SimpleNamespace(**{k: to_ns(v) if isinstance(v, dict) else v for k, v in d.items()})


S = to_ns(SETTINGS)


class QuickGELU(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(1.702 * x)


class VisionAttention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s
        self.q_proj = nn.Linear(s.width, s.width)
        self.k_proj = nn.Linear(s.width, s.width)
        self.v_proj = nn.Linear(s.width, s.width)
        self.out_proj = nn.Linear(s.width, s.width)

    @property
    def num_heads(self):
        return self.s.heads

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, self.num_heads, d // self.num_heads).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class ResidualAttentionBlock(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.ln_1 = nn.LayerNorm(s.width, eps=s.eps)
        self.attn = VisionAttention(s)
        self.ln_2 = nn.LayerNorm(s.width, eps=s.eps)
        self.mlp = nn.Sequential(nn.Linear(s.width, s.mlp), QuickGELU(), nn.Linear(s.mlp, s.width))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class ImageTower(nn.Module):
    def __init__(self, s=S):
        super().__init__()
        grid = s.image.size // s.image.patch
        self.conv1 = nn.Conv2d(s.image.channels, s.width, s.image.patch, s.image.patch, bias=False)
        self.class_embedding = nn.Parameter(torch.randn(s.width) * s.width**-0.5)
        self.positional_embedding = nn.Parameter(torch.randn(grid * grid + 1, s.width) * 0.02)
        self.ln_pre = nn.LayerNorm(s.width, eps=s.eps)
        self.transformer = nn.ModuleList([ResidualAttentionBlock(s) for _ in range(s.layers)])
        self.ln_post = nn.LayerNorm(s.width, eps=s.eps)

    def forward(self, img):
        x = self.conv1(img).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        x = self.ln_pre(torch.cat([cls, x], 1) + self.positional_embedding)
        for blk in self.transformer:
            x = blk(x)
        return self.ln_post(x[:, 0])
