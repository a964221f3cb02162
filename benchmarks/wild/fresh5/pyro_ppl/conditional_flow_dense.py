import torch.nn as nn
import pyro.distributions.transforms as T
from pyro.nn import DenseNN

x_dim, context_dim = 4, 3

# a context encoder (pyro's DenseNN), then two conditional couplings
encoder = DenseNN(10, [16], param_dims=[context_dim])
flows = [T.conditional_affine_coupling(x_dim, context_dim, hidden_dims=[24, 24]) for _ in range(2)]
model = nn.ModuleDict({"encoder": encoder, "flows": nn.ModuleList(flows)})
