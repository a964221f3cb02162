from pytorch_tcn import TCN

model = TCN(
    num_inputs=40,
    num_channels=[64] * 6,
    kernel_size=5,
    dilations=[1, 2, 4, 8, 16, 32],
    use_skip_connections=True,
    use_norm="batch_norm",
    output_projection=10,
    causal=False,
)
