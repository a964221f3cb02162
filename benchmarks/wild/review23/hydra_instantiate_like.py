import importlib

import torch.nn as nn


def instantiate(cfg, **kw):
    cfg = dict(cfg)
    target = cfg.pop("_target_")
    mod, _, name = target.rpartition(".")
    cls = getattr(importlib.import_module(mod), name)
    args = {
        k: instantiate(v) if isinstance(v, dict) and "_target_" in v else v for k, v in cfg.items()
    }
    args.update(kw)
    return cls(**args)


cfg = {"_target_": "torch.nn.Sequential"}
lin = {"_target_": "torch.nn.Linear", "in_features": 8, "out_features": 4}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = instantiate(lin)
        self.b = instantiate(lin, bias=False)
        self.c = instantiate({"_target_": "torch.nn.LayerNorm", "normalized_shape": 4})
