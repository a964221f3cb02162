# research style: VQ-VAE with a codebook Embedding and an EMA buffer
import torch
import torch.nn as nn


class VQ(nn.Module):
    def __init__(self, n_codes, dim):
        super().__init__()
        self.codebook = nn.Embedding(n_codes, dim)
        self.register_buffer("ema_count", torch.zeros(n_codes))


class VQVAE(nn.Module):
    def __init__(self, ch=64, n_codes=512, dim=32):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(3, ch, 4, 2, 1),
            nn.ReLU(),
            nn.Conv2d(ch, ch, 4, 2, 1),
            nn.ReLU(),
            nn.Conv2d(ch, dim, 1),
        )
        self.vq = VQ(n_codes, dim)
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(dim, ch, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(ch, 3, 4, 2, 1)
        )


model = VQVAE(ch=64, n_codes=512, dim=32)
