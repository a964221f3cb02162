"""ViT (the original image classifier's backbone): a patch-embedding conv, a class token, learned
positions, pre-norm encoder layers with biased q/k/v, GELU, a final LayerNorm and a tanh pooler
on the class token. The model class is indexed by preset name, ``ViT["tiny"]``, through
``__class_getitem__``, which returns a configured subclass."""

import torch
import torch.nn.functional as F
from torch import nn

_PRESETS = {
    "base": dict(image=224, patch=16, dim=768, depth=12, heads=12, mlp=3072),
    "tiny": dict(image=32, patch=8, dim=64, depth=3, heads=4, mlp=160),
}
EPS = 1e-12


class Layer(nn.Module):
    def __init__(self, p):
        super().__init__()
        d = p["dim"]
        self.heads = p["heads"]
        self.layernorm_before = nn.LayerNorm(d, eps=EPS)
        self.query, self.key, self.value = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.attn_out = nn.Linear(d, d)
        self.layernorm_after = nn.LayerNorm(d, eps=EPS)
        self.fc1 = nn.Linear(d, p["mlp"])
        self.fc2 = nn.Linear(p["mlp"], d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.layernorm_before(x)
        q, k, v = (
            f(h).view(b, t, self.heads, -1).transpose(1, 2)
            for f in (self.query, self.key, self.value)
        )
        o = F.scaled_dot_product_attention(q, k, v)
        x = x + self.attn_out(o.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.layernorm_after(x))))


class ViTBase(nn.Module):
    preset = None

    def __class_getitem__(cls, name):
        return type(f"ViT_{name}", (cls,), {"preset": _PRESETS[name]})

    def __init__(self):
        super().__init__()
        p = self.preset
        n = (p["image"] // p["patch"]) ** 2
        self.patch = nn.Conv2d(3, p["dim"], p["patch"], stride=p["patch"])
        self.cls_token = nn.Parameter(torch.zeros(1, 1, p["dim"]))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, p["dim"]))
        self.layers = nn.ModuleList(Layer(p) for _ in range(p["depth"]))
        self.norm = nn.LayerNorm(p["dim"], eps=EPS)
        self.pooler = nn.Linear(p["dim"], p["dim"])

    def forward(self, pixels):
        x = self.patch(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos
        for layer in self.layers:
            x = layer(x)
        x = self.norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))


class ViT(ViTBase["tiny"]):
    pass
