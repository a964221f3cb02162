import configparser

import torch.nn as nn

INI = """
[model]
in_features = 20
hidden = 64, 64, 32
out_features = 4
dropout = 0.25
use_bias = no

[head]
extra = yes
"""

cfg = configparser.ConfigParser()
cfg.read_string(INI)
m = cfg["model"]
hidden = [int(h) for h in m.get("hidden").split(",")]
bias = m.getboolean("use_bias")

layers = []
prev = m.getint("in_features")
for h in hidden:
    layers += [nn.Linear(prev, h, bias=bias), nn.ReLU(), nn.Dropout(m.getfloat("dropout"))]
    prev = h
layers.append(nn.Linear(prev, m.getint("out_features")))
if cfg.getboolean("head", "extra"):
    layers.append(nn.Linear(m.getint("out_features"), m.getint("out_features")))

model = nn.Sequential(*layers)
