"""routing_transformer: product-key memory in one layer, embedding factorized (fresh batch, benchmarks/wild/fresh)."""

from routing_transformer import RoutingTransformerLM

base = dict(num_tokens=1000, dim=96, depth=3, max_seq_len=128, heads=4, window_size=32)
model = RoutingTransformerLM(**base, emb_dim=32, pkm_layers=(2,), pkm_num_keys=16, ff_mult=2)
