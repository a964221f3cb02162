from taylor_series_linear_attention import TaylorSeriesLinearAttn

model = TaylorSeriesLinearAttn(
    dim=512, dim_head=16, heads=16, one_headed_kv=True, gate_value_heads=True, shift_tokens=True
)
