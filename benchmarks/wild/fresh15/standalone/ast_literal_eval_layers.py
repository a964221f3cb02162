"""Layer specs given as a Python literal string (as stored in a checkpoint's metadata), parsed
with ast.literal_eval, built by looking classes up with getattr(nn, name)."""

import ast

import torch.nn as nn

SPEC = """[
    ("Conv1d", {"in_channels": 1, "out_channels": 16, "kernel_size": 9, "stride": 2}),
    ("BatchNorm1d", {"num_features": 16}),
    ("PReLU", {"num_parameters": 16}),
    ("Conv1d", {"in_channels": 16, "out_channels": 32, "kernel_size": 5, "groups": 4}),
    ("GroupNorm", {"num_groups": 4, "num_channels": 32, "affine": False}),
    ("GELU", {}),
    ("AdaptiveAvgPool1d", {"output_size": 8}),
    ("Flatten", {}),
    ("Linear", {"in_features": 256, "out_features": 5}),
]"""

model = nn.Sequential(*(getattr(nn, name)(**kw) for name, kw in ast.literal_eval(SPEC)))
