"""A config round-tripped through pickle: the class's `__setstate__` doubles the stored width when it is
restored, so the model is built at twice the width written in the config."""

import pickle

import torch.nn as nn


class BlockCfg:
    def __init__(self, width, depth):
        self.width = width
        self.depth = depth

    def __setstate__(self, state):
        state = dict(state)
        state["width"] *= 2
        self.__dict__.update(state)


cfg = pickle.loads(pickle.dumps(BlockCfg(width=12, depth=3)))  # width 24
model = nn.Sequential(*[nn.Linear(cfg.width, cfg.width) for _ in range(cfg.depth)])
