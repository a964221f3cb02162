"""configparser with ExtendedInterpolation (${section:key}), DEFAULT-section fallback and getboolean("off")."""

import configparser

from torch import nn

INI = """
[DEFAULT]
dropout = 0.1
bias = yes

[model]
base = 24
hidden = ${base}
out = 5

[encoder]
width = ${model:base}
layers = 3
bias = off

[decoder]
width = ${model:hidden}
layers = 2
"""

cp = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
cp.read_string(INI)
mods = []
d = 7
for sec in ("encoder", "decoder"):
    for _ in range(cp.getint(sec, "layers")):
        w = cp.getint(sec, "width")
        mods.append(nn.Linear(d, w, bias=cp.getboolean(sec, "bias")))
        d = w
mods.append(nn.Linear(d, cp.getint("model", "out")))
model = nn.Sequential(*mods)
