# image captioning decoder: attention-on-attention over region features, tied word embeddings
from aoa_pytorch import AttentionOnAttention
from torch import nn


class AoADecoder(nn.Module):
    def __init__(self, vocab=5000, dim=256, depth=2, heads=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(
            [
                AttentionOnAttention(dim=dim, dim_head=dim // heads, heads=heads)
                for _ in range(depth)
            ]
        )
        self.norm = nn.LayerNorm(dim)
        self.logits = nn.Linear(dim, vocab, bias=False)
        self.logits.weight = self.embed.weight

    def forward(self, tokens, regions):
        x = self.embed(tokens)
        for layer in self.layers:
            x = x + layer(x, context=regions)
        return self.logits(self.norm(x))


model = AoADecoder(vocab=5000, dim=256, depth=2, heads=4)
