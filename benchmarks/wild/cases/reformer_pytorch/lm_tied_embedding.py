"""reformer_pytorch: lm_tied_embedding (wild-code corpus, benchmarks/wild)."""

from reformer_pytorch import ReformerLM

model = ReformerLM(
    num_tokens=100,
    dim=64,
    depth=2,
    max_seq_len=128,
    heads=4,
    bucket_size=16,
    weight_tie_embedding=True,
)
