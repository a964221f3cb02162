"""A character LM around nGPT's normalized transformer: embedding, nTransformer, tied head."""

import torch.nn as nn
from nGPT_pytorch import nTransformer


class CharLM(nn.Module):
    def __init__(self, vocab=256, dim=128, depth=4):
        super().__init__()
        self.token_emb = nn.Embedding(vocab, dim)
        self.transformer = nTransformer(dim=dim, depth=depth, dim_head=32, heads=4, manual_norm_weights=True)
        self.to_logits = nn.Linear(dim, vocab, bias=False)
        self.to_logits.weight = self.token_emb.weight


model = CharLM(vocab=256, dim=128, depth=4)
