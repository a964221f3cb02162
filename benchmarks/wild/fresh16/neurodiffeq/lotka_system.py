# Lotka-Volterra: one network per unknown function, as neurodiffeq's Solver1D expects (nets=[...])
import torch
from neurodiffeq.networks import FCNN, SinActv

nets = [
    FCNN(n_input_units=1, n_output_units=1, hidden_units=(24, 24), actv=SinActv) for _ in range(2)
]
model = torch.nn.ModuleList(nets)
