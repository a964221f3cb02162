# hyperparameters declared as descriptors; __set_name__ records each one's attribute name
import torch.nn as nn


class HParam:
    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        self.name = name
        owner._hparams = {**getattr(owner, "_hparams", {}), name: self.default}

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get("_hp", {}).get(self.name, self.default)


class ConvNet(nn.Module):
    width = HParam(32)
    depth = HParam(3)
    classes = HParam(10)

    def __init__(self, **overrides):
        super().__init__()
        self.__dict__["_hp"] = {k: overrides.get(k, v) for k, v in self._hparams.items()}
        layers, c = [], 1
        for i in range(self.depth):
            layers += [nn.Conv2d(c, self.width * 2**i, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            c = self.width * 2**i
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(c, self.classes)


model = ConvNet(width=24, classes=47)
