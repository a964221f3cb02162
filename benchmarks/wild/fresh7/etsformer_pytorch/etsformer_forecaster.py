from etsformer_pytorch import ETSFormer

model = ETSFormer(
    time_features=4,
    model_dim=128,
    embed_kernel_size=3,
    layers=2,
    heads=4,
    K=4,
    dropout=0.1,
)
