# research style: TFT gated residual networks and a variable selection network
import torch.nn as nn


class GRN(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, d_context=None):
        super().__init__()
        self.skip = nn.Linear(d_in, d_out) if d_in != d_out else None
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.ctx = nn.Linear(d_context, d_hidden, bias=False) if d_context else None
        self.fc2 = nn.Linear(d_hidden, d_hidden)
        self.glu = nn.Linear(d_hidden, 2 * d_out)
        self.norm = nn.LayerNorm(d_out)


class VSN(nn.Module):
    def __init__(self, n_vars, d_model, d_context):
        super().__init__()
        self.flat = GRN(n_vars * d_model, d_model, n_vars, d_context)
        self.per_var = nn.ModuleList(GRN(d_model, d_model, d_model) for _ in range(n_vars))


model = VSN(n_vars=7, d_model=32, d_context=16)
