"""Layers from a list of spec dicts dispatched with structural pattern matching (match/case)."""

import torch.nn as nn

SPEC = [
    {"type": "embed", "vocab": 1000, "dim": 64},
    {"type": "rnn", "cell": "gru", "hidden": 96, "bidir": True},
    {"type": "rnn", "cell": "lstm", "hidden": 32},
    {"type": "dense", "units": [50, 20]},
    ("dropout", 0.2),
    {"type": "dense", "units": 7},
]


def make(spec, d):
    match spec:
        case {"type": "embed", "vocab": v, "dim": dim}:
            return nn.Embedding(v, dim), dim
        case {"type": "rnn", "cell": "gru", "hidden": h, **rest}:
            bi = rest.get("bidir", False)
            return nn.GRU(d, h, batch_first=True, bidirectional=bi), h * (2 if bi else 1)
        case {"type": "rnn", "cell": "lstm", "hidden": h}:
            return nn.LSTM(d, h, batch_first=True), h
        case {"type": "dense", "units": [*units]}:
            layers = []
            for u in units:
                layers += [nn.Linear(d, u), nn.Tanh()]
                d = u
            return nn.Sequential(*layers), d
        case {"type": "dense", "units": int(u)}:
            return nn.Linear(d, u), u
        case ("dropout", float(p)):
            return nn.Dropout(p), d
        case _:
            raise ValueError(spec)


mods = []
d = None
for s in SPEC:
    m, d = make(s, d)
    mods.append(m)
model = nn.ModuleList(mods)
