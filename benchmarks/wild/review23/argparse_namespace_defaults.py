import argparse

import torch.nn as nn


def get_args(argv=()):
    p = argparse.ArgumentParser()
    p.add_argument("--dim", type=int, default=24)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--no-bias", action="store_true")
    return p.parse_args(list(argv))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = get_args(["--layers", "2"])
        self.ls = nn.ModuleList(
            nn.Linear(a.dim, a.dim, bias=not a.no_bias) for _ in range(a.layers)
        )
