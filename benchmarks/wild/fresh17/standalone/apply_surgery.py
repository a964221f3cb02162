import torch
import torch.nn as nn


def init(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        if m.bias is not None:
            nn.init.zeros_(m.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(32, 64)
        self.l2 = nn.Linear(64, 64)
        self.l3 = nn.Linear(64, 8)


model = Net()
model.apply(init)
# surgery: drop l2's bias, widen l3's input by concatenating 16 zero columns
model.l2.bias = None
with torch.no_grad():
    w = model.l3.weight
    model.l3.weight = nn.Parameter(torch.cat([w, torch.zeros(w.shape[0], 16)], dim=1))
model.l3.in_features = 80
model.extra = nn.Linear(64, 16)
