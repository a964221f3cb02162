# research style: a Perceiver with a learned latent array, one cross-attention and a shared latent block
import torch
import torch.nn as nn


class Perceiver(nn.Module):
    def __init__(self, d_in=64, n_latents=32, d_latent=128, depth=4):
        super().__init__()
        self.latents = nn.Parameter(torch.randn(n_latents, d_latent))
        self.cross = nn.MultiheadAttention(d_latent, 1, kdim=d_in, vdim=d_in, batch_first=True)
        block = nn.TransformerEncoderLayer(d_latent, 4, 2 * d_latent, batch_first=True)
        self.latent_blocks = nn.ModuleList([block for _ in range(depth)])
        self.head = nn.Linear(d_latent, 10)


model = Perceiver(d_in=64, n_latents=32, d_latent=128, depth=4)
