"""BioGPT, ported into our own repo. The sizes are one row of our sizes sheet, exported as
tab-separated text: the header and the rows are split in separate statements, a ``for`` loop
finds the run's row (``else``: an unknown run), ``dict(zip(header, cells))`` names the cells and
each is converted into a ``@dataclass(frozen=True)`` whose defaults are BioGPT's (the epsilon is
not in the sheet). Token embeddings scaled by sqrt(d_model), learned positions stored with the
fairseq offset of 2 extra rows, pre-norm blocks with biased projections, and an
``output_projection`` that reads the embedding matrix."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

SHEET_TSV = (
    "name\tvocab\td_model\tffn\tlayers\theads\tmax_len\n"
    "biogpt\t42384\t1024\t4096\t24\t16\t1024\n"
    "biogpt-large\t57717\t1600\t6400\t48\t25\t2048\n"
    "biogpt-tiny\t1200\t64\t256\t2\t4\t160\n"
)
RUN = "biogpt-tiny"


@dataclass(frozen=True)
class BioGptArgs:
    vocab: int = 42384
    d_model: int = 1024
    ffn: int = 4096
    layers: int = 24
    heads: int = 16
    max_len: int = 1024
    eps: float = 1e-5
    scale_embedding: bool = True


lines = SHEET_TSV.splitlines()
header = lines[0].split("\t")
for line in lines[1:]:
    cells = line.split("\t")
    if cells[0] == RUN:
        break
else:
    raise KeyError(RUN)
record = dict(zip(header, cells))
ARGS = BioGptArgs(
    vocab=int(record["vocab"]),
    d_model=int(record["d_model"]),
    ffn=int(record["ffn"]),
    layers=int(record["layers"]),
    heads=int(record["heads"]),
    max_len=int(record["max_len"]),
)
OFFSET = 2  # fairseq reserves two position rows


class MultiheadAttention(nn.Module):
    def __init__(self, a: BioGptArgs):
        super().__init__()
        self.h = a.heads
        self.k_proj = nn.Linear(a.d_model, a.d_model)
        self.v_proj = nn.Linear(a.d_model, a.d_model)
        self.q_proj = nn.Linear(a.d_model, a.d_model)
        self.out_proj = nn.Linear(a.d_model, a.d_model)

    def forward(self, x):
        b, t, d = x.shape
        split = lambda y: y.view(b, t, self.h, d // self.h).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q_proj(x)), split(self.k_proj(x)), split(self.v_proj(x))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class DecoderLayer(nn.Module):
    def __init__(self, a: BioGptArgs):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(a.d_model, eps=a.eps)
        self.self_attn = MultiheadAttention(a)
        self.final_layer_norm = nn.LayerNorm(a.d_model, eps=a.eps)
        self.fc1 = nn.Linear(a.d_model, a.ffn)
        self.fc2 = nn.Linear(a.ffn, a.d_model)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class BioGpt(nn.Module):
    def __init__(self, a: BioGptArgs = ARGS):
        super().__init__()
        self.a = a
        self.embed_tokens = nn.Embedding(a.vocab, a.d_model)
        self.embed_positions = nn.Embedding(a.max_len + OFFSET, a.d_model)
        self.layers = nn.ModuleList([DecoderLayer(a) for _ in range(a.layers)])
        self.layer_norm = nn.LayerNorm(a.d_model, eps=a.eps)

    def forward(self, ids):
        scale = math.sqrt(self.a.d_model) if self.a.scale_embedding else 1.0
        pos = torch.arange(ids.shape[1]) + OFFSET
        x = self.embed_tokens(ids) * scale + self.embed_positions(pos)
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.layer_norm(x), self.embed_tokens.weight)
