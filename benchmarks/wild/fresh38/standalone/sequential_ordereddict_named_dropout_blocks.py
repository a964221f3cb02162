# nn.Sequential from an OrderedDict built in a loop, names from str.format
from collections import OrderedDict

import torch.nn as nn

sizes = [300, 200, 100, 50]
od = OrderedDict()
for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
    od[f"fc{i}"] = nn.Linear(a, b)
    od[f"act{i}"] = nn.ELU()
    if i < len(sizes) - 2:
        od[f"drop{i}"] = nn.AlphaDropout(0.1)
od["out"] = nn.Linear(sizes[-1], 3)
model = nn.Sequential(od)
