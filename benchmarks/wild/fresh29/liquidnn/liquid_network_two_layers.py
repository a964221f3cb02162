"""A two-layer liquid neural network (liquidnn) feeding a classifier head."""

import torch.nn as nn
from liquidnn import LiquidNeuralNetwork

model = nn.Sequential(
    LiquidNeuralNetwork(input_size=12, hidden_size=20, tau=0.3, num_layers=2),
    nn.Linear(20, 5),
)
