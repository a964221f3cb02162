"""A stability regressor: ProteinBERT (local-to-global attention) plus a head on the global track."""

import torch.nn as nn
from protein_bert_pytorch import ProteinBERT


class Stability(nn.Module):
    def __init__(self):
        super().__init__()
        self.bert = ProteinBERT(
            num_tokens=26,
            num_annotation=512,
            dim=128,
            dim_global=64,
            depth=3,
            local_to_global_attn=True,
            attn_heads=4,
            attn_dim_head=16,
        )
        self.head = nn.Sequential(nn.LayerNorm(64), nn.Linear(64, 1))


model = Stability()
