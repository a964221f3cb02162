import snntorch as snn
from torch import nn


class RSNN(nn.Module):
    def __init__(self, n_in=40, hidden=128, n_out=20):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.rlif = snn.RLeaky(beta=0.95, linear_features=hidden, learn_recurrent=True)
        self.fc2 = nn.Linear(hidden, n_out)
        self.out = snn.Leaky(beta=0.95, learn_beta=True, reset_mechanism="none")


model = RSNN()
