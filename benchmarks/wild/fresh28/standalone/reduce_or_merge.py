"""Hyper-parameter dicts merged left to right with `functools.reduce(operator.or_, ...)`: the last dict wins each key."""

import functools
import operator

import torch.nn as nn

defaults = {"d_model": 32, "heads": 4, "ff": 64, "layers": 2}
dataset = {"d_model": 48, "ff": 96}
run = {"heads": 6, "layers": 1}
hp = functools.reduce(operator.or_, [defaults, dataset, run])

model = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(
        hp["d_model"], hp["heads"], dim_feedforward=hp["ff"], batch_first=True
    ),
    num_layers=hp["layers"],
    enable_nested_tensor=False,
)
