"""sinkhorn_transformer: the README's language model, small (fresh batch, benchmarks/wild/fresh)."""

from sinkhorn_transformer import SinkhornTransformerLM

model = SinkhornTransformerLM(
    num_tokens=300,
    dim=128,
    heads=4,
    depth=2,
    max_seq_len=256,
    bucket_size=32,
    causal=False,
    n_sortcut=2,
    ff_chunks=2,
    reversible=True,
    emb_dropout=0.1,
    ff_dropout=0.1,
    attn_dropout=0.1,
    n_local_attn_heads=2,
)
