"""ResNet-101 as a feature extractor: the fc replaced by an identity and a projection head added."""

import torch.nn as nn
from resnet_pytorch import ResNet


class SimCLRNet(nn.Module):
    def __init__(self, proj=128):
        super().__init__()
        self.backbone = ResNet.from_name("resnet101")
        feat = self.backbone.fc.in_features
        self.backbone.fc = nn.Identity()
        self.projector = nn.Sequential(nn.Linear(feat, feat), nn.ReLU(), nn.Linear(feat, proj))


model = SimCLRNet(proj=64)
