"""Container surgery after build: Sequential.insert / append / pop / del by index, a ModuleList
sliced (the slice holds the same modules), ModuleDict.pop and update with a plain dict."""

import torch.nn as nn


class Net(nn.Module):
    def __init__(self, dim=32, depth=6):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Linear(10, dim), nn.ReLU(), nn.Dropout(0.1), nn.Linear(dim, dim)
        )
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim)) for _ in range(depth)
        )
        self.heads = nn.ModuleDict(
            {"a": nn.Linear(dim, 3), "b": nn.Linear(dim, 5), "c": nn.Linear(dim, 7)}
        )


model = Net()
model.stem.insert(1, nn.BatchNorm1d(32))
model.stem.append(nn.Linear(32, 32, bias=False))
model.stem.pop(3)
del model.stem[2]
model.blocks = model.blocks[:4]
model.heads.pop("b")
model.heads.update({"d": nn.Bilinear(32, 32, 2)})
