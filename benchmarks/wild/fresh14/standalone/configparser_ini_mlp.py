"""An INI file (configparser) with sections per sub-network and a DEFAULT section inherited by all."""

import configparser

import torch.nn as nn

ini = configparser.ConfigParser()
ini.read_string("""
[DEFAULT]
hidden = 64
layers = 2
bias = yes

[encoder]
in = 30
layers = 3

[decoder]
in = 16
hidden = 48
bias = no
""")


def mlp(sec, out):
    h, n, bias = sec.getint("hidden"), sec.getint("layers"), sec.getboolean("bias")
    dims = [sec.getint("in")] + [h] * n
    mods = []
    for a, b in zip(dims, dims[1:]):
        mods += [nn.Linear(a, b, bias=bias), nn.ReLU()]
    return nn.Sequential(*mods, nn.Linear(dims[-1], out, bias=bias))


model = nn.ModuleDict({"encoder": mlp(ini["encoder"], 16), "decoder": mlp(ini["decoder"], 30)})
