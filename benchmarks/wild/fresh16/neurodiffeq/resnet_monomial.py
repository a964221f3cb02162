import torch.nn as nn
from neurodiffeq.networks import MonomialNN, Resnet


class Ansatz(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = MonomialNN(degrees=[1, 2, 3])
        self.body = Resnet(n_input_units=3, n_output_units=1, hidden_units=(16, 16))


model = Ansatz()
