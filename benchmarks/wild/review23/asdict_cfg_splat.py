from dataclasses import asdict, dataclass, replace

import torch.nn as nn


@dataclass(frozen=True)
class LinCfg:
    in_features: int = 4
    out_features: int = 8
    bias: bool = True


class M(nn.Module):
    def __init__(self):
        super().__init__()
        base = LinCfg()
        self.a = nn.Linear(**asdict(base))
        self.b = nn.Linear(**asdict(replace(base, bias=False, out_features=3)))
