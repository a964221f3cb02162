"""A complex-valued sequence-to-sequence Transformer (complex64) for spectral data, small widths."""

import torchcvnn.nn as c_nn

model = c_nn.Transformer(
    d_model=64,
    nhead=4,
    num_encoder_layers=2,
    num_decoder_layers=1,
    dim_feedforward=128,
    dropout=0.0,
    batch_first=True,
    norm_first=True,
)
