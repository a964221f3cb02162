"""Parameter surgery with operator.attrgetter paths: replace, widen and delete submodules by dotted name."""

import operator

import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 24, 3, padding=1), nn.BatchNorm2d(24), nn.ReLU())
        self.body = nn.Sequential(
            nn.Conv2d(24, 48, 3, stride=2, padding=1), nn.BatchNorm2d(48), nn.ReLU()
        )
        self.aux = nn.Linear(48, 10)
        self.head = nn.Linear(48, 1000)

    def forward(self, x):
        return self.head(self.body(self.stem(x)).mean((2, 3)))


def set_by_path(root, path, module):
    parent, _, name = path.rpartition(".")
    owner = operator.attrgetter(parent)(root) if parent else root
    setattr(owner, name, module)


model = Net()
for path in ("stem.1", "body.1"):
    bn = operator.attrgetter(path)(model)
    set_by_path(model, path, nn.GroupNorm(8, bn.num_features))
set_by_path(model, "head", nn.Linear(operator.attrgetter("head.in_features")(model), 37))
del model.aux
