from iTransformer import iTransformer

model = iTransformer(
    num_variates=21,
    lookback_len=96,
    dim=128,
    depth=3,
    heads=4,
    dim_head=32,
    pred_length=(96, 192),
    num_tokens_per_variate=1,
    use_reversible_instance_norm=True,
    flash_attn=False,
)
