"""A VQ-VAE with an EMA codebook (codebook statistics are buffers, not parameters), in one file."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualLayer(nn.Module):
    def __init__(self, channels, hidden):
        super().__init__()
        self.block = nn.Sequential(
            nn.ReLU(),
            nn.Conv2d(channels, hidden, 3, padding=1, bias=False),
            nn.ReLU(),
            nn.Conv2d(hidden, channels, 1, bias=False),
        )

    def forward(self, x):
        return x + self.block(x)


class ResidualStack(nn.Module):
    def __init__(self, channels, hidden, n):
        super().__init__()
        self.layers = nn.ModuleList([ResidualLayer(channels, hidden)] * n)  # the same layer n times

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return F.relu(x)


class Encoder(nn.Module):
    def __init__(self, in_ch, hidden, res_hidden, n_res):
        super().__init__()
        self.c1 = nn.Conv2d(in_ch, hidden // 2, 4, 2, 1)
        self.c2 = nn.Conv2d(hidden // 2, hidden, 4, 2, 1)
        self.c3 = nn.Conv2d(hidden, hidden, 3, 1, 1)
        self.res = ResidualStack(hidden, res_hidden, n_res)


class Decoder(nn.Module):
    def __init__(self, in_ch, hidden, res_hidden, n_res, out_ch):
        super().__init__()
        self.c1 = nn.Conv2d(in_ch, hidden, 3, 1, 1)
        self.res = ResidualStack(hidden, res_hidden, n_res)
        self.t1 = nn.ConvTranspose2d(hidden, hidden // 2, 4, 2, 1)
        self.t2 = nn.ConvTranspose2d(hidden // 2, out_ch, 4, 2, 1)


class VectorQuantizerEMA(nn.Module):
    def __init__(self, num_embeddings, dim, decay=0.99, eps=1e-5):
        super().__init__()
        self.decay, self.eps = decay, eps
        embed = torch.randn(num_embeddings, dim)
        self.register_buffer("embedding", embed)
        self.register_buffer("cluster_size", torch.zeros(num_embeddings))
        self.register_buffer("embed_avg", embed.clone())
        self.commitment = 0.25


class VQVAE(nn.Module):
    def __init__(self, in_ch=3, hidden=64, res_hidden=16, n_res=2, codes=256, code_dim=32):
        super().__init__()
        self.encoder = Encoder(in_ch, hidden, res_hidden, n_res)
        self.pre_vq = nn.Conv2d(hidden, code_dim, 1)
        self.vq = VectorQuantizerEMA(codes, code_dim)
        self.decoder = Decoder(code_dim, hidden, res_hidden, n_res, in_ch)


class PixelCNNPrior(nn.Module):
    """A small gated prior over code indices; its embedding is separate from the codebook."""

    def __init__(self, codes, dim=64, layers=3):
        super().__init__()
        self.embed = nn.Embedding(codes, dim)
        self.convs = nn.ModuleList(nn.Conv2d(dim, 2 * dim, 3, padding=1) for _ in range(layers))
        self.out = nn.Conv2d(dim, codes, 1)


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.vqvae = VQVAE(in_ch=3, hidden=64, res_hidden=16, n_res=3, codes=128, code_dim=32)
        self.prior = PixelCNNPrior(codes=128, dim=48, layers=4)


model = Pipeline()
