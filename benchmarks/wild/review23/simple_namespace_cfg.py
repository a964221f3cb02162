from types import SimpleNamespace

import torch.nn as nn


def to_ns(d):
    return SimpleNamespace(**{k: to_ns(v) if isinstance(v, dict) else v for k, v in d.items()})


cfg = to_ns({"model": {"d": 6, "blocks": [4, 8]}})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        dims = [cfg.model.d, *cfg.model.blocks]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        vars(cfg.model)["d"] = 3
        self.tail = nn.Linear(cfg.model.d, 1)
