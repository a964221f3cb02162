import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ls = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
        self.ls += [nn.Linear(3, 3)]
        del self.ls[0]
        self.ls[-1] = nn.Linear(4, 4)
        self.ls.insert(1, nn.Linear(5, 5))
        self.ls.extend(self.ls[:1])
