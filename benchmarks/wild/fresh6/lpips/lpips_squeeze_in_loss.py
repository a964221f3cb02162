"""A reconstruction loss module combining L1 with a spatial LPIPS on SqueezeNet (trunk tunable)."""

import lpips
import torch.nn as nn


class ReconLoss(nn.Module):
    def __init__(self, perceptual_weight=0.5):
        super().__init__()
        self.perceptual = lpips.LPIPS(
            pretrained=False,
            net="squeeze",
            spatial=True,
            pnet_rand=True,
            pnet_tune=True,
            verbose=False,
        )
        self.l1 = nn.L1Loss()
        self.w = perceptual_weight

    def forward(self, x, y):
        return self.l1(x, y) + self.w * self.perceptual(x, y).mean()


model = ReconLoss(perceptual_weight=0.5)
