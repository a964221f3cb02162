"""BigBird-RoBERTa run with full attention (``attention_type="original_full"``, what BigBird does
for sequences shorter than its blocks allow): a BERT-style post-norm encoder with learned
positions, token types, GELU (tanh form) and a tanh pooler. The sizes are a markdown table
pasted from the model card and parsed row by row."""

import math

import torch
import torch.nn.functional as F
from torch import nn

MODEL_CARD = """
| setting                 | value |
|-------------------------|-------|
| vocab size              | 900   |
| hidden size             | 64    |
| layers                  | 2     |
| attention heads         | 4     |
| intermediate size       | 256   |
| max positions           | 256   |
| token types             | 2     |
| layer norm eps          | 1e-12 |
"""


def read_table(text):
    rows = [line.strip().strip("|").split("|") for line in text.strip().splitlines()[2:]]
    return {k.strip().replace(" ", "_"): float(v) for k, v in rows}


CARD = read_table(MODEL_CARD)
HIDDEN = int(CARD["hidden_size"])
HEADS = int(CARD["attention_heads"])
EPS = CARD["layer_norm_eps"]


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.dense = nn.Linear(HIDDEN, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        split = lambda z: z.view(b, t, HEADS, -1).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
        att = (q @ k.transpose(-1, -2) / math.sqrt(HIDDEN // HEADS)).softmax(-1)
        ctx = (att @ v).transpose(1, 2).reshape(b, t, HIDDEN)
        return self.norm(x + self.dense(ctx))


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        inter = int(CARD["intermediate_size"])
        self.up = nn.Linear(HIDDEN, inter)
        self.down = nn.Linear(inter, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        return self.norm(x + self.down(F.gelu(self.up(x), approximate="tanh")))


class BigBirdFull(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(int(CARD["vocab_size"]), HIDDEN)
        self.position_embeddings = nn.Embedding(int(CARD["max_positions"]), HIDDEN)
        self.token_type_embeddings = nn.Embedding(int(CARD["token_types"]), HIDDEN)
        self.embed_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        n = int(CARD["layers"])
        self.attn = nn.ModuleList(SelfAttention() for _ in range(n))
        self.ffn = nn.ModuleList(FeedForward() for _ in range(n))
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)[None]
        x = self.word_embeddings(ids) + self.position_embeddings(pos)
        x = self.embed_norm(x + self.token_type_embeddings(torch.zeros_like(ids)))
        for attn, ffn in zip(self.attn, self.ffn):
            x = ffn(attn(x))
        return x, torch.tanh(self.pooler(x[:, 0]))
