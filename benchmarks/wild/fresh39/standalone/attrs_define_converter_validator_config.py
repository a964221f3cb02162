# an attrs-decorated config (converter, validator, default factory) building an MLP
import attrs
import torch.nn as nn


@attrs.define
class MLPConfig:
    in_dim: int = attrs.field(converter=int)
    hidden: list = attrs.field(factory=lambda: [256, 128])
    out_dim: int = attrs.field(default=10, validator=attrs.validators.gt(0))
    dropout: float = 0.1


cfg = MLPConfig(in_dim="784", hidden=[512, 256, 128])
dims = [cfg.in_dim, *cfg.hidden]
layers = []
for a, b in zip(dims, dims[1:]):
    layers += [nn.Linear(a, b), nn.ReLU(), nn.Dropout(cfg.dropout)]
model = nn.Sequential(*layers, nn.Linear(dims[-1], cfg.out_dim))
