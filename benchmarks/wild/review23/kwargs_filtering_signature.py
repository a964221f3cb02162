import inspect

import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim, hidden=None, bias=True):
        super().__init__()
        self.fc = nn.Linear(dim, hidden or dim, bias=bias)


def make(cls, **kw):
    names = inspect.signature(cls.__init__).parameters
    return cls(**{k: v for k, v in kw.items() if k in names})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = make(Block, dim=4, hidden=6, dropout=0.1, bias=False)
