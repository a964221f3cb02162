import torch
from rockpool.nn.modules import LIFTorch, LinearTorch


class RecurrentSNN(torch.nn.Module):
    def __init__(self, n_in, n_rec, n_out):
        super().__init__()
        self.inp = LinearTorch((n_in, n_rec), has_bias=True)
        self.lif = LIFTorch((n_rec,), has_rec=True)
        self.out = torch.nn.Linear(n_rec, n_out)


model = RecurrentSNN(8, 20, 2)
