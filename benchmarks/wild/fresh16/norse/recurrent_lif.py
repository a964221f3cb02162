import torch
from norse.torch import LIFParameters, LIFRecurrent, LILinearCell


class SpikingRNN(torch.nn.Module):
    def __init__(self, n_in=40, n_hidden=64, n_out=12):
        super().__init__()
        p = LIFParameters(tau_mem_inv=torch.tensor(50.0), v_th=torch.tensor(0.4))
        self.rec = LIFRecurrent(n_in, n_hidden, p=p)
        self.readout = LILinearCell(n_hidden, n_out)


model = SpikingRNN(n_in=20, n_hidden=48)
