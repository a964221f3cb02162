"""A block cloned by a pickle round trip; its `__getstate__` drops the auxiliary head, so the clone has none."""

import pickle

import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.aux = nn.Linear(d, 100)

    def __getstate__(self):
        state = super().__getstate__().copy()
        state["_modules"] = {k: v for k, v in state["_modules"].items() if k != "aux"}
        return state


first = Block(16)
clone = pickle.loads(pickle.dumps(first))
model = nn.ModuleList([first, clone])
