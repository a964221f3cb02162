from collections import ChainMap

import torch.nn as nn

DEFAULTS = {"hidden": 64, "layers": 2, "bias": True, "dropout": 0.0}
PRESET = {"hidden": 96, "layers": 3}
cli = {"layers": 1}

cfg = ChainMap(cli, PRESET, DEFAULTS)
# a child scope for the decoder: writes go to the new front map only
dec_cfg = cfg.new_child({"hidden": 32})
dec_cfg["bias"] = False


def stack(d_in, c):
    layers, d = [], d_in
    for _ in range(c["layers"]):
        layers += [nn.Linear(d, c["hidden"], bias=c["bias"]), nn.ReLU()]
        d = c["hidden"]
    return nn.Sequential(*layers), d


class AE(nn.Module):
    def __init__(self, d_in):
        super().__init__()
        self.enc, h = stack(d_in, cfg)
        self.dec, h2 = stack(h, dec_cfg)
        self.out = nn.Linear(h2, d_in, bias=cfg["bias"])


model = AE(d_in=20)
