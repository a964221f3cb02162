# a target network made with copy.deepcopy (separate tensors) for EMA updates
import copy

import torch.nn as nn

online = nn.Sequential(
    nn.Linear(17, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 6)
)
target = copy.deepcopy(online)
for p in target.parameters():
    p.requires_grad_(False)
model = nn.ModuleDict({"online": online, "target": target})
