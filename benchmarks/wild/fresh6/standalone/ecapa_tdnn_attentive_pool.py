"""ECAPA-TDNN speaker embedder: SE-Res2 blocks, multi-layer aggregation, attentive statistics pooling."""

import torch.nn as nn


class SEModule(nn.Module):
    def __init__(self, channels, bottleneck=32):
        super().__init__()
        self.se = nn.Sequential(
            nn.AdaptiveAvgPool1d(1),
            nn.Conv1d(channels, bottleneck, 1),
            nn.ReLU(),
            nn.Conv1d(bottleneck, channels, 1),
            nn.Sigmoid(),
        )

    def forward(self, x):
        return x * self.se(x)


class Bottle2neck(nn.Module):
    def __init__(self, inplanes, planes, kernel_size, dilation, scale=4):
        super().__init__()
        width = planes // scale
        self.conv1 = nn.Conv1d(inplanes, width * scale, 1)
        self.bn1 = nn.BatchNorm1d(width * scale)
        self.nums = scale - 1
        pad = kernel_size // 2 * dilation
        self.convs = nn.ModuleList(
            nn.Conv1d(width, width, kernel_size, dilation=dilation, padding=pad)
            for _ in range(self.nums)
        )
        self.bns = nn.ModuleList(nn.BatchNorm1d(width) for _ in range(self.nums))
        self.conv3 = nn.Conv1d(width * scale, planes, 1)
        self.bn3 = nn.BatchNorm1d(planes)
        self.se = SEModule(planes)
        self.width = width


class ECAPA_TDNN(nn.Module):
    def __init__(self, C=128, n_mels=40, emb=96):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, C, 5, padding=2)
        self.bn1 = nn.BatchNorm1d(C)
        self.layer1 = Bottle2neck(C, C, 3, 2)
        self.layer2 = Bottle2neck(C, C, 3, 3)
        self.layer3 = Bottle2neck(C, C, 3, 4)
        self.layer4 = nn.Conv1d(3 * C, 1536 // 4, 1)
        ch = 1536 // 4
        self.attention = nn.Sequential(
            nn.Conv1d(ch * 3, 64, 1),
            nn.ReLU(),
            nn.BatchNorm1d(64),
            nn.Tanh(),
            nn.Conv1d(64, ch, 1),
            nn.Softmax(dim=2),
        )
        self.bn5 = nn.BatchNorm1d(ch * 2)
        self.fc6 = nn.Linear(ch * 2, emb)
        self.bn6 = nn.BatchNorm1d(emb)


model = ECAPA_TDNN(C=128, n_mels=40, emb=96)
