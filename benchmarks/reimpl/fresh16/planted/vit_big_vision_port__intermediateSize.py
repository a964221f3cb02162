"""ViT ported from big_vision: the Flax names kept as module names (``Transformer``,
``encoderblock_{i}``, ``MlpBlock_0``, ``Dense_0``), ``posemb`` / ``cls`` parameters, sizes in a
``variant`` string like "Ti/8" decoded by the port's own table."""

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTHS = {"Ti": 64, "S": 384, "B": 768}
DEPTHS = {"Ti": 2, "S": 12, "B": 12}
MLP_DIMS = {"Ti": 256, "S": 1536, "B": 3072}
HEADS = {"Ti": 4, "S": 6, "B": 12}
VARIANT = "Ti/8"
IMAGE = 32
NAME, PATCH = VARIANT.split("/")
WIDTH, DEPTH, MLP_DIM, NUM_HEADS, PATCH = (
    WIDTHS[NAME],
    DEPTHS[NAME],
    MLP_DIMS[NAME],
    HEADS[NAME],
    int(PATCH),
)


class MultiHeadDotProductAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key = nn.Linear(WIDTH, WIDTH), nn.Linear(WIDTH, WIDTH)
        self.value, self.out = nn.Linear(WIDTH, WIDTH), nn.Linear(WIDTH, WIDTH)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            m(x).view(b, t, NUM_HEADS, -1).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )
        return self.out(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d))


class MlpBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.Dense_0, self.Dense_1 = nn.Linear(WIDTH, MLP_DIM), nn.Linear(MLP_DIM, WIDTH)

    def forward(self, x):
        return self.Dense_1(F.gelu(self.Dense_0(x)))


class Encoder1DBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.LayerNorm_0 = nn.LayerNorm(WIDTH, eps=1e-12)
        self.MultiHeadDotProductAttention_0 = MultiHeadDotProductAttention()
        self.LayerNorm_1 = nn.LayerNorm(WIDTH, eps=1e-12)
        self.MlpBlock_0 = MlpBlock()

    def forward(self, x):
        x = x + self.MultiHeadDotProductAttention_0(self.LayerNorm_0(x))
        return x + self.MlpBlock_0(self.LayerNorm_1(x))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        for i in range(DEPTH):
            self.add_module(f"encoderblock_{i}", Encoder1DBlock())
        self.encoder_norm = nn.LayerNorm(WIDTH, eps=1e-12)

    def forward(self, x):
        for i in range(DEPTH):
            x = getattr(self, f"encoderblock_{i}")(x)
        return self.encoder_norm(x)


class VisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Conv2d(3, WIDTH, PATCH, PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.posemb = nn.Parameter(torch.zeros(1, (IMAGE // PATCH) ** 2 + 1, WIDTH))
        self.Transformer = Transformer()
        self.pre_logits = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        x = self.embedding(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.posemb
        x = self.Transformer(x)
        return x, torch.tanh(self.pre_logits(x[:, 0]))
