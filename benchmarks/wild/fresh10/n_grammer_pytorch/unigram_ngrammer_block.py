from n_grammer_pytorch import Ngrammer
from torch import nn

HEADS = 4
DIM = 128

ngrammer = Ngrammer(
    unigram_vocab_size=8192,
    dim_per_head=DIM // HEADS,
    num_heads=HEADS,
    ngram_emb_dim=8,
    ngram_vocab_size=768 * 64,
    concat_ngrams=True,
)

model = nn.ModuleDict(
    {
        "embed": nn.Embedding(8192, DIM),
        "ngrammer": ngrammer,
        "mixer": nn.Sequential(
            nn.LayerNorm(DIM), nn.Linear(DIM, DIM * 2), nn.GELU(), nn.Linear(DIM * 2, DIM)
        ),
        "head": nn.Linear(DIM, 8192, bias=False),
    }
)
model["head"].weight = model["embed"].weight
