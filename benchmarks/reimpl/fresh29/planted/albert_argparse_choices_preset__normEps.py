"""ALBERT (Lan et al., 2019) sized by a ``--size`` option restricted to the preset names
(``argparse`` ``choices``), a ``None``-default option that overrides the preset's depth only
when given, and plain options for the rest. Factorised embeddings (a narrow embedding
projected up to the hidden width) and one transformer layer shared by every depth step, held
``n`` times by ``nn.ModuleList([layer] * n)``. Post-norm layers, GELU (tanh form), a tanh
pooler."""

import argparse
import math

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "base": dict(emb=128, hidden=768, layers=12, heads=12, ffn=3072),
    "large": dict(emb=128, hidden=1024, layers=24, heads=16, ffn=4096),
    "tiny": dict(
        emb=32,
        hidden=96,
        layers=4,
        heads=6,
        ffn=256,
    ),
}

parser = argparse.ArgumentParser(description="ALBERT pre-training")
parser.add_argument("--size", choices=sorted(PRESETS), default="base")
parser.add_argument("--num-layers", type=int, default=None, help="override the preset's depth")
parser.add_argument("--vocab-size", type=int, default=30000)
parser.add_argument("--max-positions", type=int, default=512)
parser.add_argument("--type-vocab", type=int, default=2)
parser.add_argument("--eps", type=float, default=0.01)
args = parser.parse_args(
    [
        "--size=tiny",
        "--vocab-size=760",
        "--max-positions=160",
    ]
)
preset = dict(PRESETS[args.size])
if args.num_layers is not None:
    preset["layers"] = args.num_layers

VOCAB_SIZE = args.vocab_size
EMBEDDING_SIZE = preset["emb"]
HIDDEN_SIZE = preset["hidden"]
NUM_LAYERS = preset["layers"]
NUM_HEADS = preset["heads"]
INTERMEDIATE = preset["ffn"]
MAX_POSITIONS = args.max_positions
TYPE_VOCAB = args.type_vocab
EPS = args.eps


class SharedLayer(nn.Module):
    def __init__(self):
        super().__init__()
        h = HIDDEN_SIZE
        self.query, self.key, self.value = nn.Linear(h, h), nn.Linear(h, h), nn.Linear(h, h)
        self.dense = nn.Linear(h, h)
        self.attn_norm = nn.LayerNorm(h, eps=EPS)
        self.ffn = nn.Linear(h, INTERMEDIATE)
        self.ffn_output = nn.Linear(INTERMEDIATE, h)
        self.out_norm = nn.LayerNorm(h, eps=EPS)

    def forward(self, x):
        b, t, h = x.shape
        hd = h // NUM_HEADS
        q, k, v = (
            m(x).view(b, t, NUM_HEADS, hd).transpose(1, 2)
            for m in (self.query, self.key, self.value)
        )
        p = (q @ k.transpose(-1, -2) / math.sqrt(hd)).softmax(-1)
        a = self.attn_norm(x + self.dense((p @ v).transpose(1, 2).reshape(b, t, h)))
        return self.out_norm(a + self.ffn_output(F.gelu(self.ffn(a), approximate="tanh")))


class Albert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB_SIZE, EMBEDDING_SIZE)
        self.position_embeddings = nn.Embedding(MAX_POSITIONS, EMBEDDING_SIZE)
        self.token_type_embeddings = nn.Embedding(TYPE_VOCAB, EMBEDDING_SIZE)
        self.embed_norm = nn.LayerNorm(EMBEDDING_SIZE, eps=EPS)
        self.project_in = nn.Linear(EMBEDDING_SIZE, HIDDEN_SIZE)
        layer = SharedLayer()
        self.layers = nn.ModuleList([layer] * NUM_LAYERS)
        self.pooler = nn.Linear(HIDDEN_SIZE, HIDDEN_SIZE)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        e = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.project_in(self.embed_norm(e + self.token_type_embeddings(torch.zeros_like(ids))))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
