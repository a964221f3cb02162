# a hydra-style nested config with _target_ strings instantiated recursively by a tiny helper
import importlib

import torch.nn as nn

CFG = {
    "_target_": "torch.nn.Sequential",
    "_args_": [
        {
            "_target_": "torch.nn.Conv1d",
            "in_channels": 12,
            "out_channels": 64,
            "kernel_size": 7,
            "padding": 3,
        },
        {"_target_": "torch.nn.BatchNorm1d", "num_features": 64},
        {"_target_": "torch.nn.ReLU"},
        {
            "_target_": "torch.nn.Conv1d",
            "in_channels": 64,
            "out_channels": 64,
            "kernel_size": 5,
            "padding": 2,
        },
        {"_target_": "torch.nn.AdaptiveMaxPool1d", "output_size": 1},
        {"_target_": "torch.nn.Flatten"},
        {"_target_": "torch.nn.Linear", "in_features": 64, "out_features": 5},
    ],
}


def instantiate(node):
    if isinstance(node, dict) and "_target_" in node:
        mod, _, name = node["_target_"].rpartition(".")
        cls = getattr(importlib.import_module(mod), name)
        args = [instantiate(a) for a in node.get("_args_", [])]
        kwargs = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
        return cls(*args, **kwargs)
    return node


model = instantiate(CFG)
assert isinstance(model, nn.Sequential)
