# copy.copy of a module is shallow: the copy holds the same submodules (unlike copy.deepcopy)
import copy

import torch.nn as nn

tower = nn.Sequential(nn.Linear(50, 100), nn.ReLU(), nn.Linear(100, 32))
twin_shallow = copy.copy(tower)
twin_deep = copy.deepcopy(tower)
model = nn.ModuleDict({"query": tower, "key": twin_shallow, "value": twin_deep})
