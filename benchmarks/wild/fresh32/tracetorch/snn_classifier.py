import torch.nn as nn
from tracetorch import snn

model = nn.Sequential(
    nn.Linear(20, 32),
    snn.LIB(32, beta_rank=0, learn_threshold=False),
    nn.Linear(32, 16),
    snn.SLIT(16, alpha_rank=0, learn_bias=False),
    nn.Linear(16, 10),
    snn.LI(10),
)
