# a spectral-normalised discriminator (parametrizations.spectral_norm) with a projection embedding
import torch.nn as nn
from torch.nn.utils.parametrizations import spectral_norm


class ProjD(nn.Module):
    def __init__(self, ch=64, n_classes=10):
        super().__init__()
        self.body = nn.Sequential(
            spectral_norm(nn.Conv2d(3, ch, 3, 1, 1)),
            nn.LeakyReLU(0.1),
            spectral_norm(nn.Conv2d(ch, ch * 2, 4, 2, 1)),
            nn.LeakyReLU(0.1),
            spectral_norm(nn.Conv2d(ch * 2, ch * 4, 4, 2, 1)),
        )
        self.fc = spectral_norm(nn.Linear(ch * 4, 1))
        self.embed = spectral_norm(nn.Embedding(n_classes, ch * 4))


model = ProjD(ch=64, n_classes=10)
