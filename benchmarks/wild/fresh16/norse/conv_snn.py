"""Convolutional spiking net for N-MNIST-like input with norse (LIF cells, LI readout)."""

import norse.torch as norse
import torch

model = norse.SequentialState(
    torch.nn.Conv2d(2, 8, 5),
    norse.LIFCell(),
    torch.nn.MaxPool2d(2),
    torch.nn.Conv2d(8, 16, 5),
    norse.LIFCell(),
    torch.nn.MaxPool2d(2),
    torch.nn.Flatten(),
    torch.nn.Linear(16 * 4 * 4, 10),
    norse.LICell(),
)
