"""Temporal Fusion Transformer pieces: gated residual networks everywhere, one variable-selection
network per input group (a GRN per variable plus a flattened GRN for the weights), LSTM
encoder/decoder and interpretable multi-head attention sharing one value projection."""

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


class VSN(nn.Module):
    def __init__(self, n_vars, d_model, d_context=None):
        super().__init__()
        self.flat = GRN(n_vars * d_model, d_model, n_vars, d_context)
        self.single = nn.ModuleList(GRN(d_model, d_model) for _ in range(n_vars))


class InterpretableMHA(nn.Module):
    def __init__(self, d_model, n_head):
        super().__init__()
        d = d_model // n_head
        self.v = nn.Linear(d_model, d)  # one value projection for every head
        self.q = nn.ModuleList(nn.Linear(d_model, d) for _ in range(n_head))
        self.k = nn.ModuleList(nn.Linear(d_model, d) for _ in range(n_head))
        self.out = nn.Linear(d, d_model)


class TFT(nn.Module):
    def __init__(self, n_static=3, n_past=7, n_future=4, d_model=64, n_head=4, n_quantiles=3):
        super().__init__()
        self.real_embed = nn.ModuleList(
            nn.Linear(1, d_model) for _ in range(n_static + n_past + n_future)
        )
        self.static_vsn = VSN(n_static, d_model)
        self.past_vsn = VSN(n_past, d_model, d_model)
        self.future_vsn = VSN(n_future, d_model, d_model)
        self.static_contexts = nn.ModuleList(GRN(d_model, d_model) for _ in range(4))
        self.encoder = nn.LSTM(d_model, d_model, batch_first=True)
        self.decoder = nn.LSTM(d_model, d_model, batch_first=True)
        self.post_lstm_gate = GLU(d_model, d_model)
        self.post_lstm_norm = nn.LayerNorm(d_model)
        self.enrichment = GRN(d_model, d_model, d_context=d_model)
        self.attention = InterpretableMHA(d_model, n_head)
        self.post_attn_gate = GLU(d_model, d_model)
        self.post_attn_norm = nn.LayerNorm(d_model)
        self.pos_wise_ff = GRN(d_model, d_model)
        self.pre_output_gate = GLU(d_model, d_model)
        self.pre_output_norm = nn.LayerNorm(d_model)
        self.output_layer = nn.Linear(d_model, n_quantiles)


model = TFT()
