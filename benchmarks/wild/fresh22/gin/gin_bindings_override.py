"""gin bindings parsed from a file-like string and then overridden on the command line (bind_parameter)."""

import gin
from torch import nn


@gin.configurable("head")
def make_head(dim=32, classes=10, dropout=0.0):
    return nn.Sequential(nn.Dropout(dropout), nn.Linear(dim, classes))


@gin.configurable
def make_backbone(dim=32, layers=2):
    return nn.Sequential(*[nn.Sequential(nn.Linear(dim, dim), nn.ReLU()) for _ in range(layers)])


gin.parse_config(["head.dim = 48", "head.classes = 7", "make_backbone.dim = 48"])
gin.bind_parameter("make_backbone.layers", 4)

model = nn.Sequential(make_backbone(), make_head())
