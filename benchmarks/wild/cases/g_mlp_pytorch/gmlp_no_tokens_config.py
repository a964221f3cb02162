"""g_mlp_pytorch: gmlp_no_tokens_config (wild-code corpus, benchmarks/wild)."""

from g_mlp_pytorch import gMLP

config = dict(
    dim=32,
    depth=2,
    seq_len=16,
    ff_mult=2,
)
model = gMLP(**config)
