# reusing TFT building blocks in a user model: variable selection + gated residual head
import torch.nn as nn
from tft_torch.tft import GatedResidualNetwork, VariableSelectionNetwork


class TinySelector(nn.Module):
    def __init__(self, n_vars=5, state=24, n_out=3):
        super().__init__()
        self.embed = nn.ModuleList([nn.Linear(1, state) for _ in range(n_vars)])
        self.vsn = VariableSelectionNetwork(
            input_dim=state, num_inputs=n_vars, hidden_dim=state, dropout=0.1
        )
        self.head = GatedResidualNetwork(
            input_dim=state, hidden_dim=state, output_dim=n_out, dropout=0.0
        )


model = TinySelector()
