"""HyperNetworks (Ha et al.) for a ResNet: each conv kernel is generated from a learned z embedding by one
shared hypernetwork; z embeddings in a ParameterList, kernel sizes from a table."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class HyperNetwork(nn.Module):
    def __init__(self, f_size=3, z_dim=64, out_size=16, in_size=16):
        super().__init__()
        self.z_dim, self.f_size, self.out_size, self.in_size = z_dim, f_size, out_size, in_size
        self.w1 = nn.Parameter(torch.fmod(torch.randn(z_dim, out_size * f_size * f_size), 2))
        self.b1 = nn.Parameter(torch.fmod(torch.randn(out_size * f_size * f_size), 2))
        self.w2 = nn.Parameter(torch.fmod(torch.randn(z_dim, in_size * z_dim), 2))
        self.b2 = nn.Parameter(torch.fmod(torch.randn(in_size * z_dim), 2))

    def forward(self, z):
        h_in = (z @ self.w2 + self.b2).view(self.in_size, self.z_dim)
        h_final = h_in @ self.w1 + self.b1
        return h_final.view(self.out_size, self.in_size, self.f_size, self.f_size)


class Embedding(nn.Module):
    def __init__(self, z_num, z_dim):
        super().__init__()
        self.z_num = z_num
        self.z_list = nn.ParameterList(
            [nn.Parameter(torch.fmod(torch.randn(z_dim), 2)) for _ in range(z_num[0] * z_num[1])]
        )

    def forward(self, hyper_net):
        rows = []
        for i in range(self.z_num[0]):
            rows.append(
                torch.cat(
                    [hyper_net(self.z_list[i * self.z_num[1] + j]) for j in range(self.z_num[1])],
                    dim=1,
                )
            )
        return torch.cat(rows, dim=0)


ZS_SIZE = [[1, 1]] * 12 + [[2, 1], [2, 2]] + [[2, 2]] * 10 + [[4, 2], [4, 4]] + [[4, 4]] * 10
FILTER_SIZE = (
    [[16, 16]] * 12
    + [[16, 32], [32, 32]]
    + [[32, 32]] * 10
    + [[32, 64], [64, 64]]
    + [[64, 64]] * 10
)


class PrimaryNetwork(nn.Module):
    def __init__(self, z_dim=64, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.hope = HyperNetwork(z_dim=z_dim)
        self.bns = nn.ModuleList(nn.BatchNorm2d(fs[1]) for fs in FILTER_SIZE)
        self.zs = nn.ModuleList(Embedding(zs, z_dim) for zs in ZS_SIZE)
        self.final = nn.Linear(64, num_classes)

    def forward(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        for emb, bn in zip(self.zs, self.bns):
            w = emb(self.hope)
            stride = 2 if w.shape[0] != x.shape[1] and x.shape[1] != 16 else 1
            x = (
                F.relu(bn(F.conv2d(x, w, stride=stride, padding=1)))
                if w.shape[1] == x.shape[1]
                else x
            )
        return self.final(F.adaptive_avg_pool2d(x, 1).flatten(1))


model = PrimaryNetwork(z_dim=64, num_classes=10)
