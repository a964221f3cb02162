"""PINN for the 1D heat equation u_t = k u_xx with neurodiffeq's FCNN (2 inputs: x, t)."""

import torch.nn as nn
from neurodiffeq.networks import FCNN

net = FCNN(n_input_units=2, n_output_units=1, hidden_units=(32, 32, 32), actv=nn.Tanh)
model = net
