import torch.nn as nn


class M(nn.Module):
    def __init__(self, d=4):
        self.d = d
        super().__init__()
        self.fc = nn.Linear(self.d, 2)
