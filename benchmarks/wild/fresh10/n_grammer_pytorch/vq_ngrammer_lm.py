from n_grammer_pytorch import VQNgrammer
from torch import nn


class NgrammerLM(nn.Module):
    """Token embeddings augmented with VQ n-gram embeddings before a small transformer encoder."""

    def __init__(self, num_tokens=20000, dim=256, heads=8, depth=4, ngram_vocab_size=768 * 32):
        super().__init__()
        self.token_emb = nn.Embedding(num_tokens, dim)
        self.ngrammer = VQNgrammer(
            num_clusters=1024,
            num_heads=heads,
            dim_per_head=dim // heads,
            ngram_vocab_size=ngram_vocab_size,
            ngram_emb_dim=16,
            decay=0.999,
        )
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 4, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth)
        self.to_logits = nn.Linear(dim, num_tokens)

    def forward(self, ids):
        x = self.token_emb(ids)
        x = self.ngrammer(x)
        return self.to_logits(self.encoder(x))


model = NgrammerLM()
