"""data2vec (text) encoder: a RoBERTa-shaped student. The sizes come from the XML run descriptor
our job scheduler writes (one element per hyper-parameter)."""

import xml.etree.ElementTree as ET

import torch
import torch.nn.functional as F
from torch import nn

DESCRIPTOR = ET.fromstring(
    """<run name="d2v-text-tiny">
  <vocab>640</vocab>
  <hidden>64</hidden>
  <layers>2</layers>
  <heads>4</heads>
  <ffn>160</ffn>
  <positions>130</positions>
  <segments>1</segments>
  <eps>0.1</eps>
  <pad>1</pad>
</run>"""
)


def _read(node):
    text = node.text.strip()
    return float(text) if any(c in text for c in ".e") else int(text)


H = {child.tag: _read(child) for child in DESCRIPTOR}


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(H["vocab"], H["hidden"], padding_idx=H["pad"])
        self.position = nn.Embedding(H["positions"], H["hidden"], padding_idx=H["pad"])
        self.segment = nn.Embedding(H["segments"], H["hidden"])
        self.norm = nn.LayerNorm(H["hidden"], eps=H["eps"])

    def forward(self, ids):
        real = (ids != H["pad"]).long()
        pos = real.cumsum(1) * real + H["pad"]  # fairseq: positions count from pad + 1
        return self.norm(self.word(ids) + self.position(pos) + self.segment(torch.zeros_like(ids)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["hidden"]
        self.in_proj = nn.Linear(d, 3 * d)
        self.attn_out = nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=H["eps"])
        self.up = nn.Linear(d, H["ffn"])
        self.down = nn.Linear(H["ffn"], d)
        self.out_norm = nn.LayerNorm(d, eps=H["eps"])

    def forward(self, x, keep):
        b, n, d = x.shape
        q, k, v = self.in_proj(x).view(b, n, 3, H["heads"], -1).transpose(1, 3).unbind(2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
        x = self.attn_norm(x + self.attn_out(y.transpose(1, 2).reshape(b, n, d)))
        return self.out_norm(x + self.down(F.gelu(self.up(x))))


class Data2VecText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = nn.ModuleList([Layer() for _ in range(H["layers"])])
        self.pooler = nn.Linear(H["hidden"], H["hidden"])

    def forward(self, ids):
        keep = ids != H["pad"]
        x = self.embeddings(ids)
        for layer in self.layers:
            x = layer(x, keep)
        return x, torch.tanh(self.pooler(x[:, 0]))
