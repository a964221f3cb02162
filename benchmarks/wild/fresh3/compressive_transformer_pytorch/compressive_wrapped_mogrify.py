from compressive_transformer_pytorch import AutoregressiveWrapper, CompressiveTransformer

net = CompressiveTransformer(
    num_tokens=256,
    dim=128,
    depth=3,
    seq_len=256,
    heads=4,
    gru_gated_residual=True,
    mogrify_gru=True,
    enhanced_recurrence=False,
)
model = AutoregressiveWrapper(net)
