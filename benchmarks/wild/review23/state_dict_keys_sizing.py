import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(4)
        self.fc = nn.Linear(2, 2)
        self.extra = nn.Linear(len(self.state_dict()), 1)
