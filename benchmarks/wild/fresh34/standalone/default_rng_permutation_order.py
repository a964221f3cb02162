import numpy as np
import torch.nn as nn


def make_net(widths, seed):
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(widths))
    ws = [widths[i] for i in order]
    layers, d = [], 5
    for w in ws:
        layers += [nn.Linear(d, w), nn.Tanh()]
        d = w
    return nn.Sequential(*layers, nn.Linear(d, 1))


model = make_net([7, 30, 11, 50], seed=1234)
