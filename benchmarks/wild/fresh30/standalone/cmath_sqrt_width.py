"""Widths from `cmath`: the square root of -144 is 12j; its imaginary part and the modulus of cmath.rect(10, 0.5)
(10, rounded) give two widths."""

import cmath

import torch.nn as nn

a = int(cmath.sqrt(-144).imag)  # 12
b = round(abs(cmath.rect(10, 0.5)))  # 10
model = nn.Sequential(nn.Linear(a, b), nn.Tanh(), nn.Linear(b, a))
