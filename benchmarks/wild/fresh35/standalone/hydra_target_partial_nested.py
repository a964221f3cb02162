import functools
import importlib

import torch.nn as nn

cfg = {
    "_target_": "torch.nn.Sequential",
    "_args_": [
        {"_target_": "torch.nn.Linear", "in_features": 12, "out_features": 48},
        {"_target_": "torch.nn.SiLU"},
        {
            "_target_": "torch.nn.Linear",
            "in_features": 48,
            "out_features": 48,
            "bias": False,
        },
        {"_target_": "torch.nn.LayerNorm", "_partial_": True, "eps": 1e-5},
    ],
}


def locate(path):
    mod, _, name = path.rpartition(".")
    return getattr(importlib.import_module(mod), name)


def instantiate(node):
    if isinstance(node, dict) and "_target_" in node:
        fn = locate(node["_target_"])
        kwargs = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
        args = [instantiate(a) for a in node.get("_args_", [])]
        if node.get("_partial_"):
            return functools.partial(fn, *args, **kwargs)
        return fn(*args, **kwargs)
    if isinstance(node, list):
        return [instantiate(x) for x in node]
    return node


built = instantiate({**cfg, "_args_": cfg["_args_"][:3]})
norm_factory = instantiate(cfg["_args_"][3])
model = nn.Sequential(built, norm_factory(48), nn.Linear(48, 3))
