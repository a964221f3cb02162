# "key=value" overrides parsed with str.partition and coerced with the default's own type
import torch.nn as nn

defaults = {"depth": 2, "width": 64, "dropout": 0.1, "act": "GELU", "residual": True}
overrides = ["depth=4", "width=96", "act=SiLU", "dropout=0"]
cfg = dict(defaults)
for item in overrides:
    key, _, value = item.partition("=")
    cfg[key] = type(defaults[key])(value)

act = getattr(nn, cfg["act"])
layers = [nn.Linear(32, cfg["width"])]
for _ in range(cfg["depth"]):
    layers += [act(), nn.Dropout(cfg["dropout"]), nn.Linear(cfg["width"], cfg["width"])]
model = nn.Sequential(*layers, nn.Linear(cfg["width"], 1))
