"""A tiny BERT whose sizes are the options of its training script's ``click`` command: each
``@click.option`` defaults to BERT-base's value, and the run's argument list (``--hidden-size=64``,
...) is parsed by ``cli.main(args=ARGV, standalone_mode=False)``, which returns the callback's
keyword arguments (``--vocab-size`` becomes ``vocab_size``). Post-LayerNorm encoder, exact GELU,
word + position + token-type embeddings, additive padding mask, tanh pooler over the first
token."""

from __future__ import annotations

import click
import torch
import torch.nn.functional as F
from torch import nn


@click.command()
@click.option("--vocab-size", type=int, default=30522)
@click.option("--hidden-size", type=int, default=768)
@click.option("--num-layers", type=int, default=12)
@click.option("--num-heads", type=int, default=12)
@click.option("--ffn-size", type=int, default=3072)
@click.option("--max-positions", type=int, default=512)
@click.option("--type-vocab", type=int, default=2)
@click.option("--layer-norm-eps", type=float, default=1e-12)
def cli(**options) -> dict:
    return options


ARGV = [
    "--vocab-size=96",
    "--hidden-size=64",
    "--num-layers=2",
    "--num-heads=4",
    "--ffn-size=128",
    "--max-positions=128",
]
OPTS = cli.main(args=ARGV, standalone_mode=False)
C = dict(
    vocab=OPTS["vocab_size"],
    width=OPTS["hidden_size"],
    layers=OPTS["num_layers"],
    heads=OPTS["num_heads"],
    ffn=OPTS["ffn_size"],
    pos=OPTS["max_positions"],
    types=OPTS["type_vocab"],
)
EPS = OPTS["layer_norm_eps"]


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
