"""SqueezeBERT: BERT with its position-wise layers as grouped 1x1 convolutions over [B, C, T].
The sizes are a ``string.Template`` JSON document filled from a small table of run values (a
launcher substitutes them), then decoded with ``json``."""

import json
import math
from string import Template

import torch
import torch.nn.functional as F
from torch import nn

TEMPLATE = Template(
    '{"vocab": $vocab, "width": $width, "layers": $layers, "heads": $heads, "ffn": $ffn,'
    ' "positions": $positions, "types": 2, "q_groups": $groups, "k_groups": $groups,'
    ' "v_groups": $groups, "post_attention_groups": 1, "intermediate_groups": $groups,'
    ' "output_groups": $groups, "eps": 1e-12}'
)
RUN = dict(vocab=600, width=64, layers=2, heads=4, ffn=192, positions=512, groups=4)
S = json.loads(TEMPLATE.substitute(RUN))


class ChannelNorm(nn.LayerNorm):
    """LayerNorm over the channel axis of a [B, C, T] tensor."""

    def forward(self, x):
        return super().forward(x.transpose(1, 2)).transpose(1, 2)


class ConvLayer(nn.Module):
    def __init__(self, cin, cout, groups, norm):
        super().__init__()
        self.conv1d = nn.Conv1d(cin, cout, 1, groups=groups)
        self.layernorm = ChannelNorm(cout, eps=S["eps"]) if norm else None

    def forward(self, x, residual=None):
        y = self.conv1d(x)
        return y if self.layernorm is None else self.layernorm(y + residual)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        w = S["width"]
        self.query = nn.Conv1d(w, w, 1, groups=S["q_groups"])
        self.key = nn.Conv1d(w, w, 1, groups=S["k_groups"])
        self.value = nn.Conv1d(w, w, 1, groups=S["v_groups"])
        self.post_attention = ConvLayer(w, w, S["post_attention_groups"], norm=True)
        self.intermediate = ConvLayer(w, S["ffn"], S["intermediate_groups"], norm=False)
        self.output = ConvLayer(S["ffn"], w, S["output_groups"], norm=True)

    def forward(self, x):
        b, c, t = x.shape
        h = S["heads"]
        hd = c // h
        q = self.query(x).view(b, h, hd, t).transpose(2, 3)
        k = self.key(x).view(b, h, hd, t)
        v = self.value(x).view(b, h, hd, t).transpose(2, 3)
        ctx = torch.softmax(q @ k / math.sqrt(hd), -1) @ v
        ctx = ctx.transpose(2, 3).reshape(b, c, t)
        x = self.post_attention(ctx, x)
        return self.output(F.gelu(self.intermediate(x)), x)


class SqueezeBert(nn.Module):
    def __init__(self):
        super().__init__()
        w = S["width"]
        self.word_embeddings = nn.Embedding(S["vocab"], w, padding_idx=0)
        self.position_embeddings = nn.Embedding(S["positions"], w)
        self.token_type_embeddings = nn.Embedding(S["types"], w)
        self.embed_norm = nn.LayerNorm(w, eps=S["eps"])
        self.layers = nn.ModuleList(Block() for _ in range(S["layers"]))
        self.pooler = nn.Linear(w, w)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])[None]
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.embed_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        x = x.transpose(1, 2)
        for layer in self.layers:
            x = layer(x)
        x = x.transpose(1, 2)
        return x, torch.tanh(self.pooler(x[:, 0]))
