import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.frozen = nn.Linear(4, 4).requires_grad_(False).eval()
        self.half = nn.Linear(2, 2).half().float()
        self.items = nn.ModuleList([nn.Linear(1, 1) for _ in range(4)])[::2]
