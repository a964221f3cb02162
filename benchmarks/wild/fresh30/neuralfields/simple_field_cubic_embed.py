"""A SimpleNeuralField (neuralfields) with cubic potential dynamics and a Linear input embedding."""

import torch.nn as nn
from neuralfields import SimpleNeuralField, pd_cubic

model = SimpleNeuralField(
    input_size=10,
    output_size=8,
    potentials_dyn_fcn=pd_cubic,
    input_embedding=nn.Linear(3, 10),
)
