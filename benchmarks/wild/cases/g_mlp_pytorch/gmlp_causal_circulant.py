"""g_mlp_pytorch: gmlp_causal_circulant (wild-code corpus, benchmarks/wild)."""

from g_mlp_pytorch import gMLP

model = gMLP(
    num_tokens=50,
    dim=32,
    depth=3,
    seq_len=32,
    causal=True,
    circulant_matrix=True,
)
