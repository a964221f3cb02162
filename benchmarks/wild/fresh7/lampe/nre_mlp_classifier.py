import torch.nn as nn
from lampe.inference import NRE

model = NRE(4, 8, hidden_features=[256, 256, 256], activation=nn.ELU)
