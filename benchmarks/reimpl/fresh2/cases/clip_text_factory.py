"""CLIP text tower: hyperparameters in a read-only MappingProxyType, each layer an
nn.ModuleDict returned by a factory function and run by a plain function, causal attention
by torch.baddbmm, quick-GELU, the final LN applied to every position."""

import math
from types import MappingProxyType

import torch
import torch.nn as nn

HP = MappingProxyType(
    {
        "vocab": 800,
        "context": 77,
        "width": 64,
        "layers": 2,
        "heads": 4,
        "mlp": 128,
        "eps": 1e-5,
    }
)


def make_layer(width, mlp, eps):
    return nn.ModuleDict(
        {
            "ln_1": nn.LayerNorm(width, eps=eps),
            "q": nn.Linear(width, width),
            "k": nn.Linear(width, width),
            "v": nn.Linear(width, width),
            "o": nn.Linear(width, width),
            "ln_2": nn.LayerNorm(width, eps=eps),
            "c_fc": nn.Linear(width, mlp),
            "c_proj": nn.Linear(mlp, width),
        }
    )


def run_layer(L, x, heads):
    b, t, d = x.shape
    hd = d // heads
    h = L["ln_1"](x)
    fold = lambda z: z.view(b, t, heads, hd).transpose(1, 2).reshape(b * heads, t, hd)  # noqa: E731
    q, k, v = fold(L["q"](h)), fold(L["k"](h)), fold(L["v"](h))
    mask = torch.full((t, t), float("-inf")).triu(1).expand(b * heads, t, t)
    a = torch.baddbmm(mask, q, k.transpose(1, 2), alpha=1.0 / math.sqrt(hd)).softmax(-1)
    y = torch.bmm(a, v).view(b, heads, t, hd).transpose(1, 2).reshape(b, t, d)
    x = x + L["o"](y)
    m = L["c_fc"](L["ln_2"](x))
    return x + L["c_proj"](m * torch.sigmoid(1.702 * m))


class TextTower(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.heads = hp["heads"]
        self.token_embedding = nn.Embedding(hp["vocab"], hp["width"])
        self.positional_embedding = nn.Parameter(torch.empty(hp["context"], hp["width"]))
        nn.init.normal_(self.positional_embedding, std=0.01)
        self.resblocks = nn.ModuleList(
            make_layer(hp["width"], hp["mlp"], hp["eps"]) for _ in range(hp["layers"])
        )
        self.ln_final = nn.LayerNorm(hp["width"], eps=hp["eps"])

    def forward(self, ids):
        x = self.token_embedding(ids) + self.positional_embedding[: ids.shape[1]]
        for L in self.resblocks:
            x = run_layer(L, x, self.heads)
        return self.ln_final(x)
