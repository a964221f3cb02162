"""BROS (BERT over text + 2-D box positions); linears built through functools.partial."""

import math
from functools import partial

import torch
from torch import nn

VOCAB, HIDDEN, LAYERS, HEADS, INTER, MAX_POS, TYPES = 320, 64, 2, 4, 128, 128, 2
Dense = partial(nn.Linear, bias=True)
LN = partial(nn.LayerNorm, eps=1e-12)
BOX_SCALE = 100.0


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.query, self.key, self.value = (
            Dense(HIDDEN, HIDDEN),
            Dense(HIDDEN, HIDDEN),
            Dense(HIDDEN, HIDDEN),
        )
        self.attn_out, self.attn_ln = Dense(HIDDEN, HIDDEN), LN(HIDDEN)
        self.up, self.down, self.out_ln = Dense(HIDDEN, INTER), Dense(INTER, HIDDEN), LN(HIDDEN)

    def forward(self, x, box_emb):
        b, t, _ = x.shape
        hd = HIDDEN // HEADS
        q = self.query(x).view(b, t, HEADS, hd).transpose(1, 2)
        k = self.key(x).view(b, t, HEADS, hd).transpose(1, 2)
        v = self.value(x).view(b, t, HEADS, hd).transpose(1, 2)
        box_scores = torch.einsum("bnid,bijd->bnij", q, box_emb)  # query-dependent box bias
        s = (q @ k.transpose(-1, -2) + box_scores) / math.sqrt(hd)
        a = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, HIDDEN)
        x = self.attn_ln(x + self.attn_out(a))
        return self.out_ln(x + self.down(nn.functional.gelu(self.up(x))))


def box_sinusoid(coord, dim):
    inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
    ang = coord[..., None] * inv
    return torch.cat([ang.sin(), ang.cos()], -1)


class Bros(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(VOCAB, HIDDEN)
        self.pos = nn.Embedding(MAX_POS, HIDDEN)
        self.token_type = nn.Embedding(TYPES, HIDDEN)
        self.emb_ln = LN(HIDDEN)
        # 8 box coordinates (4 corners), each a HIDDEN // 32 sinusoid: HIDDEN // 4 in, one head out
        self.box_proj = nn.Linear(HIDDEN // 4, HIDDEN // HEADS, bias=False)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.pool = Dense(HIDDEN, HIDDEN)

    def forward(self, ids, boxes):  # boxes: [batch, tokens, 4], two corners
        t = ids.shape[1]
        x = self.emb_ln(
            self.word(ids) + self.pos(torch.arange(t)) + self.token_type(torch.zeros_like(ids))
        )
        corners = boxes[:, :, [0, 1, 2, 1, 2, 3, 0, 3]] * BOX_SCALE  # [b, t, 8]
        rel = corners[:, None] - corners[:, :, None]  # [b, i, j, 8]: box j - box i
        emb = box_sinusoid(rel, HIDDEN // 32).flatten(-2)
        head = self.box_proj(emb)  # [b, t, t, head_dim]
        for layer in self.layers:
            x = layer(x, head)
        return x, torch.tanh(self.pool(x[:, 0]))
