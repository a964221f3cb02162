"""BioGPT, ported into our own repo. The run's sizes come from the ``.env`` file the cluster job
sources (``KEY=value`` lines, ``#`` comments, ``export`` prefixes, quoted values), parsed by hand
and converted by each field's type into a ``@dataclass(frozen=True)`` whose defaults are
BioGPT's (what is not in the file keeps them). Token embeddings scaled by sqrt(d_model),
learned positions stored with the fairseq offset of 2 extra rows, pre-norm blocks with biased
projections, and an ``output_projection`` that reads the embedding matrix."""

import math
from dataclasses import dataclass, fields

import torch
import torch.nn as nn
import torch.nn.functional as F

DOTENV = """
# biogpt-tiny: written by launch/make_env.sh, sourced by the job script
BIOGPT_VOCAB=1200
BIOGPT_D_MODEL=64
export BIOGPT_FFN=256
BIOGPT_LAYERS=2
BIOGPT_HEADS='4'
BIOGPT_MAX_LEN="128"
"""


@dataclass(frozen=True)
class BioGptArgs:
    vocab: int = 42384
    d_model: int = 1024
    ffn: int = 4096
    layers: int = 24
    heads: int = 16
    max_len: int = 1024
    eps: float = 0.1
    scale_embedding: bool = True


def read_dotenv(text: str) -> dict[str, str]:
    env = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        env[key.strip()] = value.strip().strip("'\"")
    return env


ENV = read_dotenv(DOTENV)
ARGS = BioGptArgs(
    **{
        f.name: f.type(ENV[f"BIOGPT_{f.name.upper()}"])
        for f in fields(BioGptArgs)
        if f"BIOGPT_{f.name.upper()}" in ENV
    }
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
