# orthogonal recurrent weights via parametrizations.orthogonal, plus a custom symmetric parametrization
from torch import nn
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import orthogonal


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class OrthoRNN(nn.Module):
    def __init__(self, n_in=28, hidden=128, n_out=10):
        super().__init__()
        self.inp = nn.Linear(n_in, hidden)
        self.rec = orthogonal(nn.Linear(hidden, hidden, bias=False))
        self.mix = nn.Linear(hidden, hidden)
        parametrize.register_parametrization(self.mix, "weight", Symmetric())
        self.out = nn.Linear(hidden, n_out)


model = OrthoRNN()
