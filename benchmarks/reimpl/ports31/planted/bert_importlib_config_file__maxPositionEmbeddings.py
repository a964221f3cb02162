"""A tiny BERT whose sizes live in the experiment repository's ``configs/bert_tiny.py``: the file's
text (pasted here) is written out into a temporary directory and imported by path with
``importlib.util.spec_from_file_location`` / ``module_from_spec`` / ``exec_module``, the sizes
read as the module's attributes. Post-LN encoder, word + position + token-type embeddings, GELU
MLP, tanh pooler."""

from __future__ import annotations

import importlib.util
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn

BERT_TINY_PY = '''\
"""configs/bert_tiny.py: BERT for the unit tests."""
vocab_size = 96
hidden_size = 64
num_hidden_layers = 2
num_attention_heads = 4
intermediate_size = 128
max_position_embeddings = 128
type_vocab_size = 2
layer_norm_eps = 1e-12
'''


def load_config(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


with tempfile.TemporaryDirectory() as tmp:
    config_path = Path(tmp) / "bert_tiny.py"
    config_path.write_text(BERT_TINY_PY)
    config = load_config(config_path)
C = dict(
    vocab=config.vocab_size,
    width=config.hidden_size,
    layers=config.num_hidden_layers,
    heads=config.num_attention_heads,
    ffn=config.intermediate_size,
    pos=config.max_position_embeddings,
    types=config.type_vocab_size,
)
EPS = config.layer_norm_eps


class Embeddings(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.word_embeddings = nn.Embedding(C["vocab"], C["width"])
        self.position_embeddings = nn.Embedding(C["pos"], C["width"])
        self.token_type_embeddings = nn.Embedding(C["types"], C["width"])
        self.LayerNorm = nn.LayerNorm(C["width"], eps=EPS)

    def forward(self, ids, types):
        pos = torch.arange(ids.shape[1])
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        return self.LayerNorm(x + self.token_type_embeddings(types))


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = C["width"]
        self.query = nn.Linear(w, w)
        self.key = nn.Linear(w, w)
        self.value = nn.Linear(w, w)
        self.attn_out = nn.Linear(w, w)
        self.attn_norm = nn.LayerNorm(w, eps=EPS)
        self.intermediate = nn.Linear(w, C["ffn"])
        self.output = nn.Linear(C["ffn"], w)
        self.out_norm = nn.LayerNorm(w, eps=EPS)

    def forward(self, x, bias):
        b, t, w = x.shape
        nh = C["heads"]

        def split(z):
            return z.view(b, t, nh, w // nh).transpose(1, 2)

        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, w)))
        return self.out_norm(x + self.output(F.gelu(self.intermediate(x))))


class BertByPattern(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = nn.ModuleList(Layer() for _ in range(C["layers"]))
        self.pooler = nn.Linear(C["width"], C["width"])

    def forward(self, ids, types, mask):
        bias = torch.zeros(mask.shape, dtype=torch.float).masked_fill(~mask.bool(), -1e9)
        bias = bias[:, None, None, :]
        x = self.embeddings(ids, types)
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))
