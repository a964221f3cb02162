"""MelGAN: weight-normed generator (upsample 8,8,2,2 with dilated residual stacks) + 3-scale discriminator."""

import torch.nn as nn
from torch.nn.utils import weight_norm


def WNConv1d(*a, **k):
    return weight_norm(nn.Conv1d(*a, **k))


class ResStack(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.blocks = nn.ModuleList(
            nn.Sequential(
                nn.LeakyReLU(0.2),
                nn.ReflectionPad1d(3**i),
                WNConv1d(c, c, 3, dilation=3**i),
                nn.LeakyReLU(0.2),
                WNConv1d(c, c, 1),
            )
            for i in range(3)
        )
        self.shortcuts = nn.ModuleList(WNConv1d(c, c, 1) for _ in range(3))


class Generator(nn.Module):
    def __init__(self, mel=80, ngf=32, ratios=(8, 8, 2, 2)):
        super().__init__()
        mult = 2 ** len(ratios)
        layers = [nn.ReflectionPad1d(3), WNConv1d(mel, mult * ngf, 7)]
        for r in ratios:
            layers += [
                nn.LeakyReLU(0.2),
                weight_norm(
                    nn.ConvTranspose1d(
                        mult * ngf, mult * ngf // 2, r * 2, r, r // 2 + r % 2, output_padding=r % 2
                    )
                ),
                ResStack(mult * ngf // 2),
            ]
            mult //= 2
        layers += [nn.LeakyReLU(0.2), nn.ReflectionPad1d(3), WNConv1d(ngf, 1, 7), nn.Tanh()]
        self.model = nn.Sequential(*layers)


class NLayerD(nn.Module):
    def __init__(self, ndf=16, n_layers=4, factor=4):
        super().__init__()
        layers = [nn.Sequential(nn.ReflectionPad1d(7), WNConv1d(1, ndf, 15), nn.LeakyReLU(0.2))]
        nf = ndf
        for _ in range(n_layers):
            prev, nf = nf, min(nf * factor, 1024)
            layers.append(
                nn.Sequential(
                    WNConv1d(prev, nf, factor * 10 + 1, factor, factor * 5, groups=prev // 4),
                    nn.LeakyReLU(0.2),
                )
            )
        layers.append(
            nn.Sequential(WNConv1d(nf, min(nf * 2, 1024), 5, padding=2), nn.LeakyReLU(0.2))
        )
        layers.append(WNConv1d(min(nf * 2, 1024), 1, 3, padding=1))
        self.model = nn.ModuleList(layers)


class MelGAN(nn.Module):
    def __init__(self):
        super().__init__()
        self.generator = Generator()
        self.discriminators = nn.ModuleList(NLayerD() for _ in range(3))


model = MelGAN()
