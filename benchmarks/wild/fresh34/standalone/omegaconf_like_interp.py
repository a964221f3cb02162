import re

import torch.nn as nn

RAW = {
    "model": {
        "dim": 32,
        "enc": {"in": 3, "hidden": "${model.dim}", "out": "${model.dim}"},
        "head": {"in": "${model.enc.out}", "classes": 5},
    }
}

_REF = re.compile(r"^\$\{([\w.]+)\}$")


def select(cfg, dotted):
    node = cfg
    for part in dotted.split("."):
        node = node[part]
    return resolve(cfg, node)


def resolve(cfg, v):
    if isinstance(v, str):
        m = _REF.match(v)
        if m:
            return select(cfg, m.group(1))
    return v


class Node(dict):
    def __init__(self, root, d):
        super().__init__(d)
        self._root = root

    def __getattr__(self, k):
        v = resolve(self._root, self[k])
        return Node(self._root, v) if isinstance(v, dict) else v


cfg = Node(RAW, RAW)
RAW["model"]["dim"] = 48  # interpolations are resolved lazily: every ref sees 48


class Net(nn.Module):
    def __init__(self, c):
        super().__init__()
        e = c.model.enc
        self.enc = nn.Sequential(
            nn.Conv2d(e["in"], e.hidden, 3), nn.ReLU(), nn.Conv2d(e.hidden, e.out, 3)
        )
        self.head = nn.Linear(c.model.head.__getattr__("in"), c.model.head.classes)


model = Net(cfg)
