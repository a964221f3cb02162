"""ViLT (text tokens and image patches in one pre-norm encoder, a modality-type embedding): the
sizes are one fixed-width record line of our results table, sliced five columns a field."""

import torch
from torch import nn

#        image patch width heads  mlp depth txtpos vocab
RECORD = "   32    8   64    4  192    2   40  256"
IMAGE, PATCH, WIDTH, HEADS, MLP, DEPTH, TEXT_POS, VOCAB = (
    int(RECORD[i : i + 5]) for i in range(0, 40, 5)
)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layernorm_before = nn.LayerNorm(WIDTH, eps=1e-12)
        self.qkv = nn.ModuleList(nn.Linear(WIDTH, WIDTH) for _ in range(3))
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.layernorm_after = nn.LayerNorm(WIDTH, eps=1e-12)
        self.fc1, self.fc2 = nn.Linear(WIDTH, MLP), nn.Linear(MLP, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.layernorm_before(x)
        q, k, v = (m(h).view(b, t, HEADS, -1).transpose(1, 2) for m in self.qkv)
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = x + self.proj(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.fc2(nn.functional.gelu(self.fc1(self.layernorm_after(x))))


class ViLT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMAGE // PATCH) ** 2
        self.word = nn.Embedding(VOCAB, WIDTH)
        self.text_pos = nn.Embedding(TEXT_POS, WIDTH)
        self.text_type = nn.Embedding(2, WIDTH)
        self.text_norm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.patch = nn.Conv2d(3, WIDTH, PATCH, PATCH)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.image_pos = nn.Parameter(torch.zeros(1, n + 1, WIDTH))
        self.modality = nn.Embedding(2, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(DEPTH))
        self.layernorm = nn.LayerNorm(WIDTH, eps=1e-12)
        self.pooler = nn.Linear(WIDTH, WIDTH)

    def forward(self, ids, pixels=None):
        b, t = ids.shape
        if pixels is None:
            pixels = torch.zeros(b, 3, IMAGE, IMAGE)
        txt = self.text_norm(
            self.word(ids) + self.text_pos(torch.arange(t)) + self.text_type(torch.zeros_like(ids))
        )
        img = self.patch(pixels).flatten(2).transpose(1, 2)
        img = torch.cat([self.cls_token.expand(b, -1, -1), img], 1) + self.image_pos
        txt = txt + self.modality(torch.zeros_like(ids))
        img = img + self.modality(torch.ones(b, img.shape[1], dtype=torch.long))
        x = torch.cat([txt, img], 1)
        for layer in self.layers:
            x = layer(x)
        x = self.layernorm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
