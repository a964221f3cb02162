# @classmethod presets merged with the dict union operator; later keys win
import torch.nn as nn


class ConvNet(nn.Module):
    PRESETS = {
        "tiny": {"widths": (16, 32), "blocks": 1},
        "small": {"widths": (32, 64, 128), "blocks": 2},
    }

    def __init__(self, widths, blocks, in_ch=3, classes=10):
        super().__init__()
        layers, c = [], in_ch
        for w in widths:
            for i in range(blocks):
                layers += [nn.Conv2d(c, w, 3, stride=2 if i == 0 else 1, padding=1), nn.ReLU()]
                c = w
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(c, classes)

    @classmethod
    def from_preset(cls, name, **overrides):
        return cls(**(cls.PRESETS[name] | {"classes": 10} | overrides))


model = ConvNet.from_preset("small", blocks=3, classes=37)
