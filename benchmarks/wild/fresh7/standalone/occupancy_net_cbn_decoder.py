"""Occupancy Network decoder: ResNet blocks with conditional batch norm driven by a shape code."""

import torch.nn as nn


class CBatchNorm1d(nn.Module):
    def __init__(self, c_dim, f_dim):
        super().__init__()
        self.conv_gamma = nn.Conv1d(c_dim, f_dim, 1)
        self.conv_beta = nn.Conv1d(c_dim, f_dim, 1)
        self.bn = nn.BatchNorm1d(f_dim, affine=False)


class CResnetBlock(nn.Module):
    def __init__(self, c_dim, size):
        super().__init__()
        self.bn_0 = CBatchNorm1d(c_dim, size)
        self.bn_1 = CBatchNorm1d(c_dim, size)
        self.fc_0 = nn.Conv1d(size, size, 1)
        self.fc_1 = nn.Conv1d(size, size, 1)


class DecoderCBatchNorm(nn.Module):
    def __init__(self, dim=3, c_dim=256, hidden=256, blocks=5):
        super().__init__()
        self.fc_p = nn.Conv1d(dim, hidden, 1)
        self.blocks = nn.ModuleList(CResnetBlock(c_dim, hidden) for _ in range(blocks))
        self.bn = CBatchNorm1d(c_dim, hidden)
        self.fc_out = nn.Conv1d(hidden, 1, 1)


class ONet(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, 32, 3, 2, 1),
            nn.ReLU(),
            nn.Conv2d(32, 64, 3, 2, 1),
            nn.ReLU(),
            nn.Conv2d(64, 128, 3, 2, 1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(128, 256),
        )
        self.decoder = DecoderCBatchNorm()


model = ONet()
