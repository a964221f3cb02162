"""A tiny VQ autoencoder with a DIVEQ codebook (diveq) between a conv encoder and decoder."""

import torch.nn as nn
from diveq import DIVEQ


class TinyVQ(nn.Module):
    def __init__(self, codes=64, dim=16):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(3, dim, 4, stride=2, padding=1), nn.ReLU(), nn.Conv2d(dim, dim, 1)
        )
        self.vq = DIVEQ(num_embeddings=codes, embedding_dim=dim, verbose=False)
        self.dec = nn.Sequential(nn.ConvTranspose2d(dim, 3, 4, stride=2, padding=1))


model = TinyVQ(codes=64, dim=16)
