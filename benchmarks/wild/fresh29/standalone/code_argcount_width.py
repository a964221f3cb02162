"""Width set from a hook's signature via `__code__.co_argcount` and `co_varnames` (the hook takes 3 arguments)."""

import torch.nn as nn


def hook(x, scale, shift):
    return x * scale + shift


n_args = hook.__code__.co_argcount  # 3
names = hook.__code__.co_varnames[:n_args]
model = nn.Sequential(
    nn.Linear(n_args * 8, len("".join(names))), nn.ReLU()
)  # 24 -> len("xscaleshift") = 11
