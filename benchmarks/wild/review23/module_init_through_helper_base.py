import torch.nn as nn


def init_module(m):
    nn.Module.__init__(m)


class M(nn.Module):
    def __init__(self):
        init_module(self)
        self.fc = nn.Linear(4, 2)
