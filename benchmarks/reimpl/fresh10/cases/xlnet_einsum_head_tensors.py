"""XLNet's two-stream-free content path, written with ``torch.einsum`` everywhere: every
projection is a raw ``[d_model, n_head, d_head]`` tensor, relative positions get their own
projection ``r``, and the LM bias sits on top of the tied word embedding."""

import torch
from torch import nn

D_MODEL = 64
N_HEAD = 4
D_HEAD = D_MODEL // N_HEAD
D_INNER = 160
N_LAYER = 2
N_TOKEN = 320
LN_EPS = 1e-12


def head_tensor():
    return nn.Parameter(torch.randn(D_MODEL, N_HEAD, D_HEAD) * 0.02)


class RelAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v, self.o, self.r = (head_tensor() for _ in range(5))
        self.r_r_bias = nn.Parameter(torch.zeros(N_HEAD, D_HEAD))
        self.r_s_bias = nn.Parameter(torch.zeros(N_HEAD, D_HEAD))
        self.r_w_bias = nn.Parameter(torch.zeros(N_HEAD, D_HEAD))
        self.seg_embed = nn.Parameter(torch.zeros(2, N_HEAD, D_HEAD))
        self.layer_norm = nn.LayerNorm(D_MODEL, eps=LN_EPS)

    def forward(self, h, pos, seg_mat):
        q = torch.einsum("ibh,hnd->ibnd", h, self.q)
        k = torch.einsum("ibh,hnd->ibnd", h, self.k)
        v = torch.einsum("ibh,hnd->ibnd", h, self.v)
        kr = torch.einsum("ibh,hnd->ibnd", pos, self.r)
        ac = torch.einsum("ibnd,jbnd->bnij", q + self.r_w_bias, k)
        bd = torch.einsum("ibnd,jbnd->bnij", q + self.r_r_bias, kr[: q.shape[0]])
        ef = torch.einsum("ibnd,snd->ibns", q + self.r_s_bias, self.seg_embed)
        ef = torch.einsum("ijbs,ibns->bnij", seg_mat, ef)
        prob = ((ac + bd + ef) / D_HEAD**0.5).softmax(-1)
        vec = torch.einsum("bnij,jbnd->ibnd", prob, v)
        out = torch.einsum("ibnd,hnd->ibh", vec, self.o)
        return self.layer_norm(out + h)


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_norm = nn.LayerNorm(D_MODEL, eps=LN_EPS)
        self.layer_1 = nn.Linear(D_MODEL, D_INNER)
        self.layer_2 = nn.Linear(D_INNER, D_MODEL)

    def forward(self, x):
        return self.layer_norm(x + self.layer_2(nn.functional.gelu(self.layer_1(x))))


class XLNetLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.rel_attn = RelAttention()
        self.ff = FeedForward()

    def forward(self, h, pos, seg_mat):
        return self.ff(self.rel_attn(h, pos, seg_mat))


class XLNetLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embedding = nn.Embedding(N_TOKEN, D_MODEL)
        self.mask_emb = nn.Parameter(torch.zeros(1, 1, D_MODEL))
        self.layer = nn.ModuleList(XLNetLayer() for _ in range(N_LAYER))
        self.lm_bias = nn.Parameter(torch.zeros(N_TOKEN))

    def forward(self, ids):
        h = self.word_embedding(ids.T)
        t, b = ids.shape[1], ids.shape[0]
        freq = 1.0 / 10000 ** (torch.arange(0, D_MODEL, 2.0) / D_MODEL)
        ang = torch.einsum("i,d->id", torch.arange(t, 0, -1.0), freq)
        pos = torch.cat((ang.sin(), ang.cos()), -1)[:, None].expand(-1, b, -1)
        seg_mat = torch.zeros(t, t, b, 2)
        seg_mat[..., 0] = 1.0
        for layer in self.layer:
            h = layer(h, pos, seg_mat)
        return torch.einsum("ibh,vh->biv", h, self.word_embedding.weight) + self.lm_bias
