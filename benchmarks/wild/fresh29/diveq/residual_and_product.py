"""A residual DIVEQ (3 codebooks) and a product DIVEQ (4 codebooks) from diveq, in a ModuleList."""

import torch.nn as nn
from diveq import ProductDIVEQ, ResidualDIVEQ

model = nn.ModuleList(
    [
        ResidualDIVEQ(num_embeddings=32, embedding_dim=12, num_codebooks=3, verbose=False),
        ProductDIVEQ(num_embeddings=16, embedding_dim=12, num_codebooks=4, verbose=False),
    ]
)
