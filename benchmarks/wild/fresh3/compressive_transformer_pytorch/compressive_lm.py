from compressive_transformer_pytorch import CompressiveTransformer

model = CompressiveTransformer(
    num_tokens=20000,
    emb_dim=128,
    dim=256,
    depth=4,
    seq_len=512,
    mem_len=512,
    cmem_len=128,
    cmem_ratio=4,
    heads=4,
    memory_layers=[2, 3, 4],
    gru_gated_residual=True,
    ff_glu=True,
)
