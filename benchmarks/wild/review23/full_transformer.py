import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = nn.Transformer(
            d_model=8,
            nhead=2,
            num_encoder_layers=1,
            num_decoder_layers=2,
            dim_feedforward=12,
            bias=False,
        )
