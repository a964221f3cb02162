# rate-coded MLP with norse: constant-current encoder, LIFBoxCell hidden layers, leaky-integrator readout
import torch
from norse.torch import ConstantCurrentLIFEncoder, LIBoxCell, LIFBoxCell, SequentialState

hidden = [64, 32]
layers = [ConstantCurrentLIFEncoder(seq_length=20)]
prev = 28 * 28
for h in hidden:
    layers += [torch.nn.Linear(prev, h, bias=False), LIFBoxCell()]
    prev = h
layers += [torch.nn.Linear(prev, 10), LIBoxCell()]
model = SequentialState(*layers)
