"""data2vec-vision (BEiT-style backbone), from the paper: a cls token without absolute
positions, pre-norm layers whose attention has a query and value bias but no key bias, both
branches scaled by a learned per-channel LayerScale (``lambda_1``, ``lambda_2``), no final norm
(the paper mean-pools instead). Sizes are a dataclass with an ``InitVar`` (the patch grid is
derived in ``__post_init__`` from the image size and then the image size is not kept)."""

from dataclasses import InitVar, dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Sizes:
    image_size: InitVar[int] = 32
    patch: int = 8
    width: int = 64
    depth: int = 2
    heads: int = 4
    mlp: int = 256
    layer_scale: float = 0.1
    eps: float = 1e-12
    grid: int = field(init=False)

    def __post_init__(self, image_size):
        self.grid = image_size // self.patch


S = Sizes()


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        w = S.width
        self.layernorm_before = nn.LayerNorm(w, eps=S.eps)
        self.query = nn.Linear(w, w)
        self.key = nn.Linear(w, w, bias=False)
        self.value = nn.Linear(w, w)
        self.attn_out = nn.Linear(w, w)
        self.lambda_1 = nn.Parameter(S.layer_scale * torch.ones(w))
        self.layernorm_after = nn.LayerNorm(w, eps=S.eps)
        self.fc1 = nn.Linear(w, S.mlp)
        self.fc2 = nn.Linear(S.mlp, w)
        self.lambda_2 = nn.Parameter(S.layer_scale * torch.ones(w))

    def forward(self, x):
        b, n, w = x.shape
        h = self.layernorm_before(x)
        q, k, v = (
            f(h).view(b, n, S.heads, -1).transpose(1, 2) for f in (self.query, self.key, self.value)
        )
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, w)
        x = x + self.lambda_1 * self.attn_out(a)
        return x + self.lambda_2 * self.fc2(F.gelu(self.fc1(self.layernorm_after(x))))


class Data2VecVision(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls_token = nn.Parameter(torch.zeros(1, 1, S.width))
        self.patchify = nn.Conv2d(3, S.width, kernel_size=S.patch, stride=S.patch)
        self.layers = nn.ModuleList(Layer() for _ in range(S.depth))

    def forward(self, pixels):
        x = self.patchify(pixels).flatten(2).transpose(1, 2)
        assert x.shape[1] == S.grid * S.grid
        x = torch.cat([self.cls_token.expand(len(x), -1, -1), x], dim=1)
        for layer in self.layers:
            x = layer(x)
        return x
