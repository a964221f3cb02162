"""g_mlp_pytorch: gmlp_lm (wild-code corpus, benchmarks/wild)."""

from g_mlp_pytorch import gMLP

model = gMLP(
    num_tokens=100,
    dim=64,
    depth=2,
    seq_len=64,
)
