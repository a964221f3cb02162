import torch
from hypnettorch.mnets import MLP

# a plain regression MLP from hypnettorch holding its own weights, batch norm and dropout
model = MLP(n_in=13, n_out=1, hidden_layers=[64, 32, 16], activation_fn=torch.nn.ELU(),
            dropout_rate=0.1, use_batch_norm=True, verbose=False)
