from minGRU_pytorch.minLM import minLM

model = minLM(
    num_tokens=10000,
    dim=192,
    depth=4,
    use_lstm=True,
    enable_conv=True,
    conv_kernel_size=5,
    expansion=2.0,
)
