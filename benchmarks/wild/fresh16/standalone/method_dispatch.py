# layers built by method-name dispatch: getattr(self, f"_make_{kind}")
import torch.nn as nn


class Builder(nn.Module):
    PLAN = [
        ("conv", 3, 16),
        ("dw", 16, 16),
        ("conv", 16, 24),
        ("se", 24, 6),
        ("dw", 24, 24),
        ("head", 24, 9),
    ]

    def __init__(self, plan=None):
        super().__init__()
        self.layers = nn.ModuleList()
        for kind, a, b in plan or self.PLAN:
            self.layers.append(getattr(self, f"_make_{kind}")(a, b))

    def _make_conv(self, cin, cout):
        return nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6()
        )

    def _make_dw(self, c, _):
        return nn.Sequential(nn.Conv2d(c, c, 3, padding=1, groups=c, bias=False), nn.BatchNorm2d(c))

    def _make_se(self, c, r):
        return nn.Sequential(
            nn.AdaptiveAvgPool2d(1), nn.Conv2d(c, r, 1), nn.ReLU(), nn.Conv2d(r, c, 1), nn.Sigmoid()
        )

    def _make_head(self, c, n):
        return nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, n))


model = Builder()
