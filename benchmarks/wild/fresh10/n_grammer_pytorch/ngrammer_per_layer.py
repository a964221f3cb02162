from functools import partial

from n_grammer_pytorch import VQNgrammer
from torch import nn

make_ngrammer = partial(
    VQNgrammer, num_clusters=256, num_heads=4, ngram_vocab_size=4096, ngram_emb_dim=8
)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ngram = make_ngrammer(dim_per_head=dim // 4)
        self.attn = nn.MultiheadAttention(dim, 4, batch_first=True)
        self.ff = nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, 4 * dim), nn.SiLU(), nn.Linear(4 * dim, dim)
        )


model = nn.Sequential(*[Block(d) for d in (64, 64, 96)])
