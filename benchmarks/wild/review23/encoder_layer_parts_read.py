import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(8, 2, 16)
        self.head = nn.Linear(self.layer.linear1.out_features, self.layer.self_attn.embed_dim)
