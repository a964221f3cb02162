"""A sinabs Network wrapper around an ANN / SNN pair, plus an ExpLeak synaptic filter layer with train_alphas."""

import torch.nn as nn
from sinabs import Network
from sinabs.from_torch import from_model
from sinabs.layers import ExpLeak

ann = nn.Sequential(
    nn.Linear(34, 50), nn.ReLU(), nn.Linear(50, 50), nn.ReLU(), nn.Linear(50, 2), nn.ReLU()
)
snn = from_model(ann, batch_size=1).spiking_model


class Filtered(nn.Module):
    def __init__(self):
        super().__init__()
        self.syn = ExpLeak(tau_mem=8.0, train_alphas=True, shape=(1, 34))
        self.net = Network(analog_model=ann, spiking_model=snn, input_shape=(34,))


model = Filtered()
