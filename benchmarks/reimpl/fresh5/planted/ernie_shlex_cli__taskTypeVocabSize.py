"""ERNIE 3.0-style encoder (BERT with a task-type embedding), sizes given as the command line
of a launcher script, split with ``shlex`` and read as ``--key=value`` pairs by hand (no
argparse)."""

import math
import shlex

import torch
import torch.nn.functional as F
from torch import nn

LAUNCH = (
    "python train_ernie.py --vocab_size=720 --hidden=64 --layers=3 --heads=4 "
    "--ffn=160 --max_positions=256 --type_vocab=2 --task_types=16 --ln_eps=1e-12"
)
ARGS = dict(tok[2:].split("=", 1) for tok in shlex.split(LAUNCH) if tok.startswith("--"))
VOCAB = int(ARGS["vocab_size"])
HIDDEN = int(ARGS["hidden"])
LAYERS = int(ARGS["layers"])
HEADS = int(ARGS["heads"])
FFN = int(ARGS["ffn"])
MAX_POS = int(ARGS["max_positions"])
TYPES = int(ARGS["type_vocab"])
TASKS = int(ARGS["task_types"])
EPS = float(ARGS["ln_eps"])


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, x, mask):
        b, n, _ = x.shape
        hd = HIDDEN // HEADS
        q, k, v = (
            m(x).view(b, n, HEADS, hd).transpose(1, 2) for m in (self.query, self.key, self.value)
        )
        scores = q @ k.transpose(-1, -2) / math.sqrt(hd)
        scores = scores.masked_fill(~mask[:, None, None, :], torch.finfo(scores.dtype).min)
        return (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, n, HIDDEN)


class ErnieLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.attention_dense = nn.Linear(HIDDEN, HIDDEN)
        self.attention_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.intermediate = nn.Linear(HIDDEN, FFN)
        self.output = nn.Linear(FFN, HIDDEN)
        self.output_norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x, mask):
        x = self.attention_norm(x + self.attention_dense(self.attention(x, mask)))
        return self.output_norm(x + self.output(F.gelu(self.intermediate(x))))


class Ernie(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(VOCAB, HIDDEN, padding_idx=0)
        self.position = nn.Embedding(MAX_POS, HIDDEN)
        self.token_type = nn.Embedding(TYPES, HIDDEN)
        self.task_type = nn.Embedding(TASKS, HIDDEN)
        self.embed_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(ErnieLayer() for _ in range(LAYERS))
        self.pool = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids, types, mask, task=None):
        pos = torch.arange(ids.shape[1])[None]
        task = torch.zeros_like(ids) if task is None else task
        x = self.word(ids) + self.position(pos) + self.token_type(types) + self.task_type(task)
        x = self.embed_norm(x)
        for layer in self.layers:
            x = layer(x, mask)
        return x, torch.tanh(self.pool(x[:, 0]))
