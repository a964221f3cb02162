import torch.nn as nn
from charformer_pytorch import GBST


class ByteEncoder(nn.Module):
    def __init__(self, dim=256, n_layers=2):
        super().__init__()
        self.tokenizer = GBST(
            num_tokens=259,
            dim=dim,
            blocks=((1, 0), (2, 0), (3, 0), (4, 0), (3, 1), (4, 3)),
            downsample_factor=3,
            score_consensus_attn=False,
        )
        layer = nn.TransformerEncoderLayer(dim, nhead=4, dim_feedforward=dim * 2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=n_layers)

    def forward(self, ids):
        x, mask = self.tokenizer(ids)
        return self.encoder(x)


model = ByteEncoder()
