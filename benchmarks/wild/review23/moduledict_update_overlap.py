import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.d = nn.ModuleDict({"x": nn.Linear(2, 2), "y": nn.Linear(3, 3)})
        self.d.update({"x": nn.Linear(4, 4), "z": nn.Linear(5, 5)})
        self.d.update([("w", nn.Linear(1, 1))])
        self.n = nn.Linear(len(self.d), list(self.d.keys()).index("z") + 1)
