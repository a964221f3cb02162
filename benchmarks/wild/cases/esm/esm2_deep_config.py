"""esm: esm2_deep_config (wild-code corpus, benchmarks/wild)."""

from esm.model.esm2 import ESM2

config = dict(
    num_layers=4,
    embed_dim=32,
    attention_heads=2,
)
model = ESM2(**config)
