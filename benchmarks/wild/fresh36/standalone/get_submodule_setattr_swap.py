# swap layers by dotted path: get_submodule for the parent, setattr for the child
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 64, 3, padding=1), nn.ReLU()
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(
            nn.Flatten(), nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 1000)
        )


def replace(model, path, new):
    parent_path, _, name = path.rpartition(".")
    parent = model.get_submodule(parent_path) if parent_path else model
    setattr(parent, name, new)


model = Net()
replace(model, "classifier.3", nn.Linear(256, 37))  # new head for a 37-class dataset
replace(model, "features.2", nn.Conv2d(32, 64, 3, padding=1, groups=32))  # depthwise-ish variant
