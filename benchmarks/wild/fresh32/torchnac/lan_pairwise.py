from torch_nac import LAN

model = LAN(
    d_model=24,
    num_heads=3,
    topk=4,
    use_sink_gate=False,
    use_pairwise=True,
    use_bias=False,
    jit_compile=False,
    input_dim=24,
)
