"""Rockpool: LIF population feeding an exponential-synapse readout, wrapped with a torch classifier."""

import torch
from rockpool.nn.modules import ExpSynTorch, LIFTorch, LinearTorch


class Net(torch.nn.Module):
    def __init__(self, n_in=6, n_hidden=16, n_classes=3, tau_syn=0.02):
        super().__init__()
        self.w_in = LinearTorch((n_in, n_hidden))
        self.lif = LIFTorch(n_hidden, tau_syn=tau_syn, threshold=1.0)
        self.w_out = LinearTorch((n_hidden, n_classes))
        self.readout = ExpSynTorch(n_classes, tau=0.05)


model = Net()
