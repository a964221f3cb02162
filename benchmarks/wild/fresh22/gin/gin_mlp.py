"""A model whose hyperparameters come from a gin config string bound to configurable builders."""

import gin
from torch import nn

CONFIG = """
build_mlp.in_dim = 12
build_mlp.widths = [64, 32]
build_mlp.out_dim = 4
build_mlp.act = @nn.SiLU
"""

gin.external_configurable(nn.SiLU, module="nn")


@gin.configurable
def build_mlp(in_dim=8, widths=(16,), out_dim=2, act=nn.ReLU):
    layers, prev = [], in_dim
    for w in widths:
        layers += [nn.Linear(prev, w), act()]
        prev = w
    layers.append(nn.Linear(prev, out_dim))
    return nn.Sequential(*layers)


gin.parse_config(CONFIG)
model = build_mlp()
