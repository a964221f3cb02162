"""An rtdl MLP behind a user's categorical embedding layer (one table per column)."""

import rtdl
import torch
import torch.nn as nn


class EmbedMLP(nn.Module):
    def __init__(self, n_num, cardinalities, d_embed, d_layers, d_out):
        super().__init__()
        self.embeds = nn.ModuleList(nn.Embedding(c, d_embed) for c in cardinalities)
        d_in = n_num + d_embed * len(cardinalities)
        self.mlp = rtdl.MLP.make_baseline(d_in=d_in, d_layers=d_layers, dropout=0.1, d_out=d_out)

    def forward(self, x_num, x_cat):
        cats = [emb(x_cat[:, i]) for i, emb in enumerate(self.embeds)]
        return self.mlp(torch.cat([x_num, *cats], dim=1))


model = EmbedMLP(n_num=6, cardinalities=[4, 10, 25], d_embed=8, d_layers=[128, 128, 64], d_out=1)
