from types import SimpleNamespace

import torch.nn as nn
from omninet_pytorch import OmninetCausal

hp = SimpleNamespace(vocab=4096, dim=192, depth=4, heads=6, dim_head=32, every=2)


class OmniLM(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.emb = nn.Embedding(hp.vocab, hp.dim)
        self.net = OmninetCausal(
            dim=hp.dim,
            depth=hp.depth,
            heads=hp.heads,
            dim_head=hp.dim_head,
            pool_layer_tokens_every=hp.every,
        )
        self.head = nn.Linear(hp.dim, hp.vocab, bias=False)
        self.head.weight = self.emb.weight


model = OmniLM(hp)
