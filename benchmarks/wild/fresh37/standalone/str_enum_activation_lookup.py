# a str-mixin Enum naming activations; members compare equal to their strings
import enum

import torch.nn as nn


class Act(str, enum.Enum):
    RELU = "ReLU"
    GELU = "GELU"
    PRELU = "PReLU"


def block(d_in, d_out, act):
    layer = getattr(nn, Act(act).value)
    extra = {"num_parameters": d_out} if act == Act.PRELU else {}
    return nn.Sequential(nn.Linear(d_in, d_out), layer(**extra))


model = nn.Sequential(
    block(10, 50, "PReLU"), block(50, 50, Act.GELU), block(50, 20, "PReLU"), nn.Linear(20, 1)
)
