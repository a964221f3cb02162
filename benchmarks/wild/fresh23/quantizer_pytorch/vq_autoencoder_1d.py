"""A 1D VQ autoencoder for sensor streams with a grouped residual quantizer bottleneck."""

from quantizer_pytorch import Quantizer1d
from torch import nn


class VQAutoencoder(nn.Module):
    def __init__(self, cin=6, latent=32, groups=4, codebook=64, residuals=2):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv1d(cin, latent, 4, stride=2, padding=1),
            nn.GELU(),
            nn.Conv1d(latent, latent, 3, padding=1),
        )
        self.quantizer = Quantizer1d(
            channels=latent,
            num_groups=groups,
            codebook_size=codebook,
            num_residuals=residuals,
            shared_codebook=False,
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose1d(latent, latent, 4, stride=2, padding=1),
            nn.GELU(),
            nn.Conv1d(latent, cin, 3, padding=1),
        )

    def forward(self, x):
        z, info = self.quantizer(self.encoder(x))
        return self.decoder(z), info


model = VQAutoencoder(cin=6, latent=32, groups=4, codebook=64, residuals=2)
