"""Transformer-XL style decoder: relative positional attention with r_w_bias / r_r_bias shared by
all layers (untie_r=False), sinusoid positional embedding buffer, adaptive-softmax-free head."""

import torch
import torch.nn as nn


class PositionalEmbedding(nn.Module):
    def __init__(self, demb):
        super().__init__()
        inv_freq = 1 / (10000 ** (torch.arange(0.0, demb, 2.0) / demb))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, pos_seq):
        sinusoid = torch.outer(pos_seq, self.inv_freq)
        return torch.cat([sinusoid.sin(), sinusoid.cos()], dim=-1)[None]


class RelPartialLearnableMultiHeadAttn(nn.Module):
    def __init__(self, n_head, d_model, d_head, r_w_bias=None, r_r_bias=None):
        super().__init__()
        self.n_head, self.d_head = n_head, d_head
        self.qkv_net = nn.Linear(d_model, 3 * n_head * d_head, bias=False)
        self.r_net = nn.Linear(d_model, n_head * d_head, bias=False)
        self.o_net = nn.Linear(n_head * d_head, d_model, bias=False)
        self.layer_norm = nn.LayerNorm(d_model)
        if r_w_bias is None:
            self.r_w_bias = nn.Parameter(torch.zeros(n_head, d_head))
            self.r_r_bias = nn.Parameter(torch.zeros(n_head, d_head))
        else:
            self.r_w_bias, self.r_r_bias = r_w_bias, r_r_bias

    def forward(self, w, r):
        q, k, v = self.qkv_net(w).chunk(3, -1)
        rk = self.r_net(r)
        b, t, _ = q.shape
        q = q.view(b, t, self.n_head, self.d_head)
        ac = torch.einsum("bind,bjnd->bnij", q + self.r_w_bias, k.view(b, t, self.n_head, -1))
        bd = torch.einsum("bind,jnd->bnij", q + self.r_r_bias, rk.view(t, self.n_head, -1))
        p = torch.softmax((ac + bd) * self.d_head**-0.5, -1)
        out = torch.einsum("bnij,bjnd->bind", p, v.view(b, t, self.n_head, -1)).reshape(b, t, -1)
        return self.layer_norm(w + self.o_net(out))


class DecoderLayer(nn.Module):
    def __init__(self, n_head, d_model, d_head, d_inner, **kw):
        super().__init__()
        self.dec_attn = RelPartialLearnableMultiHeadAttn(n_head, d_model, d_head, **kw)
        self.pos_ff = nn.Sequential(
            nn.Linear(d_model, d_inner), nn.ReLU(inplace=True), nn.Linear(d_inner, d_model)
        )
        self.ff_norm = nn.LayerNorm(d_model)

    def forward(self, x, r):
        x = self.dec_attn(x, r)
        return self.ff_norm(x + self.pos_ff(x))


class MemTransformerLM(nn.Module):
    def __init__(
        self,
        n_token,
        n_layer=6,
        n_head=8,
        d_model=256,
        d_head=32,
        d_inner=1024,
        untie_r=False,
        tie_weight=True,
    ):
        super().__init__()
        self.word_emb = nn.Embedding(n_token, d_model)
        self.pos_emb = PositionalEmbedding(d_model)
        if not untie_r:
            self.r_w_bias = nn.Parameter(torch.zeros(n_head, d_head))
            self.r_r_bias = nn.Parameter(torch.zeros(n_head, d_head))
        kw = {} if untie_r else {"r_w_bias": self.r_w_bias, "r_r_bias": self.r_r_bias}
        self.layers = nn.ModuleList(
            DecoderLayer(n_head, d_model, d_head, d_inner, **kw) for _ in range(n_layer)
        )
        self.out_layer = nn.Linear(d_model, n_token)
        if tie_weight:
            self.out_layer.weight = self.word_emb.weight

    def forward(self, ids):
        x = self.word_emb(ids)
        r = self.pos_emb(torch.arange(ids.shape[1] - 1, -1, -1.0, device=ids.device))[0]
        for layer in self.layers:
            x = layer(x, r)
        return self.out_layer(x)


model = MemTransformerLM(n_token=10000, n_layer=6, untie_r=False, tie_weight=True)
