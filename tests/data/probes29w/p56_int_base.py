import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(int("0x10", 0), int("11", 2))
        self.b = nn.Linear(int("0o17", 8), int(" 12 "))


model = M()
