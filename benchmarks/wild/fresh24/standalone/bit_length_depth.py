"""A 1-D encoder that halves the length until one step is left: the depth is (seq_len - 1).bit_length()."""

import torch.nn as nn


def build(seq_len=200, ch=16):
    depth = (seq_len - 1).bit_length()
    layers = []
    for i in range(depth):
        cin = 1 if i == 0 else ch * min(i, 4)
        layers += [nn.Conv1d(cin, ch * min(i + 1, 4), 3, stride=2, padding=1), nn.GELU()]
    return nn.Sequential(*layers)


model = build(seq_len=200, ch=16)
