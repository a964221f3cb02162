import torch.nn as nn


class Fire(nn.Module):
    def __init__(self, inplanes, squeeze, expand1x1, expand3x3):
        super().__init__()
        self.squeeze = nn.Conv2d(inplanes, squeeze, 1)
        self.expand1x1 = nn.Conv2d(squeeze, expand1x1, 1)
        self.expand3x3 = nn.Conv2d(squeeze, expand3x3, 3, padding=1)


def fire_plan(base_e=128, incr_e=128, pct_3x3=0.5, freq=2, sr=0.125, n=8):
    plan = []
    for i in range(n):
        e = base_e + incr_e * (i // freq)
        s = int(sr * e)
        e3 = int(e * pct_3x3)
        plan.append((s, e - e3, e3))
    return plan


class SqueezeNet(nn.Module):
    def __init__(self, num_classes=1000, **plan_kw):
        super().__init__()
        layers = [
            nn.Conv2d(3, 96, 7, stride=2),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(3, 2, ceil_mode=True),
        ]
        c = 96
        for s, e1, e3 in fire_plan(**plan_kw):
            layers.append(Fire(c, s, e1, e3))
            c = e1 + e3
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Sequential(
            nn.Dropout(0.5), nn.Conv2d(c, num_classes, 1), nn.ReLU(inplace=True)
        )


model = SqueezeNet(num_classes=10, base_e=64, incr_e=64, pct_3x3=0.75, freq=2, sr=0.25, n=6)
