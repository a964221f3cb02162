from iTransformer import iTransformer2D

model = iTransformer2D(
    num_variates=7,
    lookback_len=96,
    num_time_tokens=8,
    depth=2,
    dim=64,
    pred_length=24,
    dim_head=16,
    heads=4,
    use_reversible_instance_norm=True,
    flash_attn=False,
)
