from typing import NamedTuple

import torch.nn as nn


class Cfg(NamedTuple):
    dim: int = 4
    hidden: int = 8
    bias: bool = True


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg(hidden=5)._replace(bias=False)
        d = c._asdict()
        self.a = nn.Linear(d["dim"], d["hidden"], bias=d["bias"])
        self.b = nn.Linear(*c[:2])
