"""A feature codec for 256-channel backbone features: GDN / inverse GDN, a MaskedConv2d context model and an
EntropyBottleneck, assembled by hand."""

import torch.nn as nn
from compressai.entropy_models import EntropyBottleneck
from compressai.layers import GDN, MaskedConv2d


class FeatureCodec(nn.Module):
    def __init__(self, feat=256, latent=96):
        super().__init__()
        self.g_a = nn.Sequential(
            nn.Conv2d(feat, latent, 3, stride=2, padding=1),
            GDN(latent),
            nn.Conv2d(latent, latent, 3, padding=1),
        )
        self.g_s = nn.Sequential(
            nn.ConvTranspose2d(latent, latent, 4, stride=2, padding=1),
            GDN(latent, inverse=True),
            nn.Conv2d(latent, feat, 1),
        )
        self.context = MaskedConv2d(latent, 2 * latent, kernel_size=5, padding=2, stride=1)
        self.entropy_bottleneck = EntropyBottleneck(latent, filters=(3, 3))


model = FeatureCodec(feat=256, latent=96)
