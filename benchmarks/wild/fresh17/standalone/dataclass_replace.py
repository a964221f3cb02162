import dataclasses

import torch.nn as nn


@dataclasses.dataclass(frozen=True)
class LayerSpec:
    cin: int
    cout: int
    k: int = 3
    stride: int = 1
    groups: int = 1


def conv(spec):
    return nn.Sequential(
        nn.Conv2d(
            spec.cin, spec.cout, spec.k, spec.stride, spec.k // 2, groups=spec.groups, bias=False
        ),
        nn.BatchNorm2d(spec.cout),
        nn.Hardswish(),
    )


stem = LayerSpec(3, 16, stride=2)
dw = dataclasses.replace(stem, cin=16, groups=16)
pw = dataclasses.replace(dw, cout=32, k=1, groups=1, stride=1)
dw2 = dataclasses.replace(pw, cin=32, k=5, groups=32, stride=2)
model = nn.Sequential(*[conv(s) for s in (stem, dw, pw, dw2)], nn.Conv2d(32, 100, 1))
