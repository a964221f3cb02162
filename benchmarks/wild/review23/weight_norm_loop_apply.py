import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv1d(2, 2, k) for k in (3, 5, 7)])
        for c in self.convs:
            nn.utils.weight_norm(c)
        self.convs.append(nn.utils.parametrizations.weight_norm(nn.Conv1d(2, 4, 1)))
