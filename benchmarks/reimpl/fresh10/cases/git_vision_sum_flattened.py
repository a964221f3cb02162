"""GIT's image encoder (a CLIP vision tower): the encoder is one ``nn.Sequential`` built from a
list of per-layer module lists flattened with ``sum(..., [])``, two residual modules per layer."""

import torch
from torch import nn

IMAGE, PATCH, WIDTH, HEADS, MLP, DEPTH = 32, 8, 64, 4, 128, 2
EPS = 1e-5


class Residual(nn.Module):
    def __init__(self, body):
        super().__init__()
        self.body = body

    def forward(self, x):
        return x + self.body(x)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.k_proj, self.v_proj, self.q_proj = (nn.Linear(WIDTH, WIDTH) for _ in range(3))
        self.out_proj = nn.Linear(WIDTH, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, WIDTH))


class QuickGELU(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(1.702 * x)


def layer_modules():
    return [
        Residual(nn.Sequential(nn.LayerNorm(WIDTH, eps=EPS), SelfAttention())),
        Residual(
            nn.Sequential(
                nn.LayerNorm(WIDTH, eps=EPS),
                nn.Linear(WIDTH, MLP),
                QuickGELU(),
                nn.Linear(MLP, WIDTH),
            )
        ),
    ]


class GitVision(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMAGE // PATCH) ** 2
        self.class_embedding = nn.Parameter(torch.zeros(WIDTH))
        self.patch_embedding = nn.Conv2d(3, WIDTH, PATCH, stride=PATCH, bias=False)
        self.position_embedding = nn.Embedding(n + 1, WIDTH)
        self.pre_layrnorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.encoder = nn.Sequential(*sum([layer_modules() for _ in range(DEPTH)], []))
        self.post_layernorm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        x = torch.cat((cls, x), 1) + self.position_embedding.weight
        return self.post_layernorm(self.encoder(self.pre_layrnorm(x)))
