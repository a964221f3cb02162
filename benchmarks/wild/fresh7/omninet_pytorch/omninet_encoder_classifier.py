import torch.nn as nn
from omninet_pytorch import Omninet


class OmniClassifier(nn.Module):
    def __init__(self, vocab=10000, dim=128, depth=6, num_classes=4, max_len=512):
        super().__init__()
        self.token_emb = nn.Embedding(vocab, dim)
        self.pos_emb = nn.Embedding(max_len, dim)
        self.omninet = Omninet(
            dim=dim, depth=depth, dim_head=32, heads=4, pool_layer_tokens_every=3
        )
        self.to_logits = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, num_classes))


model = OmniClassifier()
