import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
        self.layer = layer
        self.enc = nn.TransformerEncoder(
            layer, num_layers=2, norm=nn.LayerNorm(8), enable_nested_tensor=False
        )
