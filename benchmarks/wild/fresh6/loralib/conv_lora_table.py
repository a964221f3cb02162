"""A small CNN classifier whose convolutions carry LoRA adapters (loralib.Conv2d), from a table."""

import loralib as lora
import torch.nn as nn

# (out_channels, kernel, stride, lora rank)
STAGES = [(16, 3, 1, 2), (32, 3, 2, 4), (64, 3, 2, 4), (64, 3, 1, 0)]


def make_features(in_ch=3):
    layers = []
    for out_ch, k, s, r in STAGES:
        if r:
            conv = lora.Conv2d(in_ch, out_ch, k, r=r, lora_alpha=2 * r, stride=s, padding=k // 2)
        else:
            conv = nn.Conv2d(in_ch, out_ch, k, stride=s, padding=k // 2)
        layers += [conv, nn.BatchNorm2d(out_ch), nn.ReLU(inplace=True)]
        in_ch = out_ch
    return nn.Sequential(*layers), in_ch


class LoraConvNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features, ch = make_features()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = lora.Linear(ch, num_classes, r=2)

    def forward(self, x):
        return self.fc(self.pool(self.features(x)).flatten(1))


model = LoraConvNet(num_classes=10)
