import torch.nn as nn


class GLU(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out * 2)


class GRN(nn.Module):
    def __init__(self, d_in, d_hidden, d_out=None, d_context=None):
        super().__init__()
        d_out = d_out or d_in
        self.skip = nn.Linear(d_in, d_out) if d_in != d_out else None
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.context = nn.Linear(d_context, d_hidden, bias=False) if d_context else None
        self.fc2 = nn.Linear(d_hidden, d_hidden)
        self.gate = GLU(d_hidden, d_out)
        self.norm = nn.LayerNorm(d_out)


class VariableSelection(nn.Module):
    def __init__(self, n_vars, d_model, d_context=None):
        super().__init__()
        self.flat_grn = GRN(n_vars * d_model, d_model, n_vars, d_context)
        self.var_grns = nn.ModuleList(GRN(d_model, d_model) for _ in range(n_vars))


class TFTEncoder(nn.Module):
    def __init__(self, n_static, n_past, d_model):
        super().__init__()
        self.static_vsn = VariableSelection(n_static, d_model)
        self.static_ctx = nn.ModuleList(GRN(d_model, d_model) for _ in range(4))
        self.past_vsn = VariableSelection(n_past, d_model, d_context=d_model)
        self.lstm = nn.LSTM(d_model, d_model, batch_first=True)
        self.post_lstm = GLU(d_model, d_model)


model = TFTEncoder(n_static=2, n_past=5, d_model=16)
