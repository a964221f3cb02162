"""Informer: token (circular conv) + temporal embeddings, encoder with distilling conv layers, decoder."""

from types import SimpleNamespace

import torch.nn as nn

args = SimpleNamespace(
    enc_in=7,
    dec_in=7,
    c_out=7,
    d_model=256,
    n_heads=8,
    e_layers=3,
    d_layers=2,
    d_ff=512,
    freq_sizes=(13, 32, 7, 24),
    dropout=0.05,
)


class DataEmbedding(nn.Module):
    def __init__(self, c_in, d_model, freq_sizes):
        super().__init__()
        self.tokenConv = nn.Conv1d(c_in, d_model, 3, padding=1, padding_mode="circular", bias=False)
        self.temporal = nn.ModuleList(nn.Embedding(n, d_model) for n in freq_sizes)


class ConvLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.downConv = nn.Conv1d(c, c, 3, padding=1, padding_mode="circular")
        self.norm = nn.BatchNorm1d(c)
        self.pool = nn.MaxPool1d(3, 2, 1)


class AttnLayer(nn.Module):
    def __init__(self, d, h, cross=False):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d, h, batch_first=True)
        self.cross_attn = nn.MultiheadAttention(d, h, batch_first=True) if cross else None
        self.conv1 = nn.Conv1d(d, args.d_ff, 1)
        self.conv2 = nn.Conv1d(args.d_ff, d, 1)
        self.norms = nn.ModuleList(nn.LayerNorm(d) for _ in range(3 if cross else 2))


class Informer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.enc_embedding = DataEmbedding(a.enc_in, a.d_model, a.freq_sizes)
        self.dec_embedding = DataEmbedding(a.dec_in, a.d_model, a.freq_sizes)
        self.encoder = nn.ModuleList(AttnLayer(a.d_model, a.n_heads) for _ in range(a.e_layers))
        self.distil = nn.ModuleList(ConvLayer(a.d_model) for _ in range(a.e_layers - 1))
        self.enc_norm = nn.LayerNorm(a.d_model)
        self.decoder = nn.ModuleList(
            AttnLayer(a.d_model, a.n_heads, cross=True) for _ in range(a.d_layers)
        )
        self.dec_norm = nn.LayerNorm(a.d_model)
        self.projection = nn.Linear(a.d_model, a.c_out)


model = Informer(args)
