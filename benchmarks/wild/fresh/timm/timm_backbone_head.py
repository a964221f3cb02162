"""timm: headless backbone (num_classes=0) plus a user head sized from num_features (fresh batch, benchmarks/wild/fresh)."""

import timm
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, backbone="repvgg_a0", n_classes=3, hidden=128):
        super().__init__()
        self.backbone = timm.create_model(backbone, pretrained=False, num_classes=0)
        self.head = nn.Sequential(
            nn.Linear(self.backbone.num_features, hidden),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(hidden, n_classes),
        )

    def forward(self, x):
        return self.head(self.backbone(x))


model = Classifier("lcnet_050", n_classes=3)
