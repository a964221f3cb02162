"""Stacked spiking layers whose lowpass filters are fixed (apply_during_training=False) and frozen."""

import torch
from pytorch_spiking import Lowpass, SpikingActivation

sizes = [16, 32, 32, 8]
layers = []
for a, b in zip(sizes, sizes[1:]):
    layers += [
        torch.nn.Linear(a, b),
        SpikingActivation(torch.nn.Tanh(), dt=0.002),
        Lowpass(0.02, b, dt=0.002, apply_during_training=False),
    ]
model = torch.nn.Sequential(*layers)
for m in model:
    if isinstance(m, Lowpass):
        for p in m.parameters():
            p.requires_grad = False
