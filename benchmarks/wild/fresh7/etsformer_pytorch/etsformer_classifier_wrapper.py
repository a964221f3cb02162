from etsformer_pytorch import ClassificationWrapper, ETSFormer

HPARAMS = {"time_features": 6, "model_dim": 64, "layers": 3, "heads": 4, "K": 3}

etsformer = ETSFormer(**HPARAMS)
model = ClassificationWrapper(
    etsformer=etsformer,
    num_classes=5,
    heads=8,
    dim_head=16,
    level_kernel_size=5,
    growth_kernel_size=3,
    seasonal_kernel_size=3,
    dropout=0.1,
)
