import torch.nn as nn
import torch_dct


def fourier_mixer(tokens, dim, depth):
    layers = []
    for _ in range(depth):
        layers += [torch_dct.LinearDCT(tokens, "dct", bias=True), nn.LayerNorm(tokens),
                   nn.Linear(tokens, tokens)]
    return nn.Sequential(*layers, nn.Linear(tokens, dim))


model = fourier_mixer(tokens=20, dim=8, depth=3)
