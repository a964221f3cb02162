import torch.nn as nn


class Holder:
    def __init__(self):
        self.fc = nn.Linear(4, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = Holder()
        self.real = nn.Linear(self.h.fc.out_features, 3)
