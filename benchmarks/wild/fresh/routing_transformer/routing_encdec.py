"""routing_transformer: encoder-decoder with enc_/dec_ prefixed keyword arguments (fresh batch, benchmarks/wild/fresh)."""

from routing_transformer import RoutingTransformerEncDec

model = RoutingTransformerEncDec(
    dim=64,
    enc_num_tokens=200,
    enc_depth=2,
    enc_heads=4,
    enc_max_seq_len=128,
    enc_window_size=32,
    dec_num_tokens=300,
    dec_depth=2,
    dec_heads=4,
    dec_max_seq_len=128,
    dec_window_size=32,
)
