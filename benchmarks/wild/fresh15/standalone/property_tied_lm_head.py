"""A small LM whose output layer reads the embedding through a property (weight tying), plus an
untied variant chosen by a flag; the tied one is built."""

import torch.nn as nn
import torch.nn.functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab=5000, dim=192, heads=4, layers=3, tie=True):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim, padding_idx=0)
        self.pos = nn.Embedding(256, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 4, batch_first=True, norm_first=True)
        self.body = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(dim, bias=False)
        self.tie = tie
        if not tie:
            self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.out_bias = nn.Parameter(F.pad(self.tok.weight.new_zeros(vocab), (0, 0)))

    @property
    def output_weight(self):
        return self.tok.weight if self.tie else self.lm_head.weight


model = TinyLM(vocab=3000, dim=128)
