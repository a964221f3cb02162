"""Open-set classifier whose class centers live in the model: a WideResNet and CenterLoss."""

import torch.nn as nn
from pytorch_ood.loss import CenterLoss
from pytorch_ood.model import WideResNet


class OpenSet(nn.Module):
    def __init__(self, classes=10, emb=16):
        super().__init__()
        self.backbone = WideResNet(num_classes=emb, depth=16, widen_factor=2, drop_rate=0.0)
        self.criterion = CenterLoss(n_classes=classes, n_dim=emb)


model = OpenSet()
