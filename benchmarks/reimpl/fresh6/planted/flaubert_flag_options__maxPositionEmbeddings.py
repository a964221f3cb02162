"""FlauBERT (Le et al., 2020), the pre-norm variant (``flaubert_large``-style): XLM's layout
(learned positions, a LayerNorm on the embedding sum, per-layer lists of attentions, norms
and FFNs) with the norms moved before each sublayer and no final norm. Switches are an
``enum.Flag``; sizes are module constants."""

import enum

import torch
import torch.nn.functional as F
from torch import nn


class Opt(enum.Flag):
    PRE_NORM = enum.auto()
    GELU = enum.auto()
    SINUSOIDAL = enum.auto()
    LANG_EMB = enum.auto()


OPTIONS = Opt.PRE_NORM | Opt.GELU
N_WORDS = 880
EMB_DIM = 96
N_LAYERS = 3
N_HEADS = 6
MAX_POS = 256
LN_EPS = 1e-12


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_lin = nn.Linear(EMB_DIM, EMB_DIM)
        self.k_lin = nn.Linear(EMB_DIM, EMB_DIM)
        self.v_lin = nn.Linear(EMB_DIM, EMB_DIM)
        self.out_lin = nn.Linear(EMB_DIM, EMB_DIM)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            f(x).view(b, t, N_HEADS, -1).transpose(1, 2)
            for f in (self.q_lin, self.k_lin, self.v_lin)
        )
        return self.out_lin(
            F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        )


class FFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin1 = nn.Linear(EMB_DIM, 4 * EMB_DIM)
        self.lin2 = nn.Linear(4 * EMB_DIM, EMB_DIM)

    def forward(self, x):
        h = self.lin1(x)
        return self.lin2(F.gelu(h) if Opt.GELU in OPTIONS else F.relu(h))


class Flaubert(nn.Module):
    def __init__(self):
        super().__init__()
        self.position_embeddings = nn.Embedding(MAX_POS, EMB_DIM)
        self.embeddings = nn.Embedding(N_WORDS, EMB_DIM, padding_idx=2)
        self.layer_norm_emb = nn.LayerNorm(EMB_DIM, eps=LN_EPS)
        self.attentions = nn.ModuleList(Attention() for _ in range(N_LAYERS))
        self.layer_norm1 = nn.ModuleList(nn.LayerNorm(EMB_DIM, eps=LN_EPS) for _ in range(N_LAYERS))
        self.ffns = nn.ModuleList(FFN() for _ in range(N_LAYERS))
        self.layer_norm2 = nn.ModuleList(nn.LayerNorm(EMB_DIM, eps=LN_EPS) for _ in range(N_LAYERS))

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.layer_norm_emb(self.embeddings(ids) + self.position_embeddings(pos))
        for attn, ln1, ffn, ln2 in zip(
            self.attentions, self.layer_norm1, self.ffns, self.layer_norm2
        ):
            if Opt.PRE_NORM in OPTIONS:
                x = x + attn(ln1(x))
                x = x + ffn(ln2(x))
            else:
                x = ln1(x + attn(x))
                x = ln2(x + ffn(x))
        return x
