"""A DPR passage (context) encoder from a firmware team's port: every size is a hexadecimal
literal (``0x60`` wide, ``0x100`` feed-forward); no projection (the [CLS] vector is the passage
embedding)."""

import torch
from torch import nn

N_LAYERS = 0x3
HIDDEN = 0x60
N_HEADS = 0x6
FFN = 0x100
VOCAB = 0x200
MAX_LEN = 0x80
OPT = {"layers": N_LAYERS, "hidden": HIDDEN, "heads": N_HEADS, "ffn": FFN, "vocab": VOCAB}


class BertLayer(nn.Module):
    def __init__(self, d, heads, ffn):
        super().__init__()
        self.heads = heads
        self.qkv = nn.ModuleDict({k: nn.Linear(d, d) for k in ("query", "key", "value")})
        self.attn_out = nn.Linear(d, d)
        self.ln1 = nn.LayerNorm(d, eps=1e-12)
        self.ffn_in = nn.Linear(d, ffn)
        self.ffn_out = nn.Linear(ffn, d)
        self.ln2 = nn.LayerNorm(d, eps=1e-12)

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = (
            self.qkv[n](x).view(b, t, self.heads, -1).transpose(1, 2)
            for n in ("query", "key", "value")
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        x = self.ln1(x + self.attn_out(o.transpose(1, 2).reshape(b, t, d)))
        return self.ln2(x + self.ffn_out(nn.functional.gelu(self.ffn_in(x))))


class DPRContextEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        d = OPT["hidden"]
        self.word = nn.Embedding(OPT["vocab"], d, padding_idx=0)
        self.position = nn.Embedding(MAX_LEN, d)
        self.segment = nn.Embedding(2, d)
        self.norm = nn.LayerNorm(d, eps=1e-12)
        self.layers = nn.ModuleList(
            BertLayer(d, OPT["heads"], OPT["ffn"]) for _ in range(OPT["layers"])
        )

    def forward(self, ids, types, mask):
        x = self.word(ids) + self.position(torch.arange(ids.shape[1])) + self.segment(types)
        x = self.norm(x)
        for layer in self.layers:
            x = layer(x, mask[:, None, None, :])
        return x[:, 0]
