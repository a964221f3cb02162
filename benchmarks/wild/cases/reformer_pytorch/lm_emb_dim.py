"""reformer_pytorch: lm_emb_dim (wild-code corpus, benchmarks/wild)."""

from reformer_pytorch import ReformerLM

model = ReformerLM(
    num_tokens=100,
    dim=64,
    depth=2,
    max_seq_len=128,
    heads=4,
    bucket_size=16,
    emb_dim=32,
    ff_glu=True,
)
