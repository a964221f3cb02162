import copy

import torch.nn as nn


def conv_bn(i, o, s):
    return nn.Sequential(
        nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)
    )


class Encoder(nn.Module):
    def __init__(self, widths=(32, 64, 128)):
        super().__init__()
        layers, c = [], 3
        for w in widths:
            layers.append(conv_bn(c, w, 2))
            c = w
        self.features = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.out_dim = c


def mlp_head(d_in, hidden, d_out):
    return nn.Sequential(
        nn.Linear(d_in, hidden),
        nn.BatchNorm1d(hidden),
        nn.ReLU(inplace=True),
        nn.Linear(hidden, d_out),
    )


class BYOL(nn.Module):
    def __init__(self, widths, proj_hidden=256, proj_dim=64):
        super().__init__()
        enc = Encoder(widths)
        self.online = nn.Sequential(enc, mlp_head(enc.out_dim, proj_hidden, proj_dim))
        self.predictor = mlp_head(proj_dim, proj_hidden, proj_dim)
        # the EMA target network: a frozen copy of encoder + projector
        self.target = copy.deepcopy(self.online)
        for p in self.target.parameters():
            p.requires_grad = False


model = BYOL(widths=(16, 32, 64), proj_hidden=128, proj_dim=32)
