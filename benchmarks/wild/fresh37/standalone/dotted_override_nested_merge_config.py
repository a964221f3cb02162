# an omegaconf-like merge by hand: a base tree, a preset tree merged recursively, then dotted overrides
import copy

import torch.nn as nn

base = {
    "model": {"enc": {"channels": [32, 64], "kernel": 3}, "head": {"hidden": 128, "classes": 10}}
}
preset = {"model": {"enc": {"channels": [32, 64, 128]}, "head": {"classes": 100}}}


def merge(a, b):
    out = copy.deepcopy(a)
    for k, v in b.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def set_dotted(tree, dotted, value):
    *path, leaf = dotted.split(".")
    for p in path:
        tree = tree[p]
    tree[leaf] = value


cfg = merge(base, preset)
set_dotted(cfg, "model.enc.kernel", 5)
set_dotted(cfg, "model.head.hidden", 256)
enc = cfg["model"]["enc"]
chans = [3] + enc["channels"]
convs = [
    nn.Conv2d(a, b, enc["kernel"], padding=enc["kernel"] // 2) for a, b in zip(chans, chans[1:])
]
model = nn.Sequential(
    *convs,
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(chans[-1], cfg["model"]["head"]["hidden"]),
    nn.Linear(cfg["model"]["head"]["hidden"], cfg["model"]["head"]["classes"]),
)
