"""A frozen dataclass config whose derived sizes are computed in __post_init__ through
object.__setattr__ and default_factory lists; itertools.accumulate / pairwise build an MLP pyramid."""

import itertools
from dataclasses import dataclass, field

import torch.nn as nn


@dataclass(frozen=True)
class PyramidConfig:
    d_in: int = 24
    steps: list = field(default_factory=lambda: [40, -8, -8, -8])
    n_out: int = 3
    dims: tuple = field(init=False)
    head_hidden: int = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "dims", tuple(itertools.accumulate([self.d_in] + self.steps)))
        object.__setattr__(self, "head_hidden", self.dims[-1] // 2)


class Pyramid(nn.Module):
    def __init__(self, cfg: PyramidConfig):
        super().__init__()
        self.body = nn.Sequential(
            *itertools.chain.from_iterable(
                (nn.Linear(a, b), nn.Tanh()) for a, b in itertools.pairwise(cfg.dims)
            )
        )
        self.head = nn.Sequential(
            nn.Linear(cfg.dims[-1], cfg.head_hidden),
            nn.ReLU(),
            nn.Linear(cfg.head_hidden, cfg.n_out),
        )


model = Pyramid(PyramidConfig(d_in=24, steps=[40, -8, -8, -8], n_out=3))
