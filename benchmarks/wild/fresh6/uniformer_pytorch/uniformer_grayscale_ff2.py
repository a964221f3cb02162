"""UniFormer on single-channel clips (ultrasound), narrower feed-forwards, in a user wrapper."""

import torch.nn as nn
from uniformer_pytorch import Uniformer


class EchoNet(nn.Module):
    def __init__(self, num_classes=3):
        super().__init__()
        self.backbone = Uniformer(
            num_classes=num_classes,
            channels=1,
            dims=(24, 48, 96, 192),
            depths=(1, 1, 2, 1),
            ff_mult=2,
            dim_head=24,
        )
        self.ef_head = nn.Linear(num_classes, 1)

    def forward(self, video):
        logits = self.backbone(video)
        return logits, self.ef_head(logits)


model = EchoNet(num_classes=3)
