"""A model zoo module: names resolved lazily by a module-level __getattr__ (PEP 562)."""

import torch.nn as nn

_SPECS = {"mlp_small": (16, 32, 2), "mlp_big": (16, 256, 4)}


def _mlp(d_in, h, depth):
    layers = [nn.Linear(d_in, h), nn.Tanh()]
    for _ in range(depth - 1):
        layers += [nn.Linear(h, h), nn.Tanh()]
    return nn.Sequential(*layers, nn.Linear(h, 1))


def __getattr__(name):
    if name in _SPECS:
        return _mlp(*_SPECS[name])
    raise AttributeError(name)


model = nn.ModuleDict({"actor": __getattr__("mlp_small"), "critic": __getattr__("mlp_big")})
