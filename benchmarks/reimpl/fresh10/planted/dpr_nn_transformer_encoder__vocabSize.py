"""A DPR question encoder written on PyTorch's own ``nn.TransformerEncoder`` (post-norm, GELU,
fused ``in_proj``): BERT embeddings, the stock encoder, the [CLS] vector projected down."""

import torch
from torch import nn

VOCAB = 384
D_MODEL = 64
NHEAD = 4
DIM_FEEDFORWARD = 128
NUM_LAYERS = 2
MAX_LEN = 128
PROJECTION = 32


class DPRQuestionEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, D_MODEL, padding_idx=0)
        self.pos = nn.Embedding(MAX_LEN, D_MODEL)
        self.seg = nn.Embedding(2, D_MODEL)
        self.emb_ln = nn.LayerNorm(D_MODEL, eps=1e-12)
        layer = nn.TransformerEncoderLayer(
            d_model=D_MODEL,
            nhead=NHEAD,
            dim_feedforward=DIM_FEEDFORWARD,
            dropout=0.0,
            activation="gelu",
            layer_norm_eps=1e-12,
            batch_first=True,
            norm_first=False,
        )
        self.encoder = nn.TransformerEncoder(
            layer, num_layers=NUM_LAYERS, enable_nested_tensor=False
        )
        self.encode_proj = nn.Linear(D_MODEL, PROJECTION)

    def forward(self, ids, types, mask):
        x = self.tok(ids) + self.pos(torch.arange(ids.shape[1])) + self.seg(types)
        x = self.encoder(self.emb_ln(x), src_key_padding_mask=~mask)
        return self.encode_proj(x[:, 0])
