"""Rockpool torch-backend network: Linear -> LIF -> Linear -> LIF (Xylo-style feedforward SNN)."""

from rockpool.nn.combinators import Sequential
from rockpool.nn.modules import LIFTorch, LinearTorch

Nin, Nhidden, Nout = 12, 24, 3
model = Sequential(
    LinearTorch((Nin, Nhidden)),
    LIFTorch(Nhidden),
    LinearTorch((Nhidden, Nout)),
    LIFTorch(Nout),
)
