import torch
import torch.nn as nn


def init(m):
    if isinstance(m, nn.Linear):
        nn.init.trunc_normal_(m.weight, std=0.02)
        if m.bias is not None:
            nn.init.zeros_(m.bias)


model = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 64), nn.GELU(), nn.Linear(64, 4))
model.apply(init)
# surgery: drop the middle bias, grow the output layer by two classes, freeze the first layer
model[2].bias = None
with torch.no_grad():
    w = torch.cat([model[4].weight, torch.zeros(2, 64)])
    b = torch.cat([model[4].bias, torch.zeros(2)])
model[4] = nn.Linear(64, 6)
model[4].weight = nn.Parameter(w)
model[4].bias = nn.Parameter(b)
model[0].requires_grad_(False)
model.extra = nn.ParameterDict({"temp": nn.Parameter(torch.ones(1)), "shift": nn.Parameter(torch.zeros(6))})
