import torch.nn as nn


class HParams:
    __slots__ = ("n_in", "hidden", "n_out", "depth")

    def __init__(self, n_in=20, hidden=64, n_out=3, depth=3):
        self.n_in, self.hidden, self.n_out, self.depth = n_in, hidden, n_out, depth


def mlp(hp):
    dims = [hp.n_in] + [hp.hidden] * hp.depth
    mods = []
    for a, b in zip(dims, dims[1:]):
        mods += [nn.Linear(a, b), nn.PReLU(b)]
    mods.append(nn.Linear(dims[-1], hp.n_out))
    return nn.Sequential(*mods)


hp = HParams(hidden=48)
hp.depth = 4
model = mlp(hp)
