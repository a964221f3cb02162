import torch.nn as nn
from electra_pytorch import Electra


class TokenEncoder(nn.Module):
    def __init__(self, num_tokens, dim, depth, heads, max_len=128):
        super().__init__()
        self.emb = nn.Embedding(num_tokens, dim)
        self.pos = nn.Embedding(max_len, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 4, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth)
        self.to_logits = nn.Linear(dim, num_tokens)

    def forward(self, x):
        import torch

        h = self.emb(x) + self.pos(torch.arange(x.shape[1], device=x.device))
        return self.to_logits(self.encoder(h))


VOCAB = 8000
generator = TokenEncoder(VOCAB, dim=64, depth=2, heads=2)
discriminator = TokenEncoder(VOCAB, dim=256, depth=4, heads=4)
model = Electra(
    generator,
    discriminator,
    num_tokens=VOCAB,
    discr_dim=256,
    discr_layer="encoder",
    mask_token_id=2,
    pad_token_id=0,
    mask_prob=0.15,
    mask_ignore_token_ids=[1, 3],
)
