"""MaskGIT's bidirectional token transformer, built on nn.TransformerEncoder (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn


class BidirectionalTransformer(nn.Module):
    def __init__(self, num_image_tokens=256, num_codebook_vectors=1024, num_classes=10, dim=256, depth=4,
                 heads=8, hidden_dim=1024, dropout=0.1):
        super().__init__()
        self.mask_token_id = num_codebook_vectors
        self.class_offset = num_codebook_vectors + 1
        vocab = num_codebook_vectors + 1 + num_classes
        self.tok_emb = nn.Embedding(vocab, dim)
        self.pos_emb = nn.init.trunc_normal_(nn.Parameter(torch.zeros(1, num_image_tokens + 1, dim)), 0.0, 0.02)
        layer = nn.TransformerEncoderLayer(
            d_model=dim, nhead=heads, dim_feedforward=hidden_dim, dropout=dropout, activation="gelu",
            batch_first=True, norm_first=True,
        )
        self.encoder = nn.TransformerEncoder(layer, num_layers=depth, enable_nested_tensor=False)
        self.ln = nn.LayerNorm(dim, eps=1e-12)
        self.token_prediction = nn.Linear(dim, dim)
        self.bias = nn.Parameter(torch.zeros(num_image_tokens + 1, vocab))

    def forward(self, x):
        h = self.tok_emb(x) + self.pos_emb[:, : x.shape[1]]
        h = self.ln(self.token_prediction(self.encoder(h)))
        return torch.matmul(h, self.tok_emb.weight.T) + self.bias[: x.shape[1]]


model = BidirectionalTransformer(num_image_tokens=64, num_codebook_vectors=512, num_classes=10, dim=128, depth=3,
                                 heads=4, hidden_dim=512)
