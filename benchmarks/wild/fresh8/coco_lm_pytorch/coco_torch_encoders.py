"""COCO-LM around user encoders built from torch.nn.TransformerEncoder, tied token tables."""

import torch.nn as nn
from coco_lm_pytorch import COCO


class Encoder(nn.Module):
    def __init__(self, vocab, dim, depth, heads):
        super().__init__()
        self.token_emb = nn.Embedding(vocab, dim)
        self.pos_emb = nn.Embedding(512, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 4, batch_first=True)
        self.transformer = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.to_logits = nn.Linear(dim, vocab)


gen = Encoder(8000, 128, 2, 2)
disc = Encoder(8000, 256, 4, 4)
disc.token_emb = gen.token_emb if gen.token_emb.embedding_dim == 256 else disc.token_emb

model = COCO(gen, disc, discr_dim=256, num_tokens=8000, discr_layer="transformer")
