from dataclasses import dataclass

import torch.nn as nn


@dataclass(frozen=True)
class Cfg:
    dim: int = 4

    @property
    def hidden(self):
        return self.dim * 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        try:
            c.dim = 8
        except Exception:
            pass
        self.l = nn.Linear(c.dim, c.hidden)
