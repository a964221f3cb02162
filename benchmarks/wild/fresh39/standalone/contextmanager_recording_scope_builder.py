# layers built inside a contextlib.contextmanager that records every module created in its scope
import contextlib

import torch.nn as nn

_created = []


@contextlib.contextmanager
def recording():
    _created.clear()
    yield _created


def lin(a, b):
    m = nn.Linear(a, b)
    _created.append(m)
    return m


with recording() as made:
    for a, b in [(100, 200), (200, 200), (200, 50)]:
        lin(a, b)
    extra = nn.LayerNorm(50)
model = nn.Sequential(*[x for pair in zip(made, [nn.ReLU()] * len(made)) for x in pair], extra)
