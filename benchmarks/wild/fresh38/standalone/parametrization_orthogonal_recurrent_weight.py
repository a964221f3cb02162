# an RNN whose recurrent matrix is kept orthogonal by a parametrization
import torch.nn as nn
from torch.nn.utils import parametrizations

rnn = nn.RNN(32, 64, batch_first=True)
parametrizations.orthogonal(rnn, "weight_hh_l0")
model = nn.ModuleDict({"rnn": rnn, "readout": nn.Linear(64, 10)})
