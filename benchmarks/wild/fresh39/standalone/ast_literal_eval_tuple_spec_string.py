# layer sizes kept as a Python-literal string in an experiment log, read back with ast.literal_eval
import ast

import torch.nn as nn

logged = "{'enc': (512, 256, 64), 'dec': (64, 256, 512), 'act': 'relu', 'latent': 16}"
spec = ast.literal_eval(logged)


def mlp(sizes):
    layers = []
    for a, b in zip(sizes, sizes[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers)


model = nn.ModuleDict(
    {
        "encoder": mlp(spec["enc"]),
        "mu": nn.Linear(spec["enc"][-1], spec["latent"]),
        "logvar": nn.Linear(spec["enc"][-1], spec["latent"]),
        "decoder": mlp((spec["latent"],) + spec["dec"]),
    }
)
