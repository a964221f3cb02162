# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import shlex

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        args = shlex.split("--dim 32 --name 'a b c' --depth 2")
        opts = dict(zip(args[::2], args[1::2]))
        self.a = nn.Linear(int(opts["--dim"]), len(opts["--name"]))
        self.b = nn.ModuleList(nn.Linear(4, 4) for _ in range(int(opts["--depth"])))
        self.c = nn.Linear(len(args), 2)


model = M()
