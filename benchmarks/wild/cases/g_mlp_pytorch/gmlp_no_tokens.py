"""g_mlp_pytorch: gmlp_no_tokens (wild-code corpus, benchmarks/wild)."""

from g_mlp_pytorch import gMLP

model = gMLP(
    dim=32,
    depth=2,
    seq_len=16,
    ff_mult=2,
)
