"""routing_transformer: the enwik8 example's LM, scaled down, in its AutoregressiveWrapper (fresh batch, benchmarks/wild/fresh)."""

from routing_transformer import AutoregressiveWrapper, RoutingTransformerLM

NUM_TOKENS = 256
SEQ_LEN = 256

lm = RoutingTransformerLM(
    num_tokens=NUM_TOKENS,
    dim=128,
    depth=2,
    max_seq_len=SEQ_LEN,
    heads=4,
    window_size=64,
    n_local_attn_heads=2,
    causal=True,
    weight_tie=True,
    ff_glu=True,
)
model = AutoregressiveWrapper(lm, pad_value=0)
