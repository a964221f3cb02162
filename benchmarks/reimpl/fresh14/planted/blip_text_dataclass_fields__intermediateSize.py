"""BLIP's text encoder (BERT layers with cross-attention to the image features): the sizes
arrive as strings (an env-style dump) and are coerced into a dataclass through
``dataclasses.fields`` with each field's type."""

from dataclasses import dataclass, fields

import torch
from torch import nn

DUMP = {
    "vocab_size": "320",
    "hidden": "64",
    "layers": "2",
    "heads": "4",
    "ffn": "256",
    "vision_width": "48",
    "max_positions": "96",
}


@dataclass
class TextCfg:
    vocab_size: int
    hidden: int
    layers: int
    heads: int
    ffn: int
    vision_width: int
    max_positions: int


CFG = TextCfg(
    **{
        f.name: f.type(DUMP[f.name]) if isinstance(f.type, type) else int(DUMP[f.name])
        for f in fields(TextCfg)
    }
)


class Attention(nn.Module):
    def __init__(self, kv_width):
        super().__init__()
        d = CFG.hidden
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(kv_width, d)
        self.value = nn.Linear(kv_width, d)
        self.dense = nn.Linear(d, d)
        self.LayerNorm = nn.LayerNorm(d, eps=1e-12)

    def forward(self, x, ctx):
        b, t, d = x.shape
        q = self.query(x).view(b, t, CFG.heads, -1).transpose(1, 2)
        k = self.key(ctx).view(b, ctx.shape[1], CFG.heads, -1).transpose(1, 2)
        v = self.value(ctx).view(b, ctx.shape[1], CFG.heads, -1).transpose(1, 2)
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        return self.LayerNorm(x + self.dense(o.transpose(1, 2).reshape(b, t, d)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = Attention(CFG.hidden)
        self.crossattention = Attention(CFG.vision_width)
        self.intermediate = nn.Linear(CFG.hidden, CFG.ffn)
        self.output = nn.Linear(CFG.ffn, CFG.hidden)
        self.output_norm = nn.LayerNorm(CFG.hidden, eps=1e-12)

    def forward(self, x, image):
        x = self.attention(x, x)
        x = self.crossattention(x, image)
        return self.output_norm(x + self.output(nn.functional.gelu(self.intermediate(x))))


class BlipText(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(CFG.vocab_size, CFG.hidden, padding_idx=0)
        self.position_embeddings = nn.Embedding(CFG.max_positions, CFG.hidden)
        self.LayerNorm = nn.LayerNorm(CFG.hidden, eps=1e-12)
        self.layer = nn.ModuleList(Layer() for _ in range(CFG.layers))
        self.pooler = nn.Linear(CFG.hidden, CFG.hidden)

    def forward(self, ids, image=None):
        if image is None:
            image = torch.zeros(ids.shape[0], 5, CFG.vision_width)
        x = self.LayerNorm(
            self.word_embeddings(ids) + self.position_embeddings(torch.arange(ids.shape[1]))
        )
        for layer in self.layer:
            x = layer(x, image)
        return x, torch.tanh(self.pooler(x[:, 0]))
