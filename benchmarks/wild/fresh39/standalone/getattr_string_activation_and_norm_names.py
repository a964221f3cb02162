# activation / norm classes looked up on torch.nn by name strings from a config
import torch.nn as nn

cfg = {
    "act": "Mish",
    "norm": "InstanceNorm2d",
    "norm_kwargs": {"affine": True},
    "widths": [24, 48, 96],
}
Act = getattr(nn, cfg["act"])
Norm = getattr(nn, cfg["norm"])
layers, cin = [], 3
for w in cfg["widths"]:
    layers += [nn.Conv2d(cin, w, 3, padding=1), Norm(w, **cfg["norm_kwargs"]), Act()]
    cin = w
model = nn.Sequential(*layers)
