"""g_mlp_pytorch: gmlp_attn_config (wild-code corpus, benchmarks/wild)."""

from g_mlp_pytorch import gMLP

config = dict(
    num_tokens=100,
    dim=64,
    depth=2,
    seq_len=64,
    attn_dim=16,
    heads=2,
)
model = gMLP(**config)
