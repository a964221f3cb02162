"""The network is built inside a contextlib.ExitStack holding no_grad and a seed context."""

import contextlib

import torch
import torch.nn as nn


@contextlib.contextmanager
def seeded(seed):
    state = torch.random.get_rng_state()
    torch.manual_seed(seed)
    try:
        yield seed
    finally:
        torch.random.set_rng_state(state)


with contextlib.ExitStack() as stack:
    stack.enter_context(torch.no_grad())
    seed = stack.enter_context(seeded(3))
    layers = [nn.Conv1d(4, 16, 5, padding=2), nn.ReLU(), nn.Conv1d(16, 16, 3, padding=1)]
    stack.callback(layers.append, nn.Conv1d(16, 2, 1))
model = nn.Sequential(*layers)
