# layers named by dotted strings in a config, resolved with importlib
import importlib

import torch.nn as nn


def resolve(path):
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


config = [
    ("torch.nn.Conv1d", {"in_channels": 80, "out_channels": 256, "kernel_size": 5, "padding": 2}),
    ("torch.nn.BatchNorm1d", {"num_features": 256}),
    ("torch.nn.GELU", {}),
    (
        "torch.nn.Conv1d",
        {"in_channels": 256, "out_channels": 256, "kernel_size": 3, "padding": 1, "groups": 4},
    ),
    ("torch.nn.modules.normalization.GroupNorm", {"num_groups": 8, "num_channels": 256}),
    ("torch.nn.Conv1d", {"in_channels": 256, "out_channels": 40, "kernel_size": 1}),
]

model = nn.Sequential(*(resolve(path)(**kwargs) for path, kwargs in config))
