"""esm: esm2 (wild-code corpus, benchmarks/wild)."""

from esm.model.esm2 import ESM2

model = ESM2(
    num_layers=2,
    embed_dim=64,
    attention_heads=4,
)
