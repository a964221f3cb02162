from compressive_transformer_pytorch import CompressiveTransformer

model = CompressiveTransformer(num_tokens=1000, dim=64, depth=2, seq_len=128, heads=2,
                               gru_gated_residual=False)
