import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(5, 5), nn.Linear(5, 5))
        for p in self.backbone.parameters():
            p.requires_grad = False
        n_trainable = sum(p.numel() for p in self.parameters() if p.requires_grad)
        self.head = nn.Linear(4, 2 + n_trainable)
