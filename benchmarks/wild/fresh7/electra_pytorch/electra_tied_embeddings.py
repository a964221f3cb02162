"""ELECTRA with the generator and discriminator sharing one token embedding (the paper's setup)."""

import torch.nn as nn
from electra_pytorch import Electra


class Encoder(nn.Module):
    def __init__(self, embedding, dim, depth, out_dim):
        super().__init__()
        self.embedding = embedding
        self.proj_in = (
            nn.Linear(embedding.embedding_dim, dim)
            if embedding.embedding_dim != dim
            else nn.Identity()
        )
        self.blocks = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(dim, 4, dim * 2, batch_first=True), depth
        )
        self.head = nn.Linear(dim, out_dim)

    def forward(self, x):
        return self.head(self.blocks(self.proj_in(self.embedding(x))))


vocab, emb_dim = 5000, 128
shared = nn.Embedding(vocab, emb_dim)
gen = Encoder(shared, dim=64, depth=1, out_dim=vocab)
disc = Encoder(shared, dim=128, depth=3, out_dim=1)
model = Electra(gen, disc, num_tokens=vocab, mask_token_id=4, pad_token_id=0, temperature=1.0)
