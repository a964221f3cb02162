import snntorch as snn
from torch import nn

beta = 0.9
model = nn.Sequential(
    nn.Flatten(),
    nn.Linear(784, 300),
    snn.Leaky(beta=beta, init_hidden=True, learn_beta=True),
    nn.Linear(300, 10),
    snn.Leaky(beta=beta, init_hidden=True, output=True, learn_threshold=True),
)
