from ponder_transformer import PonderTransformer

model = PonderTransformer(num_tokens=20000, dim=512, max_seq_len=512, dim_head=64, heads=8)
