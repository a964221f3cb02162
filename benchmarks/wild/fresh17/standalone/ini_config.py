import configparser

import torch.nn as nn

INI = """
[encoder]
channels = 3, 32, 64, 128
kernel = 3

[head]
hidden = 256
classes = 7
dropout = 0.2
"""

cp = configparser.ConfigParser()
cp.read_string(INI)
chans = [int(c) for c in cp["encoder"]["channels"].split(",")]
k = cp.getint("encoder", "kernel")

layers = []
for cin, cout in zip(chans, chans[1:]):
    layers += [
        nn.Conv2d(cin, cout, k, padding=k // 2),
        nn.GroupNorm(8, cout),
        nn.SiLU(),
        nn.MaxPool2d(2),
    ]
head = cp["head"]
model = nn.Sequential(
    *layers,
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(chans[-1], head.getint("hidden")),
    nn.Dropout(head.getfloat("dropout")),
    nn.Linear(head.getint("hidden"), head.getint("classes")),
)
