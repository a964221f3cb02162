"""Hyper-parameters written as Python source in a string (a config file read into memory) and run with exec."""

import torch.nn as nn

CONFIG = """
d_model = 48
n_layers = 2
ffn = d_model * 3
vocab = 1000 + 24
"""

hp = {}
exec(CONFIG, {}, hp)


class TinyLM(nn.Module):
    def __init__(self, d_model, n_layers, ffn, vocab):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        layer = nn.TransformerEncoderLayer(d_model, 4, dim_feedforward=ffn, batch_first=True)
        self.body = nn.TransformerEncoder(layer, n_layers, enable_nested_tensor=False)
        self.head = nn.Linear(d_model, vocab, bias=False)


model = TinyLM(**hp)
