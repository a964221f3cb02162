from collections import ChainMap

import torch.nn as nn

DEFAULTS = {
    "d_model": 64,
    "nhead": 4,
    "num_encoder_layers": 2,
    "num_decoder_layers": 2,
    "dim_feedforward": 256,
}
USER = {"num_decoder_layers": 1, "dim_feedforward": 128}
cfg = ChainMap({"d_model": 32}, USER, DEFAULTS)

model = nn.Transformer(**cfg, batch_first=True)
